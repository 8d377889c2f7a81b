import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The assets folder every release shares (decision 034). During a rolling deploy two releases
 * serve side by side behind a balancer that is not sticky: a page rendered by the new release
 * asks any instance for the new entry script, and a page of the old one asks any instance for
 * the old chunks it loads on demand. So each release, before it listens, adds its hashed files
 * to one shared folder (`ASSETS_DIR`), and every instance serves `/build/assets/` from there.
 *
 *   ASSETS_DIR/assets/<name>-<hash>.<ext>   the files (with their .br and .gz copies)
 *   ASSETS_DIR/releases/<version>.json      which files a release needs, and when it published
 *
 * Hashed names never change content, so copies never conflict; each lands under a temporary
 * name and is renamed into place (atomic). A release's record is written before its files, so
 * a prune running in another instance keeps them; a file younger than an hour is never removed.
 * Prune keeps the files of the newest `keep` releases (by last publication: a release that
 * restarts stays recent).
 */

const RELEASES = 'releases';
const FILES = 'assets';
const TEMPORARY = /^\.tmp-/;
/**
 * No file younger than this is removed: another release may be publishing it right now, its
 * record written after this prune read the records. A temporary file older than this was left
 * by a publisher that died.
 */
const SETTLE_MS = 60 * 60 * 1000;

interface ReleaseRecord {
  version: string;
  publishedAt: string;
  files: string[];
}

export interface PublishResult {
  /** Files this release added to the folder (the others were there already). */
  added: number;
  /** Releases whose files were removed because they are older than the `keep` newest. */
  pruned: string[];
  /** Versions whose files the folder holds now, newest first. */
  kept: string[];
}

export function sharedAssetFiles(assetsDir: string): string {
  return path.join(assetsDir, FILES);
}

async function writeAtomically(file: string, write: (temporary: string) => Promise<void>) {
  const temporary = path.join(
    path.dirname(file),
    `.tmp-${randomBytes(6).toString('hex')}-${path.basename(file)}`,
  );
  try {
    await write(temporary);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

async function readReleases(assetsDir: string): Promise<ReleaseRecord[]> {
  const dir = path.join(assetsDir, RELEASES);
  const names = (await readdir(dir).catch(() => [] as string[])).filter(
    (name) => name.endsWith('.json') && !TEMPORARY.test(name),
  );
  const records: ReleaseRecord[] = [];
  for (const name of names) {
    try {
      records.push(JSON.parse(await readFile(path.join(dir, name), 'utf8')) as ReleaseRecord);
    } catch {
      // Removed by a concurrent prune, or unreadable: it protects nothing.
    }
  }
  return records.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
}

/**
 * Adds the build's hashed assets (`clientAssetsDir`, i.e. `dist/client/assets`) to the shared
 * folder under `version`, then prunes releases beyond the `keep` newest.
 */
export async function publishAssets(options: {
  clientAssetsDir: string;
  assetsDir: string;
  version: string;
  keep: number;
  now?: () => Date;
}): Promise<PublishResult> {
  const { clientAssetsDir, assetsDir, version, keep } = options;
  const now = options.now ?? (() => new Date());
  const filesDir = sharedAssetFiles(assetsDir);
  const releasesDir = path.join(assetsDir, RELEASES);
  await mkdir(filesDir, { recursive: true });
  await mkdir(releasesDir, { recursive: true });

  const files = (await readdir(clientAssetsDir)).filter((name) => !name.startsWith('.')).sort();
  const record: ReleaseRecord = { version, publishedAt: now().toISOString(), files };
  await writeAtomically(path.join(releasesDir, `${version}.json`), (temporary) =>
    writeFile(temporary, JSON.stringify(record)),
  );
  let added = 0;
  for (const name of files) {
    const target = path.join(filesDir, name);
    if (await exists(target)) continue;
    await writeAtomically(target, (temporary) =>
      copyFile(path.join(clientAssetsDir, name), temporary),
    );
    added += 1;
  }
  return { added, ...(await pruneAssets(assetsDir, keep, version, now)) };
}

/** Removes the files only releases older than the `keep` newest need. */
export async function pruneAssets(
  assetsDir: string,
  keep: number,
  current?: string,
  now: () => Date = () => new Date(),
): Promise<{ pruned: string[]; kept: string[] }> {
  const releases = await readReleases(assetsDir);
  const kept = releases.slice(0, keep);
  // The release publishing now is never pruned, whatever the clocks say.
  const own = releases.find((release) => release.version === current);
  if (own && !kept.includes(own)) kept.push(own);
  const old = releases.filter((release) => !kept.includes(release));
  const needed = new Set(kept.flatMap((release) => release.files));
  for (const release of old) {
    await rm(path.join(assetsDir, RELEASES, `${release.version}.json`), { force: true });
  }
  const filesDir = sharedAssetFiles(assetsDir);
  for (const name of await readdir(filesDir).catch(() => [] as string[])) {
    if (needed.has(name)) continue;
    const file = path.join(filesDir, name);
    const info = await stat(file).catch(() => null);
    if (info && now().getTime() - info.mtimeMs > SETTLE_MS) await rm(file, { force: true });
  }
  return { pruned: old.map((release) => release.version), kept: kept.map((r) => r.version) };
}
