import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type LogLine } from '../../test/helpers.ts';
import { TEST_DATABASE } from '../../test/services.ts';

/**
 * The machine routers (the provider's webhooks, page-view beacons, the licence API) answer
 * whatever a caller throws at them in JSON, from their own stack: the page error renderer
 * (sessions, flash, Inertia) is never reached, and nothing a visitor sends writes an
 * error-level log line.
 */
const ROUTES = ['/webhooks/paddle', '/page-views', '/api/licenses/validate'] as const;

const HUGE = JSON.stringify({ path: '/components', pad: 'x'.repeat(1_100_000) });

interface Case {
  name: string;
  headers: Record<string, string>;
  body: string | Buffer;
  /** The statuses a careful API may give it (the webhook checks its signature first: 401). */
  statuses: number[];
}

const CASES: Case[] = [
  {
    name: 'a 1.1 MB body',
    headers: { 'Content-Type': 'application/json' },
    body: HUGE,
    statuses: [413],
  },
  {
    name: 'a 1.1 MB gzip body (small on the wire)',
    headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    body: gzipSync(HUGE),
    statuses: [400, 413, 415],
  },
  {
    name: 'br garbage',
    headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'br' },
    body: Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0x01, 0x02, 0x03]),
    statuses: [400, 415],
  },
  {
    name: 'gzip garbage',
    headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    body: Buffer.from('definitely not gzip'),
    statuses: [400, 415],
  },
  {
    name: 'an unknown content-encoding',
    headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'x-made-up' },
    body: '{}',
    statuses: [415],
  },
  {
    name: 'malformed JSON',
    headers: { 'Content-Type': 'application/json' },
    body: '{"path": "/components",',
    statuses: [400],
  },
  {
    name: 'NUL bytes',
    headers: { 'Content-Type': 'application/json' },
    body: Buffer.from('\u0000\u0000{"path":"/\u0000"}\u0000', 'utf8'),
    statuses: [400, 422],
  },
  {
    name: 'an unknown charset',
    headers: { 'Content-Type': 'application/json; charset=x-klingon' },
    body: '{}',
    statuses: [400, 415],
  },
];

describe(`machine routes answer JSON to hostile bodies (${TEST_DATABASE})`, () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    app = await testApp();
  });

  const errorLines = (from: number): LogLine[] =>
    app.lines.slice(from).filter((line) => line.level >= 50);

  for (const route of ROUTES) {
    it.each(CASES)(`${route}: $name`, async ({ headers, body, statuses }) => {
      const before = app.lines.length;
      const response = await request(app.app).post(route).set(headers).send(body);
      const allowed = route === '/webhooks/paddle' ? [...statuses, 401] : statuses;
      expect(allowed).toContain(response.status);
      expect(response.type).toBe('application/json');
      expect(response.headers['x-inertia']).toBeUndefined();
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.body).toMatchObject({ message: expect.any(String) });
      expect(errorLines(before)).toEqual([]);
      for (const line of app.lines.slice(before))
        expect(JSON.stringify(line)).not.toContain('readFlash');
    });
  }

  it('never reaches the page renderer, even for an unknown API path or method', async () => {
    const before = app.lines.length;
    for (const [method, path] of [
      ['get', '/webhooks/paddle'],
      ['put', '/page-views'],
      ['get', '/api/licenses/validate'],
      ['post', '/api/no-such-endpoint'],
      ['get', '/api/'],
    ] as const) {
      const response = await request(app.app)[method](path).set('Accept', 'text/html');
      expect([path, response.type]).toEqual([path, 'application/json']);
      expect([404, 405]).toContain(response.status);
    }
    expect(errorLines(before)).toEqual([]);
  });

  it('draws the error page without the page stack for a body refused before it (no readFlash)', async () => {
    const before = app.lines.length;
    for (const type of ['application/x-www-form-urlencoded', 'application/json']) {
      const body =
        type === 'application/json'
          ? JSON.stringify({ email: 'x'.repeat(200_000) })
          : `email=${'x'.repeat(200_000)}`;
      const response = await request(app.app)
        .post('/newsletter')
        .set('Accept', 'text/html')
        .set('Content-Type', type)
        .send(body);
      expect(response.status).toBe(413);
      expect(response.type).toBe('text/html');
    }
    expect(errorLines(before)).toEqual([]);
    expect(JSON.stringify(app.lines.slice(before))).not.toContain('readFlash');
  });

  it("answers a machine route's own failure in JSON, logged once, never through the page renderer", async () => {
    const broken = await testApp({
      catalogue: () => {
        throw new Error('The catalogue is gone');
      },
    });
    const response = await request(broken.app)
      .post('/page-views')
      .set('Content-Type', 'application/json')
      .send({ path: '/components' });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: 'server_error', message: expect.any(String) });
    const failures = broken.lines.filter((line) => line.level >= 50);
    // The failure once, and the request's own line under the address the client asked for.
    expect(failures.map((line) => line.msg)).toEqual([
      'A machine route failed',
      expect.stringMatching(/^POST \/page-views 500 /),
    ]);
  });
});
