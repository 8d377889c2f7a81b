import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { parseFrontMatter, requireString } from './front-matter.ts';
import { renderMarkdown } from './markdown.ts';
import { contentDirOf, withBrand, type ContentOptions } from './options.ts';

export type TocEntry = { slug: string; title: string; children: TocEntry[] };

type DocPage = { slug: string; title: string; description: string; html: string };

export type Documentation = { toc: TocEntry[]; pages: DocPage[] };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Validates _toc.yaml: an ordered tree of {slug, title, children?} with unique kebab-case slugs. */
export function parseToc(source: string, file: string): TocEntry[] {
  const seen = new Set<string>();
  const walk = (value: unknown, where: string): TocEntry[] => {
    if (!Array.isArray(value)) throw new Error(`${file}: ${where} must be a list`);
    return value.map((item: unknown, index) => {
      const at = `${where}[${index}]`;
      if (typeof item !== 'object' || item === null || Array.isArray(item)) {
        throw new Error(`${file}: ${at} must be a mapping with slug and title`);
      }
      const entry = item as Record<string, unknown>;
      for (const key of Object.keys(entry)) {
        if (!['slug', 'title', 'children'].includes(key)) {
          throw new Error(`${file}: ${at} has an unknown field '${key}'`);
        }
      }
      const slug = entry.slug;
      if (typeof slug !== 'string' || !SLUG.test(slug)) {
        throw new Error(`${file}: ${at}.slug must be kebab-case`);
      }
      if (seen.has(slug)) throw new Error(`${file}: slug '${slug}' appears twice`);
      seen.add(slug);
      if (typeof entry.title !== 'string' || !entry.title.trim()) {
        throw new Error(`${file}: ${at}.title must be a non-empty string`);
      }
      return {
        slug,
        title: entry.title.trim(),
        children: entry.children === undefined ? [] : walk(entry.children, `${at}.children`),
      };
    });
  };
  let raw: unknown;
  try {
    raw = parseYaml(source);
  } catch (error) {
    throw new Error(`${file}: not valid YAML (${(error as Error).message})`, {
      cause: error,
    });
  }
  return walk(raw, 'the table of contents');
}

/** Slugs in reading order: each entry, then its children. */
export function flattenToc(toc: TocEntry[]): TocEntry[] {
  return toc.flatMap((entry) => [entry, ...flattenToc(entry.children)]);
}

/**
 * content/docs/_toc.yaml plus one <slug>.md per entry (front matter: title, description).
 * A page missing from the table of contents, or an entry without a page, is an error.
 */
export async function loadDocumentation(options?: ContentOptions): Promise<Documentation> {
  const dir = join(contentDirOf(options), 'docs');
  const tocFile = join(dir, '_toc.yaml');
  const toc = parseToc(await readFile(tocFile, 'utf8'), tocFile);
  const entries = flattenToc(toc);
  const files = (await readdir(dir)).filter((name) => name.endsWith('.md'));
  for (const name of files) {
    const slug = name.slice(0, -'.md'.length);
    if (!entries.some((entry) => entry.slug === slug)) {
      throw new Error(`${join(dir, name)}: not listed in ${tocFile}`);
    }
  }
  const pages = await Promise.all(
    entries.map(async (entry): Promise<DocPage> => {
      const file = join(dir, `${entry.slug}.md`);
      if (!files.includes(`${entry.slug}.md`)) {
        throw new Error(`${file}: missing (listed in ${tocFile})`);
      }
      const { data, body } = parseFrontMatter(await readFile(file, 'utf8'), file);
      return {
        slug: entry.slug,
        title: withBrand(requireString(data, 'title', file), options),
        description: withBrand(requireString(data, 'description', file), options),
        html: await renderMarkdown(withBrand(body, options)),
      };
    }),
  );
  return { toc, pages };
}
