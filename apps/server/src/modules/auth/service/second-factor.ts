import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT } from '@tessera/pages/constants';
import type { DatabaseHandle } from '../../../db/database.ts';
import { passkeyRows } from '../repository/passkeys.ts';
import { secondFactorRows, type SecurityEvent } from '../repository/second-factors.ts';

/** The TOTP step in seconds, and how many steps either side of now a code may come from. */
const TOTP_PERIOD_SECONDS = 30;
const TOTP_DRIFT_STEPS = 1;

/** Recovery codes: 10 characters from an alphabet without look-alikes (0/o, 1/l/i), ~50 bits. */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 10;

export interface SecondFactorDeps {
  database: DatabaseHandle;
  /** The session secret: the key that encrypts TOTP secrets at rest is derived from it. */
  secret: string;
  issuer: string;
  now: () => number;
}

export type SecondStepMethod = 'totp' | 'recovery-code' | 'passkey';

/** A secret being set up: shown once (QR code and text), kept only encrypted meanwhile. */
export interface TotpEnrolment {
  secret: string;
  encrypted: string;
  qrCode: string;
}

/** The canonical form of a typed recovery code: lower case, no spaces or dashes. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * Second factors (decision 044): TOTP (otplib) with replay refused per time step, and
 * single-use recovery codes. TOTP secrets are AES-256-GCM encrypted at rest and never logged.
 */
export function secondFactorService(deps: SecondFactorDeps) {
  const { database, now } = deps;
  const rows = secondFactorRows(database.db, now);
  const key = Buffer.from(hkdfSync('sha256', deps.secret, 'tessera', 'tessera:totp-secret:v1', 32));

  function encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    // Stryker disable next-line StringLiteral: Node reads an empty encoding as its default, utf8
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
    return ['v1', ...parts].join('.');
  }

  function decrypt(sealed: string): string | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !body) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]);
      return plain.toString('utf8');
    } catch {
      return null;
    }
  }

  /** The time step `code` belongs to for `secret`, or null when it is not a current code. */
  async function matchingStep(
    secret: string,
    code: string,
    after: number | null,
  ): Promise<number | null> {
    if (!/^\d{6}$/.test(code)) return null;
    const result = await verify({
      secret,
      token: code,
      period: TOTP_PERIOD_SECONDS,
      epoch: Math.floor(now() / 1000),
      // Stryker disable next-line ArithmeticOperator: with one step of drift, × and ÷ agree
      epochTolerance: TOTP_PERIOD_SECONDS * TOTP_DRIFT_STEPS,
      ...(after === null ? {} : { afterTimeStep: after }),
    });
    // Stryker disable next-line LogicalOperator: otplib gives a time step only with a valid result
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  async function newCodes(userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await rows.replaceCodes(
      userId,
      codes.map((code) => sha256(normalizeRecoveryCode(code)).toString('hex')),
    );
    return codes;
  }

  /** Spends a matching unused recovery code; every stored hash is compared, in constant time. */
  async function spendRecoveryCode(userId: number, code: string): Promise<boolean> {
    const normalized = normalizeRecoveryCode(code);
    if (!/^[a-z0-9]{1,64}$/.test(normalized)) return false;
    const given = sha256(normalized);
    let match: number | null = null;
    for (const row of await rows.unusedCodes(userId)) {
      const stored = Buffer.from(row.code_hash, 'hex');
      if (stored.length === given.length && timingSafeEqual(stored, given)) match = row.id;
    }
    return match !== null && (await rows.spendCode(match));
  }

  return {
    /** The account's second factors, as the account page lists them. */
    async status(userId: number) {
      const [totp, codes] = await Promise.all([rows.totpOf(userId), rows.unusedCodes(userId)]);
      return { totp: Boolean(totp), recoveryCodesLeft: totp ? codes.length : 0 };
    },

    /** Whether signing in as this account takes a second step: TOTP or a passkey (052). */
    async required(userId: number): Promise<boolean> {
      const [totp, passkeys] = await Promise.all([
        rows.totpOf(userId),
        passkeyRows(database.db, now).countOf(userId),
      ]);
      return Boolean(totp) || passkeys > 0;
    },

    /** Which second factors the account has, as the second step offers them. */
    async methods(userId: number): Promise<{ totp: boolean; passkey: boolean }> {
      const [totp, passkeys] = await Promise.all([
        rows.totpOf(userId),
        passkeyRows(database.db, now).countOf(userId),
      ]);
      return { totp: Boolean(totp), passkey: passkeys > 0 };
    },

    /** A fresh secret to set up, with its otpauth:// QR code as an SVG data URL. */
    async beginTotp(email: string): Promise<TotpEnrolment> {
      const secret = generateSecret();
      return { secret, encrypted: encrypt(secret), qrCode: await this.qrCode(email, secret) };
    },

    /** The enrolment screen again (after a wrong confirmation code), from the sealed secret. */
    async resumeTotp(email: string, encrypted: string): Promise<TotpEnrolment | null> {
      const secret = decrypt(encrypted);
      if (!secret) return null;
      return { secret, encrypted, qrCode: await this.qrCode(email, secret) };
    },

    async qrCode(email: string, secret: string): Promise<string> {
      const uri = generateURI({ issuer: deps.issuer, label: email, secret });
      const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    },

    /**
     * Turns TOTP on when `code` is current for the secret being set up; returns the new recovery
     * codes (shown once), or null for a wrong code.
     */
    async confirmTotp(
      userId: number,
      encrypted: string,
      code: string,
      ip: string | undefined,
    ): Promise<string[] | null> {
      const secret = decrypt(encrypted);
      if (!secret) return null;
      const step = await matchingStep(secret, code, null);
      if (step === null) return null;
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await database.writeTransaction(async (tx) => {
        const inTx = secondFactorRows(tx, now);
        await inTx.saveTotp(userId, encrypted, step);
        await inTx.replaceCodes(
          userId,
          codes.map((c) => sha256(normalizeRecoveryCode(c)).toString('hex')),
        );
        await inTx.record(userId, 'totp.enabled', ip);
      });
      return codes;
    },

    /**
     * Checks a second-step code: a current TOTP code not used before, else an unused recovery
     * code (which is spent). Returns which one matched, or null.
     */
    async check(userId: number, code: string): Promise<SecondStepMethod | null> {
      const totp = await rows.totpOf(userId);
      if (!totp) return null;
      const secret = decrypt(totp.secret_encrypted);
      if (secret) {
        const step = await matchingStep(secret, code.trim(), totp.last_time_step);
        if (step !== null && (await rows.acceptTimeStep(userId, step))) return 'totp';
      }
      if (await spendRecoveryCode(userId, code)) return 'recovery-code';
      return null;
    },

    /** Turns TOTP off and drops the recovery codes (the caller has checked password and code). */
    async disableTotp(userId: number, ip: string | undefined): Promise<boolean> {
      return database.writeTransaction(async (tx) => {
        const inTx = secondFactorRows(tx, now);
        const removed = await inTx.deleteTotp(userId);
        await inTx.replaceCodes(userId, []);
        if (removed) await inTx.record(userId, 'totp.disabled', ip);
        return removed;
      });
    },

    /** Ten new recovery codes in place of the old ones (shown once). */
    async regenerateRecoveryCodes(userId: number, ip: string | undefined): Promise<string[]> {
      const codes = await newCodes(userId);
      await rows.record(userId, 'recovery-codes.regenerated', ip);
      return codes;
    },

    record: (userId: number, event: SecurityEvent, ip: string | undefined) =>
      rows.record(userId, event, ip),
    recentEvents: (userId: number) => rows.recentEvents(userId),

    /**
     * Sets a known TOTP secret for an account, without a confirmation code: the demo world's
     * administrator (`pnpm seed`) and tests. Returns recovery codes.
     */
    async enrolKnownSecret(userId: number, secret: string): Promise<string[]> {
      await rows.saveTotp(userId, encrypt(secret), 0);
      await rows.record(userId, 'totp.enabled', undefined);
      return newCodes(userId);
    },
  };
}

export type SecondFactorService = ReturnType<typeof secondFactorService>;
