// Digital goods that are not components (the Black Friday bundle's design ebook): the operator's
// files in a folder of their own (DIGITAL_GOODS_DIR), handed only to whoever holds them.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { DigitalGoodsDownloads } from '@tessera/pages';
import {
  DIGITAL_GOODS,
  DIGITAL_GOODS_SLUGS,
  digitalGoodsUrl,
  PRODUCT_DIGITAL_GOODS,
  type DigitalGoodsSlug,
} from '@tessera/pages/constants';

export interface GoodsFile {
  goods: DigitalGoodsSlug;
  name: string;
  label: string;
}

/**
 * The file a path names, or null. Only the canonical spelling of a configured file counts: the
 * name is looked up among the configured ones, never joined to the folder as given, so `../`,
 * percent-encoding or a NUL cannot reach anything else.
 */
export function goodsFileAt(requestPath: string): GoodsFile | null {
  const match = /^\/digital-goods\/([a-z0-9-]+)\/([a-z0-9][a-z0-9.-]*)$/.exec(requestPath);
  if (!match) return null;
  const goods = DIGITAL_GOODS_SLUGS.find((slug) => slug === match[1]);
  if (!goods) return null;
  const file = DIGITAL_GOODS[goods].files.find((f) => f.name === match[2]);
  if (!file || requestPath !== digitalGoodsUrl(goods, file.name)) return null;
  return { goods, name: file.name, label: file.label };
}

/** Where a configured file lives in the operator's folder. */
export const goodsFilePath = (dir: string, file: Pick<GoodsFile, 'name'>) =>
  path.join(dir, file.name);

async function sizeOf(file: string): Promise<number | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}

/** The licence page's list: each of the viewer's goods, its files with their sizes. */
export async function goodsDownloads(
  dir: string | undefined,
  held: readonly string[],
): Promise<DigitalGoodsDownloads[]> {
  const slugs = DIGITAL_GOODS_SLUGS.filter((slug) => held.includes(slug));
  return Promise.all(
    slugs.map(async (slug) => ({
      name: DIGITAL_GOODS[slug].name,
      files: await Promise.all(
        DIGITAL_GOODS[slug].files.map(async (file) => ({
          name: file.name,
          label: file.label,
          url: digitalGoodsUrl(slug, file.name),
          size: dir ? await sizeOf(goodsFilePath(dir, file)) : null,
        })),
      ),
    })),
  );
}

/**
 * The files a store selling `productSlugs` must have, and which of them `dir` lacks (relative
 * names, for the operator). No folder: every one is missing.
 */
export async function missingGoodsFiles(
  dir: string | undefined,
  productSlugs: readonly string[],
): Promise<string[]> {
  const goods = new Set(productSlugs.flatMap((slug) => PRODUCT_DIGITAL_GOODS[slug] ?? []));
  const missing: string[] = [];
  for (const slug of DIGITAL_GOODS_SLUGS.filter((s) => goods.has(s))) {
    for (const file of DIGITAL_GOODS[slug].files) {
      if (!dir || (await sizeOf(goodsFilePath(dir, file))) === null) missing.push(file.name);
    }
  }
  return missing;
}
