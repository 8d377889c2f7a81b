import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { oneSessionFlashStore } from '../../../test/helpers.ts';
import { parseCookies, serializeCookie } from './cookies.ts';
import { flash, oldInput, type FlashData, type FlashStore } from './flash.ts';

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

describe('flash', () => {
  it('leaves what one request flashes for the next, once', async () => {
    const agent = request.agent(flashApp(oneSessionFlashStore()));
    await agent
      .post('/write')
      .send({ errors: { email: 'Required.' }, old: { email: '' } })
      .expect(302);
    expect((await agent.get('/read')).body).toEqual({
      errors: { email: 'Required.' },
      old: { email: '' },
    });
    expect((await agent.get('/read')).body).toEqual({});
  });

  it('merges several writes of one request', async () => {
    const agent = request.agent(flashApp(oneSessionFlashStore()));
    await agent.post('/write-twice').expect(204);
    expect((await agent.get('/read')).body).toEqual({
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
    // A JSON form keeps its numbers; a body that is not an object of fields keeps nothing.
    expect(oldInput({ quantity: 3, seats: 0, note: 'x', tags: ['a'] })).toEqual({
      quantity: 3,
      seats: 0,
      note: 'x',
    });
    expect(oldInput(null)).toEqual({});
    expect(oldInput('email=a@b.c')).toEqual({});
    expect(oldInput(['a@b.c'])).toEqual({});
    expect(oldInput(42)).toEqual({});
  });
});
