// What each changelog release added to the catalogue: the truth behind the New badge
// (docs/decisions/017-previews-and-new.md). A release is a changelog entry,
// `content/changelog/YYYY-MM-DD-<slug>.md`; its optional front matter `added:` lists the
// components it added, each as `<product>/<category>/<subcategory>/<slug>`, or a whole
// subcategory as `<product>/<category>/<subcategory>`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFrontMatter } from './front-matter.ts';

export type Release = { date: string; file: string; added: string[] };

const FILE_NAME = /^(\d{4}-\d{2}-\d{2})-[a-z0-9-]+\.md$/;

/**
 * The releases in `<contentDir>/changelog`, oldest first. Every `added` path must name a
 * component of `componentPaths` or a subcategory holding one: a typo would silently drop a
 * badge, so it fails the build instead.
 */
export function loadReleases(contentDir: string, componentPaths: readonly string[]): Release[] {
  const dir = join(contentDir, 'changelog');
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.md'));
  } catch {
    return []; // a catalogue without a changelog: nothing is new
  }
  const known = new Set(componentPaths);
  for (const path of componentPaths) known.add(path.split('/').slice(0, 3).join('/'));
  const releases = names.map((name): Release => {
    const file = join(dir, name);
    const date = FILE_NAME.exec(name)?.[1];
    if (!date) throw new Error(`${file}: name must be YYYY-MM-DD-<kebab-case-slug>.md`);
    const { data } = parseFrontMatter(readFileSync(file, 'utf8'), file);
    const added = data.added ?? [];
    if (!Array.isArray(added) || added.some((path) => typeof path !== 'string')) {
      throw new Error(`${file}: 'added' must be a list of component or subcategory paths`);
    }
    for (const path of added as string[]) {
      if (!known.has(path)) {
        throw new Error(`${file}: 'added' names ${path}, which is no component or subcategory`);
      }
    }
    return { date, file, added: added as string[] };
  });
  return releases.sort((a, b) => a.date.localeCompare(b.date) || a.file.localeCompare(b.file));
}

/**
 * The first release that names this component, else the first that names its subcategory.
 */
export function addingRelease(
  releases: readonly Release[],
  componentPath: string,
): Release | undefined {
  const subcategory = componentPath.split('/').slice(0, 3).join('/');
  return (
    releases.find((candidate) => candidate.added.includes(componentPath)) ??
    releases.find((candidate) => candidate.added.includes(subcategory))
  );
}

/** The date of {@link addingRelease}, else null. */
export function addedOnOf(releases: readonly Release[], componentPath: string): string | null {
  return addingRelease(releases, componentPath)?.date ?? null;
}
