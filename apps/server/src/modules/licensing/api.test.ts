import { readFile } from 'node:fs/promises';
import { CLASSROOM_SEATS, TEAM_SEATS } from '@tessera/pages/constants';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { createLicense, createTeam } from '../../../test/teams.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import {
  LICENSE_API_ADDRESS_LIMIT,
  LICENSE_API_KEY_LIMIT,
  SECRET_GUESS_LIMIT,
} from '../../http/rate-limit.ts';
import { accessTokensRepository } from '../tokens/index.ts';
import { newTokenSecret } from '../tokens/index.ts';
import { keyBucket, LICENSE_API_PATH, type LicenseValidation } from './controller/api.ts';
import { newLicenseKey } from '../shared/index.ts';

type App = Awaited<ReturnType<typeof testApp>>;
let app: App;

beforeAll(async () => {
  // Behind one trusted proxy, so each test can speak from its own address.
  app = await testApp({ env: { TRUST_PROXY: '1' } });
});

let addresses = 0;
/** A fresh source address: every test starts with full per-address budgets. */
function newAddress() {
  addresses += 1;
  return `198.51.100.${addresses}`;
}

function validate(body: unknown, options: { from?: string; token?: string } = {}) {
  const call = request(app.app)
    .post(LICENSE_API_PATH)
    .set('X-Forwarded-For', options.from ?? newAddress())
    .set('Accept', 'application/json');
  if (options.token) call.set('Authorization', `Bearer ${options.token}`);
  return typeof body === 'string'
    ? call.set('Content-Type', 'application/json').send(body)
    : call.send(body as object);
}

async function tokenFor(userId: number) {
  const token = newTokenSecret();
  await accessTokensRepository(app.services.database.db).insert({
    userId,
    name: 'plugin',
    hash: token.hash,
    prefix: token.prefix,
    createdAt: Date.now(),
    expiresAt: null,
  });
  return token.secret;
}

const result = (response: request.Response) => response.body as LicenseValidation;

describe(`POST /api/licenses/validate (${TEST_DATABASE})`, () => {
  it('validates an active personal licence: package, kind, seats; no session, no cookie', async () => {
    const email = uniqueEmail('api-valid');
    const userId = await createUser(app.services, email, 'irrelevant-password');
    const { key } = await createLicense(app.services, { product: 'marketing', userId });
    const response = await validate({ license_key: key });
    expect(response.status).toBe(200);
    expect(response.type).toBe('application/json');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    // No CORS: the key is a secret, and tools are not web pages on other sites.
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(result(response)).toEqual({
      valid: true,
      error: null,
      // Bought for real (test_mode 0): what a live store and a test store both accept.
      test_mode: false,
      license_key: {
        key,
        status: 'active',
        status_reason: null,
        kind: 'personal',
        package: { slug: 'marketing', name: 'Marketing' },
        seats: { used: 1, allowed: 1 },
        redeemed: true,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown as string,
        url: `${app.config.appUrl}/licenses/${key}`,
      },
      instance: null,
      // Without the owner's token, never the customer's address.
      meta: { customer_email: null },
    });
    expect(JSON.stringify(response.body)).not.toContain(email);
  });

  it('reads a key the way the site does: lower case, percent-encoded, padded; echoes the instance name', async () => {
    const { key } = await createLicense(app.services, { product: 'ecommerce' });
    for (const spelling of [
      key.toLowerCase(),
      `  ${key} `,
      encodeURIComponent(key).replace(/-/g, '%2D'),
    ]) {
      const response = await validate({ license_key: spelling, instance_name: 'ci-runner-3' });
      expect(response.status, spelling).toBe(200);
      expect(result(response).license_key.key).toBe(key);
      expect(result(response).instance).toEqual({ name: 'ci-runner-3' });
      // Unredeemed: valid, nobody's seat taken yet.
      expect(result(response).license_key).toMatchObject({
        redeemed: false,
        seats: { used: 0, allowed: 1 },
      });
    }
  });

  it('gives team and classroom licences their seats used and allowed', async () => {
    const owner = await createUser(app.services, uniqueEmail('api-team-owner'), 'irrelevant');
    const member = await createUser(app.services, uniqueEmail('api-team-member'), 'irrelevant');
    const team = await createTeam(app.services, { owners: [owner], members: [member] });
    const response = await validate({ license_key: team.licenseKey });
    expect(result(response).license_key).toMatchObject({
      kind: 'team',
      status: 'active',
      package: { slug: 'all-access' },
      seats: { used: 2, allowed: TEAM_SEATS },
    });
    const classroom = await createLicense(app.services, { kind: 'classroom' });
    const unredeemed = await validate({ license_key: classroom.key });
    expect(result(unredeemed).license_key).toMatchObject({
      kind: 'classroom',
      redeemed: false,
      seats: { used: 0, allowed: CLASSROOM_SEATS },
    });
  });

  it('answers an inactive licence with valid:false and the reason: refund, upgrade, other', async () => {
    for (const reason of ['refund', 'upgrade', 'other'] as const) {
      const { key } = await createLicense(app.services, {
        product: 'application-ui',
        active: false,
        reason,
      });
      const response = await validate({ license_key: key });
      expect(response.status, reason).toBe(200);
      expect(result(response)).toMatchObject({
        valid: false,
        error: 'license_key_inactive',
        license_key: { key, status: 'inactive', status_reason: reason },
      });
    }
  });

  it('answers an unknown key 404 with valid:false, and counts it as a wrong secret from that address', async () => {
    const from = newAddress();
    const unknown = await validate({ license_key: newLicenseKey() }, { from });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      valid: false,
      error: 'license_key_not_found',
      message: 'No licence has this key.',
    });
    // Not even a key's shape: the same answer, without a lookup.
    const odd = await validate({ license_key: 'not-a-key' }, { from });
    expect(odd.status).toBe(404);
    expect(odd.body).toEqual(unknown.body);
    for (let i = 1; i < SECRET_GUESS_LIMIT.points; i += 1)
      await validate({ license_key: newLicenseKey() }, { from });
    // The guesser is stopped, right key or wrong, as on the licence pages.
    const { key } = await createLicense(app.services);
    const blocked = await validate({ license_key: key }, { from });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body).toMatchObject({ error: 'rate_limited' });
    expect((await validate({ license_key: key })).status).toBe(200);
  });

  it('limits calls per address: 429 with Retry-After and the wait in JSON', async () => {
    const from = newAddress();
    const { key } = await createLicense(app.services);
    for (let i = 0; i < LICENSE_API_ADDRESS_LIMIT.points; i += 1)
      await app.services.limiters.licenseApiAddress.consume(`ip:${from}`);
    const response = await validate({ license_key: key }, { from });
    expect(response.status).toBe(429);
    const wait = Number(response.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(response.body).toEqual({
      error: 'rate_limited',
      message: expect.stringMatching(/^Too many licence checks\. Try again in \d+ seconds?\.$/),
      retry_after: wait,
    });
    // Even a malformed call from there is refused before its body is read.
    expect((await validate('{', { from })).status).toBe(429);
    // Another address is unaffected.
    expect((await validate({ license_key: key })).status).toBe(200);
  });

  it('limits calls per key, whatever the address and however the key is spelled', async () => {
    const { key } = await createLicense(app.services);
    const other = await createLicense(app.services);
    for (let i = 0; i < LICENSE_API_KEY_LIMIT.points - 1; i += 1)
      await app.services.limiters.licenseApiKey.consume(keyBucket(key));
    expect((await validate({ license_key: key })).status).toBe(200);
    const limited = await validate({ license_key: key.toLowerCase() });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await validate({ license_key: other.key })).status).toBe(200);
  });

  it('shows the customer e-mail only to a token of the licence owner; a bad token is 401', async () => {
    const email = uniqueEmail('api-owner');
    const userId = await createUser(app.services, email, 'irrelevant-password');
    const { key } = await createLicense(app.services, { product: 'marketing', userId });
    const own = await validate({ license_key: key }, { token: await tokenFor(userId) });
    expect(own.status).toBe(200);
    expect(result(own).meta).toEqual({ customer_email: email });

    const stranger = await createUser(app.services, uniqueEmail('api-stranger'), 'irrelevant');
    const theirs = await validate({ license_key: key }, { token: await tokenFor(stranger) });
    expect(result(theirs).meta).toEqual({ customer_email: null });
    expect(JSON.stringify(theirs.body)).not.toContain(email);

    // A team licence: its team's owner is its owner; a member is not.
    const teamOwner = await createUser(app.services, uniqueEmail('api-t-owner'), 'irrelevant');
    const member = await createUser(app.services, uniqueEmail('api-t-member'), 'irrelevant');
    const team = await createTeam(app.services, { owners: [teamOwner], members: [member] });
    await app.services.database.db
      .updateTable('licenses')
      .set({ buyer_email: 'buyer@example.com' })
      .where('id', '=', team.licenseId)
      .execute();
    const asOwner = await validate(
      { license_key: team.licenseKey },
      { token: await tokenFor(teamOwner) },
    );
    expect(result(asOwner).meta.customer_email).toBe('buyer@example.com');
    const asMember = await validate(
      { license_key: team.licenseKey },
      { token: await tokenFor(member) },
    );
    expect(result(asMember).meta.customer_email).toBeNull();

    for (const token of ['tessera_pat_nope', 'x'.repeat(300)]) {
      const bad = await validate({ license_key: key }, { token });
      expect(bad.status).toBe(401);
      expect(bad.body).toMatchObject({ error: 'invalid_token' });
      expect(JSON.stringify(bad.body)).not.toContain(email);
    }
  });

  it('answers malformed, huge and odd calls with clear JSON errors and no lookup', async () => {
    const { key } = await createLicense(app.services);
    const cases: [string, () => request.Test, number, string][] = [
      ['not JSON', () => validate('{"license_key": '), 400, 'invalid_json'],
      ['an array', () => validate([key]), 400, 'invalid_request'],
      ['null', () => validate('null'), 400, 'invalid_request'],
      ['no key', () => validate({}), 400, 'invalid_request'],
      ['a number', () => validate({ license_key: 12345 }), 400, 'invalid_request'],
      ['an object', () => validate({ license_key: { $ne: null } }), 400, 'invalid_request'],
      ['a long key', () => validate({ license_key: 'A'.repeat(101) }), 400, 'invalid_request'],
      ['a NUL', () => validate({ license_key: `${key}\u0000` }), 400, 'invalid_request'],
      [
        'a lone surrogate in the instance',
        () => validate({ license_key: key, instance_name: 'a\uD800' }),
        400,
        'invalid_request',
      ],
      [
        'a long instance name',
        () => validate({ license_key: key, instance_name: 'i'.repeat(256) }),
        400,
        'invalid_request',
      ],
      [
        'a huge body',
        () => validate({ license_key: key, padding: 'x'.repeat(10_000) }),
        413,
        'body_too_large',
      ],
      [
        'a form',
        () =>
          request(app.app)
            .post(LICENSE_API_PATH)
            .set('X-Forwarded-For', newAddress())
            .type('form')
            .send({ license_key: key }),
        415,
        'unsupported_media_type',
      ],
      [
        'no body',
        () => request(app.app).post(LICENSE_API_PATH).set('X-Forwarded-For', newAddress()),
        415,
        'unsupported_media_type',
      ],
      [
        'a GET',
        () => request(app.app).get(LICENSE_API_PATH).set('X-Forwarded-For', newAddress()),
        405,
        'method_not_allowed',
      ],
    ];
    for (const [label, call, status, error] of cases) {
      const response = await call();
      expect(response.status, label).toBe(status);
      expect(response.type, label).toBe('application/json');
      expect((response.body as { error: string }).error, label).toBe(error);
      expect(typeof (response.body as { message: string }).message, label).toBe('string');
    }
    const get = await request(app.app).get(LICENSE_API_PATH);
    expect(get.headers.allow).toBe('POST');
    const missing = await validate({});
    expect(missing.body).toMatchObject({ errors: { license_key: expect.any(String) as string } });
  });

  it('answers in the shape the Documentation page shows', async () => {
    const page = await readFile(
      new URL('../../../../../packages/catalog/content/docs/licence-api.md', import.meta.url),
      'utf8',
    );
    const example = /```json\n([\s\S]*?)\n```/.exec(page)![1]!;
    const shape = (value: unknown): unknown =>
      value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([key, child]) => [key, shape(child)]),
          )
        : typeof value;
    const owner = await createUser(app.services, uniqueEmail('api-doc'), 'irrelevant');
    const team = await createTeam(app.services, { owners: [owner] });
    const response = await validate({ license_key: team.licenseKey, instance_name: 'ci-runner-3' });
    // Same fields, same types (the example's e-mail is null: no owner's token, as here).
    expect(shape(response.body)).toEqual(shape(JSON.parse(example)));
  });
});
