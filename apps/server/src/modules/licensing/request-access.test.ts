import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Request } from 'express';
import type { HttpError } from '../../http/errors.ts';
import { TooManyRequestsError } from '../../http/errors.ts';
import { SECRET_GUESS_LIMIT } from '../../http/rate-limit.ts';
import { captureLogger, testConfig } from '../../../test/helpers.ts';
import { TEST_DATABASE, testServices, testServicesEnv } from '../../../test/services.ts';
import { createLicense } from '../../../test/teams.ts';
import { userWithoutPassword } from '../../../test/users.ts';
import { secretGuesses } from './controller/secret-guesses.ts';
import { accessPolicy } from './middleware.ts';

// What a request may reach (`req.access()`, asked once a request and never kept beyond it)
// and the per-address budget of wrong secrets, each on its own over the real database.
const services = await testServices(testConfig(await testServicesEnv()), captureLogger().logger);
const { db } = services.database;

describe(`req.access() (${TEST_DATABASE})`, () => {
  it('asks the database once a request, and again on the next request after a refund', async () => {
    const user = await userWithoutPassword(services, 'access', 1);
    const { id } = user;
    const license = await createLicense(services, { product: 'marketing', userId: id });
    const app = express();
    app.use((req, _res, next) => {
      req.user = req.get('x-user') ? user : null;
      next();
    });
    app.use(accessPolicy(db, { testMode: false }));
    app.get('/', async (req, res) => {
      const [first, second] = [req.access(), req.access()];
      const entitlements = await req.entitlements();
      res.json({
        same: first === second,
        sameObject: (await first) === (await req.access()),
        packages: [...entitlements.packages],
        marketing: entitlements.has('marketing'),
      });
    });

    const held = await request(app).get('/').set('x-user', '1');
    expect(held.body).toEqual({
      same: true,
      sameObject: true,
      packages: ['marketing'],
      marketing: true,
    });
    await db
      .updateTable('licenses')
      .set({ is_active: 0, deactivation_reason: 'refund' })
      .where('id', '=', license.id)
      .execute();
    const refunded = await request(app).get('/').set('x-user', '1');
    expect(refunded.body).toMatchObject({ packages: [], marketing: false });
    const visitor = await request(app).get('/');
    expect(visitor.body).toMatchObject({ same: true, packages: [], marketing: false });
  });
});

describe(`wrong secrets per address (${TEST_DATABASE})`, () => {
  const guesses = secretGuesses(services.limiters.secretGuesses);
  let next = 0;
  const from = (ip: string | undefined) => ({ ip }) as Request;
  const address = () => {
    next += 1;
    return `203.0.113.${next}-${Math.random().toString(36).slice(2, 8)}`;
  };

  it('lets an address look up until it has spent its misses, then refuses right and wrong alike', async () => {
    const guesser = from(address());
    const neighbour = from(address());
    for (let miss = 0; miss < SECRET_GUESS_LIMIT.points; miss += 1) {
      await guesses.ensureAllowed(guesser);
      await guesses.miss(guesser);
    }
    const refusal = await guesses.ensureAllowed(guesser).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TooManyRequestsError);
    const { status, message } = refusal as HttpError;
    expect(status).toBe(429);
    expect(message).toMatch(/wrong licence keys or invite links/);
    expect(message).toMatch(/\d+ minutes?|\d+ seconds?/);
    // Its own words when the caller gives them, with the wait in seconds.
    const worded = await guesses
      .ensureAllowed(guesser, (seconds) => `wait ${seconds}`)
      .then(
        () => 'allowed',
        (error: unknown) => (error as Error).message,
      );
    expect(worded).toMatch(/^wait \d+$/);
    expect(Number(worded.slice(5))).toBeGreaterThan(SECRET_GUESS_LIMIT.durationSeconds - 60);
    // Another address is untouched; asking alone spends nothing.
    for (let ask = 0; ask < SECRET_GUESS_LIMIT.points + 5; ask += 1) {
      await guesses.ensureAllowed(neighbour);
    }
  });

  it('counts a request with no address under one shared bucket', async () => {
    const before = await services.limiters.secretGuesses.peek('unknown');
    expect(before.allowed).toBe(true);
    for (let miss = 0; miss < SECRET_GUESS_LIMIT.points; miss += 1)
      await guesses.miss(from(undefined));
    expect((await services.limiters.secretGuesses.peek('unknown')).allowed).toBe(false);
    await services.limiters.secretGuesses.reset('unknown');
  });
});
