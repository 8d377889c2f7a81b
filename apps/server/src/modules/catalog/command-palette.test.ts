import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { pageFromHtml, testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';

const URL_SHAPE = /^\/command-palette\/([0-9a-f]{16})\.json$/;

describe(`the command palette's items document (decision 020, ${TEST_DATABASE})`, () => {
  it('is named by its hash on every page and served public, immutable, with its ETag', async () => {
    const { app } = await testApp();
    const url = pageFromHtml((await request(app).get('/').expect(200)).text).props
      .commandPaletteUrl as string;
    const [, hash] = URL_SHAPE.exec(url) ?? [];
    expect(hash).toBeDefined();
    const served = await request(app).get(url).expect(200);
    expect(served.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers.etag).toBe(`"${hash}"`);
    // No session for a public document: nothing to set, nothing private.
    expect(served.headers['set-cookie']).toBeUndefined();
    const items = served.body as Array<{ name: string; category: string; url: string }>;
    expect(items.length).toBeGreaterThan(10);
    expect(items).toContainEqual(
      expect.objectContaining({
        name: 'Catalyst',
        category: 'Templates',
        url: '/templates/catalyst',
      }),
    );
    await request(app).get(url).set('If-None-Match', `"${hash}"`).expect(304);
    const head = await request(app).head(url).expect(200);
    expect(head.text ?? '').toBe('');
  });

  it('answers a page from before a deploy with the current items, revalidated every time', async () => {
    const { app } = await testApp();
    const current = pageFromHtml((await request(app).get('/').expect(200)).text).props
      .commandPaletteUrl as string;
    const stale = await request(app).get('/command-palette/0123456789abcdef.json').expect(200);
    expect(stale.headers['cache-control']).toBe('public, no-cache');
    expect(stale.body).toEqual((await request(app).get(current)).body);
    // Percent-encoding names the same document (%66 is 'f').
    const encoded = current.replace(/f(?=[0-9a-f]*\.json$)/, '%66');
    if (encoded !== current) {
      const same = await request(app).get(encoded).expect(200);
      expect(same.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('knows no other name: upper case, encoded, too long, traversal, no extension', async () => {
    const { app } = await testApp();
    for (const path of [
      '/command-palette/0123456789ABCDEF.json',
      '/command-palette/0123456789abcdef0.json',
      '/command-palette/..%2F..%2Fpackage.json',
      '/command-palette/0123456789abcdef',
      '/command-palette/',
      '/command-palette',
    ]) {
      const response = await request(app).get(path).set('Accept', 'application/json');
      expect(response.status, path).toBe(404);
      expect(response.headers['cache-control'], path).not.toContain('immutable');
    }
  });
});
