import { Router, type Request } from 'express';
import type { PackageDownloads } from '@tessera/pages';
import type { DatabaseHandle } from '../../db/database.ts';
import { requireUser, type AuthService, type CookieSettings } from '../auth/index.ts';
import { licensesController } from './controller/licenses.ts';
import type { SecretGuesses } from './controller/secret-guesses.ts';
import { teamsController } from './controller/teams.ts';
import { licensesService, type OnRedeemed } from './service/licenses.ts';
import { teamsService } from './service/teams.ts';

export { licenseApiRoutes, type LicenseApiDeps } from './controller/api.ts';

export interface LicensingRoutesDeps {
  database: DatabaseHandle;
  auth: AuthService;
  cookies: CookieSettings;
  guesses: SecretGuesses;
  appUrl: string;
  supportEmail: string;
  /** The viewer's bulk downloads for the licence page (the downloads module). */
  downloads?: (req: Request) => Promise<PackageDownloads[]>;
  /** In a redemption's transaction: the purchase follows its licence (the payments module). */
  onRedeemed?: OnRedeemed;
  now: () => number;
}

/** The licence pages (list, redemption) and the team pages (settings, roles, invite link). */
export function licensingRoutes(deps: LicensingRoutesDeps): Router {
  const { database, auth, cookies, guesses, supportEmail, now } = deps;
  const licenses = licensesController({
    licenses: licensesService({ database, auth, onRedeemed: deps.onRedeemed, now }),
    auth,
    cookies,
    guesses,
    supportEmail,
    downloads: deps.downloads,
  });
  const teams = teamsController({
    teams: teamsService({ database, auth, appUrl: deps.appUrl, now }),
    auth,
    cookies,
    guesses,
    supportEmail,
  });
  const router = Router();
  router.get('/license', requireUser, licenses.index);
  // Open to whoever holds the key, signed in or not: the key is the proof of purchase.
  router.get('/licenses/:key', licenses.show);
  router.patch('/licenses/:key', licenses.redeem);

  router.get('/teams/:id', requireUser, teams.show);
  router.patch('/teams/:id', requireUser, teams.rename);
  router.delete('/teams/:id/invite-link', requireUser, teams.resetInviteLink);
  router.patch('/teams/:id/members/:memberId', requireUser, teams.changeRole);
  router.delete('/teams/:id/members/:memberId', requireUser, teams.remove);
  // The invite link: open to visitors (they make an account or sign in and come back).
  router.get('/teams/:id/members', teams.showJoin);
  router.post('/teams/:id/members', teams.join);
  return router;
}
