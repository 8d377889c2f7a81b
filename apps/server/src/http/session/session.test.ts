import express from 'express';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrator.ts';
import { testConfig } from '../../../test/helpers.ts';
import { TEST_DATABASE, testServicesEnv } from '../../../test/services.ts';
import { DatabaseSessionStore } from './database-session-store.ts';
import { destroySession, hasSessionCookie, regenerateSession, sessions } from './session.ts';
import { sessionKey } from './session-store.ts';

// The session middleware on its own (no store app around it), over the real database store:
// the cookie's name and attributes, what is stored when, and sign-in's fresh id.
const config = testConfig(await testServicesEnv());
const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
await migrateToLatest(database);
afterAll(() => database.close());

/** A store whose every call fails, for the error paths of regenerate and destroy. */
class BrokenStore extends DatabaseSessionStore {
  failing = false;
  override async destroySession(sid: string) {
    if (this.failing) throw new Error('the store is down');
    return super.destroySession(sid);
  }
}

function resolvers() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Holds /slow-read open: `reached` once it has read the session, until `release`. */
let gate = { reached: resolvers(), release: resolvers() };

function app(options: { secure?: boolean; production?: boolean } = {}) {
  const store = new BrokenStore(database.db);
  const server = express();
  server.set('trust proxy', true);
  server.use(
    sessions({
      store,
      secret: 'a session secret for this test only',
      secure: options.secure ?? false,
      production: options.production ?? false,
    }),
  );
  server.get('/nothing', (_req, res) => {
    res.send('untouched');
  });
  server.get('/remember', (req, res) => {
    req.session.snippetLang = 'vue';
    res.send(req.sessionID);
  });
  server.get('/react', (req, res) => {
    req.session.snippetLang = 'react';
    res.send('react');
  });
  server.get('/slow-read', async (req, res) => {
    const lang = req.session.snippetLang ?? null;
    gate.reached.resolve();
    await gate.release.promise;
    res.json({ lang });
  });
  server.get('/read', (req, res) => {
    res.json({ id: req.sessionID, lang: req.session.snippetLang ?? null });
  });
  server.get('/sign-in', async (req, res) => {
    const before = req.sessionID;
    if (req.query.flash) req.session.flash = { success: 'Signed in.' } as never;
    try {
      await regenerateSession(req);
    } catch (error) {
      res.status(500).send((error as Error).message);
      return;
    }
    const carried = { lang: req.session.snippetLang ?? null, flash: req.session.flash ?? null };
    req.session.snippetLang = 'html';
    res.json({ before, after: req.sessionID, ...carried });
  });
  server.get('/sign-out', async (req, res) => {
    try {
      await destroySession(req);
    } catch (error) {
      res.status(500).send((error as Error).message);
      return;
    }
    res.send('gone');
  });
  server.get('/forget', (req, res) => {
    // express-session's `unset: 'destroy'` acts on a session set to null.
    (req as unknown as { session: null }).session = null;
    res.send('unset');
  });
  return { server, store };
}

const cookieOf = (response: request.Response) =>
  ([] as string[]).concat(response.headers['set-cookie'] ?? []);
const pair = (setCookie: string) => setCookie.split(';')[0]!;

async function stored(sid: string) {
  return database.db
    .selectFrom('sessions')
    .select(['data', 'user_id'])
    .where('id', '=', sessionKey(sid))
    .executeTakeFirst();
}

describe(`sessions (${TEST_DATABASE})`, () => {
  it('stores and sets nothing for a request that leaves the session alone', async () => {
    const response = await request(app().server).get('/nothing');
    expect(response.text).toBe('untouched');
    expect(cookieOf(response)).toEqual([]);
  });

  it('names the cookie __Host- only in production over TLS, and keeps it HttpOnly, Lax, Path=/ and for the browser’s life', async () => {
    const cases = [
      { secure: true, production: true, name: '__Host-tessera_session', flags: ['Secure'] },
      { secure: true, production: false, name: 'tessera_session', flags: ['Secure'] },
      { secure: false, production: true, name: 'tessera_session', flags: [] },
      { secure: false, production: false, name: 'tessera_session', flags: [] },
    ];
    for (const { secure, production, name, flags } of cases) {
      const response = await request(app({ secure, production }).server)
        .get('/remember')
        .set('X-Forwarded-Proto', 'https');
      const [cookie, ...more] = cookieOf(response);
      expect(more).toEqual([]);
      const [nameValue, ...attributes] = cookie!.split('; ');
      expect(nameValue!.startsWith(`${name}=`)).toBe(true);
      expect(attributes.sort()).toEqual(['HttpOnly', 'Path=/', 'SameSite=Lax', ...flags].sort());
      // The store keeps the data under a hash of the id, never the id itself.
      const row = await stored(response.text);
      expect(JSON.parse(row!.data)).toMatchObject({ snippetLang: 'vue' });
      expect(await stored(decodeURIComponent(nameValue!.split('=')[1]!))).toBeUndefined();
    }
  });

  it('never lets a slow request that only read the session overwrite what a faster one saved', async () => {
    const { server } = app();
    const agent = request.agent(server);
    const id = (await agent.get('/remember')).text;
    gate = { reached: resolvers(), release: resolvers() };
    const slow = agent.get('/slow-read').then((response) => response);
    // The slow request has loaded the session ('vue') before the fast one changes it.
    await gate.reached.promise;
    expect((await agent.get('/react')).text).toBe('react');
    gate.release.resolve();
    expect((await slow).body).toEqual({ lang: 'vue' });
    const row = await stored(id);
    expect(JSON.parse(row!.data)).toMatchObject({ snippetLang: 'react' });
  });

  it('tells a request with a session cookie of either name from one without', () => {
    const has = (cookie?: string) => hasSessionCookie({ headers: { cookie } });
    expect(has('tessera_session=s%3Aabc')).toBe(true);
    expect(has('theme=dark; __Host-tessera_session=s%3Aabc')).toBe(true);
    expect(has(undefined)).toBe(false);
    expect(has('')).toBe(false);
    expect(has('tessera_session_old=1; Tessera_Session=2')).toBe(false);
    expect(has('constructor=1; __proto__=2; toString=3')).toBe(false);
  });

  it('gives a signing-in visitor a new id, carrying the flash and nothing else, and forgets the old id', async () => {
    const { server } = app();
    const agent = request.agent(server);
    const first = await agent.get('/remember');
    const oldId = first.text;
    const signIn = await agent.get('/sign-in?flash=1');
    const { before, after, lang, flash } = signIn.body as Record<string, unknown>;
    expect(before).toBe(oldId);
    expect(after).not.toBe(oldId);
    expect(lang).toBeNull();
    expect(flash).toEqual({ success: 'Signed in.' });
    expect(pair(cookieOf(signIn)[0]!)).not.toBe(pair(cookieOf(first)[0]!));
    expect(await stored(oldId)).toBeUndefined();
    const row = await stored(after as string);
    expect(JSON.parse(row!.data)).toMatchObject({ snippetLang: 'html' });
    // The old cookie opens nothing any more.
    const replay = await request(server)
      .get('/read')
      .set('Cookie', pair(cookieOf(first)[0]!));
    expect(replay.body).toMatchObject({ lang: null });
    expect(replay.body.id).not.toBe(oldId);
  });

  it('regenerates a session with or without a flash, and one that was never stored', async () => {
    const { server } = app();
    const remembered = await request(server).get('/remember');
    const response = await request(server)
      .get('/sign-in')
      .set('Cookie', pair(cookieOf(remembered)[0]!));
    expect(response.body.before).toBe(remembered.text);
    expect(response.body).toMatchObject({ flash: null, lang: null });
    expect(response.body.after).not.toBe(remembered.text);
    // A request without any session before it: regenerate still answers.
    const fresh = await request(server).get('/sign-in');
    expect(fresh.status).toBe(200);
    expect(fresh.body.after).not.toBe(fresh.body.before);
  });

  it('ends a session on sign-out and when it is set to null, and reports a store that fails', async () => {
    const { server, store } = app();
    const agent = request.agent(server);
    const id = (await agent.get('/remember')).text;
    expect(await stored(id)).toBeDefined();
    expect((await agent.get('/sign-out')).text).toBe('gone');
    expect(await stored(id)).toBeUndefined();

    const second = (await agent.get('/remember')).text;
    expect(second).not.toBe(id);
    await agent.get('/forget');
    expect(await stored(second)).toBeUndefined();

    const third = (await agent.get('/remember')).text;
    store.failing = true;
    const failed = await agent.get('/sign-out');
    expect([failed.status, failed.text]).toEqual([500, 'the store is down']);
    const failedSignIn = await agent.get('/sign-in');
    expect([failedSignIn.status, failedSignIn.text]).toEqual([500, 'the store is down']);
    store.failing = false;
    expect(await stored(third)).toBeDefined();
  });
});
