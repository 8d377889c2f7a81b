import express, { Router, type Request } from 'express';
import type { DigitalGoodsDownloads, PackageDownloads } from '@tessera/pages';
import type { DatabaseHandle } from '../../db/database.ts';
import { jsonErrors, jsonNotFound } from '../../http/error-handlers.ts';
import type { Logger } from '../../logger.ts';
import { requireUser, signedIn, type AuthService, type CookieSettings } from '../auth/index.ts';
import {
  LICENSE_API_BODY_LIMIT,
  LICENSE_API_PATH,
  licenseApiController,
  type LicenseApiDeps,
} from './controller/api.ts';
import { licensesController } from './controller/licenses.ts';
import type { SecretGuesses } from './controller/secret-guesses.ts';
import { teamsController } from './controller/teams.ts';
import { licensesService, type OnRedeemed } from './service/licenses.ts';
import { teamsService } from './service/teams.ts';

export interface LicensingRoutesDeps {
  database: DatabaseHandle;
  auth: AuthService;
  cookies: CookieSettings;
  guesses: SecretGuesses;
  appUrl: string;
  supportEmail: string;
  /** The viewer's bulk downloads for the licence page (the downloads module). */
  downloads?: (req: Request) => Promise<PackageDownloads[]>;
  /** The user's digital goods with their files' sizes (the downloads module). */
  digitalGoods?: (userId: number) => Promise<DigitalGoodsDownloads[]>;
  /** In a redemption's transaction: the purchase follows its licence (the payments module). */
  onRedeemed?: OnRedeemed;
  now: () => number;
}

/** The licence pages (list, redemption) and the team pages (settings, roles, invite link). */
export function licensingRoutes(deps: LicensingRoutesDeps): Router {
  const { database, auth, cookies, guesses, supportEmail, now } = deps;
  const licenses = licensesController({
    licenses: licensesService({
      database,
      auth,
      appUrl: deps.appUrl,
      onRedeemed: deps.onRedeemed,
      now,
    }),
    auth,
    cookies,
    guesses,
    supportEmail,
    downloads: deps.downloads,
    digitalGoods: deps.digitalGoods,
  });
  const teams = teamsController({
    teams: teamsService({ database, auth, appUrl: deps.appUrl, now }),
    auth,
    cookies,
    guesses,
    supportEmail,
  });
  const router = Router();
  router.get('/license', signedIn(licenses.index));
  // Open to whoever holds the key, signed in or not: the key is the proof of purchase.
  router.get('/licenses/:key', licenses.show);
  router.patch('/licenses/:key', licenses.redeem);

  router.get('/teams/:id', requireUser, teams.show);
  router.patch('/teams/:id', signedIn(teams.rename));
  router.delete('/teams/:id/invite-link', signedIn(teams.resetInviteLink));
  router.patch('/teams/:id/members/:memberId', signedIn(teams.changeRole));
  router.delete('/teams/:id/members/:memberId', signedIn(teams.remove));
  // The invite link: open to visitors (they make an account or sign in and come back).
  router.get('/teams/:id/members', teams.showJoin);
  router.post('/teams/:id/members', teams.join);
  return router;
}

/**
 * The licence-key API for tools (decision 016), a machine router mounted before the browser
 * stack: its own small JSON parser, limits per address and per key, JSON errors.
 */
export function licenseApiRoutes(deps: LicenseApiDeps & { logger: Logger }): Router {
  const api = licenseApiController(deps);
  const router = Router();
  const json = express.json({ limit: LICENSE_API_BODY_LIMIT, type: () => true, strict: false });
  router.post(LICENSE_API_PATH, api.admit, json, api.validate);
  router.all(LICENSE_API_PATH, api.methodNotAllowed);
  // Any other address under /api: the API's JSON 404, not the store's 404 page.
  router.use('/api', jsonNotFound());
  router.use(
    '/api',
    jsonErrors({
      logger: deps.logger,
      headers: { 'Cache-Control': 'no-store' },
      retryAfterInBody: true,
      clientError: (status) => API_CLIENT_ERRORS[status],
      serverErrors: {
        message: 'Something went wrong on our side.',
        unavailable: 'The licence service is unavailable. Try again shortly.',
      },
    }),
  );
  return router;
}

/** What the body parser's refusals are, in the licence API's words. */
const API_CLIENT_ERRORS: Record<number, { error: string; message: string }> = {
  400: { error: 'invalid_json', message: 'The body is not valid JSON.' },
  413: { error: 'body_too_large', message: `The body is larger than ${LICENSE_API_BODY_LIMIT}.` },
  415: { error: 'unsupported_media_type', message: 'Send the body as UTF-8 JSON.' },
};
