import { createHmac } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { PASSKEY_CHALLENGE_MINUTES } from '@tessera/pages/constants';
import type { DatabaseHandle } from '../../../db/database.ts';
import { passkeyRows, type ChallengePurpose } from '../repository/passkeys.ts';
import { secondFactorRows } from '../repository/second-factors.ts';

export interface PasskeyDeps {
  database: DatabaseHandle;
  /** The store's public URL (APP_URL): its origin is the only one a ceremony may come from. */
  appUrl: string;
  /** The name the authenticator shows beside the passkey. */
  rpName: string;
  /** Keys the opaque user handle (no e-mail or id leaves in it). */
  secret: string;
  now: () => number;
}

/**
 * A ceremony in progress, as the session keeps it: the challenge handed out, for whom and what,
 * and (for the sign-in's second step) which pending sign-in it belongs to. The database row of
 * the same challenge is what makes it single-use.
 */
export interface PasskeyChallenge {
  challenge: string;
  purpose: ChallengePurpose;
  userId: number;
  /** `pendingSignIn.at` of the sign-in it was handed to, when it was one. */
  pendingAt?: number;
}

export type PasskeyRefusal = 'expired' | 'invalid' | 'foreign' | 'taken';

/** What an account's passkey looks like on its settings page. */
export interface PasskeySummary {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const CHALLENGE_MS = PASSKEY_CHALLENGE_MINUTES * 60 * 1000;

/**
 * The relying party this store is: its ID is the public URL's host name and the only accepted
 * origin is that URL's origin, never what a request's Host or X-Forwarded-* headers say.
 */
export function relyingParty(appUrl: string) {
  const url = new URL(appUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/**
 * Passkeys (decision 052): WebAuthn credentials as a second factor, with
 * @simplewebauthn/server. Every challenge is stored for one use and PASSKEY_CHALLENGE_MINUTES;
 * a credential id belongs to one account; the signature counter only moves forward.
 */
export function passkeyService(deps: PasskeyDeps) {
  const { database, now } = deps;
  const rows = passkeyRows(database.db, now);
  const { rpID, origin } = relyingParty(deps.appUrl);

  function userHandle(userId: number): Uint8Array<ArrayBuffer> {
    const digest = createHmac('sha256', deps.secret).update(`webauthn-user:${userId}`).digest();
    return new Uint8Array(digest.subarray(0, 32));
  }

  async function remember(
    challenge: string,
    userId: number,
    purpose: ChallengePurpose,
  ): Promise<PasskeyChallenge> {
    await rows.saveChallenge(challenge, userId, purpose, now() + CHALLENGE_MS);
    return { challenge, purpose, userId };
  }

  /** Spends the session's challenge; false when it is missing, not this one's, used or old. */
  async function spend(
    held: PasskeyChallenge | undefined,
    userId: number,
    purpose: ChallengePurpose,
  ): Promise<PasskeyChallenge | null> {
    if (!held || held.userId !== userId || held.purpose !== purpose) return null;
    return (await rows.spendChallenge(held.challenge, userId, purpose)) ? held : null;
  }

  return {
    relyingParty: { rpID, origin },

    async list(userId: number): Promise<PasskeySummary[]> {
      return (await rows.listOf(userId)).map((row) => ({
        id: Number(row.id),
        name: row.name,
        createdAt: new Date(Number(row.created_at)).toISOString(),
        lastUsedAt:
          row.last_used_at === null ? null : new Date(Number(row.last_used_at)).toISOString(),
      }));
    },

    count: (userId: number) => rows.countOf(userId),

    /** Options for navigator.credentials.create(), the account's passkeys excluded. */
    async registrationOptions(user: {
      id: number;
      email: string;
    }): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; held: PasskeyChallenge }> {
      const existing = await rows.listOf(user.id);
      const options = await generateRegistrationOptions({
        rpName: deps.rpName,
        rpID,
        userName: user.email,
        userID: userHandle(user.id),
        attestationType: 'none',
        timeout: CHALLENGE_MS,
        excludeCredentials: existing.map((row) => ({
          id: row.credential_id,
          transports: row.transports ? row.transports.split(',') : [],
        })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      return { options, held: await remember(options.challenge, user.id, 'register') };
    },

    /** Checks the authenticator's answer and stores the new passkey. */
    async register(
      userId: number,
      held: PasskeyChallenge | undefined,
      response: RegistrationResponseJSON,
      name: string,
      ip: string | undefined,
    ): Promise<{ id: number } | { refused: PasskeyRefusal }> {
      const spent = await spend(held, userId, 'register');
      if (!spent) return { refused: 'expired' };
      let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verified = await verifyRegistrationResponse({
          response,
          expectedChallenge: spent.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
        });
      } catch {
        return { refused: 'invalid' };
      }
      if (!verified.verified) return { refused: 'invalid' };
      const { credential } = verified.registrationInfo;
      if (await rows.byCredentialId(credential.id)) return { refused: 'taken' };
      try {
        const id = await database.writeTransaction(async (tx) => {
          const inserted = await passkeyRows(tx, now).insert({
            userId,
            credentialId: credential.id,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: (credential.transports ?? response.response.transports ?? []).join(','),
            name,
          });
          await secondFactorRows(tx, now).record(userId, 'passkey.added', ip);
          return inserted;
        });
        return { id };
      } catch (error) {
        // Two requests raced with the same credential: the unique key decided.
        if (await rows.byCredentialId(credential.id)) return { refused: 'taken' };
        throw error;
      }
    },

    /** Options for navigator.credentials.get(), limited to the account's passkeys; null without any. */
    async authenticationOptions(
      userId: number,
    ): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; held: PasskeyChallenge } | null> {
      const existing = await rows.listOf(userId);
      if (existing.length === 0) return null;
      const options = await generateAuthenticationOptions({
        rpID,
        timeout: CHALLENGE_MS,
        userVerification: 'preferred',
        allowCredentials: existing.map((row) => ({
          id: row.credential_id,
          transports: row.transports ? row.transports.split(',') : [],
        })),
      });
      return { options, held: await remember(options.challenge, userId, 'authenticate') };
    },

    /**
     * Checks an assertion for `userId`: the challenge spent once, the credential theirs, the
     * signature right, the counter moved forward in one conditional update.
     */
    async authenticate(
      userId: number,
      held: PasskeyChallenge | undefined,
      response: AuthenticationResponseJSON,
    ): Promise<true | PasskeyRefusal> {
      const spent = await spend(held, userId, 'authenticate');
      if (!spent) return 'expired';
      const row = await rows.byCredentialId(response.id);
      if (!row) return 'invalid';
      if (row.user_id !== userId) return 'foreign';
      let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
      try {
        verified = await verifyAuthenticationResponse({
          response,
          expectedChallenge: spent.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
          credential: {
            id: row.credential_id,
            publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
            counter: Number(row.counter),
            transports: row.transports ? row.transports.split(',') : [],
          },
        });
      } catch {
        return 'invalid';
      }
      if (!verified.verified) return 'invalid';
      const moved = await rows.use(Number(row.id), verified.authenticationInfo.newCounter);
      return moved ? true : 'invalid';
    },

    async rename(userId: number, id: number, name: string, ip: string | undefined) {
      return database.writeTransaction(async (tx) => {
        const done = await passkeyRows(tx, now).rename(userId, id, name);
        if (done) await secondFactorRows(tx, now).record(userId, 'passkey.renamed', ip);
        return done;
      });
    },

    async remove(userId: number, id: number, ip: string | undefined) {
      return database.writeTransaction(async (tx) => {
        const done = await passkeyRows(tx, now).remove(userId, id);
        if (done) await secondFactorRows(tx, now).record(userId, 'passkey.removed', ip);
        return done;
      });
    },
  };
}

export type PasskeyService = ReturnType<typeof passkeyService>;
