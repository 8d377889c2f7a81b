import type { Config } from '../../../config.ts';
import type { DatabaseHandle, Db } from '../../../db/database.ts';
import type { User } from '../../../db/schema.ts';
import type { AppSessionStore } from '../../../http/session/session-store.ts';
import type { Logger } from '../../../logger.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import {
  emailChangedMail,
  passwordChangedMail,
  passwordResetMail,
} from '../../../mail/templates.ts';
import { EMAIL_CHANGE_UNDO_TTL_MS, emailChangeUndos } from '../repository/email-change-undos.ts';
import { passwordResets, RESET_TOKEN_TTL_MS } from '../repository/password-resets.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { rememberTokens } from '../repository/remember-tokens.ts';
import { normalizeEmail, usersRepository } from '../repository/users.ts';
import { signIns } from '../repository/sign-ins.ts';
import { passkeyService } from './passkeys.ts';
import { secondFactorService } from './second-factor.ts';

export interface AuthServiceDeps {
  config: Config;
  database: DatabaseHandle;
  sessionStore: AppSessionStore;
  mailer: Mailer;
  logger: Logger;
  now: () => number;
}

/**
 * Someone making an account on a licence or invite page: the password is hashed before the
 * transaction (scrypt is slow), and the account is created inside the transaction that redeems
 * or joins, so a lost race leaves no account behind.
 */
export interface Newcomer {
  email: string;
  passwordHash: string;
}

export type ResetOutcome = 'reset' | 'invalid' | 'expired' | 'used';
export type UndoOutcome =
  | { status: 'undone'; userId: number; email: string }
  | { status: 'invalid' | 'expired' | 'used' | 'taken' };

/** Accounts: credentials, remember-me, password reset, and ending sessions. */
export function authService(deps: AuthServiceDeps) {
  const { config, database, now } = deps;
  const users = usersRepository(database.db);
  const remember = rememberTokens(database.db, now);
  const resets = passwordResets(database.db, now);
  const undos = emailChangeUndos(database.db, now);
  const cost = config.passwordHashCost;

  return {
    users,
    remember,
    /** Successful sign-ins, for the back office. */
    signIns: signIns(database.db, now),
    /** TOTP and recovery codes (decision 044). */
    secondFactors: secondFactorService({
      database,
      secret: config.sessionSecret,
      issuer: config.brandName,
      now,
    }),
    /** Passkeys (decision 052): the relying party is APP_URL's host and origin. */
    passkeys: passkeyService({
      database,
      appUrl: config.appUrl,
      rpName: config.brandName,
      secret: config.sessionSecret,
      now,
    }),
    /** The app's clock (tests fix it). */
    now,

    /** The user for these credentials, or null; the time taken does not depend on which. */
    async attempt(email: string, password: string): Promise<User | null> {
      const user = await users.findByEmail(email);
      if (!user) {
        await verifyAgainstDummy(password, cost);
        return null;
      }
      const { ok, needsRehash } = await verifyPassword(password, user.password_hash, cost);
      if (!ok) return null;
      if (needsRehash)
        await users.updatePasswordHash(user.id, await hashPassword(password, cost), now());
      return user;
    },

    async checkPassword(user: User, password: string): Promise<boolean> {
      return (await verifyPassword(password, user.password_hash, cost)).ok;
    },

    async register(email: string, password: string, options: { isAdmin?: boolean } = {}) {
      return users.create({
        email,
        passwordHash: await hashPassword(password, cost),
        isAdmin: options.isAdmin,
        now: now(),
      });
    },

    /** A new account's password hash (the caller has checked `passwordProblem`). */
    hashNewPassword(password: string): Promise<string> {
      return hashPassword(password, cost);
    },

    /** Creates the account of `newcomer` with `db`, usually the caller's transaction. */
    createAccount(db: Db, newcomer: Newcomer): Promise<number> {
      return usersRepository(db).create({ ...newcomer, now: now() });
    },

    /** Ends every other session and remember-me token of the user. */
    async endOtherSessions(userId: number, currentSid: string, keepSelector?: string) {
      const ended = await deps.sessionStore.destroyUserSessions(userId, currentSid);
      await remember.revokeAllExcept(userId, keepSelector);
      return ended;
    },

    /** Every session of `userId`, this one too, and every remember-me token (a deleted account). */
    async endAllSessions(userId: number) {
      const ended = await deps.sessionStore.destroyUserSessions(userId);
      await remember.revokeAllExcept(userId);
      return ended;
    },

    /** How many live sessions `userId` has and when the latest was last used (their export). */
    sessionSummary(userId: number) {
      return deps.sessionStore.userSessions(userId);
    },

    async changePassword(
      user: User,
      newPassword: string,
      currentSid: string,
      keepSelector?: string,
    ) {
      await users.updatePasswordHash(user.id, await hashPassword(newPassword, cost), now());
      // A changed password may mean a stolen one: nowhere else stays signed in.
      await this.endOtherSessions(user.id, currentSid, keepSelector);
      this.notify(
        user.email,
        passwordChangedMail({ brandName: config.brandName, email: user.email }),
      );
    },

    /**
     * Changes the address (the caller has checked the password) and mails the old one a
     * single-use undo link, in one transaction with the change.
     */
    async changeEmail(user: User, email: string): Promise<'changed' | 'taken' | 'same'> {
      const next = normalizeEmail(email);
      if (next === user.email) return 'same';
      const other = await users.findByEmail(next);
      if (other) return 'taken';
      let token: string;
      try {
        token = await database.writeTransaction(async (tx) => {
          await usersRepository(tx).updateEmail(user.id, next, now());
          return emailChangeUndos(tx, now).create(user.id, user.email, next);
        });
      } catch (error) {
        // Two requests raced for the same address: the unique key decided.
        if (await users.findByEmail(next)) return 'taken';
        throw error;
      }
      this.notify(
        user.email,
        emailChangedMail({
          brandName: config.brandName,
          oldEmail: user.email,
          newEmail: next,
          undoUrl: `${config.appUrl}/account-settings/email/undo/${token}`,
          validForMs: EMAIL_CHANGE_UNDO_TTL_MS,
        }),
      );
      return 'changed';
    },

    /**
     * The undo link from the old address: puts that address back, ends every other session and
     * remember-me token, spends every undo and reset link of the user, and mails a reset link
     * (whoever changed the address knew the password).
     */
    async undoEmailChange(token: string, currentSid: string): Promise<UndoOutcome> {
      const check = await undos.check(token);
      if (check.status !== 'valid') return { status: check.status };
      let done: boolean;
      try {
        done = await database.writeTransaction(async (tx) => {
          const undosInTx = emailChangeUndos(tx, now);
          if (!(await undosInTx.markUsed(check.id))) return false;
          await undosInTx.invalidateAll(check.userId);
          await passwordResets(tx, now).invalidateAll(check.userId);
          await usersRepository(tx).updateEmail(check.userId, check.oldEmail, now());
          return true;
        });
      } catch (error) {
        // Someone signed up with the old address meanwhile; support has to sort that out.
        const holder = await users.findByEmail(check.oldEmail);
        if (holder && holder.id !== check.userId) return { status: 'taken' };
        throw error;
      }
      if (!done) return { status: 'used' };
      await deps.sessionStore.destroyUserSessions(check.userId, currentSid);
      await remember.revokeAllExcept(check.userId);
      await this.requestReset(check.oldEmail);
      return { status: 'undone', userId: check.userId, email: check.oldEmail };
    },

    /**
     * Sends a reset link when the address has an account. The caller answers the same either
     * way, and the mail leaves in the background, so timing does not reveal accounts either.
     */
    async requestReset(email: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user) return;
      const token = await resets.create(user.id);
      const resetUrl = `${config.appUrl}/password/reset/${token}?email=${encodeURIComponent(user.email)}`;
      this.notify(
        user.email,
        passwordResetMail({
          brandName: config.brandName,
          resetUrl,
          validForMs: RESET_TOKEN_TTL_MS,
        }),
      );
    },

    async resetPassword(token: string, email: string, password: string): Promise<ResetOutcome> {
      const user = await users.findByEmail(email);
      const check = await resets.check(token, user?.id ?? -1);
      if (check.status !== 'valid' || !user)
        return check.status === 'valid' ? 'invalid' : check.status;
      const passwordHash = await hashPassword(password, cost);
      const done = await database.writeTransaction(async (tx) => {
        const resetsInTx = passwordResets(tx, now);
        if (!(await resetsInTx.markUsed(check.id))) return false;
        await usersRepository(tx).updatePasswordHash(user.id, passwordHash, now());
        await resetsInTx.invalidateAll(user.id);
        return true;
      });
      if (!done) return 'used';
      await deps.sessionStore.destroyUserSessions(user.id);
      await remember.revokeAllExcept(user.id);
      this.notify(
        user.email,
        passwordChangedMail({ brandName: config.brandName, email: user.email }),
      );
      return 'reset';
    },

    notify(to: string, mail: { subject: string; text: string; html: string }) {
      deps.mailer
        .send({ to, ...mail })
        .catch((error: unknown) =>
          deps.logger.error({ err: error, subject: mail.subject }, 'Mail failed'),
        );
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
