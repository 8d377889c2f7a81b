import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadReleases } from '../content/releases.ts';
import { CONTENT_DIR, loadCatalog } from '../pipeline/load.ts';
import { temporaryDirectory } from '../pipeline/testing.ts';
import { historyDiffs, unifiedDiff } from './diffs.ts';
import { codeHash, HistoryError, isCalendarDate, loadHistory } from './history.ts';
import type { HistorySubject } from './history.ts';

const PATH = 'kit/forms/inputs/button';
const v1 =
  '<div class="p-4"><button type="button" class="rounded-md px-3 py-2">Save</button></div>\n';
const v2 =
  '<div class="p-4"><button type="button" class="rounded-lg px-3 py-2">Save</button></div>\n';

function contentWith(yaml: string, kept: Record<string, string> = {}): string {
  const dir = temporaryDirectory('history');
  const file = join(dir, 'history/kit/forms/inputs.yaml');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, yaml);
  for (const [name, text] of Object.entries(kept)) {
    mkdirSync(join(dir, 'history/kit/forms/inputs/button'), { recursive: true });
    writeFileSync(join(dir, 'history/kit/forms/inputs/button', name), text);
  }
  return dir;
}

const subject = (html: string): HistorySubject[] => [{ path: PATH, code: { html } }];

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof HistoryError) return error.problems;
    throw error;
  }
  return [];
}

const twoVersions = (second: Partial<Record<'date' | 'reason' | 'hash', string>> = {}) =>
  [
    'button:',
    `  - { version: 1, date: "2026-01-05", hash: "${codeHash({ html: v1 })}", reason: Added }`,
    `  - version: 2`,
    `    date: "${second.date ?? '2026-02-01'}"`,
    `    hash: "${second.hash ?? codeHash({ html: v2 })}"`,
    `    reason: ${JSON.stringify(second.reason ?? 'Rounder corners')}`,
    '',
  ].join('\n');

describe('the version history', () => {
  test('reads each version and keeps the code of the earlier ones', () => {
    const dir = contentWith(twoVersions(), { 'v1.html': v1 });
    const history = loadHistory(dir, subject(v2)).get(PATH)!;
    expect(history.entries).toEqual([
      { version: 1, date: '2026-01-05', hash: codeHash({ html: v1 }), reason: 'Added' },
      { version: 2, date: '2026-02-01', hash: codeHash({ html: v2 }), reason: 'Rounder corners' },
    ]);
    expect(history.earlier.get(1)).toEqual({ html: v1 });
  });

  test('a change to the code without a new version fails, saying what to add and keep', () => {
    const dir = contentWith(
      `button:\n  - { version: 1, date: "2026-01-05", hash: "${codeHash({ html: v1 })}", reason: Added }\n`,
    );
    const problems = problemsOf(() => loadHistory(dir, subject(v2)));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(
      `${PATH}: its code changed (hash ${codeHash({ html: v2 })}) but its newest version, 1, records ${codeHash({ html: v1 })}`,
    );
    expect(problems[0]).toContain('Add version 2 to');
    expect(problems[0]).toContain('history/kit/forms/inputs/button/v1.html');
  });

  test('a component without a history, and a history without a component, fail', () => {
    const dir = contentWith(twoVersions(), { 'v1.html': v1 });
    const problems = problemsOf(() =>
      loadHistory(dir, [...subject(v2), { path: 'kit/forms/inputs/card', code: { html: v1 } }]),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^kit\/forms\/inputs\/card: has no version history; add it to .*inputs\.yaml/,
      ),
    ]);
    const orphan = problemsOf(() => loadHistory(dir, []));
    expect(orphan).toEqual([expect.stringContaining('kit/forms/inputs/button is no component')]);
  });

  test('dates must be real and in order, reasons one line, versions counted from 1', () => {
    const kept = { 'v1.html': v1 };
    expect(
      problemsOf(() =>
        loadHistory(contentWith(twoVersions({ date: '2026-02-30' }), kept), subject(v2)),
      ),
    ).toEqual([`${PATH} version 2: 'date' must be a quoted calendar date, YYYY-MM-DD`]);
    expect(
      problemsOf(() =>
        loadHistory(contentWith(twoVersions({ date: '2025-12-31' }), kept), subject(v2)),
      ),
    ).toEqual([`${PATH} version 2: dated 2025-12-31, before version 1 (2026-01-05)`]);
    expect(
      problemsOf(() =>
        loadHistory(contentWith(twoVersions({ reason: 'Rounder\ncorners' }), kept), subject(v2)),
      ),
    ).toEqual([`${PATH} version 2: 'reason' must be one line`]);
    expect(
      problemsOf(() =>
        loadHistory(contentWith(twoVersions({ reason: 'x'.repeat(301) }), kept), subject(v2)),
      ),
    ).toEqual([`${PATH} version 2: 'reason' is longer than 300 characters`]);
    const skipped = twoVersions().replace('version: 2', 'version: 3');
    expect(problemsOf(() => loadHistory(contentWith(skipped, kept), subject(v2)))).toEqual([
      `${PATH} version 2: 'version' must be 2 (versions count up from 1)`,
    ]);
    // YAML reads an unquoted all-digit hash as a number: refused, not silently compared.
    expect(
      problemsOf(() =>
        loadHistory(
          contentWith(
            'button:\n  - { version: 1, date: "2026-01-05", hash: 1234567890123456, reason: Added }\n',
          ),
          subject(v1),
        ),
      ),
    ).toEqual([`${PATH} version 1: 'hash' must be 16 lowercase hex digits`]);
  });

  test("an earlier version's code must be kept, and be the code its hash records", () => {
    expect(problemsOf(() => loadHistory(contentWith(twoVersions()), subject(v2)))).toEqual([
      expect.stringMatching(
        /^kit\/forms\/inputs\/button version 1: its code is not kept \(.*v1\.html\)$/,
      ),
    ]);
    expect(
      problemsOf(() => loadHistory(contentWith(twoVersions(), { 'v1.html': v2 }), subject(v2))),
    ).toEqual([
      expect.stringContaining(`hashes to ${codeHash({ html: v2 })}, not ${codeHash({ html: v1 })}`),
    ]);
  });

  test('a release must exist and be dated on or after the version', () => {
    const yaml = (release: string) =>
      `button:\n  - { version: 1, date: "2026-01-05", hash: "${codeHash({ html: v1 })}", reason: Added, release: ${release} }\n`;
    const releases = new Map([
      ['2026-01-05-buttons', '2026-01-05'],
      ['2025-12-01-old', '2025-12-01'],
    ]);
    expect(
      loadHistory(contentWith(yaml('2026-01-05-buttons')), subject(v1), releases).get(PATH)!
        .entries[0]!.release,
    ).toBe('2026-01-05-buttons');
    expect(
      problemsOf(() => loadHistory(contentWith(yaml('2026-02-01-nothing')), subject(v1), releases)),
    ).toEqual([
      `${PATH} version 1: 'release' names 2026-02-01-nothing, which is no changelog release`,
    ]);
    expect(
      problemsOf(() => loadHistory(contentWith(yaml('2025-12-01-old')), subject(v1), releases)),
    ).toEqual([`${PATH} version 1: released on 2025-12-01, before its date 2026-01-05`]);
  });

  test('the code hash covers the overrides, so a hand-completed React change is a version too', () => {
    expect(codeHash({ html: v1, react: 'a' })).not.toBe(codeHash({ html: v1 }));
    expect(codeHash({ html: v1, react: 'a' })).not.toBe(codeHash({ html: v1, vue: 'a' }));
    expect(codeHash({ html: v1 })).toMatch(/^[0-9a-f]{16}$/);
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-2-28')).toBe(false);
  });

  test("the repository's catalogue has a history for every component that matches its code", () => {
    const catalog = loadCatalog();
    const histories = loadHistory(
      CONTENT_DIR,
      catalog.components.map((component) => ({
        path: component.path,
        code: {
          html: component.html,
          ...(component.overrides.react ? { react: component.overrides.react.source } : {}),
          ...(component.overrides.vue ? { vue: component.overrides.vue.source } : {}),
        },
      })),
      // The repository's own changelog releases, as the build reads them.
      new Map(
        loadReleases(
          CONTENT_DIR,
          catalog.components.map((component) => component.path),
        ).map((release) => [basename(release.file, '.md'), release.date]),
      ),
    );
    expect(histories.size).toBe(catalog.components.length);
  });
});

describe('the diffs of a change', () => {
  test('one unified diff per language, through the converters', () => {
    const dir = contentWith(twoVersions(), { 'v1.html': v1 });
    const history = loadHistory(dir, subject(v2)).get(PATH)!;
    const [change] = historyDiffs(history, { html: v2 });
    expect(change!.version).toBe(2);
    expect(change!.diffs.map((diff) => diff.language)).toEqual(['html', 'react', 'vue']);
    const [html = '', react = '', vue = ''] = change!.diffs.map((diff) => diff.patch!);
    expect(html.split('\n').slice(0, 2)).toEqual(['--- v1/button.html', '+++ v2/button.html']);
    expect(html).toContain(
      '-<div class="p-4"><button type="button" class="rounded-md px-3 py-2">Save</button></div>',
    );
    expect(html).toContain(
      '+<div class="p-4"><button type="button" class="rounded-lg px-3 py-2">Save</button></div>',
    );
    // React's markup says className, and its file is the component's.
    expect(react).toMatch(/^--- v1\/Button\.jsx\n\+\+\+ v2\/Button\.jsx/);
    expect(react).toMatch(/^-.*className="rounded-md px-3 py-2"/m);
    expect(react).toMatch(/^\+.*className="rounded-lg px-3 py-2"/m);
    expect(vue).toMatch(/^\+.*class="rounded-lg px-3 py-2"/m);
  });

  test('a language whose code did not change has no diff', () => {
    expect(unifiedDiff({ before: 'a', after: 'b' }, 'same\n', 'same\n')).toBeNull();
    const history = {
      path: PATH,
      entries: [
        {
          version: 1,
          date: '2026-01-05',
          hash: codeHash({ html: v1, react: 'x' }),
          reason: 'Added',
        },
        {
          version: 2,
          date: '2026-01-06',
          hash: codeHash({ html: v1, react: 'y' }),
          reason: 'React fix',
        },
      ],
      earlier: new Map([[1, { html: v1, react: 'x\n' }]]),
    };
    const [change] = historyDiffs(history, { html: v1, react: 'y\n' });
    expect(change!.diffs.map((diff) => [diff.language, diff.patch === null])).toEqual([
      ['html', true],
      ['react', false],
      ['vue', true],
    ]);
    expect(change!.diffs[1]!.patch).toContain('--- v1/Button.tsx');
  });
});
