import type { Kysely } from 'kysely';
import { generate } from 'otplib';
import type { Database } from '../src/db/schema.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { secondFactorService } from '../src/modules/auth/index.ts';
import type { TestBrowser } from './browser.ts';

/** The TOTP secret test accounts are given (base32, 160 bits). */
export const TEST_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';
const PERIOD_S = 30;

/**
 * Gives the account TOTP with TEST_TOTP_SECRET (as `pnpm seed` does for the demo admin) and
 * returns its ten recovery codes.
 */
export function enrolSecondFactor(
  database: DatabaseHandle,
  sessionSecret: string,
  userId: number,
  now: () => number,
): Promise<string[]> {
  const service = secondFactorService({ database, secret: sessionSecret, issuer: 'Test', now });
  return service.enrolKnownSecret(userId, TEST_TOTP_SECRET);
}

/** The code of TEST_TOTP_SECRET at `nowMs`, or `stepsAhead` steps later. */
export function totpCode(nowMs: number, stepsAhead = 0, secret = TEST_TOTP_SECRET) {
  return generate({ secret, epoch: Math.floor(nowMs / 1000) + stepsAhead * PERIOD_S });
}

/**
 * A code the server accepts now for the account: the current step's, else the next step's (a
 * clock one step ahead is allowed) when the current one was used; never a refused one, so it
 * spends no rate-limit budget. Null when both were used (the test moves its clock).
 */
export async function freshTotpCode(
  db: Kysely<Database>,
  userId: number,
  nowMs: number,
  secret = TEST_TOTP_SECRET,
) {
  const row = await db
    .selectFrom('totp_credentials')
    .select('last_time_step')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const current = Math.floor(nowMs / 1000 / PERIOD_S);
  const last = row?.last_time_step ?? -1;
  for (const ahead of [0, 1]) {
    if (current + ahead > Number(last)) return totpCode(nowMs, ahead, secret);
  }
  return null;
}

/**
 * Finishes a sign-in waiting for its second step (the password was right): a fresh TOTP code,
 * else one of `recoveryCodes` (spent from the list). Returns the final answer.
 */
export async function completeSecondStep(
  browser: TestBrowser,
  db: Kysely<Database>,
  userId: number,
  nowMs: number,
  recoveryCodes: string[] = [],
) {
  const code = (await freshTotpCode(db, userId, nowMs)) ?? recoveryCodes.shift();
  if (!code) throw new Error('No unused TOTP step or recovery code left for this account.');
  return browser.submit('post', '/login/second-factor', { code });
}

/** The clock `testApp` gives the app unless a test passes its own. */
export const TEST_APP_NOW = Date.parse('2025-06-15T12:00:00Z');

/**
 * Signs `browser` in like a person: the password, then, when the account has a second factor,
 * the second step with a fresh code of `secret` (TEST_TOTP_SECRET unless given, e.g. the demo
 * admin's). Returns the last answer.
 */
export async function signInFully(
  browser: TestBrowser,
  database: DatabaseHandle,
  credentials: { email: string; password: string; remember?: boolean },
  options: { secret?: string; nowMs?: number } = {},
) {
  const response = await browser.submit('post', '/login', credentials);
  if (response.headers.location !== '/login/second-factor') return response;
  const user = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', credentials.email.toLowerCase())
    .executeTakeFirstOrThrow();
  const nowMs = options.nowMs ?? TEST_APP_NOW;
  const code = await freshTotpCode(database.db, user.id, nowMs, options.secret);
  if (!code) throw new Error(`No unused TOTP step left for ${credentials.email}.`);
  return browser.submit('post', '/login/second-factor', { code });
}
