import type { Express } from 'express';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs build script without types
import { precompressAssets } from '../../../../scripts/precompress.mjs';
import {
  createStorefrontDist,
  INERTIA,
  pageFromHtml,
  testApp,
  type StorefrontDist,
} from '../../test/helpers.ts';
import { negotiateEncoding } from './compression.ts';
import { loadClientAssets } from './ssr/assets.ts';
import { loadSsrRenderer } from './ssr/ssr.ts';

describe('negotiateEncoding (Accept-Encoding, RFC 9110 §12.5.3)', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['identity', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', 'identity'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0.1', 'gzip'],
    ['gzip;q=0.5, identity;q=0.9', 'identity'],
    ['identity;q=0', 'identity'],
    ['*;q=0', 'identity'],
    ['br;q=2', 'identity'],
    ['br;q=abc, gzip', 'gzip'],
    [' br ; q=1.000 ', 'br'],
  ])('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('only offers the codings that exist', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip'])).toBe('identity');
  });
});

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request with node:http, so the body arrives exactly as sent (no client decoding). */
async function raw(
  app: Express,
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawResponse> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<RawResponse>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: url, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    server.close();
  }
}

function decode(response: RawResponse): Buffer {
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(response.body);
    case 'gzip':
      return gunzipSync(response.body);
    case undefined:
      return response.body;
    default:
      throw new Error(`unexpected coding ${response.headers['content-encoding']}`);
  }
}

let dist: StorefrontDist | undefined;
afterEach(async () => {
  await dist?.cleanup();
  dist = undefined;
});

const BIG_SCRIPT = `console.log(${JSON.stringify('storefront '.repeat(2000))});\n`;
const SCRIPT = '/build/assets/main-3f9a1c.js';

async function builtApp(env: Record<string, string> = {}) {
  dist = await createStorefrontDist();
  const assets = path.join(dist.dir, 'client', 'assets');
  await writeFile(path.join(assets, 'main-3f9a1c.js'), BIG_SCRIPT);
  (precompressAssets as (dir: string) => number)(assets);
  const { app } = await testApp({
    env: { STOREFRONT_DIST: dist.dir, ...env },
    assets: (await loadClientAssets(dist.dir))!,
    ssr: await loadSsrRenderer(dist.dir),
  });
  return app;
}

describe('pre-compressed hashed assets', () => {
  it('sends the build’s brotli or gzip copy by negotiation, decoding to the very file', async () => {
    const app = await builtApp();
    const identity = await raw(app, SCRIPT, { 'Accept-Encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/Accept-Encoding/);
    expect(identity.body.toString()).toBe(BIG_SCRIPT);

    for (const [accept, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.1, gzip;q=0.9', 'gzip'],
      ['*', 'br'],
    ] as const) {
      const coded = await raw(app, SCRIPT, { 'Accept-Encoding': accept });
      expect(coded.status).toBe(200);
      expect(coded.headers['content-encoding']).toBe(coding);
      expect(coded.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(coded.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(coded.headers.vary).toMatch(/Accept-Encoding/);
      expect(coded.headers.etag).toBe(`"main-3f9a1c.js-${coding === 'br' ? 'br' : 'gz'}"`);
      expect(Number(coded.headers['content-length'])).toBe(coded.body.length);
      expect(coded.body.length).toBeLessThan(BIG_SCRIPT.length / 10);
      expect(decode(coded).toString()).toBe(BIG_SCRIPT);
    }
  });

  it('answers HEAD without a body, 304 for its own coding’s ETag only, and ignores Range on a coded body', async () => {
    const app = await builtApp();
    const head = await raw(app, SCRIPT, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);

    const br = await raw(app, SCRIPT, { 'Accept-Encoding': 'br' });
    const etag = br.headers.etag!;
    const notModified = await raw(app, SCRIPT, {
      'Accept-Encoding': 'br',
      'If-None-Match': `"other", ${etag}`,
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    // The br tag names the br bytes: a gzip client holding it gets its own body.
    const gzip = await raw(app, SCRIPT, { 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const ranged = await raw(app, SCRIPT, { 'Accept-Encoding': 'br', Range: 'bytes=0-9' });
    expect(ranged.status).toBe(200);
    expect(ranged.headers['accept-ranges']).toBe('none');
    expect(decode(ranged).toString()).toBe(BIG_SCRIPT);
    // Uncoded, the file server's ranges still work.
    const plain = await raw(app, SCRIPT, { 'Accept-Encoding': 'identity', Range: 'bytes=0-9' });
    expect(plain.status).toBe(206);
    expect(plain.body.toString()).toBe(BIG_SCRIPT.slice(0, 10));
  });

  it('sends files without copies as they are, and never a .br by its own name as a script', async () => {
    const app = await builtApp();
    // Below the size worth coding: no copy was made.
    const css = await raw(app, '/build/assets/main-8d2e4b.css', { 'Accept-Encoding': 'br' });
    expect(css.status).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body.toString()).toBe('body{margin:0}\n');
    const copy = await raw(app, `${SCRIPT}.br`, { 'Accept-Encoding': 'br' });
    expect(copy.headers['content-encoding']).toBeUndefined();
    expect(copy.headers['content-type']).not.toMatch(/javascript/);
  });
});

describe('compressed pages (HTML and Inertia JSON)', () => {
  it('codes a catalogue page the client accepts, and it decodes to the identical body', async () => {
    const app = await builtApp();
    const identity = await raw(app, '/', { 'Accept-Encoding': 'identity' });
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/Accept-Encoding/);
    expect(identity.body.toString()).toContain('data-server-rendered="true"');
    for (const coding of ['br', 'gzip'] as const) {
      const coded = await raw(app, '/', { 'Accept-Encoding': coding });
      expect(coded.headers['content-encoding']).toBe(coding);
      expect(coded.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(coded.headers.vary).toMatch(/X-Inertia/);
      expect(coded.headers.vary).toMatch(/Accept-Encoding/);
      expect(coded.headers.etag).not.toBe(identity.headers.etag);
      expect(decode(coded).equals(identity.body)).toBe(true);
    }
    const version = pageFromHtml(identity.body.toString()).version;
    const json = { ...INERTIA, 'X-Inertia-Version': version };
    const plain = await raw(app, '/', { ...json, 'Accept-Encoding': 'identity' });
    const gzip = await raw(app, '/', { ...json, 'Accept-Encoding': 'gzip, br;q=0.5' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gzip.headers['x-inertia']).toBe('true');
    expect(decode(gzip).equals(plain.body)).toBe(true);
    expect(JSON.parse(plain.body.toString())).toMatchObject({ component: 'Home' });
  });

  it('answers 304 per coding and HEAD without a body', async () => {
    const app = await builtApp();
    const br = await raw(app, '/', { 'Accept-Encoding': 'br' });
    const again = await raw(app, '/', {
      'Accept-Encoding': 'br',
      'If-None-Match': br.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const gzip = await raw(app, '/', {
      'Accept-Encoding': 'gzip',
      'If-None-Match': br.headers.etag!,
    });
    expect(gzip.status).toBe(200);
    const head = await raw(app, '/', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(br.body.length));
    expect(head.body.length).toBe(0);
  });

  it('never codes a page that carries a secret of its viewer (BREACH)', async () => {
    const app = await builtApp();
    const token = 'a'.repeat(64);
    const reset = await raw(app, `/password/reset/${token}?email=x%40example.com`, {
      'Accept-Encoding': 'br, gzip',
    });
    expect(reset.status).toBe(200);
    expect(reset.headers['content-encoding']).toBeUndefined();
    expect(pageFromHtml(reset.body.toString()).component).toBe('ResetPassword');
    expect(reset.body.toString()).toContain(token);
  });
});
