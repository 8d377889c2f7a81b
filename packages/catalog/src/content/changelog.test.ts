import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isRealDate, loadChangelog, slugify } from './changelog.ts';

describe('loadChangelog', () => {
  it('has at least ten dated entries across 2024 to 2026, newest first', async () => {
    const entries = await loadChangelog();
    expect(entries.length).toBeGreaterThanOrEqual(10);
    const dates = entries.map((entry) => entry.date);
    for (const date of dates) {
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const [year, month, day] = date.split('-').map(Number);
      expect(isRealDate(year ?? 0, month ?? 0, day ?? 0), date).toBe(true);
    }
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(dates.map((date) => date.slice(0, 4)))).toEqual(
      new Set(['2024', '2025', '2026']),
    );
  });

  it('gives each entry a unique anchor made of its date and title', async () => {
    const entries = await loadChangelog();
    for (const entry of entries) {
      expect(entry.anchor).toBe(`${entry.date}-${slugify(entry.title)}`);
      expect(entry.html).toMatch(/^<(p|ul)>/);
    }
    expect(new Set(entries.map((entry) => entry.anchor)).size).toBe(entries.length);
  });
});

describe('slugify', () => {
  it('makes kebab-case anchors from titles', () => {
    expect(slugify('Tailwind CSS v4.1 & React 19')).toBe('tailwind-css-v4-1-react-19');
    expect(slugify('  Café déjà vu!  ')).toBe('cafe-deja-vu');
  });
});

describe('the changelog folder', () => {
  let contentDir = '';
  afterEach(() => rm(contentDir, { recursive: true, force: true }));

  async function fixture(name: string, text = '---\ntitle: A release\n---\n\nNotes.\n') {
    contentDir = await mkdtemp(join(tmpdir(), 'content-changelog-'));
    await mkdir(join(contentDir, 'changelog'));
    await writeFile(join(contentDir, 'changelog', name), text);
  }

  it('rejects a file name without a date', async () => {
    await fixture('release-notes.md');
    await expect(loadChangelog({ contentDir })).rejects.toThrow(
      /release-notes\.md: name must be YYYY-MM-DD/,
    );
  });

  it('rejects a date that does not exist', async () => {
    await fixture('2025-02-30-leap.md');
    await expect(loadChangelog({ contentDir })).rejects.toThrow('2025-02-30 is not a real date');
  });

  it('rejects an entry without a title', async () => {
    await fixture('2025-02-03-untitled.md', '---\n---\nNotes');
    await expect(loadChangelog({ contentDir })).rejects.toThrow(/'title' must be/);
  });
});
