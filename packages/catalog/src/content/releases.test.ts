import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../pipeline/load.ts';
import { CONTENT_DIR } from '../pipeline/load.ts';
import { addedOnOf, loadReleases } from './releases.ts';

const PATHS = ['kit/forms/inputs/button', 'kit/forms/inputs/card', 'kit/lists/tables/simple'];

function contentWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'releases-'));
  mkdirSync(join(dir, 'changelog'));
  for (const [name, text] of Object.entries(files))
    writeFileSync(join(dir, 'changelog', name), text);
  return dir;
}

const entry = (added?: string) =>
  `---\ntitle: A release\n${added === undefined ? '' : `added:\n${added}\n`}---\n\nText.\n`;

describe('loadReleases', () => {
  it('dates a component by the first release naming it, else by the first naming its subcategory', () => {
    const dir = contentWith({
      '2025-03-01-tables.md': entry('  - kit/lists/tables'),
      '2024-01-10-inputs.md': entry('  - kit/forms/inputs'),
      '2026-02-02-card.md': entry('  - kit/forms/inputs/card'),
      '2026-05-05-docs.md': entry(),
    });
    const releases = loadReleases(dir, PATHS);
    expect(releases.map((release) => release.date)).toEqual([
      '2024-01-10',
      '2025-03-01',
      '2026-02-02',
      '2026-05-05',
    ]);
    expect(addedOnOf(releases, 'kit/forms/inputs/button')).toBe('2024-01-10');
    // Re-added (rebuilt) by name later: the named release wins over the subcategory's.
    expect(addedOnOf(releases, 'kit/forms/inputs/card')).toBe('2026-02-02');
    expect(addedOnOf(releases, 'kit/lists/tables/simple')).toBe('2025-03-01');
    expect(addedOnOf(releases, 'kit/lists/grids/other')).toBeNull();
  });

  it('fails on a path that names nothing, or an added list of the wrong shape', () => {
    expect(() =>
      loadReleases(contentWith({ '2024-01-10-x.md': entry('  - kit/forms/input') }), PATHS),
    ).toThrow(/names kit\/forms\/input, which is no component or subcategory/);
    expect(() => loadReleases(contentWith({ '2024-01-10-x.md': entry('  - 3') }), PATHS)).toThrow(
      /'added' must be a list/,
    );
    expect(() =>
      loadReleases(contentWith({ '2024-01-10-x.md': 'added: kit/forms/inputs\n' }), PATHS),
    ).toThrow(/front matter/);
  });

  it('without a changelog nothing was added by a release', () => {
    expect(loadReleases(mkdtempSync(join(tmpdir(), 'none-')), PATHS)).toEqual([]);
  });

  it('the real changelog names real components, a few subcategories and not all', () => {
    const source = loadCatalog();
    const releases = loadReleases(
      CONTENT_DIR,
      source.components.map((component) => component.path),
    );
    const dated = source.components.filter(
      (component) => addedOnOf(releases, component.path) !== null,
    );
    expect(dated.length).toBeGreaterThan(0);
    expect(dated.length).toBeLessThan(source.components.length);
  });
});
