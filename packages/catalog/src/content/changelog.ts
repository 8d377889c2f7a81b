import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseFrontMatter, requireString } from './front-matter.ts';
import { renderMarkdown } from './markdown.ts';
import { contentDirOf, withBrand, type ContentOptions } from './options.ts';

export type ChangelogEntry = {
  anchor: string;
  date: string;
  title: string;
  html: string;
  /** The release's name, its file name without `.md`: what the catalogue's history names. */
  release: string;
};

const FILE_NAME = /^(\d{4})-(\d{2})-(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;

/** kebab-case from a title: 'Tailwind CSS v4.1 & React 19' -> 'tailwind-css-v4-1-react-19'. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** content/changelog/YYYY-MM-DD-<slug>.md (front matter: title), newest first. */
export async function loadChangelog(options?: ContentOptions): Promise<ChangelogEntry[]> {
  const dir = join(contentDirOf(options), 'changelog');
  const names = (await readdir(dir)).filter((name) => name.endsWith('.md'));
  const entries = await Promise.all(
    names.map(async (name): Promise<ChangelogEntry> => {
      const file = join(dir, name);
      const match = FILE_NAME.exec(name);
      if (!match) throw new Error(`${file}: name must be YYYY-MM-DD-<kebab-case-slug>.md`);
      const [, year = '', month = '', day = ''] = match;
      if (!isRealDate(Number(year), Number(month), Number(day))) {
        throw new Error(`${file}: ${year}-${month}-${day} is not a real date`);
      }
      const date = `${year}-${month}-${day}`;
      const { data, body } = parseFrontMatter(await readFile(file, 'utf8'), file);
      const title = withBrand(requireString(data, 'title', file), options);
      return {
        anchor: `${date}-${slugify(title)}`,
        date,
        title,
        html: await renderMarkdown(withBrand(body, options)),
        release: name.slice(0, -'.md'.length),
      };
    }),
  );
  entries.sort((a, b) =>
    a.date === b.date ? a.anchor.localeCompare(b.anchor) : a.date < b.date ? 1 : -1,
  );
  const anchors = new Set<string>();
  for (const entry of entries) {
    if (anchors.has(entry.anchor)) {
      throw new Error(`${dir}: two entries share the anchor '${entry.anchor}'`);
    }
    anchors.add(entry.anchor);
  }
  return entries;
}
