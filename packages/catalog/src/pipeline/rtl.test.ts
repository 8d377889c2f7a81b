import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { buildCatalog, CatalogBuildError } from './build.ts';
import {
  logicalClassList,
  logicalOf,
  mirrorPointingIcons,
  physicalClassesIn,
  unmirrored,
  unmirroredIconsIn,
  unpairedPhysicalClasses,
} from './rtl.ts';
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
    // A centred box only when the shift is the one that centres it, under the same variant.
    ['left-1/2 translate-x-1/2', ['left-1/2']],
    ['sm:left-1/2 -translate-x-1/2', ['sm:left-1/2']],
    ['-left-1/2 -translate-x-1/2', ['-left-1/2']],
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
    'absolute left-1/2 -translate-x-1/2',
    'sm:right-1/2 sm:translate-x-1/2',
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

describe('logical spelling', () => {
  test.each([
    ['ml-4', 'ms-4'],
    ['mr-auto', 'me-auto'],
    ['pl-3', 'ps-3'],
    ['pr-12', 'pe-12'],
    ['scroll-pl-6', 'scroll-ps-6'],
    ['scroll-mr-2', 'scroll-me-2'],
    ['border-l', 'border-s'],
    ['border-r-4', 'border-e-4'],
    ['border-l-indigo-500', 'border-s-indigo-500'],
    ['rounded-l-md', 'rounded-s-md'],
    ['rounded-r', 'rounded-e'],
    ['rounded-tl-lg', 'rounded-ss-lg'],
    ['rounded-tr-lg', 'rounded-se-lg'],
    ['rounded-bl-lg', 'rounded-es-lg'],
    ['rounded-br-lg', 'rounded-ee-lg'],
    ['left-0', 'start-0'],
    ['right-2.5', 'end-2.5'],
    ['text-left', 'text-start'],
    ['text-right', 'text-end'],
    ['float-left', 'float-start'],
    ['clear-right', 'clear-end'],
  ])('%s is %s', (physical, logical) => {
    expect(logicalOf(physical)).toBe(logical);
  });

  test.each(['mx-4', 'px-2', 'inset-x-0', 'text-lg', 'border-t', 'rounded-t-lg', 'translate-x-2'])(
    '%s has no logical spelling',
    (utility) => {
      expect(logicalOf(utility)).toBeNull();
    },
  );

  test('rewrites only the unpaired physical utilities, keeping variants, signs and spacing', () => {
    expect(
      logicalClassList(
        'relative  -ml-px sm:pl-6 pr-4 pl-4 hover:text-left! dark:rounded-tl-lg left-1/2 -translate-x-1/2',
      ),
    ).toBe(
      'relative  -ms-px sm:ps-6 pr-4 pl-4 hover:text-start! dark:rounded-ss-lg left-1/2 -translate-x-1/2',
    );
  });

  test('a shift sideways gets its right-to-left twin; a centring one does not', () => {
    expect(logicalClassList('translate-x-0 group-has-checked:translate-x-5')).toBe(
      'translate-x-0 group-has-checked:translate-x-5 rtl:group-has-checked:-translate-x-5',
    );
    expect(logicalClassList('-translate-x-full')).toBe('-translate-x-full rtl:translate-x-full');
    expect(logicalClassList('absolute left-1/2 -translate-x-1/2')).toBe(
      'absolute left-1/2 -translate-x-1/2',
    );
    const twice = logicalClassList('hover:translate-x-1');
    expect(logicalClassList(twice)).toBe(twice);
  });

  test('a rewritten list has nothing left to flag', () => {
    const classes = 'absolute right-0 top-0 -mr-1 rounded-r-md border-l text-right sm:float-left';
    expect(unpairedPhysicalClasses(logicalClassList(classes))).toEqual([]);
  });
});

describe('icons that point a way', () => {
  const chevron = (classes: string) =>
    `<svg class="${classes}" viewBox="0 0 20 20"><path d="M8.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25Z" /></svg>`;
  const check = '<svg class="size-5"><path d="M16.704 4.153a.75.75 0 0 1 .143 1.052Z" /></svg>';

  test('a chevron, an arrow or a text arrow without the mirror class is found', () => {
    const html = `<a>Next ${chevron('size-5')}</a><a>Docs <span aria-hidden="true">→</span></a>`;
    expect(unmirroredIconsIn(html)).toEqual(['<svg> chevron or arrow', '<span>→</span>']);
    expect(unmirroredIconsIn(`${check}<span>x</span>`)).toEqual([]);
  });

  test('are mirrored, a turn or shift they make reversed, a text arrow made a box', () => {
    expect(mirrorPointingIcons(chevron('size-5 group-open:rotate-90'))).toBe(
      chevron('size-5 group-open:rotate-90 rtl:-scale-x-100 rtl:group-open:-rotate-90'),
    );
    expect(
      mirrorPointingIcons(
        '<span aria-hidden="true" class="transition group-hover:translate-x-0.5">&rarr;</span>',
      ),
    ).toBe(
      '<span aria-hidden="true" class="transition group-hover:translate-x-0.5 inline-block rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5">&rarr;</span>',
    );
    expect(mirrorPointingIcons('<span aria-hidden="true">←</span>', 'className')).toBe(
      '<span aria-hidden="true" className="inline-block rtl:-scale-x-100">←</span>',
    );
  });

  test('mirroring is done once, and leaves other icons alone', () => {
    const once = mirrorPointingIcons(chevron('size-5'));
    expect(mirrorPointingIcons(once)).toBe(once);
    expect(unmirroredIconsIn(once)).toEqual([]);
    expect(mirrorPointingIcons(check)).toBe(check);
  });

  test("an anchored popover's side follows the writing direction", () => {
    expect(
      logicalClassList(
        '[position-area:bottom_span-left] sm:[position-area:right] [position-area:bottom]',
      ),
    ).toBe('[position-area:bottom_span-x-start] sm:[position-area:x-end] [position-area:bottom]');
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
    // A switch that is on: its knob eases to its place over a second, both ways.
    'components/kit/forms/inputs/switch-on.html': componentSource(
      card(
        '<div class="group relative mt-4 inline-flex w-11 shrink-0 rounded-full bg-gray-200 p-0.5 has-checked:bg-indigo-600"><span class="size-5 rounded-full bg-white transition-transform duration-1000 group-has-checked:translate-x-5 rtl:group-has-checked:-translate-x-5"></span><input id="switch-on-input" type="checkbox" role="switch" checked aria-label="Autosave" class="absolute inset-0 size-full appearance-none rounded-full"></div>',
      ),
      { name: 'Switch on' },
    ),
    // A badge in a sentence moves with the sentence's words, its dot with it.
    'components/kit/forms/inputs/badge-in-sentence.html': componentSource(
      card(
        '<p class="mt-4 text-sm text-gray-700 dark:text-gray-300">Filed as <span class="inline-flex items-center gap-x-1.5 rounded-full px-2 py-1 ring-1 ring-gray-200"><svg class="size-1.5 fill-red-500" viewBox="0 0 6 6" aria-hidden="true"><circle cx="3" cy="3" r="3" /></svg>Bug</span> by Maya.</p>',
      ),
      { name: 'Badge in sentence' },
    ),
    'components/kit/forms/inputs/unmirrored-chevron.html': componentSource(
      card(
        '<p class="mt-4 text-sm text-gray-700 dark:text-gray-300"><a href="#" class="inline-flex items-center">Next <svg class="size-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true"><path d="M8.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L11.94 10 8.22 6.28a.75.75 0 0 1 0-1.06Z" /></svg></a></p>',
      ),
      { name: 'Unmirrored chevron' },
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

  test('flags ml-4, a box pinned left and an unmirrored chevron, passes ms-4, a switch and a badge in a sentence; the allowlist, its flag and its cache', async () => {
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
      'kit/forms/inputs/unmirrored-chevron: not right to left: icons that point a way, not mirrored (rtl:-scale-x-100): <svg> chevron or arrow',
    ]);

    const written = await build(content, pending, true);
    expect(written.failures).toEqual([]);
    expect(readFileSync(pending, 'utf8')).toMatch(
      /\nkit\/forms\/inputs\/physical-margin\nkit\/forms\/inputs\/pinned-left\nkit\/forms\/inputs\/unmirrored-chevron\n$/,
    );
    // The verdicts come from the cache now: no page is laid out again.
    const allowed = await build(content, pending);
    expect(allowed.failures).toEqual([]);
    expect(allowed.result!.stats).toMatchObject({
      rtlChecked: 0,
      rtlFromCache: 6,
      rtlPassed: 3,
      rtlPending: 3,
      screenshotsTaken: 0,
    });

    writeFileSync(
      pending,
      'kit/forms/inputs/physical-margin\nkit/forms/inputs/pinned-left\nkit/forms/inputs/unmirrored-chevron\nkit/forms/inputs/logical-margin\nkit/gone\n',
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
