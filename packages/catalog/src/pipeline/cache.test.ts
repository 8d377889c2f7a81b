import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildCatalog } from './build.ts';
import { codeFiles, codeFingerprint, createCache, hashParts } from './cache.ts';
import { CATALOG_ROOT } from './load.ts';
import {
  componentSource,
  metadataFiles,
  temporaryDirectory,
  withHistory,
  writeTree,
} from './testing.ts';

describe('hashParts', () => {
  test('separates parts, so moving a boundary changes the hash', () => {
    expect(hashParts('ab', 'c')).not.toBe(hashParts('a', 'bc'));
    expect(hashParts('ab', 'c')).toBe(hashParts('ab', 'c'));
    expect(hashParts(new Uint8Array([1, 2]))).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('createCache', () => {
  test('stores JSON and files, keeps itself out of git and prunes what a run did not use', () => {
    const dir = temporaryDirectory('cache');
    const first = createCache(dir);
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe('*\n');
    first.writeJson('components', 'k1', { a: 1 });
    first.writeJson('components', 'k2', { a: 2 });
    first.writeFile('screenshots', 'k3', '-sm.png', new Uint8Array([9]));

    // Another build's cache in the same directory (the content build's `content/`).
    mkdirSync(join(dir, 'content', 'templates'), { recursive: true });
    writeFileSync(join(dir, 'content', 'shot.png'), 'x');

    const second = createCache(dir);
    expect(second.readJson('components', 'missing')).toBeUndefined();
    expect(second.readJson<{ a: number }>('components', 'k1')).toEqual({ a: 1 });
    expect(second.has('screenshots', 'k3', '-sm.png')).toBe(true);
    expect(second.prune()).toBe(1);
    expect(existsSync(second.path('components', 'k2', '.json'))).toBe(false);
    expect(existsSync(second.path('components', 'k1', '.json'))).toBe(true);
    expect(existsSync(join(dir, 'content', 'shot.png'))).toBe(true);
    expect(existsSync(join(dir, 'content', 'templates'))).toBe(true);
  });
});

describe('the cache key', () => {
  /** A copy of the package's code, to change without touching the real one. */
  function codeCopy(): string {
    const root = temporaryDirectory('code');
    cpSync(join(CATALOG_ROOT, 'src'), join(root, 'src'), { recursive: true });
    return root;
  }

  test("covers the pipeline's own code, not its tests", () => {
    const files = codeFiles().map((file) => file.slice(CATALOG_ROOT.length + 1));
    expect(files).toEqual(
      expect.arrayContaining([
        'src/pipeline/to-react.ts',
        'src/pipeline/to-vue.ts',
        'src/pipeline/preview.ts',
        'src/pipeline/screenshots.ts',
        'src/tailwind.ts',
      ]),
    );
    expect(files.some((file) => file.endsWith('.test.ts'))).toBe(false);

    const root = codeCopy();
    expect(codeFingerprint(root)).toBe(codeFingerprint());
    appendFileSync(join(root, 'src/pipeline/to-react.test.ts'), '\n// a new test\n');
    expect(codeFingerprint(root)).toBe(codeFingerprint());
    appendFileSync(join(root, 'src/pipeline/to-react.ts'), '\n// a converter change\n');
    expect(codeFingerprint(root)).not.toBe(codeFingerprint());
  });

  test('a change to the converter misses the cache: no stale snippet ships', async () => {
    const root = codeCopy();
    const content = withHistory(
      writeTree(temporaryDirectory('content'), {
        ...metadataFiles(),
        'components/kit/forms/inputs/button.html': componentSource(
          '<div class="p-4"><button type="button" class="rounded-md px-3 py-2">Save</button></div>',
          { name: 'Button' },
        ),
      }),
    );
    const cacheDir = temporaryDirectory('cache');
    const build = () =>
      buildCatalog({
        outDir: temporaryDirectory('dist'),
        cacheDir,
        contentDir: content,
        screenshots: false,
        codeRoot: root,
        log: () => {},
      });
    expect((await build()).stats).toMatchObject({ converted: 1, convertedFromCache: 0 });
    const warm = await build();
    expect(warm.stats).toMatchObject({ converted: 0, convertedFromCache: 1 });

    appendFileSync(join(root, 'src/pipeline/to-react.ts'), '\n// a converter change\n');
    const changed = await build();
    expect(changed.stats).toMatchObject({ converted: 1, convertedFromCache: 0 });
    expect(changed.catalog.generatedFrom).not.toBe(warm.catalog.generatedFrom);
  });
});
