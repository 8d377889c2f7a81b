import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { buildCatalog, CatalogBuildError } from './build.ts';
import { physicalClassesIn, unmirrored, unpairedPhysicalClasses } from './rtl.ts';
import {
  componentSource,
  metadataFiles,
  temporaryDirectory,
  withHistory,
  writeTree,
} from './testing.ts';

describe('physical classes', () => {
  test.each([
    ['ml-4', ['ml-4']],
    ['pr-2 text-sm', ['pr-2']],
    ['sm:ml-4 ms-2', ['sm:ml-4']],
    ['-ml-px', ['-ml-px']],
    ['absolute left-0 top-0', ['left-0']],
    ['border-l border-gray-200', ['border-l']],
    ['rounded-l-md', ['rounded-l-md']],
    ['rounded-tl-lg rounded-bl-lg', ['rounded-tl-lg', 'rounded-bl-lg']],
    ['text-left', ['text-left']],
    ['float-right', ['float-right']],
  ])('%s is flagged', (classes, expected) => {
    expect(unpairedPhysicalClasses(classes)).toEqual(expected);
  });

  test.each([
    'ms-4',
    'pe-2 ps-2',
    'px-4 mx-auto',
    'pl-4 pr-4',
    'absolute left-0 right-0',
    'inset-x-0 start-0',
    'sm:ml-4 sm:mr-4',
    'rounded-s-md border-s text-start',
    'rounded-tl-lg rounded-tr-lg',
    'left-1/2 -translate-x-1/2 right-1/2',
    'lg:text-left lg:text-right',
  ])('%s passes', (classes) => {
    expect(unpairedPhysicalClasses(classes)).toEqual([]);
  });

  test('are found in class and className attributes, each once', () => {
    expect(
      physicalClassesIn(
        '<div class="ml-4"><span className="ml-4 pe-2"></span><p class="ms-4 text-left"></p></div>',
      ),
    ).toEqual(['ml-4', 'text-left']);
  });
});

describe('mirrored boxes', () => {
  test('a box is mirrored about the page’s centre line, within two pixels', () => {
    const samples = [
      { element: 'div.ms-4', ltr: { x: 16, width: 200 }, rtl: { x: 784, width: 200 } },
      { element: 'div.full', ltr: { x: 0, width: 1000 }, rtl: { x: 0, width: 1000 } },
      { element: 'div.rounding', ltr: { x: 16.4, width: 200 }, rtl: { x: 785.5, width: 200 } },
    ];
    expect(unmirrored(samples, 1000)).toEqual([]);
  });

  test('a box that stays where it was, or changes width, is not', () => {
    const samples = [
      { element: 'div.ml-4', ltr: { x: 16, width: 200 }, rtl: { x: 16, width: 200 } },
      { element: 'div.squeezed', ltr: { x: 0, width: 500 }, rtl: { x: 520, width: 480 } },
    ];
    expect(unmirrored(samples, 1000)).toEqual([
      'div.ml-4 at x=16 right to left, 784 expected',
      'div.squeezed at x=520 right to left, 500 expected',
    ]);
  });
});

describe('the right-to-left check in the build', () => {
  // Passes the dark-mode check too, so only the direction is judged.
  const card = (inner: string) =>
    `<div class="bg-white p-6 dark:bg-gray-900"><p class="text-sm text-gray-700 dark:text-gray-300">Invoices go out on the first.</p>${inner}</div>`;
  const components = {
    'components/kit/forms/inputs/physical-margin.html': componentSource(
      card('<div class="mt-4 ml-4 h-10 w-40 bg-gray-100 dark:bg-gray-800"></div>'),
      { name: 'Physical margin' },
    ),
    'components/kit/forms/inputs/pinned-left.html': componentSource(
      card(
        '<div class="relative mt-4 h-10"><span class="absolute top-0 h-10 w-10 rounded-full bg-gray-300" style="left: 0"></span></div>',
      ),
      { name: 'Pinned left' },
    ),
    'components/kit/forms/inputs/logical-margin.html': componentSource(
      card(
        '<div class="mt-4 ms-4 flex gap-x-3"><span class="h-10 w-10 rounded-s-md bg-gray-300"></span><a href="#" class="text-sm font-semibold text-gray-900 dark:text-white">Read the <em>terms</em> first</a></div>',
      ),
      { name: 'Logical margin' },
    ),
  };
  let cacheDir = '';
  beforeEach(() => {
    cacheDir = temporaryDirectory('cache');
  });
  const build = (content: string, rtlPendingFile: string, writeRtlPending = false) => {
    const outDir = temporaryDirectory('dist');
    return buildCatalog({
      outDir,
      cacheDir,
      contentDir: content,
      screenshots: true,
      darkPendingFile: join(temporaryDirectory('pending'), 'none.txt'),
      rtlPendingFile,
      writeRtlPending,
      log: () => {},
    }).then(
      (result) => ({ outDir, result, failures: [] as string[] }),
      (caught: unknown) => {
        if (!(caught instanceof CatalogBuildError)) throw caught;
        return { outDir, result: null, failures: caught.failures.map((f) => f.message).sort() };
      },
    );
  };

  test('flags ml-4 and a box pinned left, passes ms-4; the allowlist, its flag and its cache', async () => {
    const content = withHistory(
      writeTree(temporaryDirectory('content'), {
        ...metadataFiles(),
        ...components,
      }),
    );
    const pending = join(temporaryDirectory('pending'), 'rtl-pending.txt');

    const strict = await build(content, pending);
    expect(strict.failures).toEqual([
      expect.stringMatching(
        /^kit\/forms\/inputs\/physical-margin: not right to left: not mirrored right to left: div\.mt-4\.ml-4\.h-10\.w-40 at x=\d+ right to left, \d+ expected; physical classes .*: ml-4$/,
      ),
      expect.stringMatching(
        /^kit\/forms\/inputs\/pinned-left: not right to left: not mirrored right to left: span\.absolute\.top-0\.h-10\.w-10 at x=24 right to left, \d+ expected$/,
      ),
    ]);

    const written = await build(content, pending, true);
    expect(written.failures).toEqual([]);
    expect(readFileSync(pending, 'utf8')).toMatch(
      /\nkit\/forms\/inputs\/physical-margin\nkit\/forms\/inputs\/pinned-left\n$/,
    );
    // The verdicts come from the cache now: no page is laid out again.
    const allowed = await build(content, pending);
    expect(allowed.failures).toEqual([]);
    expect(allowed.result!.stats).toMatchObject({
      rtlChecked: 0,
      rtlFromCache: 3,
      rtlPassed: 1,
      rtlPending: 2,
      screenshotsTaken: 0,
    });

    writeFileSync(
      pending,
      'kit/forms/inputs/physical-margin\nkit/forms/inputs/pinned-left\nkit/forms/inputs/logical-margin\nkit/gone\n',
    );
    const stale = await build(content, pending);
    expect(stale.failures).toEqual([
      expect.stringContaining('kit/forms/inputs/logical-margin: passes the right-to-left check'),
      expect.stringContaining('kit/gone: listed in'),
    ]);
  }, 300_000);

  test('the published preview carries the direction switch in its <head>', async () => {
    const content = withHistory(
      writeTree(temporaryDirectory('content'), {
        ...metadataFiles(),
        'components/kit/forms/inputs/logical-margin.html':
          components['components/kit/forms/inputs/logical-margin.html'],
      }),
    );
    const pending = join(temporaryDirectory('pending'), 'rtl-pending.txt');
    const { outDir, failures } = await build(content, pending);
    expect(failures).toEqual([]);
    const [file] = readdirSync(join(outDir, 'previews'));
    const preview = readFileSync(join(outDir, 'previews', file!), 'utf8');
    expect(preview).toContain('data.type !== "DIRECTION"');
    expect(preview.indexOf('"DIRECTION"')).toBeLessThan(preview.indexOf('</head>'));
  }, 300_000);
});
