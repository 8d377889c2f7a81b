import { describe, expect, it } from 'vitest';
import type { Page } from '../inertia/page.ts';
import { cachedRenderer } from './render-cache.ts';
import type { SsrRenderer } from './types.ts';

function page(props: Record<string, unknown>, url = '/components'): Page {
  return { component: 'Components', props, url, version: 'v1' } as unknown as Page;
}

function countingRenderer(fail = false) {
  const calls: Page[] = [];
  const renderer: SsrRenderer = {
    async render(rendered) {
      calls.push(rendered);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail && calls.length === 1) throw new Error('render failed');
      return { head: ['<title>t</title>'], body: `<div>${JSON.stringify(rendered.props)}</div>` };
    },
  };
  return { renderer, calls };
}

describe('cachedRenderer', () => {
  it('renders a page object once, however many requests share it', async () => {
    const { renderer, calls } = countingRenderer();
    const cached = cachedRenderer(renderer);
    const results = await Promise.all([1, 2, 3].map(() => cached.render(page({ a: 1 }))));
    expect(await cached.render(page({ a: 1 }))).toEqual(results[0]);
    expect(calls).toHaveLength(1);
  });

  it('never serves one page object for another', async () => {
    const { renderer, calls } = countingRenderer();
    const cached = cachedRenderer(renderer);
    const visitor = await cached.render(page({ auth: null }));
    const customer = await cached.render(page({ auth: { user: { email: 'a@example.com' } } }));
    const elsewhere = await cached.render(page({ auth: null }, '/templates'));
    expect(calls).toHaveLength(3);
    expect(customer.body).toContain('a@example.com');
    expect(visitor.body).not.toContain('a@example.com');
    expect(elsewhere).not.toBe(visitor);
  });

  it('does not keep a failed render, and stays within its size', async () => {
    const { renderer, calls } = countingRenderer(true);
    const cached = cachedRenderer(renderer, { maxBytes: 400 });
    await expect(cached.render(page({ a: 1 }))).rejects.toThrow('render failed');
    await cached.render(page({ a: 1 }));
    expect(calls).toHaveLength(2);
    for (let i = 0; i < 20; i += 1) await cached.render(page({ i }));
    expect(cached.size).toBeLessThan(20);
  });
});
