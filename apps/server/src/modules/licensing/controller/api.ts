// The licence-key API for tools and plugins (decision 016): `POST /api/licenses/validate`.
// A machine router (routes.ts): its own small JSON parser, no session, no cookies, no CSRF, no
// CORS; JSON answers only, errors as `{error, message}` (jsonErrors in http/error-handlers.ts).
import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import { DEACTIVATION_REASONS, TEAM_LICENSE_KINDS } from '@tessera/pages/constants';
import type { Db } from '../../../db/database.ts';
import {
  HttpError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../../http/errors.ts';
import { findMalformedText } from '../../../http/input-guard.ts';
import type { RateLimiter } from '../../../http/rate-limit.ts';
import { isLicenseKeyShape } from '../../shared/index.ts';
import { authenticateBearer } from '../../tokens/index.ts';
import { licenseUrl } from '../presenter.ts';
import { licensesRepository, type StoreMode } from '../repository/licenses.ts';
import { licenseKindOf, seatsFor } from '../service/kinds.ts';
import { policyFor } from '../service/policy.ts';
import type { SecretGuesses } from './secret-guesses.ts';

export const LICENSE_API_PATH = '/api/licenses/validate';
/** A key and an instance name fit in far less; anything bigger is not a call of ours. */
export const LICENSE_API_BODY_LIMIT = '4kb';
export const INSTANCE_NAME_MAX = 255;

const validateBody = z.object({
  license_key: z.string().min(1).max(100),
  instance_name: z.string().trim().min(1).max(INSTANCE_NAME_MAX).optional(),
});

export type LicenseApiStatus = 'active' | 'inactive';

/** The 200 answer: the licence as the well-known licence APIs describe one. */
export interface LicenseValidation {
  valid: boolean;
  /**
   * Null when valid; else why not: `license_key_inactive`, or `test_license_in_live_store` for
   * a licence bought in test mode asked of a store that sells for real.
   */
  error: string | null;
  /** Bought with test payments (the sandbox, Paddle's sandbox): proof of no purchase. */
  test_mode: boolean;
  license_key: {
    key: string;
    status: LicenseApiStatus;
    /** Why an inactive licence is: 'refund', 'upgrade' or 'other'; null while active. */
    status_reason: (typeof DEACTIVATION_REASONS)[number] | null;
    kind: string;
    package: { slug: string; name: string };
    seats: { used: number; allowed: number };
    redeemed: boolean;
    created_at: string;
    url: string;
  };
  /** The caller's instance name, echoed: licences are not bound to instances (decision 016). */
  instance: { name: string } | null;
  /** The customer's e-mail only when the caller proves to be the licence's owner (a token). */
  meta: { customer_email: string | null };
}

/** Keys are case-insensitive and may arrive percent-encoded (copied from a licence URL). */
export function canonicalLicenseKey(value: string): string {
  let key = value.trim();
  if (key.includes('%')) {
    try {
      key = decodeURIComponent(key);
    } catch {
      // Not percent-encoding after all: the shape check refuses it.
    }
  }
  return key.toUpperCase();
}

/** The limiter key of a licence key: its hash, so no store of counters holds a key in clear. */
export const keyBucket = (key: string) =>
  `key:${createHash('sha256').update(key).digest('base64url')}`;

export interface LicenseApiDeps {
  db: Db;
  appUrl: string;
  /** A live store answers `valid: false` for a test licence (decision 040). */
  mode: StoreMode;
  limiters: { address: RateLimiter; key: RateLimiter };
  guesses: SecretGuesses;
  now: () => number;
}

const checksMessage = (seconds: number) =>
  `Too many licence checks. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/** A spent budget, in this API's words (the wait is in the body too: `retry_after`). */
function tooMany(limit: { allowed: true } | { allowed: false; retryAfterSeconds: number }) {
  if (limit.allowed) return;
  throw new TooManyRequestsError(limit.retryAfterSeconds, checksMessage(limit.retryAfterSeconds));
}

export function licenseApiController(deps: LicenseApiDeps) {
  const licenses = licensesRepository(deps.db);

  return {
    /** Every call counts against its address, before its body is even read. */
    async admit(req: Request, _res: Response, next: NextFunction) {
      tooMany(await deps.limiters.address.consume(`ip:${req.ip ?? 'unknown'}`));
      if (!req.is('application/json')) {
        throw new HttpError(415, 'Send the body as JSON with Content-Type: application/json.');
      }
      next();
    },

    async validate(req: Request, res: Response) {
      const parsed = validateBody.safeParse(req.body);
      const malformed = findMalformedText(req.body);
      if (!parsed.success || malformed !== null) {
        const errors: Record<string, string> = {};
        if (malformed !== null) errors[malformed] = 'Contains a character that is not allowed.';
        for (const issue of parsed.success ? [] : parsed.error.issues)
          errors[issue.path.join('.') || 'body'] ??= issue.message;
        throw new HttpError(400, 'The body must be a JSON object with a license_key string.', {
          code: 'invalid_request',
          details: { errors },
        });
      }
      // Wrong keys already spent from this address block every lookup (as on the site).
      await deps.guesses.ensureAllowed(req, checksMessage);

      const key = canonicalLicenseKey(parsed.data.license_key);
      const notFound = () =>
        new NotFoundError('No licence has this key.', {
          code: 'license_key_not_found',
          details: { valid: false },
        });
      if (!isLicenseKeyShape(key)) throw notFound();
      tooMany(await deps.limiters.key.consume(keyBucket(key)));

      const license = await licenses.findForApi(key);
      if (!license) {
        await deps.guesses.miss(req);
        throw notFound();
      }
      // The e-mail is the owner's to see: a token of the licence's account or of its team's owner.
      let isOwner = false;
      if (req.get('authorization') !== undefined) {
        const bearer = await authenticateBearer(deps.db, req, deps.now());
        if (!bearer.ok) {
          await deps.guesses.miss(req);
          throw new UnauthorizedError(
            'The Authorization header is not a live access token. Leave it out to validate the key alone.',
            { code: 'invalid_token' },
          );
        }
        const access = await policyFor(deps.db, bearer.user, deps.mode);
        isOwner =
          license.user_id === bearer.user.id ||
          (license.team_id !== null && access.isOwnerOf(license.team_id));
      }

      const kind = licenseKindOf(license.kind);
      const active = license.is_active === 1;
      const testLicense = license.test_mode === 1;
      // A live store never takes a test licence for a purchase, active or not.
      const refusedAsTest = testLicense && !deps.mode.testMode;
      const team = TEAM_LICENSE_KINDS.includes(kind);
      const redeemed = license.redeemed_at !== null;
      const reason = DEACTIVATION_REASONS.find((r) => r === license.deactivation_reason) ?? 'other';
      const body: LicenseValidation = {
        valid: active && !refusedAsTest,
        error: refusedAsTest
          ? 'test_license_in_live_store'
          : active
            ? null
            : 'license_key_inactive',
        test_mode: testLicense,
        license_key: {
          key: license.key,
          status: active ? 'active' : 'inactive',
          status_reason: active ? null : reason,
          kind,
          package: { slug: license.product_slug, name: license.product_name },
          seats: team
            ? {
                used: license.team_member_count ?? 0,
                allowed: license.team_seats ?? seatsFor(kind),
              }
            : { used: redeemed ? 1 : 0, allowed: 1 },
          redeemed,
          created_at: new Date(license.created_at).toISOString(),
          url: new URL(licenseUrl(license.key), deps.appUrl).href,
        },
        instance: parsed.data.instance_name ? { name: parsed.data.instance_name } : null,
        meta: {
          customer_email: isOwner ? (license.user_email ?? license.buyer_email ?? null) : null,
        },
      };
      res.status(200).set('Cache-Control', 'no-store').json(body);
    },

    methodNotAllowed() {
      throw new HttpError(405, `Use POST ${LICENSE_API_PATH}.`, { headers: { Allow: 'POST' } });
    },
  };
}
