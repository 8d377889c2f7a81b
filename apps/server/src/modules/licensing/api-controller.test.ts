import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { SECRET_GUESS_LIMIT } from '../../http/rate-limit.ts';
import { captureLogger, testConfig } from '../../../test/helpers.ts';
import { TEST_DATABASE, testServices, testServicesEnv } from '../../../test/services.ts';
import { createLicense } from '../../../test/teams.ts';
import { secretGuesses } from './controller/secret-guesses.ts';
import { keyBucket, LICENSE_API_PATH } from './controller/api.ts';
import { licenseApiRoutes } from './routes.ts';

// The licence-key API's router on its own (no store around it), over the real database and
// limiters: its refusals in its own words, what spends a caller's budgets and what does not.
const { logger } = captureLogger();
const services = await testServices(testConfig(await testServicesEnv()), logger);
const { db } = services.database;

/** A limiter that refuses everything with a fixed wait: the wording of each wait. */
const refusing = (seconds: number): RateLimiter => ({
  consume: async () => ({ allowed: false, retryAfterSeconds: seconds }),
  peek: async () => ({ allowed: false, retryAfterSeconds: seconds }),
  reset: async () => {},
  refund: async () => {},
});

/** A database whose every query fails with `error`. */
const failing = (error: Error) =>
  new Proxy(db, {
    get() {
      throw error;
    },
  });

/** The API's router alone, behind one trusted proxy. */
function router(limiters: { address?: RateLimiter; key?: RateLimiter } = {}, database = db) {
  const app = express();
  app.set('trust proxy', true);
  app.use(
    licenseApiRoutes({
      db: database,
      appUrl: 'https://store.example',
      mode: { testMode: false },
      limiters: {
        address: limiters.address ?? services.limiters.licenseApiAddress,
        key: limiters.key ?? services.limiters.licenseApiKey,
      },
      guesses: secretGuesses(services.limiters.secretGuesses),
      logger,
      now: Date.now,
    }),
  );
  return app;
}

let addresses = 0;
/** A caller from its own address (full budgets), posting bodies of the given type. */
function api(limiters: { address?: RateLimiter; key?: RateLimiter } = {}) {
  const app = router(limiters);
  addresses += 1;
  const from = `192.0.2.${addresses}`;
  return (body: unknown, type = 'application/json') =>
    request(app)
      .post(LICENSE_API_PATH)
      .set('X-Forwarded-For', from)
      .set('Content-Type', type)
      .send(typeof body === 'string' ? body : JSON.stringify(body));
}

describe(`the licence API's own answers (${TEST_DATABASE})`, () => {
  it('names the wait in seconds, one second without a plural', async () => {
    const once = await api({ address: refusing(1) })({ license_key: 'x' });
    expect(once.status).toBe(429);
    expect(once.body.message).toBe('Too many licence checks. Try again in 1 second.');
    const key = await api({ key: refusing(42) })({
      license_key: (await createLicense(services)).key,
    });
    expect(key.status).toBe(429);
    expect(key.body.message).toBe('Too many licence checks. Try again in 42 seconds.');
  });

  it('refuses what is not JSON, and a body without a key, in words a developer can act on', async () => {
    const text = await api()('license_key=x', 'application/x-www-form-urlencoded');
    expect(text.status).toBe(415);
    expect(text.body.message).toBe('Send the body as JSON with Content-Type: application/json.');
    const empty = await api()({});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The body must be a JSON object with a license_key string.');
    expect(Object.keys(empty.body.errors)).toEqual(['license_key']);
    const list = await api()([1, 2]);
    expect(Object.keys(list.body.errors)).toEqual(['body']);
    const nul = await api()({ license_key: 'ABC\u0000' });
    expect(nul.status).toBe(400);
    expect(nul.body.errors).toEqual({ license_key: 'Contains a character that is not allowed.' });
    const fine = await api()({ license_key: (await createLicense(services)).key });
    expect(fine.status).toBe(200);
  });

  it('says how to call it to any other method, and what a bad token means', async () => {
    const app = router();
    const get = await request(app).get(LICENSE_API_PATH);
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect(get.body.message).toBe(`Use POST ${LICENSE_API_PATH}.`);
    const license = await createLicense(services);
    const token = await request(app)
      .post(LICENSE_API_PATH)
      .set('Authorization', 'Bearer not-a-token')
      .send({ license_key: license.key });
    expect(token.status).toBe(401);
    expect(token.body.message).toBe(
      'The Authorization header is not a live access token. Leave it out to validate the key alone.',
    );
  });

  it('a string that cannot be a key spends no guess; an unknown key of the right shape does', async () => {
    const call = api();
    for (let i = 0; i < SECRET_GUESS_LIMIT.points + 5; i += 1) {
      const answer = await call({ license_key: `not a key ${i}` });
      expect(answer.status).toBe(404);
    }
    const license = await createLicense(services);
    expect((await call({ license_key: license.key })).body.valid).toBe(true);
    // Keys are read as they are copied: any case, percent-encoded.
    const encoded = encodeURIComponent(license.key.toLowerCase()).replace(/-/g, '%2D');
    expect((await call({ license_key: encoded })).body.license_key.key).toBe(license.key);
  });

  it('reads a deactivated licence with no recorded reason as other', async () => {
    const license = await createLicense(services, { active: false, reason: null });
    const answer = await api()({ license_key: license.key });
    expect(answer.body).toMatchObject({
      valid: false,
      error: 'license_key_inactive',
      license_key: { status: 'inactive', status_reason: 'other' },
    });
  });

  it('answers its own failures in JSON, never cached, a lost database as a 503', async () => {
    const key = (await createLicense(services)).key;
    const post = (database: typeof db) =>
      request(router({}, database)).post(LICENSE_API_PATH).send({ license_key: key });
    const broken = await post(failing(new Error('a bug')));
    expect(broken.status).toBe(500);
    expect(broken.headers['cache-control']).toBe('no-store');
    expect(broken.body.message).toBe('Something went wrong on our side.');
    const lost = await post(failing(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })));
    expect(lost.status).toBe(503);
    expect(lost.body.message).toBe('The licence service is unavailable. Try again shortly.');
    const missing = await request(router()).get('/api/licenses/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('counts each key under its hash, never the key itself', () => {
    const bucket = keyBucket('7K3QD-ABCDE-FGHJK-MNPQR-STVWX-Y');
    expect(bucket).toMatch(/^key:[\w-]{43}$/);
    expect(bucket).not.toContain('7K3QD');
    expect(keyBucket('7K3QD-ABCDE-FGHJK-MNPQR-STVWX-Z')).not.toBe(bucket);
  });
});
