// The licence-key API for tools and plugins (decision 016): `POST /api/licenses/validate`.
// A machine router (app.ts mounts it before the browser stack): its own small JSON parser, no
// session, no cookies, no CSRF, no CORS; JSON answers only, errors as `{error, message}`.
import { createHash } from 'node:crypto';
import express, { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import { z } from 'zod';
import { DEACTIVATION_REASONS, TEAM_LICENSE_KINDS } from '@tessera/pages/constants';
import type { Db } from '../../../db/database.ts';
import { HttpError } from '../../../http/errors.ts';
import { findMalformedText } from '../../../http/input-guard.ts';
import type { RateLimiter } from '../../../http/rate-limit.ts';
import type { Logger } from '../../../logger.ts';
import { isLicenseKeyShape } from '../../shared/index.ts';
import { authenticateBearer } from '../../tokens/index.ts';
import { licenseUrl } from '../presenter.ts';
import { licensesRepository } from '../repository/licenses.ts';
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
  /** Null when valid; else why not (`license_key_inactive`). */
  error: string | null;
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

export interface LicenseApiError {
  error: string;
  message: string;
  valid?: false;
  retry_after?: number;
  errors?: Record<string, string>;
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
  limiters: { address: RateLimiter; key: RateLimiter };
  guesses: SecretGuesses;
  logger: Logger;
  now: () => number;
}

function send(res: Response, status: number, body: LicenseApiError | LicenseValidation) {
  res.status(status).set('Cache-Control', 'no-store').json(body);
}

function tooMany(res: Response, seconds: number) {
  res.set('Retry-After', String(seconds));
  send(res, 429, {
    error: 'rate_limited',
    message: `Too many licence checks. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    retry_after: seconds,
  });
}

export function licenseApiRoutes(deps: LicenseApiDeps): Router {
  const licenses = licensesRepository(deps.db);
  const router = Router();
  const json = express.json({ limit: LICENSE_API_BODY_LIMIT, type: () => true, strict: false });

  router.post(
    LICENSE_API_PATH,
    async (req, res, next) => {
      // Every call counts against its address, before its body is even read.
      const address = await deps.limiters.address.consume(`ip:${req.ip ?? 'unknown'}`);
      if (!address.allowed) return tooMany(res, address.retryAfterSeconds);
      if (!req.is('application/json')) {
        return send(res, 415, {
          error: 'unsupported_media_type',
          message: 'Send the body as JSON with Content-Type: application/json.',
        });
      }
      next();
    },
    json,
    async (req: Request, res: Response) => {
      const parsed = validateBody.safeParse(req.body);
      const malformed = findMalformedText(req.body);
      if (!parsed.success || malformed !== null) {
        const errors: Record<string, string> = {};
        if (malformed !== null) errors[malformed] = 'Contains a character that is not allowed.';
        for (const issue of parsed.success ? [] : parsed.error.issues)
          errors[issue.path.join('.') || 'body'] ??= issue.message;
        return send(res, 400, {
          error: 'invalid_request',
          message: 'The body must be a JSON object with a license_key string.',
          errors,
        });
      }
      // Wrong keys already spent from this address block every lookup (as on the site).
      const blocked = await deps.guesses.wait(req);
      if (blocked !== null) return tooMany(res, blocked);

      const key = canonicalLicenseKey(parsed.data.license_key);
      const notFound = () =>
        send(res, 404, {
          valid: false,
          error: 'license_key_not_found',
          message: 'No licence has this key.',
        });
      if (!isLicenseKeyShape(key)) return notFound();
      const perKey = await deps.limiters.key.consume(keyBucket(key));
      if (!perKey.allowed) return tooMany(res, perKey.retryAfterSeconds);

      const license = await licenses.findForApi(key);
      if (!license) {
        await deps.guesses.miss(req);
        return notFound();
      }

      // The e-mail is the owner's to see: a token of the licence's account or of its team's owner.
      let isOwner = false;
      if (req.get('authorization') !== undefined) {
        const bearer = await authenticateBearer(deps.db, req, deps.now());
        if (!bearer.ok) {
          await deps.guesses.miss(req);
          return send(res, 401, {
            error: 'invalid_token',
            message:
              'The Authorization header is not a live access token. Leave it out to validate the key alone.',
          });
        }
        const access = await policyFor(deps.db, bearer.user);
        isOwner =
          license.user_id === bearer.user.id ||
          (license.team_id !== null && access.isOwnerOf(license.team_id));
      }

      const kind = licenseKindOf(license.kind);
      const active = license.is_active === 1;
      const team = TEAM_LICENSE_KINDS.includes(kind);
      const redeemed = license.redeemed_at !== null;
      const reason = DEACTIVATION_REASONS.find((r) => r === license.deactivation_reason) ?? 'other';
      const body: LicenseValidation = {
        valid: active,
        error: active ? null : 'license_key_inactive',
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
      send(res, 200, body);
    },
  );

  router.all(LICENSE_API_PATH, (_req, res) => {
    res.set('Allow', 'POST');
    send(res, 405, { error: 'method_not_allowed', message: `Use POST ${LICENSE_API_PATH}.` });
  });

  // Errors of this router are JSON too: a body that is not JSON, too large, or a store down.
  const errors: ErrorRequestHandler = (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const status =
      error instanceof HttpError
        ? error.status
        : typeof (error as { status?: unknown }).status === 'number'
          ? (error as { status: number }).status
          : 500;
    if (status === 400) {
      return send(res, 400, { error: 'invalid_json', message: 'The body is not valid JSON.' });
    }
    if (status === 413) {
      return send(res, 413, {
        error: 'body_too_large',
        message: `The body is larger than ${LICENSE_API_BODY_LIMIT}.`,
      });
    }
    if (status === 415) {
      return send(res, 415, {
        error: 'unsupported_media_type',
        message: 'Send the body as UTF-8 JSON.',
      });
    }
    if (status === 503) {
      const retry = (error as { retryAfterSeconds?: number }).retryAfterSeconds ?? 30;
      res.set('Retry-After', String(retry));
      return send(res, 503, {
        error: 'unavailable',
        message: 'The licence service is unavailable. Try again shortly.',
        retry_after: retry,
      });
    }
    deps.logger.error({ err: error, path: req.path }, 'The licence API failed');
    return send(res, 500, { error: 'server_error', message: 'Something went wrong on our side.' });
  };
  router.use(LICENSE_API_PATH, errors);
  return router;
}
