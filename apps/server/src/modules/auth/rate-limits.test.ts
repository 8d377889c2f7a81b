import type * as Crypto from 'node:crypto';
import type request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../test/sign-in.ts';
import { TestBrowser } from '../../../test/browser.ts';
import { INERTIA, pageFromHtml, testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import {
  createBackoffLimiter,
  PASSWORD_CHECK_LIMIT,
  SIGN_IN_ACCOUNT_LIMIT,
  SIGN_IN_LIMIT,
} from '../../http/rate-limit.ts';
import { WRONG_CURRENT_PASSWORD, WRONG_PASSWORD } from './controller.ts';
import { BAD_CREDENTIALS } from './controller.ts';

// Every password check is one scrypt call: counting them shows a refused attempt cost nothing.
const scrypt = vi.hoisted(() => ({ calls: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>();
  const counted = ((...args: Parameters<typeof actual.scrypt>) => {
    scrypt.calls += 1;
    return actual.scrypt(...args);
  }) as typeof actual.scrypt;
  return { ...actual, default: { ...actual, scrypt: counted }, scrypt: counted };
});

const PASSWORD = 'correct horse battery staple';
const LIMITED = /^Too many (sign-in|password) attempts\. Please try again in \d+ seconds?\.$/;

function retryAfter(response: request.Response): number {
  const value = String(response.headers['retry-after']);
  expect(value).toMatch(/^\d+$/);
  return Number(value);
}

const RECHECKS = [
  {
    name: 'log out other sessions',
    method: 'post',
    url: '/logout/other',
    field: 'password',
    wrong: WRONG_PASSWORD,
    body: (password: string) => ({ password }),
  },
  {
    name: 'change password',
    method: 'put',
    url: '/account-settings/password',
    field: 'old_password',
    wrong: WRONG_CURRENT_PASSWORD,
    body: (password: string) => ({ old_password: password, new_password: 'a fresh passphrase' }),
  },
  {
    name: 'change e-mail',
    method: 'put',
    url: '/account-settings/email',
    field: 'password',
    wrong: WRONG_PASSWORD,
    body: (password: string) => ({ email: uniqueEmail('next'), password }),
  },
] as const;

describe(`rate limits (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  for (const recheck of RECHECKS) {
    it(`limits the password re-check of "${recheck.name}" per user, refusing without scrypt`, async () => {
      const app = await testApp();
      const email = uniqueEmail();
      await createUser(app.services, email, PASSWORD);
      const browser = await signIn(app.app, email, PASSWORD);
      // A second browser of the same user shares the limit: it is per user, not per session.
      const other = await signIn(app.app, email, PASSWORD);

      for (let i = 0; i < PASSWORD_CHECK_LIMIT.points; i += 1) {
        const before = scrypt.calls;
        const client = i % 2 === 0 ? browser : other;
        await client.submit(recheck.method, recheck.url, recheck.body(`wrong guess ${i}`));
        expect(scrypt.calls).toBe(before + 1);
        expect(await client.errorsAfterRedirect('/account-settings')).toEqual({
          [recheck.field]: recheck.wrong,
        });
      }

      const before = scrypt.calls;
      const refused = await browser.submit(recheck.method, recheck.url, recheck.body('guess 6'));
      expect(refused.status).toBe(429);
      expect(retryAfter(refused)).toBe(PASSWORD_CHECK_LIMIT.blockSeconds);
      // The Inertia client shows an Inertia page whatever its status: the form, with the wait.
      expect(refused.headers['x-inertia']).toBe('true');
      expect(refused.body.component).toBe('AccountSettings');
      expect(refused.body.url).toBe('/account-settings');
      expect(refused.body.props.email).toBe(email);
      expect(refused.body.props.errors[recheck.field]).toMatch(LIMITED);

      // While limited the right password is refused too, and never hashed.
      const right = await other.submit(recheck.method, recheck.url, recheck.body(PASSWORD));
      expect(right.status).toBe(429);
      const seconds = retryAfter(right);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(PASSWORD_CHECK_LIMIT.blockSeconds);
      const json = await other.agent[recheck.method](recheck.url)
        .set('Accept', 'application/json')
        .set('X-XSRF-TOKEN', other.xsrf)
        .send(recheck.body(PASSWORD));
      expect(json.status).toBe(429);
      expect(json.body.errors[recheck.field]).toMatch(LIMITED);
      expect(scrypt.calls).toBe(before);

      // Nothing changed: both browsers are still in, with the same address.
      expect(await browser.signedInAs()).toBe(email);
      expect(await other.signedInAs()).toBe(email);
    });
  }

  it('shares one per-user budget between the three forms, and leaves other users alone', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    const bystander = uniqueEmail('bystander');
    await createUser(app.services, email, PASSWORD);
    await createUser(app.services, bystander, PASSWORD);
    const browser = await signIn(app.app, email, PASSWORD);
    for (let i = 0; i < PASSWORD_CHECK_LIMIT.points; i += 1) {
      const recheck = RECHECKS[i % RECHECKS.length]!;
      await browser.submit(recheck.method, recheck.url, recheck.body(`wrong ${i}`));
    }
    for (const recheck of RECHECKS) {
      expect(
        (await browser.submit(recheck.method, recheck.url, recheck.body(PASSWORD))).status,
      ).toBe(429);
    }
    const theirs = await signIn(app.app, bystander, PASSWORD);
    const done = await theirs.submit('post', '/logout/other', { password: PASSWORD });
    expect(done.status).toBe(302);
  });

  it('forgets the wrong guesses after a right password', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const browser = await signIn(app.app, email, PASSWORD);
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < PASSWORD_CHECK_LIMIT.points - 1; i += 1) {
        await browser.submit('post', '/logout/other', { password: `wrong ${i}` });
      }
      const done = await browser.submit('post', '/logout/other', { password: PASSWORD });
      expect(done.status).toBe(302);
      expect(done.headers.location).toBe('/account-settings');
    }
  });

  it('limits sign-in per account whatever the source address, with 429 and Retry-After', async () => {
    const app = await testApp({ env: { TRUST_PROXY: '1' } });
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    let address = 0;
    const from = () => `198.51.100.${(address += 1)}`;
    const attempt = (password: string, headers: Record<string, string> = INERTIA) => {
      const browser = new TestBrowser(app.app);
      return browser
        .visit('/login')
        .then(() =>
          browser.agent
            .post('/login')
            .set(headers)
            .set('X-Forwarded-For', from())
            .set('X-XSRF-TOKEN', browser.xsrf)
            .send({ email, password }),
        );
    };

    // Each guess comes from a new address: the per-address limit never trips.
    expect(SIGN_IN_ACCOUNT_LIMIT.points).toBeGreaterThan(SIGN_IN_LIMIT.points);
    for (let i = 0; i < SIGN_IN_ACCOUNT_LIMIT.points; i += 1) {
      const response = await attempt(`wrong guess ${i}`);
      expect(response.status).toBe(302);
    }
    const before = scrypt.calls;
    const refused = await attempt('one more guess');
    expect(refused.status).toBe(429);
    expect(retryAfter(refused)).toBe(SIGN_IN_ACCOUNT_LIMIT.blockSeconds);
    expect(refused.body.component).toBe('Login');
    expect(refused.body.url).toBe('/login');
    expect(refused.body.props.errors.email).toMatch(LIMITED);

    const right = await attempt(PASSWORD);
    expect(right.status).toBe(429);
    expect(retryAfter(right)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(right)).toBeLessThanOrEqual(SIGN_IN_ACCOUNT_LIMIT.blockSeconds);
    expect(right.headers['set-cookie'] ?? []).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^tessera_session=/)]),
    );
    const json = await attempt(PASSWORD, { Accept: 'application/json' });
    expect(json.status).toBe(429);
    expect(retryAfter(json)).toBeGreaterThanOrEqual(1);
    expect(json.body.errors.email).toMatch(LIMITED);
    // A first load (a plain HTML form) gets the sign-in page in the site's chrome, wait included.
    const html = await attempt(PASSWORD, { Accept: 'text/html' });
    expect(html.status).toBe(429);
    expect(retryAfter(html)).toBeGreaterThanOrEqual(1);
    expect(html.type).toBe('text/html');
    expect(pageFromHtml(html.text)).toMatchObject({
      component: 'Login',
      props: { errors: { email: expect.stringMatching(LIMITED) } },
    });
    expect(scrypt.calls).toBe(before);

    // Another account is not affected by this one's limit.
    const other = uniqueEmail('other');
    await createUser(app.services, other, PASSWORD);
    const browser = new TestBrowser(app.app);
    await browser.visit('/login');
    const ok = await browser.agent
      .post('/login')
      .set(INERTIA)
      .set('X-Forwarded-For', from())
      .set('X-XSRF-TOKEN', browser.xsrf)
      .send({ email: other, password: PASSWORD });
    expect(ok.status).toBe(302);
    expect(ok.headers.location).toBe('/');
  });

  it('answers the per-address sign-in limit with 429 and Retry-After too', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const browser = new TestBrowser(app.app);
    await browser.visit('/login');
    for (let i = 0; i < SIGN_IN_LIMIT.points; i += 1) {
      await browser.submit('post', '/login', { email, password: `wrong-${i}` });
      expect(await browser.errorsAfterRedirect('/login')).toEqual({ email: BAD_CREDENTIALS });
    }
    const refused = await browser.submit('post', '/login', { email, password: PASSWORD });
    expect(refused.status).toBe(429);
    const seconds = retryAfter(refused);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(SIGN_IN_LIMIT.durationSeconds);
    expect(refused.body.props.errors.email).toBe(
      `Too many sign-in attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    );
    expect(await browser.signedInAs()).toBeNull();
  });

  it('a password reset lifts the account lock, so the owner gets back in', async () => {
    const app = await testApp({ env: { TRUST_PROXY: '1' } });
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    for (let i = 0; i <= SIGN_IN_ACCOUNT_LIMIT.points; i += 1) {
      const browser = new TestBrowser(app.app);
      await browser.visit('/login');
      await browser.agent
        .post('/login')
        .set(INERTIA)
        .set('X-Forwarded-For', `203.0.113.${i + 1}`)
        .set('X-XSRF-TOKEN', browser.xsrf)
        .send({ email, password: `wrong ${i}` });
    }
    const owner = new TestBrowser(app.app);
    expect((await owner.submit('post', '/login', { email, password: PASSWORD })).status).toBe(429);
    await owner.submit('post', '/password/email', { email });
    const mail = await (async () => {
      for (let i = 0; i < 50; i += 1) {
        const found = (await app.services.mailer.outbox!.list()).find((m) => m.to === email);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('no reset mail');
    })();
    const token = /\/password\/reset\/([\w-]+)/.exec(mail.text)![1]!;
    const reset = await owner.submit('post', '/password/reset', {
      token,
      email,
      password: 'a new owner passphrase',
    });
    expect(reset.headers.location).toBe('/login');
    const back = await owner.submit('post', '/login', {
      email,
      password: 'a new owner passphrase',
    });
    expect(back.status).toBe(302);
    expect(await owner.signedInAs()).toBe(email);
  });
});

describe(`back-off limiter (${TEST_DATABASE}, ${TEST_SESSION_STORE} counters)`, () => {
  it('blocks once the points are spent, doubling each block up to the cap', async () => {
    const { services } = await testApp();
    const backend = services.redis
      ? { kind: 'redis' as const, redis: services.redis, prefix: `rl-test-${Date.now()}:` }
      : { kind: 'database' as const, database: services.database };
    const limiter = await createBackoffLimiter(backend, {
      name: `backoff-${Date.now()}`,
      points: 2,
      durationSeconds: 60,
      blockSeconds: 1,
      maxBlockSeconds: 2,
      memorySeconds: 60,
    });
    const key = 'someone';
    const waits: number[] = [];
    for (let block = 0; block < 3; block += 1) {
      expect(await limiter.consume(key)).toEqual({ allowed: true });
      expect(await limiter.consume(key)).toEqual({ allowed: true });
      const refused = await limiter.consume(key);
      expect(refused.allowed).toBe(false);
      const seconds = refused.allowed ? 0 : refused.retryAfterSeconds;
      waits.push(seconds);
      // Still refused during the block, with no more than the block's wait.
      const again = await limiter.consume(key);
      expect(again.allowed).toBe(false);
      expect(again.allowed ? 0 : again.retryAfterSeconds).toBeLessThanOrEqual(seconds);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 150));
    }
    expect(waits).toEqual([1, 2, 2]);

    // A success forgets the earlier blocks: the next block is the first one again.
    await limiter.reset(key);
    await limiter.consume(key);
    await limiter.consume(key);
    expect(await limiter.consume(key)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});
