import type session from 'express-session';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database.ts';
import type { Mailer, MailMessage } from '../../../mail/mailer.ts';
import { captureLogger, testConfig } from '../../../../test/helpers.ts';
import { TEST_DATABASE, testServices, testServicesEnv } from '../../../../test/services.ts';
import { uniqueEmail } from '../../../../test/users.ts';
import { EMAIL_CHANGE_UNDO_TTL_MS } from '../repository/email-change-undos.ts';
import { RESET_TOKEN_TTL_MS } from '../repository/password-resets.ts';
import { usersRepository } from '../repository/users.ts';
import { authService, type AuthServiceDeps } from './auth.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { randomToken, sha256 } from './tokens.ts';

// The account service on its own: sign-in, sign-up, remember-me, password reset and e-mail
// change over the real database (and session store) of this run's engine, no HTTP app.
const clock = { now: Date.parse('2025-06-15T12:00:00Z') };
const now = () => clock.now;
const { logger, lines } = captureLogger();
const config = testConfig(await testServicesEnv());
const services = await testServices(config, logger, { now });
const { database, sessionStore } = services;
const { db } = database;

const sent: MailMessage[] = [];
const mailer: Mailer = {
  outbox: null,
  close() {},
  async send(message) {
    sent.push(message);
  },
};

function auth(overrides: Partial<AuthServiceDeps> = {}) {
  return authService({ config, database, sessionStore, mailer, logger, now, ...overrides });
}
// Made per test: what the service builds when made is part of what is tested.
let service = auth();

/** The database with a step of our own run before each write transaction (a racing request). */
function racing(before: () => Promise<void>): DatabaseHandle {
  return {
    ...database,
    writeTransaction: async (work) => {
      await before();
      return database.writeTransaction(work);
    },
  };
}

const PASSWORD = 'a quiet blue harbour';

async function account(name = 'auth-service', password = PASSWORD, cost = 10) {
  const id = await usersRepository(db).create({
    email: uniqueEmail(name),
    passwordHash: await hashPassword(password, cost),
    now: clock.now,
  });
  return (await usersRepository(db).findById(id))!;
}

async function storedUser(id: number) {
  return (await usersRepository(db).findById(id))!;
}

/** Signs `userId` in on `count` browsers; returns the session ids. */
async function sessions(userId: number, count: number): Promise<string[]> {
  const sids = Array.from({ length: count }, () => randomToken(12));
  for (const sid of sids) {
    await sessionStore.setSession(sid, {
      cookie: { originalMaxAge: null, path: '/', httpOnly: true },
      userId,
    } as unknown as session.SessionData);
  }
  return sids;
}

async function live(sids: string[]): Promise<boolean[]> {
  return Promise.all(sids.map(async (sid) => (await sessionStore.getSession(sid)) !== null));
}

function mailsTo(to: string) {
  return sent.filter((mail) => mail.to === to);
}

/** The token at the end of `path` in the one mail to `to`. */
function linkIn(to: string, path: string): string {
  const mails = mailsTo(to);
  expect(mails).toHaveLength(1);
  const escaped = `${config.appUrl}${path}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`${escaped}([\\w-]+)`).exec(mails[0]!.text);
  expect(match, mails[0]!.text).not.toBeNull();
  return match![1]!;
}

beforeEach(() => {
  service = auth();
  sent.length = 0;
});

describe(`the account service (${TEST_DATABASE})`, () => {
  describe('signing in', () => {
    it('finds the account whatever the case and spaces of the typed address', async () => {
      const user = await account();
      expect((await service.attempt(user.email, PASSWORD))?.id).toBe(user.id);
      expect((await service.attempt(`  ${user.email.toUpperCase()} `, PASSWORD))?.id).toBe(user.id);
    });

    it('answers null for a wrong password and for an address with no account', async () => {
      const user = await account();
      expect(await service.attempt(user.email, 'a quiet blue harbour!')).toBeNull();
      expect(await service.attempt(uniqueEmail('nobody'), PASSWORD)).toBeNull();
    });

    it('rehashes a password stored at a lower cost when it is typed right, and only then', async () => {
      const user = await account('rehash', PASSWORD, 8);
      clock.now += 1000;
      expect(await service.attempt(user.email, 'not the password')).toBeNull();
      expect((await storedUser(user.id)).password_hash).toBe(user.password_hash);

      expect((await service.attempt(user.email, PASSWORD))?.id).toBe(user.id);
      const after = await storedUser(user.id);
      expect(after.password_hash).toMatch(/^scrypt\$10\$8\$1\$/);
      expect(Number(after.updated_at)).toBe(clock.now);
      expect(await verifyPassword(PASSWORD, after.password_hash, 10)).toEqual({
        ok: true,
        needsRehash: false,
      });
      expect((await service.attempt(user.email, PASSWORD))?.id).toBe(user.id);
    });

    it('leaves a hash at today’s cost alone', async () => {
      const user = await account();
      await service.attempt(user.email, PASSWORD);
      expect((await storedUser(user.id)).password_hash).toBe(user.password_hash);
    });

    it('checks the password of a known account', async () => {
      const user = await account();
      expect(await service.checkPassword(user, PASSWORD)).toBe(true);
      expect(await service.checkPassword(user, 'A quiet blue harbour')).toBe(false);
    });

    it('records sign-ins with the app’s clock', async () => {
      const user = await account();
      await service.signIns.record(user.id, 'password', '203.0.113.9');
      expect(await service.signIns.recent(user.id)).toEqual([
        { method: 'password', ip: '203.0.113.9', created_at: clock.now },
      ]);
      expect(service.now()).toBe(clock.now);
    });
  });

  describe('signing up', () => {
    it('stores the address normalised and a salted hash, never the password', async () => {
      const email = uniqueEmail('register');
      const id = await service.register(` ${email.toUpperCase()} `, PASSWORD);
      const row = await storedUser(id);
      expect(row.email).toBe(email);
      expect(row.password_hash).not.toContain(PASSWORD);
      expect(row.password_hash).toMatch(/^scrypt\$10\$/);
      expect(Number(row.is_admin)).toBe(0);
      expect(Number(row.created_at)).toBe(clock.now);
      expect((await service.attempt(email, PASSWORD))?.id).toBe(id);
    });

    it('makes an operator only when asked', async () => {
      const id = await service.register(uniqueEmail('operator'), PASSWORD, { isAdmin: true });
      expect(Number((await storedUser(id)).is_admin)).toBe(1);
    });

    it('hashes a newcomer’s password at today’s cost and creates the account in the caller’s transaction', async () => {
      const passwordHash = await service.hashNewPassword(PASSWORD);
      expect(passwordHash).toMatch(/^scrypt\$10\$8\$1\$/);
      expect((await verifyPassword(PASSWORD, passwordHash, 10)).ok).toBe(true);
      const email = uniqueEmail('newcomer');
      const id = await database.writeTransaction((tx) =>
        service.createAccount(tx, { email: email.toUpperCase(), passwordHash }),
      );
      const row = await storedUser(id);
      expect(row).toMatchObject({ email, password_hash: passwordHash });
      expect(Number(row.created_at)).toBe(clock.now);
    });
  });

  describe('ending sessions', () => {
    it('ends the other sessions and remember-me tokens of one user, keeping this browser’s', async () => {
      const user = await account();
      const other = await account('bystander');
      const [current, ...rest] = await sessions(user.id, 3);
      const [bystander] = await sessions(other.id, 1);
      const kept = await service.remember.issue(user.id);
      const dropped = await service.remember.issue(user.id);
      const theirs = await service.remember.issue(other.id);

      expect(await service.endOtherSessions(user.id, current!, kept.selector)).toBe(2);
      expect(await live([current!, ...rest, bystander!])).toEqual([true, false, false, true]);
      expect(await service.remember.consume(dropped.cookieValue)).toBeNull();
      expect(await service.remember.consume(kept.cookieValue)).toEqual({ userId: user.id });
      expect(await service.remember.consume(theirs.cookieValue)).toEqual({ userId: other.id });
    });

    it('ends every remember-me token when there is none to keep', async () => {
      const user = await account();
      const [current] = await sessions(user.id, 1);
      const token = await service.remember.issue(user.id);
      expect(await service.endOtherSessions(user.id, current!)).toBe(0);
      expect(await service.remember.consume(token.cookieValue)).toBeNull();
    });

    it('ends every session and token of a deleted account, and counts its sessions before', async () => {
      const user = await account();
      const other = await account('bystander');
      const sids = await sessions(user.id, 2);
      const [bystander] = await sessions(other.id, 1);
      const token = await service.remember.issue(user.id);
      const theirs = await service.remember.issue(other.id);
      expect((await service.sessionSummary(user.id)).count).toBe(2);

      expect(await service.endAllSessions(user.id)).toBe(2);
      expect(await live([...sids, bystander!])).toEqual([false, false, true]);
      expect((await service.sessionSummary(user.id)).count).toBe(0);
      expect(await service.remember.consume(token.cookieValue)).toBeNull();
      expect(await service.remember.consume(theirs.cookieValue)).toEqual({ userId: other.id });
    });
  });

  describe('changing the password', () => {
    it('stores the new one, signs out everywhere else and tells the account’s address', async () => {
      const user = await account();
      const [current, elsewhere] = await sessions(user.id, 2);
      const kept = await service.remember.issue(user.id);
      const stolen = await service.remember.issue(user.id);
      clock.now += 1000;

      await service.changePassword(user, 'a brand new passphrase', current!, kept.selector);
      expect(await service.attempt(user.email, PASSWORD)).toBeNull();
      expect((await service.attempt(user.email, 'a brand new passphrase'))?.id).toBe(user.id);
      expect(Number((await storedUser(user.id)).updated_at)).toBe(clock.now);
      expect(await live([current!, elsewhere!])).toEqual([true, false]);
      expect(await service.remember.consume(stolen.cookieValue)).toBeNull();
      expect(await service.remember.consume(kept.cookieValue)).toEqual({ userId: user.id });
      expect(mailsTo(user.email)).toEqual([
        expect.objectContaining({ subject: `Your ${config.brandName} password was changed` }),
      ]);
    });
  });

  describe('changing the e-mail address', () => {
    it('answers "same" for the current address however it is typed, and changes nothing', async () => {
      const user = await account();
      expect(await service.changeEmail(user, ` ${user.email.toUpperCase()} `)).toBe('same');
      expect(sent).toEqual([]);
      const undos = await db
        .selectFrom('email_change_undos')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute();
      expect(undos).toEqual([]);
    });

    it('refuses an address another account has', async () => {
      const user = await account();
      const other = await account('holder');
      expect(await service.changeEmail(user, other.email.toUpperCase())).toBe('taken');
      expect((await storedUser(user.id)).email).toBe(user.email);
      expect(sent).toEqual([]);
    });

    it('changes it and mails the old address a week-long undo link whose hash alone is stored', async () => {
      const user = await account();
      const next = uniqueEmail('moved');
      clock.now += 1000;
      expect(await service.changeEmail(user, ` ${next.toUpperCase()}`)).toBe('changed');
      const row = await storedUser(user.id);
      expect(row.email).toBe(next);
      expect(Number(row.updated_at)).toBe(clock.now);

      expect(mailsTo(next)).toEqual([]);
      expect(mailsTo(user.email)[0]?.subject).toBe(
        `The e-mail address of your ${config.brandName} account was changed`,
      );
      const token = linkIn(user.email, '/account-settings/email/undo/');
      const undo = await db
        .selectFrom('email_change_undos')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(undo).toMatchObject({
        token_hash: sha256(token),
        old_email: user.email,
        new_email: next,
        used_at: null,
      });
      expect(Number(undo.expires_at)).toBe(clock.now + EMAIL_CHANGE_UNDO_TTL_MS);
    });

    it('answers "taken" when another request takes the address between the check and the change', async () => {
      const user = await account();
      const next = uniqueEmail('raced');
      const raced = auth({
        database: racing(async () => {
          await usersRepository(db).create({ email: next, passwordHash: 'x', now: clock.now });
        }),
      });
      expect(await raced.changeEmail(user, next)).toBe('taken');
      expect((await storedUser(user.id)).email).toBe(user.email);
      expect(sent).toEqual([]);
    });

    it('does not hide a failure that is not a lost race', async () => {
      const user = await account();
      const failing = auth({
        database: racing(async () => {
          throw new Error('the disk is full');
        }),
      });
      await expect(failing.changeEmail(user, uniqueEmail('failed'))).rejects.toThrow(
        'the disk is full',
      );
    });
  });

  describe('undoing an e-mail change', () => {
    it('puts the old address back, signs out elsewhere, spends every link and mails a reset link', async () => {
      const user = await account();
      const middle = uniqueEmail('middle');
      const last = uniqueEmail('last');
      await service.changeEmail(user, middle);
      const undo = linkIn(user.email, '/account-settings/email/undo/');
      await service.changeEmail({ ...user, email: middle }, last);
      const laterUndo = linkIn(middle, '/account-settings/email/undo/');
      await service.requestReset(last);
      const resetBefore = linkIn(last, '/password/reset/');
      const [current, elsewhere] = await sessions(user.id, 2);
      const token = await service.remember.issue(user.id);
      sent.length = 0;
      clock.now += 1000;

      expect(await service.undoEmailChange(undo, current!)).toEqual({
        status: 'undone',
        userId: user.id,
        email: user.email,
      });
      const row = await storedUser(user.id);
      expect(row.email).toBe(user.email);
      expect(Number(row.updated_at)).toBe(clock.now);
      expect(await live([current!, elsewhere!])).toEqual([true, false]);
      expect(await service.remember.consume(token.cookieValue)).toBeNull();

      expect(await service.undoEmailChange(undo, current!)).toEqual({ status: 'used' });
      expect(await service.undoEmailChange(laterUndo, current!)).toEqual({ status: 'used' });
      expect(await service.resetPassword(resetBefore, user.email, 'another new passphrase')).toBe(
        'used',
      );

      // Whoever changed the address knew the password: the old address gets a reset link.
      expect(mailsTo(user.email)[0]?.subject).toBe(`Reset your ${config.brandName} password`);
      const reset = linkIn(user.email, '/password/reset/');
      expect(await service.resetPassword(reset, user.email, 'another new passphrase')).toBe(
        'reset',
      );
    });

    it('refuses a link that is not one, expired after a week', async () => {
      const user = await account();
      await service.changeEmail(user, uniqueEmail('moved'));
      const undo = linkIn(user.email, '/account-settings/email/undo/');
      expect(await service.undoEmailChange(randomToken(), 'sid')).toEqual({ status: 'invalid' });
      expect(await service.undoEmailChange('not a token!', 'sid')).toEqual({ status: 'invalid' });
      clock.now += EMAIL_CHANGE_UNDO_TTL_MS;
      expect(await service.undoEmailChange(undo, 'sid')).toEqual({ status: 'expired' });
      clock.now -= 1;
      expect(await service.undoEmailChange(undo, 'sid')).toMatchObject({ status: 'undone' });
    });

    it('answers "taken" when someone signed up with the old address meanwhile', async () => {
      const user = await account();
      const next = uniqueEmail('moved');
      await service.changeEmail(user, next);
      const undo = linkIn(user.email, '/account-settings/email/undo/');
      await service.register(user.email, PASSWORD);
      sent.length = 0;
      expect(await service.undoEmailChange(undo, 'sid')).toEqual({ status: 'taken' });
      expect((await storedUser(user.id)).email).toBe(next);
      expect(sent).toEqual([]);
    });

    it('answers "used" when another request spent the link first, and changes nothing', async () => {
      const user = await account();
      const next = uniqueEmail('moved');
      await service.changeEmail(user, next);
      const undo = linkIn(user.email, '/account-settings/email/undo/');
      const [elsewhere] = await sessions(user.id, 1);
      sent.length = 0;
      const raced = auth({
        database: racing(async () => {
          await db
            .updateTable('email_change_undos')
            .set({ used_at: clock.now })
            .where('token_hash', '=', sha256(undo))
            .execute();
        }),
      });
      expect(await raced.undoEmailChange(undo, 'sid')).toEqual({ status: 'used' });
      expect((await storedUser(user.id)).email).toBe(next);
      expect(await live([elsewhere!])).toEqual([true]);
      expect(sent).toEqual([]);
    });

    it('does not hide a failure when the old address is free or still the same account’s', async () => {
      const user = await account();
      const next = uniqueEmail('moved');
      await service.changeEmail(user, next);
      const undo = linkIn(user.email, '/account-settings/email/undo/');
      const failing = auth({
        database: racing(async () => {
          throw new Error('the disk is full');
        }),
      });
      await expect(failing.undoEmailChange(undo, 'sid')).rejects.toThrow('the disk is full');
      // The account went back to its old address by a second change: the link still names it.
      await service.changeEmail({ ...user, email: next }, user.email);
      await expect(failing.undoEmailChange(undo, 'sid')).rejects.toThrow('the disk is full');
    });
  });

  describe('resetting a password', () => {
    it('mails nothing, and stores nothing, for an address without an account', async () => {
      const before = await db.selectFrom('password_resets').select('id').execute();
      await service.requestReset(uniqueEmail('nobody'));
      expect(sent).toEqual([]);
      expect(await db.selectFrom('password_resets').select('id').execute()).toEqual(before);
    });

    it('mails an hour-long link with the address encoded, and stores only the token’s hash', async () => {
      const user = await account('reset+tag');
      await service.requestReset(user.email.toUpperCase());
      expect(mailsTo(user.email)[0]?.subject).toBe(`Reset your ${config.brandName} password`);
      const token = linkIn(user.email, '/password/reset/');
      expect(mailsTo(user.email)[0]!.text).toContain(
        `${config.appUrl}/password/reset/${token}?email=${encodeURIComponent(user.email)}`,
      );
      expect(encodeURIComponent(user.email)).toContain('%2B');
      const row = await db
        .selectFrom('password_resets')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ token_hash: sha256(token), used_at: null });
      expect(Number(row.expires_at)).toBe(clock.now + RESET_TOKEN_TTL_MS);
    });

    it('sets the new password, signs out everywhere, spends every link and says so by mail', async () => {
      const user = await account();
      await service.requestReset(user.email);
      const token = linkIn(user.email, '/password/reset/');
      sent.length = 0;
      await service.requestReset(user.email);
      const other = linkIn(user.email, '/password/reset/');
      sent.length = 0;
      const sids = await sessions(user.id, 2);
      const remembered = await service.remember.issue(user.id);

      expect(await service.resetPassword(token, user.email.toUpperCase(), 'a new passphrase')).toBe(
        'reset',
      );
      expect(await service.attempt(user.email, PASSWORD)).toBeNull();
      expect((await service.attempt(user.email, 'a new passphrase'))?.id).toBe(user.id);
      expect(await live(sids)).toEqual([false, false]);
      expect(await service.remember.consume(remembered.cookieValue)).toBeNull();
      expect(mailsTo(user.email)).toEqual([
        expect.objectContaining({ subject: `Your ${config.brandName} password was changed` }),
      ]);
      expect(await service.resetPassword(token, user.email, 'a third passphrase')).toBe('used');
      expect(await service.resetPassword(other, user.email, 'a third passphrase')).toBe('used');
      expect((await service.attempt(user.email, 'a new passphrase'))?.id).toBe(user.id);
    });

    it('refuses a link with another account’s address, an unknown address or no such token', async () => {
      const user = await account();
      const other = await account('other');
      await service.requestReset(user.email);
      const token = linkIn(user.email, '/password/reset/');
      expect(await service.resetPassword(token, other.email, 'a new passphrase')).toBe('invalid');
      expect(await service.resetPassword(token, uniqueEmail('nobody'), 'a new passphrase')).toBe(
        'invalid',
      );
      expect(await service.resetPassword(randomToken(), user.email, 'a new passphrase')).toBe(
        'invalid',
      );
      expect((await service.attempt(user.email, PASSWORD))?.id).toBe(user.id);
      expect((await service.attempt(other.email, PASSWORD))?.id).toBe(other.id);
    });

    it('works for an hour, not a millisecond more', async () => {
      const user = await account();
      await service.requestReset(user.email);
      const token = linkIn(user.email, '/password/reset/');
      clock.now += RESET_TOKEN_TTL_MS;
      expect(await service.resetPassword(token, user.email, 'a new passphrase')).toBe('expired');
      clock.now -= 1;
      expect(await service.resetPassword(token, user.email, 'a new passphrase')).toBe('reset');
    });

    it('answers "used" when another request spent the link first, and changes nothing', async () => {
      const user = await account();
      await service.requestReset(user.email);
      const token = linkIn(user.email, '/password/reset/');
      const sids = await sessions(user.id, 1);
      sent.length = 0;
      const raced = auth({
        database: racing(async () => {
          await db
            .updateTable('password_resets')
            .set({ used_at: clock.now })
            .where('token_hash', '=', sha256(token))
            .execute();
        }),
      });
      expect(await raced.resetPassword(token, user.email, 'a new passphrase')).toBe('used');
      expect((await service.attempt(user.email, PASSWORD))?.id).toBe(user.id);
      expect(await live(sids)).toEqual([true]);
      expect(sent).toEqual([]);
    });
  });

  it('logs a mail that could not be sent, with its subject, and carries on', async () => {
    const user = await account();
    const broken = auth({
      mailer: {
        ...mailer,
        send: () => Promise.reject(new Error('SMTP is down')),
      },
    });
    await broken.requestReset(user.email);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'Mail failed',
        subject: `Reset your ${config.brandName} password`,
        err: expect.objectContaining({ message: 'SMTP is down' }),
      }),
    );
  });
});
