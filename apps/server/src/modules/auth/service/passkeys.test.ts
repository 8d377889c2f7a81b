import { createHmac } from 'node:crypto';
import { PASSKEY_CHALLENGE_MINUTES } from '@tessera/pages/constants';
import { beforeEach, describe, expect, it } from 'vitest';
import { captureLogger, TEST_SECRET, testConfig } from '../../../../test/helpers.ts';
import { TestAuthenticator } from '../../../../test/passkeys.ts';
import { TEST_DATABASE, testServices, testServicesEnv } from '../../../../test/services.ts';
import { uniqueEmail } from '../../../../test/users.ts';
import { usersRepository } from '../repository/users.ts';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { passkeyService, type PasskeyChallenge } from './passkeys.ts';

// The passkey service on its own (decision 052), over the real database of this run's engine
// and a software authenticator: each refusal at its cause, without an HTTP app in between.
const APP_URL = 'https://store.example';
const clock = { now: Date.parse('2026-11-27T08:00:00Z') };
const now = () => clock.now;
const CHALLENGE_MS = PASSKEY_CHALLENGE_MINUTES * 60 * 1000;
const services = await testServices(testConfig(await testServicesEnv()), captureLogger().logger, {
  now,
});
const { database } = services;
const { db } = database;
const make = () =>
  passkeyService({ database, appUrl: APP_URL, rpName: 'Tessera', secret: TEST_SECRET, now });
// A service per test: what it builds when made is part of what is tested.
let service = make();
beforeEach(() => {
  service = make();
});

async function person() {
  const email = uniqueEmail('pk-service');
  const id = await usersRepository(db).create({ email, passwordHash: 'x', now: clock.now });
  return { id, email };
}

/** A passkey registered through the service, as the account page does it. */
async function registered(user: { id: number; email: string }, name = 'Laptop') {
  const authenticator = new TestAuthenticator();
  const { options, held } = await service.registrationOptions(user);
  const outcome = await service.register(
    user.id,
    held,
    authenticator.attest(options, APP_URL),
    name,
    '203.0.113.5',
  );
  if (!('id' in outcome)) throw new Error(`not registered: ${outcome.refused}`);
  return { authenticator, id: outcome.id };
}

/** One registration ceremony: options for `user`, then the answer `answer` makes of them. */
async function attempt(
  user: { id: number; email: string },
  answer: (options: PublicKeyCredentialCreationOptionsJSON) => RegistrationResponseJSON,
  name: string,
  through = service,
) {
  const { options, held } = await through.registrationOptions(user);
  return through.register(user.id, held, answer(options), name, undefined);
}

async function events(userId: number) {
  return (
    await db
      .selectFrom('security_events')
      .select(['event', 'ip'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute()
  ).map((row) => `${row.event} ${row.ip}`);
}

async function challenges(userId: number) {
  return db
    .selectFrom('webauthn_challenges')
    .select(['challenge', 'purpose', 'expires_at'])
    .where('user_id', '=', userId)
    .execute();
}

describe(`the passkey service (${TEST_DATABASE})`, () => {
  it('offers registration for this store only, under an opaque user handle, excluding the account’s passkeys', async () => {
    const user = await person();
    const first = await service.registrationOptions(user);
    expect(first.options).toMatchObject({
      rp: { name: 'Tessera', id: 'store.example' },
      user: { name: user.email },
      attestation: 'none',
      timeout: CHALLENGE_MS,
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    const handle = createHmac('sha256', TEST_SECRET)
      .update(`webauthn-user:${user.id}`)
      .digest()
      .subarray(0, 32);
    expect(first.options.user.id).toBe(handle.toString('base64url'));
    expect(first.options.user.id).not.toContain(String(user.id));
    expect(first.held).toEqual({
      challenge: first.options.challenge,
      purpose: 'register',
      userId: user.id,
    });
    expect(await challenges(user.id)).toEqual([
      {
        challenge: first.options.challenge,
        purpose: 'register',
        expires_at: clock.now + CHALLENGE_MS,
      },
    ]);

    const { authenticator } = await registered(user);
    await db
      .insertInto('webauthn_credentials')
      .values({
        user_id: user.id,
        credential_id: 'c3luY2Vk',
        public_key: 'AQID',
        counter: 0,
        transports: 'internal,hybrid',
        name: 'Synced',
        created_at: clock.now,
        last_used_at: null,
      })
      .execute();
    const again = await service.registrationOptions(user);
    expect(again.options.excludeCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal'] },
      { id: 'c3luY2Vk', type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
  });

  it('stores a verified passkey with its transports and counter, once, and records it', async () => {
    const user = await person();
    const { authenticator, id } = await registered(user, 'Work laptop');
    const row = await db
      .selectFrom('webauthn_credentials')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: user.id,
      credential_id: authenticator.id,
      transports: 'internal',
      name: 'Work laptop',
    });
    expect(Number(row.counter)).toBe(0);
    expect(row.public_key).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await events(user.id)).toEqual(['passkey.added 203.0.113.5']);
    expect(await challenges(user.id)).toEqual([]);
    expect(await service.list(user.id)).toEqual([
      { id, name: 'Work laptop', createdAt: new Date(clock.now).toISOString(), lastUsedAt: null },
    ]);
    expect(await service.count(user.id)).toBe(1);

    // The same authenticator again, for this account or another: taken.
    for (const who of [user, await person()]) {
      const { options, held } = await service.registrationOptions(who);
      const outcome = await service.register(
        who.id,
        held,
        authenticator.attest(options, APP_URL),
        'Again',
        undefined,
      );
      expect(outcome).toEqual({ refused: 'taken' });
    }
  });

  it('refuses a registration whose challenge is missing, another’s, another kind, spent or old', async () => {
    const [user, other] = [await person(), await person()];
    const authenticator = new TestAuthenticator();
    const { options, held } = await service.registrationOptions(user);
    const answer = authenticator.attest(options, APP_URL);
    const cases: (PasskeyChallenge | undefined)[] = [
      undefined,
      { ...held, userId: other.id },
      { ...held, purpose: 'authenticate' },
      { ...held, challenge: 'not-the-challenge' },
    ];
    for (const wrong of cases)
      expect(await service.register(user.id, wrong, answer, 'x', undefined)).toEqual({
        refused: 'expired',
      });
    // The challenge is still there for the right request, and spent by it.
    expect('id' in (await service.register(user.id, held, answer, 'x', undefined))).toBe(true);
    expect(await service.register(user.id, held, answer, 'x', undefined)).toEqual({
      refused: 'expired',
    });
    // Older than PASSKEY_CHALLENGE_MINUTES.
    const late = await service.registrationOptions(user);
    clock.now += CHALLENGE_MS;
    const refused = await service.register(
      user.id,
      late.held,
      new TestAuthenticator().attest(late.options, APP_URL),
      'x',
      undefined,
    );
    expect(refused).toEqual({ refused: 'expired' });
  });

  it('refuses an answer made for another site or origin, or to another challenge, as invalid', async () => {
    const user = await person();
    const bent: [string, Parameters<TestAuthenticator['attest']>[2], string][] = [
      ['another origin', {}, 'https://evil.example'],
      ['another RP ID', { rpId: 'evil.example' }, APP_URL],
      ['another challenge', { challenge: 'b3RoZXI' }, APP_URL],
    ];
    for (const [what, bend, origin] of bent) {
      const { options, held } = await service.registrationOptions(user);
      const answer = new TestAuthenticator().attest(options, origin, bend);
      expect([what, await service.register(user.id, held, answer, 'x', undefined)]).toEqual([
        what,
        { refused: 'invalid' },
      ]);
    }
    expect(await service.count(user.id)).toBe(0);
    expect(await events(user.id)).toEqual([]);
  });

  it('offers authentication only with the account’s own passkeys, and none without any', async () => {
    const user = await person();
    expect(await service.authenticationOptions(user.id)).toBeNull();
    expect(await challenges(user.id)).toEqual([]);
    const { authenticator } = await registered(user);
    const begun = (await service.authenticationOptions(user.id))!;
    expect(begun.options).toMatchObject({
      rpId: 'store.example',
      timeout: CHALLENGE_MS,
      userVerification: 'preferred',
      allowCredentials: [{ id: authenticator.id, type: 'public-key', transports: ['internal'] }],
    });
    expect(begun.held).toEqual({
      challenge: begun.options.challenge,
      purpose: 'authenticate',
      userId: user.id,
    });
  });

  it('accepts an assertion once, moves the counter and stamps the use; refuses each wrong one', async () => {
    const [user, other] = [await person(), await person()];
    const { authenticator, id } = await registered(user);
    authenticator.counter = 5;
    const otherKey = await registered(other);

    const ceremony = async () => (await service.authenticationOptions(user.id))!;
    // A foreign passkey: another account's credential.
    let { options, held } = await ceremony();
    expect(
      await service.authenticate(user.id, held, otherKey.authenticator.assert(options, APP_URL)),
    ).toBe('foreign');
    // An unknown credential.
    ({ options, held } = await ceremony());
    expect(
      await service.authenticate(user.id, held, new TestAuthenticator().assert(options, APP_URL)),
    ).toBe('invalid');
    // Signed for another site.
    ({ options, held } = await ceremony());
    expect(
      await service.authenticate(
        user.id,
        held,
        authenticator.assert(options, APP_URL, { rpId: 'evil.example' }),
      ),
    ).toBe('invalid');
    // No challenge held, or one of another kind.
    ({ options, held } = await ceremony());
    const answer = authenticator.assert(options, APP_URL);
    expect(await service.authenticate(user.id, undefined, answer)).toBe('expired');
    expect(await service.authenticate(user.id, { ...held, purpose: 'register' }, answer)).toBe(
      'expired',
    );

    clock.now += 1000;
    expect(await service.authenticate(user.id, held, answer)).toBe(true);
    const row = await db
      .selectFrom('webauthn_credentials')
      .select(['counter', 'last_used_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.counter)).toBe(authenticator.counter);
    expect(Number(row.last_used_at)).toBe(clock.now);
    expect((await service.list(user.id))[0]!.lastUsedAt).toBe(new Date(clock.now).toISOString());
    // Replayed: the challenge is spent.
    expect(await service.authenticate(user.id, held, answer)).toBe('expired');
    // A cloned authenticator reporting a counter not past the stored one.
    ({ options, held } = await ceremony());
    expect(
      await service.authenticate(
        user.id,
        held,
        authenticator.assert(options, APP_URL, { counter: authenticator.counter }),
      ),
    ).toBe('invalid');
  });

  it('lets one of two accounts registering the same authenticator at once have it: the unique key decides', async () => {
    const [first, second] = [await person(), await person()];
    const authenticator = new TestAuthenticator();
    const ceremonies = await Promise.all(
      [first, second].map((who) => service.registrationOptions(who)),
    );
    const outcomes = await Promise.all(
      [first, second].map((who, i) =>
        service.register(
          who.id,
          ceremonies[i]!.held,
          authenticator.attest(ceremonies[i]!.options, APP_URL),
          'Shared',
          undefined,
        ),
      ),
    );
    expect(outcomes.filter((outcome) => 'id' in outcome)).toHaveLength(1);
    expect(outcomes.filter((outcome) => 'refused' in outcome)).toEqual([{ refused: 'taken' }]);
    const rows = await db
      .selectFrom('webauthn_credentials')
      .select('user_id')
      .where('credential_id', '=', authenticator.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('offers and checks a passkey stored without transports with an empty list', async () => {
    const user = await person();
    const { authenticator, id } = await registered(user);
    await db
      .updateTable('webauthn_credentials')
      .set({ transports: '' })
      .where('id', '=', id)
      .execute();
    expect((await service.registrationOptions(user)).options.excludeCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: [] },
    ]);
    const begun = (await service.authenticationOptions(user.id))!;
    expect(begun.options.allowCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: [] },
    ]);
    expect(
      await service.authenticate(user.id, begun.held, authenticator.assert(begun.options, APP_URL)),
    ).toBe(true);
    expect(service.relyingParty).toEqual({ rpID: 'store.example', origin: APP_URL });
  });

  it('takes a passkey whose authenticator does not verify the user (no PIN), and signs in with it', async () => {
    // Decision 052: the password was the first factor; presence is enough for the second.
    const user = await person();
    const authenticator = new TestAuthenticator({ counter: 1 });
    const begun = await service.registrationOptions(user);
    const outcome = await service.register(
      user.id,
      begun.held,
      authenticator.attest(begun.options, APP_URL, { userVerified: false }),
      'Security key',
      undefined,
    );
    expect(outcome).toEqual({ id: expect.any(Number) });
    const signIn = (await service.authenticationOptions(user.id))!;
    expect(
      await service.authenticate(
        user.id,
        signIn.held,
        authenticator.assert(signIn.options, APP_URL, { userVerified: false }),
      ),
    ).toBe(true);
  });

  it('stores no transports when the browser sends none, and a packed self-attestation only when it verifies', async () => {
    const user = await person();
    const plain = new TestAuthenticator();
    let begun = await service.registrationOptions(user);
    const { id } = (await service.register(
      user.id,
      begun.held,
      plain.attest(begun.options, APP_URL, { transports: null }),
      'No transports',
      undefined,
    )) as { id: number };
    const stored = await db
      .selectFrom('webauthn_credentials')
      .select('transports')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.transports).toBe('');

    // Several transports are kept apart and offered back as they came.
    const roaming = new TestAuthenticator();
    begun = await service.registrationOptions(user);
    await service.register(
      user.id,
      begun.held,
      roaming.attest(begun.options, APP_URL, { transports: ['usb', 'nfc'] }),
      'Roaming key',
      undefined,
    );
    expect((await service.authenticationOptions(user.id))!.options.allowCredentials).toEqual([
      { id: plain.id, type: 'public-key', transports: [] },
      { id: roaming.id, type: 'public-key', transports: ['usb', 'nfc'] },
    ]);
    await db.deleteFrom('webauthn_credentials').where('credential_id', '=', roaming.id).execute();

    // A statement signed by a key that is not the passkey's: verify() says no without throwing.
    const packed = new TestAuthenticator();
    expect(
      await attempt(
        user,
        (options) => packed.attest(options, APP_URL, { packed: 'foreign' }),
        'Forged',
      ),
    ).toEqual({ refused: 'invalid' });
    expect(await service.count(user.id)).toBe(1);
    expect(
      await attempt(
        user,
        (options) => packed.attest(options, APP_URL, { packed: 'own' }),
        'Packed',
      ),
    ).toEqual({ id: expect.any(Number) });
    expect(await service.count(user.id)).toBe(2);
  });

  it('refuses an assertion for the account’s passkey signed with another key, moving nothing', async () => {
    const user = await person();
    const { authenticator, id } = await registered(user);
    authenticator.counter = 3;
    const begun = (await service.authenticationOptions(user.id))!;
    expect(
      await service.authenticate(
        user.id,
        begun.held,
        authenticator.assert(begun.options, APP_URL, { signedBy: 'foreign' }),
      ),
    ).toBe('invalid');
    const row = await db
      .selectFrom('webauthn_credentials')
      .select(['counter', 'last_used_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect([Number(row.counter), row.last_used_at]).toEqual([0, null]);
  });

  it('answers taken when the unique key refuses the insert after the check, and hides no other failure', async () => {
    // The window between the lookup and the insert, held open: another account's row with the
    // same credential id lands just before this registration's transaction.
    const [user, other] = [await person(), await person()];
    const authenticator = new TestAuthenticator();
    const racing = passkeyService({
      database: {
        ...database,
        async writeTransaction(work) {
          await db
            .insertInto('webauthn_credentials')
            .values({
              user_id: other.id,
              credential_id: authenticator.id,
              public_key: 'raced',
              counter: 0,
              transports: '',
              name: 'First',
              created_at: clock.now,
            })
            .execute();
          return database.writeTransaction(work);
        },
      },
      appUrl: APP_URL,
      rpName: 'Tessera',
      secret: TEST_SECRET,
      now,
    });
    let begun = await racing.registrationOptions(user);
    expect(
      await racing.register(
        user.id,
        begun.held,
        authenticator.attest(begun.options, APP_URL),
        'Second',
        undefined,
      ),
    ).toEqual({ refused: 'taken' });
    expect(await service.count(user.id)).toBe(0);
    expect(await events(user.id)).toEqual([]);

    const failing = passkeyService({
      database: {
        ...database,
        writeTransaction: () => Promise.reject(new Error('the disk is full')),
      },
      appUrl: APP_URL,
      rpName: 'Tessera',
      secret: TEST_SECRET,
      now,
    });
    begun = await failing.registrationOptions(user);
    await expect(
      failing.register(
        user.id,
        begun.held,
        new TestAuthenticator().attest(begun.options, APP_URL),
        'Lost',
        undefined,
      ),
    ).rejects.toThrow('the disk is full');
  });

  it('renames and removes only the account’s own passkeys, recording each', async () => {
    const [user, other] = [await person(), await person()];
    const { id } = await registered(user);
    expect(await service.rename(other.id, id, 'Stolen', '198.51.100.1')).toBe(false);
    expect(await service.remove(other.id, id, '198.51.100.1')).toBe(false);
    expect(await events(other.id)).toEqual([]);
    expect(await service.rename(user.id, id, 'Phone', '198.51.100.2')).toBe(true);
    expect((await service.list(user.id))[0]!.name).toBe('Phone');
    expect(await service.remove(user.id, id, '198.51.100.2')).toBe(true);
    expect(await service.remove(user.id, id, '198.51.100.2')).toBe(false);
    expect(await service.list(user.id)).toEqual([]);
    expect(await events(user.id)).toEqual([
      'passkey.added 203.0.113.5',
      'passkey.renamed 198.51.100.2',
      'passkey.removed 198.51.100.2',
    ]);
  });
});
