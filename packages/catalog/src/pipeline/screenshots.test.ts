import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildCatalog } from './build.ts';
import { CONTENT_DIR } from './load.ts';
import { temporaryDirectory, withHistory, writeTree } from './testing.ts';

// The components whose shots came out tiled when three pages of one Chromium were resized at
// once: a page's shot was captured at another page's viewport size and repeated to fill it.
const ONCE_TILED = [
  'marketing/sections/content-sections/two-columns-on-dark',
  'application-ui/data-display/stats/single-metric-with-sparkline',
  'application-ui/navigation/pagination/simple-previous-next',
  'application-ui/navigation/sidebar-navigation/gray-panel-with-team-switcher',
  'ecommerce/components/product-overviews/with-bundle-add-ons',
];

/** A content tree holding only `paths` (with their metadata files) and the real images. */
function contentWith(paths: string[]): string {
  const files: Record<string, string> = {};
  const copy = (path: string) => {
    files[path] = readFileSync(join(CONTENT_DIR, path), 'utf8');
  };
  for (const path of paths) {
    const subcategory = dirname(path);
    const category = dirname(subcategory);
    copy(`components/${path}.html`);
    copy(`components/${subcategory}/_subcategory.yaml`);
    copy(`components/${category}/_category.yaml`);
    copy(`components/${dirname(category)}/_product.yaml`);
  }
  const contentDir = withHistory(writeTree(temporaryDirectory('content'), files));
  cpSync(join(CONTENT_DIR, 'images'), join(contentDir, 'images'), { recursive: true });
  return contentDir;
}

describe('screenshots rendered concurrently', () => {
  test('every render of the once-tiled components agrees, and a second cold build gives the same PNGs', async () => {
    const contentDir = contentWith(ONCE_TILED);
    // Of these, the ones the package lists as not yet right to left (rtl-pending.txt).
    const rtlPendingFile = join(temporaryDirectory('pending'), 'rtl-pending.txt');
    writeFileSync(
      rtlPendingFile,
      readFileSync(join(CONTENT_DIR, '..', 'rtl-pending.txt'), 'utf8')
        .split('\n')
        .filter((line) => ONCE_TILED.includes(line))
        .join('\n'),
    );
    const build = async () => {
      const outDir = temporaryDirectory('dist');
      const result = await buildCatalog({
        outDir,
        cacheDir: temporaryDirectory('cache'),
        contentDir,
        screenshots: true,
        pages: 3,
        rtlPendingFile,
        log: () => {},
      });
      return { outDir, result };
    };
    const first = await build();
    const second = await build();
    for (const { result } of [first, second]) {
      // Five components, four shots each, every shot's two independent renders byte-identical.
      expect(result.stats.screenshotAgreement).toEqual({
        identical: 20,
        withinTolerance: 0,
        retaken: 0,
      });
    }
    const uuids = result(first).map((component) => component.uuid);
    expect(uuids).toHaveLength(5);
    for (const uuid of uuids) {
      for (const suffix of ['-sm.png', '-lg.png', '-sm-dark.png', '-lg-dark.png']) {
        const file = join('screenshots', `${uuid}${suffix}`);
        expect(
          readFileSync(join(second.outDir, file)).equals(readFileSync(join(first.outDir, file))),
          file,
        ).toBe(true);
      }
    }
  }, 600_000);
});

const result = ({ result }: { result: Awaited<ReturnType<typeof buildCatalog>> }) =>
  result.catalog.products.flatMap((product) =>
    product.categories.flatMap((category) =>
      category.subcategories.flatMap((subcategory) => subcategory.components),
    ),
  );
