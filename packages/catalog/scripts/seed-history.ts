// Writes content/history from the repository's own git history, once (the build never needs
// git: the history is data, and CI clones may be shallow):
//   node scripts/seed-history.ts [--force]
// For each component, every commit that changed its code (the HTML without front matter, or a
// hand-completed override) becomes a version: dated by the commit's author date (UTC), its
// reason the commit's subject, the first one the commit that added it. The code of every
// version but the newest is kept beside the history for the diffs. A version is linked to a
// changelog release only where that release's `added:` names the component and is dated the
// same day as the commit.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadReleases } from '../src/content/releases.ts';
import {
  codeHash,
  earlierCodeBase,
  historyFile,
  REASON_MAX_LENGTH,
} from '../src/history/history.ts';
import type { VersionCode } from '../src/history/history.ts';
import { CONTENT_DIR, loadCatalog, OVERRIDES_DIR } from '../src/pipeline/load.ts';

const { values } = parseArgs({ options: { force: { type: 'boolean', default: false } } });
const historyDir = join(CONTENT_DIR, 'history');
if (existsSync(historyDir) && !values.force) {
  console.error(`${historyDir} exists; --force rewrites it from git.`);
  process.exit(1);
}
rmSync(historyDir, { recursive: true, force: true });

const repo = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
if (
  execFileSync('git', ['rev-parse', '--is-shallow-repository'], { encoding: 'utf8' }).trim() ===
  'true'
) {
  console.error('A shallow clone has no history to seed from.');
  process.exit(1);
}
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: repo, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

// Commits newest first in one order for all files.
const order = new Map(
  git('rev-list', '--date-order', 'HEAD')
    .trim()
    .split('\n')
    .map((hash, index) => [hash, index]),
);

type Commit = { hash: string; date: string; subject: string; path: string };

function commitsOf(file: string): Commit[] {
  if (!existsSync(file)) return [];
  const out = git(
    'log',
    '--follow',
    '--name-only',
    '--format=%x00%H%x09%aI%x09%s',
    '--',
    relative(repo, file),
  );
  return out
    .split('\0')
    .filter((chunk) => chunk.trim())
    .map((chunk) => {
      const [header, ...rest] = chunk.trim().split('\n');
      const [hash, date, ...subject] = header!.split('\t');
      const path = rest
        .map((line) => line.trim())
        .filter(Boolean)
        .at(-1)!;
      return {
        hash: hash!,
        date: new Date(date!).toISOString().slice(0, 10),
        subject: subject.join('\t'),
        path,
      };
    });
}

function show(commit: string, path: string): string | undefined {
  try {
    return execFileSync('git', ['show', `${commit}:${path}`], {
      cwd: repo,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch {
    return undefined; // deleted in that commit
  }
}

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n/;
const body = (source: string) => {
  const match = FRONT_MATTER.exec(source);
  return (match ? source.slice(match[0].length) : source).trim() + '\n';
};

const source = loadCatalog();
const releases = loadReleases(
  CONTENT_DIR,
  source.components.map((component) => component.path),
);
const releaseName = (file: string) => file.split(/[\\/]/).at(-1)!.slice(0, -'.md'.length);

type Version = { date: string; hash: string; reason: string; code: VersionCode; release?: string };
const bySubcategory = new Map<string, Array<[string, Version[]]>>();
let changed = 0;
let versionsWritten = 0;

for (const component of source.components) {
  const overrideBase = join(OVERRIDES_DIR, component.path);
  const logs = {
    html: commitsOf(component.file),
    react: commitsOf(`${overrideBase}.react.tsx`),
    vue: commitsOf(`${overrideBase}.vue`),
  };
  const commits = new Map<string, Commit>();
  for (const log of Object.values(logs)) for (const commit of log) commits.set(commit.hash, commit);
  const chronological = [...commits.values()].sort(
    (a, b) => (order.get(b.hash) ?? 0) - (order.get(a.hash) ?? 0),
  );
  const state: { html?: string; react?: string; vue?: string } = {};
  const versions: Version[] = [];
  for (const commit of chronological) {
    for (const language of ['html', 'react', 'vue'] as const) {
      const touched = logs[language].find((entry) => entry.hash === commit.hash);
      if (!touched) continue;
      const text = show(commit.hash, touched.path);
      if (text === undefined) delete state[language];
      else state[language] = language === 'html' ? body(text) : text;
    }
    if (state.html === undefined) continue;
    const code: VersionCode = { html: state.html };
    if (state.react !== undefined) code.react = state.react;
    if (state.vue !== undefined) code.vue = state.vue;
    const hash = codeHash(code);
    if (versions.at(-1)?.hash === hash) continue;
    const reason =
      commit.subject.length > REASON_MAX_LENGTH
        ? commit.subject.slice(0, REASON_MAX_LENGTH - 1) + '…'
        : commit.subject;
    const version: Version = { date: commit.date, hash, reason, code };
    if (versions.length === 0) {
      const subcategory = component.path.split('/').slice(0, 3).join('/');
      const release = releases.find(
        (candidate) =>
          candidate.date === commit.date &&
          (candidate.added.includes(component.path) || candidate.added.includes(subcategory)),
      );
      if (release) version.release = releaseName(release.file);
    }
    versions.push(version);
  }
  const current: VersionCode = { html: component.html };
  if (component.overrides.react) current.react = component.overrides.react.source;
  if (component.overrides.vue) current.vue = component.overrides.vue.source;
  if (versions.at(-1)?.hash !== codeHash(current)) {
    throw new Error(
      `${component.path}: the working tree differs from its last commit; commit first`,
    );
  }
  for (let index = 1; index < versions.length; index++) {
    if (versions[index]!.date < versions[index - 1]!.date) {
      throw new Error(`${component.path}: version ${index + 1} is dated before version ${index}`);
    }
  }
  if (versions.length > 1) changed++;
  versionsWritten += versions.length;
  versions.slice(0, -1).forEach((version, index) => {
    const base = earlierCodeBase(historyDir, component.path, index + 1);
    mkdirSync(dirname(base), { recursive: true });
    writeFileSync(`${base}.html`, version.code.html);
    if (version.code.react !== undefined) writeFileSync(`${base}.react.tsx`, version.code.react);
    if (version.code.vue !== undefined) writeFileSync(`${base}.vue`, version.code.vue);
  });
  const file = historyFile(historyDir, component.path);
  const list = bySubcategory.get(file) ?? [];
  list.push([component.slug, versions]);
  bySubcategory.set(file, list);
}

for (const [file, components] of bySubcategory) {
  const lines = [
    "# Each component's versions, oldest first (packages/catalog/src/history/history.ts).",
    "# Seeded from the repository's git history: dates are commits' author dates, reasons their subjects.",
  ];
  for (const [slug, versions] of components.sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`${slug}:`);
    versions.forEach((version, index) => {
      lines.push(`  - version: ${index + 1}`);
      lines.push(`    date: "${version.date}"`);
      lines.push(`    hash: "${version.hash}"`);
      lines.push(`    reason: ${JSON.stringify(version.reason)}`);
      if (version.release) lines.push(`    release: ${version.release}`);
    });
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, lines.join('\n') + '\n');
}
console.log(
  `${source.components.length} components, ${versionsWritten} versions, ${changed} changed since added; written to ${relative(resolve('.'), historyDir)}`,
);
