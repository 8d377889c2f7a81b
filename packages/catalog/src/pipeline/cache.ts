import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const CATALOG_ROOT = resolve(import.meta.dirname, '../..');

export const DEFAULT_CACHE_DIR = join(CATALOG_ROOT, '.cache');

/**
 * The catalogue's own code whose output is cached: the pipeline and the modules beside it that it
 * imports (Tailwind, component files), not tests. Sorted, so the fingerprint is stable.
 */
export function codeFiles(root: string = CATALOG_ROOT): string[] {
  const src = join(root, 'src');
  const sources = (dir: string) =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'testing.ts')
      .map((name) => join(dir, name));
  return [...sources(src), ...sources(join(src, 'pipeline'))].sort();
}

/**
 * A hash of the code that produces cached entries (`files`, all of codeFiles by default): a
 * change to the converter, the preview document or the screenshot settings gives the entries
 * it makes new keys. Read once per build.
 */
export function codeFingerprint(
  root: string = CATALOG_ROOT,
  files: readonly string[] = codeFiles(root),
): string {
  return hashParts(...files.flatMap((file) => [relative(root, file), readFileSync(file)]));
}

/** Screenshots depend on the preview document (in their key) and on how they are taken. */
export function screenshotCodeFiles(root: string = CATALOG_ROOT): string[] {
  // The dark-mode probes are measured while the shots are taken and cached with them.
  return ['screenshots.ts', 'dark-mode.ts'].map((file) => join(root, 'src', 'pipeline', file));
}

// Versions of the tools whose output is cached: upgrading one of them invalidates the cache.
const TOOLS = [
  'react',
  'react-dom',
  'vue',
  '@vue/compiler-sfc',
  '@vue/server-renderer',
  'shiki',
  'tailwindcss',
  '@tailwindcss/node',
  'esbuild',
  'parse5',
  'playwright-core',
];

let toolVersions: string | undefined;

export function toolFingerprint(): string {
  toolVersions ??= TOOLS.map((name) => {
    const file = join(CATALOG_ROOT, 'node_modules', name, 'package.json');
    const version = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version
      : 'missing';
    return `${name}@${version}`;
  }).join(',');
  return toolVersions;
}

/** sha256 over the parts, length-prefixed so ["ab","c"] and ["a","bc"] differ. */
export function hashParts(...parts: Array<string | Uint8Array>): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part) : part;
    hash.update(`${bytes.length}:`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}

export type Cache = {
  dir: string;
  readJson<T>(kind: string, key: string): T | undefined;
  writeJson(kind: string, key: string, value: unknown): void;
  /** The path of a cached file (which may not exist yet). */
  path(kind: string, key: string, suffix: string): string;
  has(kind: string, key: string, suffix: string): boolean;
  writeFile(kind: string, key: string, suffix: string, data: Uint8Array | string): void;
  copyOut(kind: string, key: string, suffix: string, destination: string): void;
  /** Deletes cached files this process neither read nor wrote. */
  prune(): number;
};

/**
 * A content-addressed cache on disk: `<dir>/<kind>/<key><suffix>`. Keys are hashes of every
 * input of a step plus the pipeline's code and the tool versions, so an entry never goes stale;
 * writes are atomic (temp file + rename), so concurrent builds can share a directory.
 */
export function createCache(dir: string = DEFAULT_CACHE_DIR): Cache {
  const used = new Set<string>();
  mkdirSync(dir, { recursive: true });
  // Keep the cache out of version control without touching the repository's .gitignore.
  const ignore = join(dir, '.gitignore');
  if (!existsSync(ignore)) writeFileSync(ignore, '*\n');

  // Only the kinds this build works with are pruned: other caches may share the directory
  // (the content build keeps its own under `content/`).
  const kinds = new Set<string>();
  const path = (kind: string, key: string, suffix: string) => {
    kinds.add(kind);
    return join(dir, kind, `${key}${suffix}`);
  };

  const writeAtomic = (file: string, data: Uint8Array | string) => {
    mkdirSync(dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(temp, data);
    renameSync(temp, file);
    used.add(file);
  };

  return {
    dir,
    path,
    readJson<T>(kind: string, key: string): T | undefined {
      const file = path(kind, key, '.json');
      if (!existsSync(file)) return undefined;
      try {
        const value = JSON.parse(readFileSync(file, 'utf8')) as T;
        used.add(file);
        return value;
      } catch {
        return undefined; // a torn or foreign file is a miss
      }
    },
    writeJson(kind, key, value) {
      writeAtomic(path(kind, key, '.json'), JSON.stringify(value));
    },
    has(kind, key, suffix) {
      const file = path(kind, key, suffix);
      if (!existsSync(file)) return false;
      used.add(file);
      return true;
    },
    writeFile(kind, key, suffix, data) {
      writeAtomic(path(kind, key, suffix), data);
    },
    copyOut(kind, key, suffix, destination) {
      const file = path(kind, key, suffix);
      mkdirSync(dirname(destination), { recursive: true });
      copyFileSync(file, destination);
      used.add(file);
    },
    prune() {
      let removed = 0;
      for (const kind of kinds) {
        if (!existsSync(join(dir, kind))) continue;
        for (const entry of readdirSync(join(dir, kind), { withFileTypes: true })) {
          const file = join(dir, kind, entry.name);
          if (!entry.isFile() || used.has(file) || entry.name.endsWith('.tmp')) continue;
          rmSync(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
