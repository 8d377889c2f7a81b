import express, { type Request, type Response } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.ts';
import { createCsrf } from '../../http/csrf.ts';
import { sessions } from '../../http/session/session.ts';
import { captureLogger, testConfig } from '../../../test/helpers.ts';
import { TEST_DATABASE, testServices, testServicesEnv } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import {
  clearRememberCookie,
  landingAfterSignOut,
  loadUser,
  rememberCookieName,
  requireUser,
  returnPathFromQuery,
  safeRedirectPath,
  signedIn,
  signIn,
  type CookieSettings,
} from './middleware.ts';
import { newLicenseKey } from '../shared/index.ts';
import { authService } from './service/auth.ts';

// The sign-in middleware on its own, over the real database and session store (no store app
// around it): who `req.user` is, the remember-me cookie's rotation and refusal, the guards.
const config = testConfig(await testServicesEnv());
const { logger } = captureLogger();
let clock = Date.now();
const services = await testServices(config, logger, { now: () => clock });
const auth = authService({ ...services, config, logger, now: () => clock });

/** Requests that reached a guarded handler, by path: a visitor's must never. */
const reached: string[] = [];

function app(options: { secure?: boolean; production?: boolean } = {}) {
  const cookies: CookieSettings = {
    secure: options.secure ?? false,
    production: options.production ?? false,
    csrf: createCsrf({ secret: config.sessionSecret, secure: options.secure ?? false }),
  };
  const server = express();
  server.use(express.json());
  server.use(
    sessions({
      store: services.sessionStore,
      secret: config.sessionSecret,
      secure: cookies.secure,
      production: cookies.production,
    }),
  );
  server.use(loadUser(auth, cookies));
  server.post('/sign-in', async (req, res) => {
    const body = req.body as { id: number; remember: boolean };
    await signIn(req, res, auth, cookies, body.id, body.remember);
    res.json({ session: req.sessionID, selector: req.session.rememberSelector ?? null });
  });
  server.post('/forget', (_req, res) => {
    clearRememberCookie(res, cookies);
    res.end();
  });
  server.get('/who', (req, res) => {
    res.json({
      user: req.user?.email ?? null,
      session: req.sessionID,
      intended: req.session.intendedUrl ?? null,
    });
  });
  server.get('/mine', requireUser, (req, res) => {
    reached.push(`GET /mine ${req.user?.email}`);
    res.send(`yours, ${req.user!.email}`);
  });
  server.post('/mine', requireUser, (req, res) => {
    reached.push(`POST /mine ${req.user?.email}`);
    res.send(`posted, ${req.user!.email}`);
  });
  const own = signedIn((req, res: Response) => {
    res.send(`handled for ${req.user.email}`);
  });
  server.get('/own', own);
  server.delete('/own', own);
  server.use((error: unknown, _req: Request, res: Response, _next: express.NextFunction) => {
    res
      .status(error instanceof HttpError ? error.status : 500)
      .json({ error: (error as Error).message });
  });
  return server;
}

/** The Set-Cookie headers of a response, by cookie name. */
function setCookies(response: request.Response): Map<string, string> {
  const headers = response.headers['set-cookie'] as unknown as string[] | undefined;
  return new Map((headers ?? []).map((line) => [line.slice(0, line.indexOf('=')), line]));
}

/** A cookie's value as the browser sends it back, and as the server reads it (decoded). */
function cookieValue(line: string | undefined): string {
  expect(line).toBeDefined();
  return decodeURIComponent(line!.slice(line!.indexOf('=') + 1, line!.indexOf(';')));
}

/** A new account: its id and its (normalised) e-mail. */
async function newUser(name: string) {
  const email = uniqueEmail(name);
  const id = await createUser(services, email, 'a-long-enough-password');
  return { id, email };
}

async function signedInAgent(remember: boolean) {
  const user = await newUser('middleware');
  const agent = request.agent(app());
  const response = await agent.post('/sign-in').send({ id: user.id, remember });
  return { user, agent, response };
}

describe(`the sign-in middleware (${TEST_DATABASE})`, () => {
  it('names the remember-me cookie __Host- only in production over TLS', () => {
    expect(rememberCookieName({ secure: true, production: true })).toBe('__Host-tessera_remember');
    expect(rememberCookieName({ secure: true, production: false })).toBe('tessera_remember');
    expect(rememberCookieName({ secure: false, production: true })).toBe('tessera_remember');
  });

  it('signs in with a fresh session, a rotated CSRF token and a 30-day remember-me cookie', async () => {
    const visitor = request.agent(app());
    const before = (await visitor.get('/who')).body.session as string;
    const user = await newUser('fresh');
    const response = await visitor.post('/sign-in').send({ id: user.id, remember: true });
    expect(response.body.session).not.toBe(before);
    const cookies = setCookies(response);
    const remember = cookies.get('tessera_remember');
    expect(remember).toMatch(/; Max-Age=2592000;/);
    expect(remember).toMatch(/HttpOnly/);
    const [selector] = cookieValue(remember).split(':');
    expect(response.body.selector).toBe(selector);
    expect(cookies.get('XSRF-TOKEN')).toBeDefined();
    expect((await visitor.get('/who')).body.user).toBe(user.email);
  });

  it('declining remember-me sets no cookie and keeps no selector', async () => {
    const { response, agent, user } = await signedInAgent(false);
    expect(setCookies(response).has('tessera_remember')).toBe(false);
    expect(response.body.selector).toBeNull();
    expect((await agent.get('/who')).body.user).toBe(user.email);
  });

  it('a remembered browser with no session is signed in again, its token replaced and recorded', async () => {
    const { user, response } = await signedInAgent(true);
    const cookie = cookieValue(setCookies(response).get('tessera_remember'));
    const fresh = request.agent(app());
    fresh.jar.setCookie(`tessera_remember=${cookie}`, '127.0.0.1', '/');
    const first = await fresh.get('/who');
    expect(first.body.user).toBe(user.email);
    const replaced = cookieValue(setCookies(first).get('tessera_remember'));
    expect(replaced).not.toBe(cookie);
    expect(setCookies(first).get('XSRF-TOKEN')).toBeDefined();
    // The new session holds the user (no second remember-me use) and the new selector.
    const second = await fresh.get('/who');
    expect(second.body.user).toBe(user.email);
    expect(setCookies(second).has('tessera_remember')).toBe(false);
    const recorded = await auth.signIns.recent(user.id, 5);
    expect(recorded.map((row) => row.method)).toContain('remember');
    // The old cookie was spent: a thief replaying it gets nobody, and the cookie is cleared.
    const thief = await request(app()).get('/who').set('Cookie', `tessera_remember=${cookie}`);
    expect(thief.body.user).toBeNull();
    expect(setCookies(thief).get('tessera_remember')).toMatch(/^tessera_remember=;.*Max-Age=0/);
  });

  it('a forged, malformed or expired remember-me cookie signs nobody in and is cleared', async () => {
    const { response } = await signedInAgent(true);
    const cookie = cookieValue(setCookies(response).get('tessera_remember'));
    const [selector] = cookie.split(':');
    for (const forged of [
      `${selector}:${'A'.repeat(43)}`,
      'no-colon',
      ':',
      `${'s'.repeat(40)}:v`,
    ]) {
      const answer = await request(app()).get('/who').set('Cookie', `tessera_remember=${forged}`);
      expect(answer.body.user, forged).toBeNull();
      expect(setCookies(answer).get('tessera_remember'), forged).toMatch(/Max-Age=0/);
    }
    // The forged validator spent the real token too (a theft signal ends it).
    const after = await request(app()).get('/who').set('Cookie', `tessera_remember=${cookie}`);
    expect(after.body.user).toBeNull();

    const later = await signedInAgent(true);
    const kept = cookieValue(setCookies(later.response).get('tessera_remember'));
    clock += 31 * 24 * 60 * 60 * 1000;
    try {
      const expired = await request(app()).get('/who').set('Cookie', `tessera_remember=${kept}`);
      expect(expired.body.user).toBeNull();
    } finally {
      clock = Date.now();
    }
  });

  it('a remember-me cookie of an account that no longer exists signs nobody in', async () => {
    const { user, response } = await signedInAgent(true);
    const cookie = cookieValue(setCookies(response).get('tessera_remember'));
    const token = await auth.remember.issue(user.id);
    // The account is gone (its tokens with it): neither cookie is honoured.
    await services.database.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(
      (await request(app()).get('/who').set('Cookie', `tessera_remember=${cookie}`)).body.user,
    ).toBeNull();
    const orphan = await request(app())
      .get('/who')
      .set('Cookie', `tessera_remember=${token.cookieValue}`);
    expect(orphan.body.user).toBeNull();
    expect(setCookies(orphan).get('tessera_remember')).toMatch(/Max-Age=0/);
  });

  it('a session whose account was deleted is signed out, and never becomes the account given its id next', async () => {
    const { db } = services.database;
    const { user, agent } = await signedInAgent(false);
    expect((await agent.get('/who')).body.user).toBe(user.email);
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    expect((await agent.get('/who')).body.user).toBeNull();
    // An id freed by a deletion can be taken again (SQLite reuses the highest rowid).
    const newcomer = uniqueEmail('newcomer');
    await db
      .insertInto('users')
      .values({
        id: user.id,
        email: newcomer,
        password_hash: 'x',
        is_admin: 0,
        snippet_lang: null,
        created_at: clock,
        updated_at: clock,
      })
      .execute();
    expect((await agent.get('/who')).body.user).toBeNull();
    expect((await agent.get('/mine')).status).toBe(302);
  });

  it('clears the remember-me cookie with the same attributes, expired', async () => {
    const cleared = setCookies(
      await request(app({ secure: true, production: true })).post('/forget'),
    );
    const line = cleared.get('__Host-tessera_remember');
    expect(line).toMatch(/^__Host-tessera_remember=;/);
    expect(line).toMatch(/Max-Age=0/);
    expect(line).toMatch(/Secure/);
    expect(line).toMatch(/Path=\//);
  });

  it('sends a visitor asking for a page to sign in and back; refuses other methods with a 401', async () => {
    reached.length = 0;
    const visitor = request.agent(app());
    const page = await visitor.get('/mine?tab=2');
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe('/login');
    expect((await visitor.get('/who')).body.intended).toBe('/mine?tab=2');
    const post = await request(app()).post('/mine');
    expect(post.status).toBe(401);
    expect(post.body.error).toBe('Please sign in.');

    const viaHandler = request.agent(app());
    const own = await viaHandler.get('/own');
    expect(own.status).toBe(302);
    expect(own.headers.location).toBe('/login');
    expect((await viaHandler.get('/who')).body.intended).toBe('/own');
    expect((await request(app()).delete('/own')).status).toBe(401);
    expect(reached).toEqual([]);

    const { agent, user } = await signedInAgent(false);
    expect((await agent.get('/mine')).text).toBe(`yours, ${user.email}`);
    expect((await agent.post('/mine')).text).toBe(`posted, ${user.email}`);
    expect((await agent.get('/own')).text).toBe(`handled for ${user.email}`);
    expect((await agent.delete('/own')).text).toBe(`handled for ${user.email}`);
    expect(reached).toEqual([`GET /mine ${user.email}`, `POST /mine ${user.email}`]);
  });
});

describe('where signing in and out lead', () => {
  it('goes to a same-site path, else to the fallback', () => {
    expect(safeRedirectPath('/templates?x=1')).toBe('/templates?x=1');
    expect(safeRedirectPath('//evil.example')).toBe('/');
    expect(safeRedirectPath(undefined)).toBe('/');
    expect(safeRedirectPath('https://evil.example/', '/account-settings')).toBe(
      '/account-settings',
    );
  });

  it('signing out stays on a public, licence or invite page and leaves an account page', () => {
    const key = newLicenseKey();
    expect(landingAfterSignOut(`/licenses/${key}`)).toBe(`/licenses/${key}`);
    const invite = `/teams/4/members?invite_token=${'a'.repeat(43)}`;
    expect(landingAfterSignOut(invite)).toBe(invite);
    expect(landingAfterSignOut('/components?page=2')).toBe('/components?page=2');
    expect(landingAfterSignOut('/account-settings')).toBe('/');
    expect(landingAfterSignOut('/teams/4/members')).toBe('/');
    expect(landingAfterSignOut('https://evil.example/')).toBe('/');
  });
});

describe('returnPathFromQuery', () => {
  const key = newLicenseKey();
  it('takes only a licence page or an invite page spelled as they link', () => {
    const invite = `/teams/12/members?invite_token=${'a'.repeat(43)}`;
    expect(returnPathFromQuery(invite)).toBe(invite);
    expect(returnPathFromQuery(`/licenses/${key}`)).toBe(`/licenses/${key}`);
    for (const refused of [
      undefined,
      42,
      '/teams/0/members?invite_token=' + 'a'.repeat(43),
      '/teams/12/members?invite_token=short',
      `/teams/12/members?invite_token=${'a'.repeat(43)}&x=1`,
      `//evil.example/licenses/${key}`,
      '/licenses/not-a-key',
      '/licenses/',
      '/account-settings',
      `/licenses/${key}/x`,
      `/licenses/${'A'.repeat(201)}`,
      // A repeated query parameter arrives as a list: never taken, even if it reads as a path.
      [`/licenses/${key}`],
      { toString: () => `/licenses/${key}` },
    ]) {
      expect(returnPathFromQuery(refused), String(refused)).toBeNull();
    }
  });
});
