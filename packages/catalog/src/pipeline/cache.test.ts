import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createCache, hashParts } from './cache.ts';
import { temporaryDirectory } from './testing.ts';

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
