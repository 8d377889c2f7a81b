import { execFile } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { buildCatalog, CatalogBuildError } from '../pipeline/build.ts';
import { CATALOG_ROOT } from '../pipeline/load.ts';
import {
  changeComponent,
  componentSource,
  metadataFiles,
  temporaryDirectory,
  withHistory,
  writeTree,
} from '../pipeline/testing.ts';
import type { CatalogJson, HistoryJson } from '../pipeline/types.ts';

const button =
  '<div class="bg-white p-4 dark:bg-gray-900"><button type="button" class="rounded-md bg-indigo-600 px-3 py-2 text-white">Save</button></div>';
const card =
  '<div class="rounded-lg bg-white p-6 text-gray-900 shadow-sm dark:bg-gray-800 dark:text-white"><h3 class="text-base font-semibold">Plan</h3></div>';

const smallCatalogue = () =>
  withHistory(
    writeTree(temporaryDirectory('content'), {
      ...metadataFiles(),
      'components/kit/forms/inputs/button.html': componentSource(button, { name: 'Button' }),
      'components/kit/forms/inputs/card.html': componentSource(card, { name: 'Card' }),
    }),
  );

describe('the history in the build', () => {
  test('a change to the code without a new version fails the build naming the component, before converting', async () => {
    const content = smallCatalogue();
    writeFileSync(
      join(content, 'components/kit/forms/inputs/card.html'),
      componentSource(card.replace('Plan', 'Team plan'), { name: 'Card' }),
    );
    const started = performance.now();
    const error = await buildCatalog({
      outDir: temporaryDirectory('dist'),
      cacheDir: temporaryDirectory('cache'),
      contentDir: content,
      screenshots: false,
      log: () => {},
    }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CatalogBuildError);
    const { failures } = error as CatalogBuildError;
    expect(failures.map((failure) => failure.component)).toEqual(['kit/forms/inputs/card']);
    expect(failures[0]!.message).toMatch(
      /^kit\/forms\/inputs\/card: its code changed \(hash [0-9a-f]{16}\) but its newest version, 1, records [0-9a-f]{16}\. Add version 2 to /,
    );
    // No Chromium was started for the conversion.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  test('the command exits non-zero with the message', async () => {
    const content = smallCatalogue();
    writeFileSync(
      join(content, 'components/kit/forms/inputs/button.html'),
      componentSource(button.replace('Save', 'Save changes'), { name: 'Button' }),
    );
    const result = await promisify(execFile)(
      process.execPath,
      [
        resolve(CATALOG_ROOT, 'scripts/build.ts'),
        ...['--content', content, '--out', temporaryDirectory('dist')],
        ...['--cache', temporaryDirectory('cache'), '--no-screenshots'],
      ],
      { cwd: CATALOG_ROOT },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (caught: { code: number; stderr: string }) => caught,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('kit/forms/inputs/button: its code changed');
  });

  test('a recorded change: its version and reason in catalog.json, its diffs only in the gated history file', async () => {
    const content = smallCatalogue();
    changeComponent(
      content,
      'kit/forms/inputs/card',
      componentSource(card.replace('Plan', 'Team plan'), { name: 'Card' }),
      { reason: 'The plan names the team', date: '2026-02-01' },
    );
    const outDir = temporaryDirectory('dist');
    const cacheDir = temporaryDirectory('cache');
    const build = () =>
      buildCatalog({ outDir, cacheDir, contentDir: content, screenshots: false, log: () => {} });
    const { catalog, stats } = await build();
    const [buttonJson, cardJson] = catalog.products[0]!.categories[0]!.subcategories[0]!.components;
    expect(buttonJson).toMatchObject({
      version: 1,
      updatedOn: '2026-01-05',
      history: [{ version: 1, date: '2026-01-05', reason: 'Added', release: null }],
    });
    expect(cardJson).toMatchObject({
      version: 2,
      updatedOn: '2026-02-01',
      history: [
        { version: 1, date: '2026-01-05', reason: 'Added', release: null },
        { version: 2, date: '2026-02-01', reason: 'The plan names the team', release: null },
      ],
    });
    const text = readFileSync(join(outDir, 'catalog.json'), 'utf8');
    expect(text).not.toContain('Team plan</h3>'); // no code in the public metadata
    expect(JSON.parse(text)).toEqual(catalog satisfies CatalogJson);

    expect(existsSync(join(outDir, 'history', `${buttonJson!.uuid}.json`))).toBe(false);
    const history = JSON.parse(
      readFileSync(join(outDir, 'history', `${cardJson!.uuid}.json`), 'utf8'),
    ) as HistoryJson;
    expect(history.changes.map((change) => change.version)).toEqual([2]);
    const patches = Object.fromEntries(
      history.changes[0]!.diffs.map((diff) => [diff.language, diff.patch ?? '']),
    );
    expect(patches.html).toContain('+<div class="rounded-lg');
    expect(patches.html).toMatch(/^-.*>Plan<\/h3>/m);
    expect(patches.react).toMatch(/^\+.*className=.*Team plan/m);
    expect(patches.vue).toMatch(/^\+.*Team plan/m);
    expect(stats.timings.history).toBeGreaterThan(0);

    // Warm: the diffs come from the cache.
    const warm = await build();
    expect(warm.stats.timings.history).toBe(0);
    expect(warm.catalog.generatedFrom).toBe(catalog.generatedFrom);
  });
});

test('a change to how diffs are made misses their cache', async () => {
  const root = temporaryDirectory('code');
  cpSync(join(CATALOG_ROOT, 'src'), join(root, 'src'), { recursive: true });
  const content = smallCatalogue();
  changeComponent(
    content,
    'kit/forms/inputs/card',
    componentSource(card.replace('Plan', 'Team plan'), { name: 'Card' }),
    { reason: 'The plan names the team', date: '2026-02-01' },
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
  await build();
  expect((await build()).stats.timings.history).toBe(0);
  appendFileSync(join(root, 'src/history/diffs.ts'), '\n// three lines of context, or more\n');
  expect((await build()).stats.timings.history).toBeGreaterThan(0);
});
