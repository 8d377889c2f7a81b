// Compression on the production build (NODE_ENV=production, as `npm start` runs it) behind a
// TLS-terminating proxy: pages and hashed assets coded as the client asks, and a browser that
// takes them hydrates the page.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hydrated, storeSuite } from './support';

const { store, browser } = storeSuite({
  env: { APP_URL: 'https://shop.example.test', TRUST_PROXY: 'loopback' },
});

/** What the proxy forwards: the public scheme and the visitor's address. */
const PROXIED = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.9' };

function get(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const url = new URL(path, store.url);
      const req = httpRequest(url, { headers: { ...PROXIED, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

const decode = (body: Buffer, coding: string | undefined) =>
  coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body;

describe('compression in production, behind a proxy', () => {
  it('codes a subcategory page and its hashed assets, each decoding to the identical bytes', async () => {
    const path = '/components/marketing/sections/heroes';
    const plain = await get(path, { 'Accept-Encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const coding of ['br', 'gzip']) {
      const coded = await get(path, { 'Accept-Encoding': coding });
      expect(coded.headers['content-encoding']).toBe(coding);
      expect(coded.headers.vary).toMatch(/Accept-Encoding/);
      expect(coded.headers['cache-control']).toBe('private, no-store');
      expect(decode(coded.body, coding).equals(plain.body)).toBe(true);
    }

    const script = /<script type="module" src="([^"]+)"/.exec(plain.body.toString())?.[1];
    expect(script).toMatch(/^\/build\/assets\//);
    const source = await get(script!, { 'Accept-Encoding': 'identity' });
    const coded = await get(script!, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(coded.headers['content-encoding']).toBe('br');
    expect(coded.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(coded.body.length).toBeLessThan(source.body.length);
    expect(decode(coded.body, 'br').equals(source.body)).toBe(true);
  });

  it('lets a browser that takes brotli load and hydrate the page', async () => {
    const context = await browser.newContext({
      extraHTTPHeaders: PROXIED,
    });
    const page = await context.newPage();
    const codings: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/build/assets/') && response.url().endsWith('.js')) {
        codings.push(response.headers()['content-encoding'] ?? 'identity');
      }
    });
    const response = await page.goto(`${store.url}/components/marketing/sections/heroes`);
    expect(response?.headers()['content-encoding']).toBe('br');
    await hydrated(page);
    // The chunks under 1 KiB have no coded copy; every other script came as brotli.
    expect(codings).toContain('br');
    expect(codings.filter((coding) => coding !== 'br' && coding !== 'identity')).toEqual([]);
    await context.close();
  });
});
