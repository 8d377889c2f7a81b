import type { KyselyPlugin } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { captureLogger, testConfig } from '../../../../test/helpers.ts';
import { TEST_DATABASE, testServices, testServicesEnv } from '../../../../test/services.ts';
import { accountWithoutPassword, uniqueEmail } from '../../../../test/users.ts';
import { sha256 } from '../service/tokens.ts';
import { EMAIL_CHANGE_UNDO_TTL_MS, emailChangeUndos } from './email-change-undos.ts';
import { passwordResets } from './password-resets.ts';
import { REMEMBER_ME_DAYS, rememberTokens } from './remember-tokens.ts';
import { normalizeEmail, usersRepository } from './users.ts';

// The single-use secrets an account hands out (remember-me cookies, reset and undo links), at
// the repository: what a thief holding a copy, or a guesser, would meet.
const services = await testServices(testConfig(await testServicesEnv()), captureLogger().logger);
const { db } = services.database;
const clock = { now: Date.parse('2025-06-15T12:00:00Z') };
const now = () => clock.now;
// Made per test: what a factory builds is part of what is tested.
let remember = rememberTokens(db, now);
let resets = passwordResets(db, now);
let undos = emailChangeUndos(db, now);
beforeEach(() => {
  remember = rememberTokens(db, now);
  resets = passwordResets(db, now);
  undos = emailChangeUndos(db, now);
});

const person = () => accountWithoutPassword(services, 'links', clock.now);

describe(`remember-me tokens (${TEST_DATABASE})`, () => {
  it('hands out selector:validator and stores only the validator’s hash, for 30 days', async () => {
    const id = await person();
    const issued = await remember.issue(id);
    const [selector, validator] = issued.cookieValue.split(':');
    expect(selector).toBe(issued.selector);
    expect(selector).toMatch(/^[\w-]{16}$/);
    expect(validator).toMatch(/^[\w-]{43}$/);
    expect(issued.expiresAt).toBe(clock.now + REMEMBER_ME_DAYS * 24 * 60 * 60 * 1000);
    const row = await db
      .selectFrom('remember_tokens')
      .selectAll()
      .where('selector', '=', selector!)
      .executeTakeFirstOrThrow();
    expect(row.validator_hash).toBe(sha256(validator!));
    expect(JSON.stringify(row)).not.toContain(validator);
    expect(Number(row.expires_at)).toBe(issued.expiresAt);
    expect(Number(row.created_at)).toBe(clock.now);
  });

  it('signs in once per token: a copy used after the browser used it is refused', async () => {
    const id = await person();
    const issued = await remember.issue(id);
    expect(await remember.consume(issued.cookieValue)).toEqual({ userId: id });
    expect(await remember.consume(issued.cookieValue)).toBeNull();
  });

  it('spends a token whose selector is right and validator wrong: the real browser’s stops too', async () => {
    const id = await person();
    const issued = await remember.issue(id);
    expect(await remember.consume(`${issued.selector}:${'A'.repeat(43)}`)).toBeNull();
    expect(await remember.consume(issued.cookieValue)).toBeNull();
  });

  it('lets one of two requests presenting the same cookie at once sign in, not both', async () => {
    const id = await person();
    const issued = await remember.issue(id);
    // The other request deletes the row between this one's lookup and its delete.
    const otherRequestFirst: KyselyPlugin = {
      transformQuery: (args) => args.node,
      async transformResult({ result }) {
        const row = result.rows[0];
        if (row && 'validator_hash' in row) {
          await db.deleteFrom('remember_tokens').where('id', '=', Number(row.id)).execute();
        }
        return result;
      },
    };
    const racing = rememberTokens(db.withPlugin(otherRequestFirst), now);
    expect(await racing.consume(issued.cookieValue)).toBeNull();
  });

  it('ignores a value that is not selector:validator without spending anything', async () => {
    const id = await person();
    const issued = await remember.issue(id);
    for (const value of ['', ':', `${issued.selector}:`, `:${issued.cookieValue}`, 'garbage']) {
      expect(await remember.consume(value)).toBeNull();
    }
    expect(await remember.consume(issued.cookieValue)).toEqual({ userId: id });
  });

  it('works until its 30 days are over, not a millisecond more', async () => {
    const id = await person();
    const lasting = await remember.issue(id);
    const ending = await remember.issue(id);
    clock.now = ending.expiresAt - 1;
    expect(await remember.consume(lasting.cookieValue)).toEqual({ userId: id });
    clock.now = ending.expiresAt;
    expect(await remember.consume(ending.cookieValue)).toBeNull();
  });

  it('takes a selector of up to 32 characters, the column’s width', async () => {
    const id = await person();
    const plant = async (selector: string) => {
      await db
        .insertInto('remember_tokens')
        .values({
          user_id: id,
          selector,
          validator_hash: sha256('validator'),
          expires_at: clock.now + 1000,
          created_at: clock.now,
        })
        .execute();
      return `${selector}:validator`;
    };
    expect(await remember.consume(await plant('s'.repeat(32)))).toEqual({ userId: id });
    // The column holds 32 characters: a longer selector is refused before any lookup.
    expect(await remember.consume(`${'t'.repeat(33)}:validator`)).toBeNull();
  });

  it('revokes one browser’s token, or all of an account’s but one', async () => {
    const id = await person();
    const other = await person();
    const [a, b, c] = [
      await remember.issue(id),
      await remember.issue(id),
      await remember.issue(id),
    ];
    const theirs = await remember.issue(other);
    await remember.revoke(a.selector);
    expect(await remember.consume(a.cookieValue)).toBeNull();
    await remember.revokeAllExcept(id, c.selector);
    expect(await remember.consume(b.cookieValue)).toBeNull();
    expect(await remember.consume(c.cookieValue)).toEqual({ userId: id });
    expect(await remember.consume(theirs.cookieValue)).toEqual({ userId: other });
  });
});

describe(`password reset links (${TEST_DATABASE})`, () => {
  it('checks a link for its own account, or for any when no account is named', async () => {
    const id = await person();
    const other = await person();
    const token = await resets.create(id);
    const expected = { status: 'valid', id: expect.any(Number), userId: id };
    expect(await resets.check(token, id)).toEqual(expected);
    expect(await resets.check(token, undefined)).toEqual(expected);
    expect(await resets.check(token, other)).toEqual({ status: 'invalid' });
    expect(await resets.check(`${token}x`, undefined)).toEqual({ status: 'invalid' });
  });

  it('is spent once; a spent link says so even after it expired', async () => {
    const id = await person();
    const token = await resets.create(id);
    const check = await resets.check(token, id);
    if (check.status !== 'valid') throw new Error(check.status);
    expect(await resets.markUsed(check.id)).toBe(true);
    expect(await resets.markUsed(check.id)).toBe(false);
    clock.now += 2 * 60 * 60 * 1000;
    expect(await resets.check(token, id)).toEqual({ status: 'used' });
  });

  it('spends every outstanding link of one account, keeping when the spent ones were spent', async () => {
    const id = await person();
    const other = await person();
    const spent = await resets.create(id);
    const spentCheck = await resets.check(spent, id);
    if (spentCheck.status !== 'valid') throw new Error(spentCheck.status);
    await resets.markUsed(spentCheck.id);
    const spentAt = clock.now;
    const open = await resets.create(id);
    const theirs = await resets.create(other);
    clock.now += 1000;
    await resets.invalidateAll(id);
    expect(await resets.check(open, id)).toEqual({ status: 'used' });
    expect((await resets.check(theirs, other)).status).toBe('valid');
    const row = await db
      .selectFrom('password_resets')
      .select('used_at')
      .where('id', '=', spentCheck.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.used_at)).toBe(spentAt);
  });
});

describe(`e-mail change undo links (${TEST_DATABASE})`, () => {
  async function plant(token: string, userId: number) {
    await db
      .insertInto('email_change_undos')
      .values({
        user_id: userId,
        token_hash: sha256(token),
        old_email: 'old@example.com',
        new_email: 'new@example.com',
        expires_at: clock.now + EMAIL_CHANGE_UNDO_TTL_MS,
        used_at: null,
        created_at: clock.now,
      })
      .execute();
  }

  it('looks up only what has the shape of our tokens: 1 to 200 URL-safe characters', async () => {
    const id = await person();
    const longest = 'a'.repeat(200);
    for (const token of [longest, 'b'.repeat(201), 'c.d', '\ud800', ' e', 'f ', '']) {
      await plant(token, id);
    }
    expect(await undos.check(longest)).toMatchObject({ status: 'valid', userId: id });
    for (const token of ['b'.repeat(201), 'c.d', '\ud800', ' e', 'f ', '']) {
      expect(await undos.check(token)).toEqual({ status: 'invalid' });
    }
  });

  it('is spent once, works for a week and not a millisecond more', async () => {
    const id = await person();
    const token = await undos.create(id, 'old@example.com', 'new@example.com');
    clock.now += EMAIL_CHANGE_UNDO_TTL_MS - 1;
    const check = await undos.check(token);
    expect(check).toEqual({
      status: 'valid',
      id: expect.any(Number),
      userId: id,
      oldEmail: 'old@example.com',
    });
    clock.now += 1;
    expect(await undos.check(token)).toEqual({ status: 'expired' });
    if (check.status !== 'valid') throw new Error(check.status);
    expect(await undos.markUsed(check.id)).toBe(true);
    expect(await undos.markUsed(check.id)).toBe(false);
    expect(await undos.check(token)).toEqual({ status: 'used' });
  });

  it('spends every outstanding link of one account only', async () => {
    const id = await person();
    const other = await person();
    const mine = await undos.create(id, 'a@example.com', 'b@example.com');
    const theirs = await undos.create(other, 'c@example.com', 'd@example.com');
    await undos.invalidateAll(id);
    expect(await undos.check(mine)).toEqual({ status: 'used' });
    expect((await undos.check(theirs)).status).toBe('valid');
  });
});

describe(`accounts (${TEST_DATABASE})`, () => {
  it('keeps every address trimmed and in lower case, however it is written or searched', async () => {
    expect(normalizeEmail('  Someone@Example.COM\t')).toBe('someone@example.com');
    const email = uniqueEmail('case');
    const id = await usersRepository(db).create({
      email: ` ${email.toUpperCase()} `,
      passwordHash: 'x',
      now: clock.now,
    });
    expect((await usersRepository(db).findByEmail(email))?.id).toBe(id);
    const next = uniqueEmail('next');
    clock.now += 1000;
    await usersRepository(db).updateEmail(id, next.toUpperCase(), clock.now);
    const row = await usersRepository(db).findByEmail(` ${next} `);
    expect(row?.id).toBe(id);
    expect(row?.email).toBe(next);
    expect(Number(row?.updated_at)).toBe(clock.now);
    expect(await usersRepository(db).findByEmail(email)).toBeUndefined();
  });

  it('changes one account’s preferences and password, no one else’s', async () => {
    const id = await person();
    const other = await person();
    const users = usersRepository(db);
    await users.updateSnippetLanguage(id, 'react');
    await users.updatePreviewColorScheme(id, 'light');
    await users.updatePreviewWidth(id, 'phone');
    clock.now += 1000;
    await users.updatePasswordHash(id, 'new-hash', clock.now);
    expect(await users.findById(id)).toMatchObject({
      snippet_lang: 'react',
      preview_color_scheme: 'light',
      preview_width: 'phone',
      password_hash: 'new-hash',
    });
    expect(Number((await users.findById(id))?.updated_at)).toBe(clock.now);
    expect(await users.findById(other)).toMatchObject({
      snippet_lang: null,
      preview_color_scheme: null,
      preview_width: null,
      password_hash: 'x',
    });
  });
});
