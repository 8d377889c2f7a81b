import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requestJson, xsrfToken } from './json-request';

type Seen = { method?: string; headers: IncomingHttpHeaders; body: string };
let server: Server;
let base: string;
let seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, headers: req.headers, body });
      if (req.url === '/text') {
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end('not json');
        return;
      }
      res
        .writeHead(req.url === '/missing' ? 404 : 200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ echo: body || null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  seen = [];
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('xsrfToken', () => {
  it('reads and decodes the XSRF-TOKEN cookie among others', () => {
    expect(xsrfToken('a=1; XSRF-TOKEN=n0nce.m%2Bac%3D; b=2')).toBe('n0nce.m+ac=');
    expect(xsrfToken('XSRF-TOKEN=abc=def')).toBe('abc=def');
    expect(xsrfToken('a=1; OTHER-XSRF-TOKEN=x')).toBeNull();
    expect(xsrfToken('')).toBeNull();
    expect(xsrfToken('XSRF-TOKEN=%E0%A4%A')).toBeNull();
  });
});

describe('requestJson', () => {
  it('posts JSON with the CSRF header the server checks, and reads the JSON answer', async () => {
    document.cookie = `XSRF-TOKEN=${encodeURIComponent('n0nce.mac+/=')}`;
    const response = await requestJson(`${base}/details`, {
      method: 'POST',
      body: { email: 'ada@example.com', country: 'DE' },
    });
    expect(response).toEqual({
      status: 200,
      ok: true,
      data: { echo: '{"email":"ada@example.com","country":"DE"}' },
    });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers['x-xsrf-token']).toBe('n0nce.mac+/=');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
  });

  it('sends no token on a GET, and reports a non-OK status', async () => {
    document.cookie = 'XSRF-TOKEN=abc';
    const response = await requestJson(`${base}/missing`);
    expect(response).toMatchObject({ status: 404, ok: false, data: { echo: null } });
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.headers['x-xsrf-token']).toBeUndefined();
  });

  it('gives null data for an answer that is not JSON', async () => {
    expect(await requestJson(`${base}/text`)).toEqual({ status: 200, ok: true, data: null });
  });
});
