import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createCookieFlashStore } from './cookie-flash-store.ts';
import { parseCookies, serializeCookie } from './cookies.ts';
import { flash, oldInput, type FlashData, type FlashStore } from './flash.ts';

const SECRET = 'flash-test-secret-0123456789abcdefghij';

function flashApp(store: FlashStore) {
  const app = express();
  app.use(express.json());
  app.use(flash(store));
  app.post('/write', async (req, res) => {
    await res.flash(req.body as FlashData);
    res.redirect('/read');
  });
  app.post('/write-twice', async (_req, res) => {
    await res.flash({ messages: { success: 'Saved.' } });
    await res.flash({ messages: { error: 'But also this.' }, errors: { name: 'Required.' } });
    res.status(204).end();
  });
  app.get('/read', async (req, res) => {
    res.json(await req.readFlash());
  });
  app.get('/read-twice', async (req, res) => {
    const first = await req.readFlash();
    const second = await req.readFlash();
    res.json({ same: first === second });
  });
  return app;
}

function cookieFrom(response: request.Response, name = 'tessera_flash'): string {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const cookie = cookies.find((line) => line.startsWith(`${name}=`));
  if (!cookie) throw new Error(`no ${name} cookie`);
  return cookie;
}

describe('signed cookie flash store', () => {
  it('sets an HttpOnly, SameSite=Lax, short-lived cookie and reads it back once', async () => {
    const app = flashApp(createCookieFlashStore({ secret: SECRET, secure: false }));
    const written = await request(app)
      .post('/write')
      .send({ errors: { email: 'Required.' }, old: { email: '' } })
      .expect(302);
    const cookie = cookieFrom(written);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Max-Age=60/);
    expect(cookie).not.toMatch(/; Secure/);

    const value = cookie.split(';')[0]!;
    const read = await request(app).get('/read').set('Cookie', value).expect(200);
    expect(read.body).toEqual({ errors: { email: 'Required.' }, old: { email: '' } });
    expect(cookieFrom(read)).toMatch(
      /^tessera_flash=; Path=\/; Max-Age=0; Expires=Thu, 01 Jan 1970/,
    );

    const none = await request(app).get('/read').expect(200);
    expect(none.body).toEqual({});
  });

  it('marks the cookie Secure over https', async () => {
    const app = flashApp(createCookieFlashStore({ secret: SECRET, secure: true }));
    const written = await request(app)
      .post('/write')
      .send({ messages: { success: 'Hi' } });
    expect(cookieFrom(written)).toMatch(/; Secure/);
  });

  it('ignores (and clears) a tampered, foreign or expired cookie', async () => {
    let now = 1_000_000;
    const app = flashApp(createCookieFlashStore({ secret: SECRET, secure: false, now: () => now }));
    const written = await request(app)
      .post('/write')
      .send({ messages: { success: 'Hi' } });
    const value = cookieFrom(written).split(';')[0]!;
    const [payload, signature] = value.slice('tessera_flash='.length).split('.');

    const forged = Buffer.from(
      JSON.stringify({ e: now + 60_000, d: { messages: { success: 'Forged' } } }),
    ).toString('base64url');
    const tampered = await request(app)
      .get('/read')
      .set('Cookie', `tessera_flash=${forged}.${signature}`);
    expect(tampered.body).toEqual({});
    expect(cookieFrom(tampered)).toContain('Max-Age=0');

    const otherApp = flashApp(createCookieFlashStore({ secret: `${SECRET}-other`, secure: false }));
    expect((await request(otherApp).get('/read').set('Cookie', value)).body).toEqual({});

    await request(app).get('/read').set('Cookie', `tessera_flash=${payload}`).expect(200, {});
    await request(app).get('/read').set('Cookie', 'tessera_flash=garbage.garbage').expect(200, {});

    now += 61_000;
    expect((await request(app).get('/read').set('Cookie', value)).body).toEqual({});
  });

  it('merges several writes of one request into one cookie', async () => {
    const app = flashApp(createCookieFlashStore({ secret: SECRET, secure: false }));
    const written = await request(app).post('/write-twice').expect(204);
    expect(([] as string[]).concat(written.headers['set-cookie'] ?? [])).toHaveLength(1);
    const read = await request(app).get('/read').set('Cookie', cookieFrom(written).split(';')[0]!);
    expect(read.body).toEqual({
      messages: { success: 'Saved.', error: 'But also this.' },
      errors: { name: 'Required.' },
    });
  });

  it('reads at most once per request', async () => {
    let reads = 0;
    const app = flashApp({
      read: () => {
        reads += 1;
        return { messages: { success: 'x' } };
      },
      write: () => undefined,
    });
    expect((await request(app).get('/read-twice')).body).toEqual({ same: true });
    expect(reads).toBe(1);
  });

  it('drops old input rather than send a cookie the browser would refuse', async () => {
    const oversized: number[] = [];
    const app = flashApp(
      createCookieFlashStore({
        secret: SECRET,
        secure: false,
        onOversize: (bytes) => oversized.push(bytes),
      }),
    );
    const written = await request(app)
      .post('/write')
      .send({ errors: { bio: 'Too long.' }, old: { bio: 'x'.repeat(5000) } });
    const read = await request(app).get('/read').set('Cookie', cookieFrom(written).split(';')[0]!);
    expect(read.body).toEqual({ errors: { bio: 'Too long.' } });
    expect(oversized).toHaveLength(1);
  });
});

describe('cookies and old input', () => {
  it('parses cookie headers', () => {
    expect(parseCookies('a=1; b="two"; c=%7Bx%7D; a=ignored; broken; =x')).toEqual({
      a: '1',
      b: 'two',
      c: '{x}',
    });
    expect(parseCookies(undefined)).toEqual({});
    expect(parseCookies('a=%00; b=x%00y; c=ok')).toEqual({ c: 'ok' });
  });

  it('serializes expiring cookies', () => {
    expect(serializeCookie('n', 'v w', { maxAgeSeconds: 10, secure: true })).toBe(
      'n=v%20w; Path=/; Max-Age=10; HttpOnly; Secure; SameSite=Lax',
    );
  });

  it('keeps no passwords, tokens or non-scalar values in old input', () => {
    expect(
      oldInput({
        email: 'a@b.c',
        password: 'secret',
        new_password: 'secret',
        invite_token: 't',
        remember: true,
        file: { name: 'x' },
      }),
    ).toEqual({ email: 'a@b.c', remember: true });
    expect(oldInput(null)).toEqual({});
  });
});
