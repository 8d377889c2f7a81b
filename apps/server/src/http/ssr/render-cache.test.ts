import { describe, expect, it } from 'vitest';
import { Representation } from '../compression.ts';
import { responseCache, UncachedResponse } from './render-cache.ts';

function counting(fail = false) {
  const calls: string[] = [];
  const build = (key: string) => async () => {
    calls.push(key);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (fail && calls.length === 1) throw new Error('render failed');
    return new Representation(`<div>${key}</div>`, 'text/html');
  };
  return { build, calls };
}

describe('responseCache', () => {
  it('builds a response once, however many requests share it', async () => {
    const { build, calls } = counting();
    const cache = responseCache();
    const key = JSON.stringify({ component: 'Components', props: { a: 1 } });
    const results = await Promise.all([1, 2, 3].map(() => cache.get(key, build(key))));
    expect(await cache.get(key, build(key))).toBe(results[0]);
    expect(new Set(results).size).toBe(1);
    expect(calls).toHaveLength(1);
  });

  it('never serves one page object for another', async () => {
    const { build, calls } = counting();
    const cache = responseCache();
    const visitor = JSON.stringify({ auth: null });
    const customer = JSON.stringify({ auth: { user: { email: 'a@example.com' } } });
    const a = await cache.get(visitor, build(visitor));
    const b = await cache.get(customer, build(customer));
    expect(calls).toHaveLength(2);
    expect(b.body.toString()).toContain('a@example.com');
    expect(a.body.toString()).not.toContain('a@example.com');
  });

  it('does not keep a failed build, nor a response built not to be kept, and stays within its size', async () => {
    const { build, calls } = counting(true);
    const cache = responseCache({ maxBytes: 400 });
    await expect(cache.get('k', build('k'))).rejects.toThrow('render failed');
    await cache.get('k', build('k'));
    expect(calls).toHaveLength(2);

    const fallback = new Representation('client-rendered', 'text/html');
    const once = async () => {
      throw new UncachedResponse(fallback);
    };
    expect(await cache.get('ssr failed', once)).toBe(fallback);
    const later = new Representation('rendered', 'text/html');
    expect(await cache.get('ssr failed', async () => later)).toBe(later);

    for (let i = 0; i < 20; i += 1) await cache.get(`page ${i}`, build(`page ${i}`));
    expect(cache.size).toBeLessThan(20);
  });
});
