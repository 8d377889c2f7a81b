// Every component's version history, kept as data beside the content (never read from git, so a
// shallow clone builds): `content/history/<product>/<category>/<subcategory>.yaml` maps each
// component's slug to its versions, oldest first:
//
//   split-with-screenshot:
//     - { version: 1, date: "2026-11-23", hash: 1f0c…, reason: "Marketing: Heroes subcategory" }
//     - { version: 2, date: "2026-11-24", hash: 9a3e…, reason: "Dark variants for …" }
//
// `hash` is the code's hash (codeHash: the HTML without its front matter, and the hand-completed
// React and Vue overrides), so a change to the code without a new version fails the build. The
// code of every version but the newest is kept beside it, `<subcategory>/<slug>/v<N>.html` (and
// `v<N>.react.tsx`, `v<N>.vue` when the component had overrides), for the diffs.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';

/** The code a component's version consists of. */
export type VersionCode = { html: string; react?: string; vue?: string };

export type HistoryEntry = {
  version: number;
  /** YYYY-MM-DD (UTC). */
  date: string;
  hash: string;
  /** One line: why the code changed (the first version's says how it was added). */
  reason: string;
  /** The changelog release (file name without `.md`) that announced it, if any. */
  release?: string;
};

export type ComponentHistory = {
  path: string;
  entries: HistoryEntry[];
  /** The code of every version but the newest, by version. */
  earlier: Map<number, VersionCode>;
};

/** What the history check needs of a component. */
export type HistorySubject = { path: string; code: VersionCode };

export const REASON_MAX_LENGTH = 300;

const HASH = /^[0-9a-f]{16}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** sha256 of the code, length-prefixed part by part, first 16 hex digits. */
export function codeHash(code: VersionCode): string {
  const hash = createHash('sha256');
  for (const part of [code.html, code.react ?? '', code.vue ?? '']) {
    const bytes = Buffer.from(part);
    hash.update(`${bytes.length}:`);
    hash.update(bytes);
  }
  return hash.digest('hex').slice(0, 16);
}

export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The history is wrong or missing for some components; `problems` names each. */
export class HistoryError extends Error {
  override name = 'HistoryError';
  problems: string[];
  constructor(problems: string[]) {
    super(
      `The version history does not match the catalogue (${problems.length} problem(s)):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
    this.problems = problems;
  }
}

export function historyFile(historyDir: string, componentPath: string): string {
  return join(historyDir, ...componentPath.split('/').slice(0, 3)) + '.yaml';
}

/** Where version `version`'s code is kept (`.html`; `.react.tsx` and `.vue` beside it). */
export function earlierCodeBase(
  historyDir: string,
  componentPath: string,
  version: number,
): string {
  const parts = componentPath.split('/');
  return join(historyDir, ...parts.slice(0, 3), parts[3]!, `v${version}`);
}

export function readEarlierCode(base: string): VersionCode | undefined {
  if (!existsSync(`${base}.html`)) return undefined;
  const code: VersionCode = { html: readFileSync(`${base}.html`, 'utf8') };
  if (existsSync(`${base}.react.tsx`)) code.react = readFileSync(`${base}.react.tsx`, 'utf8');
  if (existsSync(`${base}.vue`)) code.vue = readFileSync(`${base}.vue`, 'utf8');
  return code;
}

function yamlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return yamlFiles(full);
    return name.endsWith('.yaml') ? [full] : [];
  });
}

function entryProblems(
  where: string,
  raw: unknown,
  index: number,
  releases: ReadonlyMap<string, string>,
): { entry?: HistoryEntry; problems: string[] } {
  const at = `${where} version ${index + 1}`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { problems: [`${at}: must be a mapping {version, date, hash, reason}`] };
  }
  const value = raw as Record<string, unknown>;
  const problems: string[] = [];
  if (value.version !== index + 1) {
    problems.push(`${at}: 'version' must be ${index + 1} (versions count up from 1)`);
  }
  const date = value.date;
  if (typeof date !== 'string' || !isCalendarDate(date)) {
    problems.push(`${at}: 'date' must be a quoted calendar date, YYYY-MM-DD`);
  }
  const hash = value.hash;
  if (typeof hash !== 'string' || !HASH.test(hash)) {
    problems.push(`${at}: 'hash' must be 16 lowercase hex digits`);
  }
  const reason = value.reason;
  if (typeof reason !== 'string' || !reason.trim()) {
    problems.push(`${at}: 'reason' must say why, in one line`);
  } else if (/[\r\n\u2028\u2029]/.test(reason)) {
    problems.push(`${at}: 'reason' must be one line`);
  } else if (reason.length > REASON_MAX_LENGTH) {
    problems.push(`${at}: 'reason' is longer than ${REASON_MAX_LENGTH} characters`);
  }
  const release = value.release;
  if (release !== undefined) {
    const releaseDate = typeof release === 'string' ? releases.get(release) : undefined;
    if (releaseDate === undefined) {
      problems.push(`${at}: 'release' names ${String(release)}, which is no changelog release`);
    } else if (typeof date === 'string' && releaseDate < date) {
      problems.push(`${at}: released on ${releaseDate}, before its date ${date}`);
    }
  }
  for (const key of Object.keys(value)) {
    if (!['version', 'date', 'hash', 'reason', 'release'].includes(key)) {
      problems.push(`${at}: unknown field '${key}'`);
    }
  }
  if (problems.length > 0) return { problems };
  return {
    problems,
    entry: {
      version: index + 1,
      date: date as string,
      hash: hash as string,
      reason: (reason as string).trim(),
      ...(typeof release === 'string' ? { release } : {}),
    },
  };
}

/**
 * Reads `<contentDir>/history` and checks it against the components: each has a history, its
 * versions count up from 1 with valid dates in order and one-line reasons, the code of every
 * earlier version is kept and hashes to its entry, and the newest entry's hash is the current
 * code's. `releases` maps a changelog release's name to its date. Throws HistoryError naming
 * every problem.
 */
export function loadHistory(
  contentDir: string,
  subjects: readonly HistorySubject[],
  releases: ReadonlyMap<string, string> = new Map(),
): Map<string, ComponentHistory> {
  const historyDir = join(contentDir, 'history');
  const problems: string[] = [];
  const raw = new Map<string, { file: string; entries: unknown }>();
  for (const file of yamlFiles(historyDir)) {
    const subcategory = relative(historyDir, file).slice(0, -'.yaml'.length).split(/[\\/]/);
    let data: unknown;
    try {
      data = parseYaml(readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push(`${file}: not valid YAML (${(error as Error).message.split('\n')[0]})`);
      continue;
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      problems.push(`${file}: must map each component's slug to its versions`);
      continue;
    }
    for (const [slug, entries] of Object.entries(data)) {
      raw.set([...subcategory, slug].join('/'), { file, entries });
    }
  }

  const known = new Set(subjects.map((subject) => subject.path));
  for (const [path, { file }] of raw) {
    if (!known.has(path)) problems.push(`${file}: ${path} is no component (renamed or removed?)`);
  }

  const histories = new Map<string, ComponentHistory>();
  for (const { path, code } of subjects) {
    const current = codeHash(code);
    const file = historyFile(historyDir, path);
    const found = raw.get(path);
    if (!found) {
      problems.push(
        `${path}: has no version history; add it to ${file}: ${path.split('/')[3]}: [{ version: 1, date: "YYYY-MM-DD", hash: ${current}, reason: "…" }]`,
      );
      continue;
    }
    if (!Array.isArray(found.entries) || found.entries.length === 0) {
      problems.push(`${path}: its history in ${file} must be a list of versions, oldest first`);
      continue;
    }
    const entries: HistoryEntry[] = [];
    let ok = true;
    found.entries.forEach((value, index) => {
      const result = entryProblems(path, value, index, releases);
      problems.push(...result.problems);
      if (result.entry) entries.push(result.entry);
      else ok = false;
    });
    if (!ok) continue;
    for (let index = 1; index < entries.length; index++) {
      if (entries[index]!.date < entries[index - 1]!.date) {
        problems.push(
          `${path} version ${index + 1}: dated ${entries[index]!.date}, before version ${index} (${entries[index - 1]!.date})`,
        );
      }
    }
    const newest = entries.at(-1)!;
    if (newest.hash !== current) {
      const next = newest.version + 1;
      problems.push(
        `${path}: its code changed (hash ${current}) but its newest version, ${newest.version}, records ${newest.hash}. ` +
          `Add version ${next} to ${file} ({ version: ${next}, date: "YYYY-MM-DD", hash: ${current}, reason: "why, in one line" }) ` +
          `and keep version ${newest.version}'s code as ${earlierCodeBase(historyDir, path, newest.version)}.html (with .react.tsx/.vue for overrides)`,
      );
    }
    const earlier = new Map<number, VersionCode>();
    for (const entry of entries.slice(0, -1)) {
      const base = earlierCodeBase(historyDir, path, entry.version);
      const kept = readEarlierCode(base);
      if (!kept) {
        problems.push(`${path} version ${entry.version}: its code is not kept (${base}.html)`);
      } else if (codeHash(kept) !== entry.hash) {
        problems.push(
          `${path} version ${entry.version}: the kept code (${base}.html) hashes to ${codeHash(kept)}, not ${entry.hash}`,
        );
      } else earlier.set(entry.version, kept);
    }
    histories.set(path, { path, entries, earlier });
  }
  if (problems.length > 0) throw new HistoryError(problems);
  return histories;
}
