import type { Request, Response } from 'express';
import type {
  DigitalGoodsDownloads,
  LicensePageProps,
  LicenseRecord,
  PackageDownloads,
  RedeemLicensePageProps,
  TeamSummary,
} from '@tessera/pages';
import { LICENSE_URL } from '@tessera/pages/constants';
import { ConflictError, NotFoundError, ValidationFailedError } from '../../../http/errors.ts';
import { parseInput } from '../../../http/validation.ts';
import { isLicenseKeyShape } from '../../shared/index.ts';
import { signIn, type AuthService, type CookieSettings, type SignedIn } from '../../auth/index.ts';
import { licenseRecord, licenseUrl } from '../presenter.ts';
import type { License } from '../repository/licenses.ts';
import { redeemLicenseBody, TEAM_NAME_REQUIRED } from '../schemas.ts';
import { isTeamKind } from '../service/kinds.ts';
import type { LicensesService } from '../service/licenses.ts';
import type { Joiner } from '../service/teams.ts';
import {
  LICENSE_CONNECTED,
  LICENSE_NOT_FOUND,
  LICENSE_NOT_REDEEMABLE,
  EMAIL_IN_USE,
  PERSONAL_LICENSE_NO_TEAM,
  TEAM_CREATED,
} from './messages.ts';
import { newcomerFrom, succeed } from './responses.ts';
import type { SecretGuesses } from './secret-guesses.ts';

export interface LicensesControllerDeps {
  licenses: LicensesService;
  auth: AuthService;
  cookies: CookieSettings;
  guesses: SecretGuesses;
  supportEmail: string;
  /** The viewer's bulk downloads for the licence page (modules/downloads). */
  downloads?: (req: Request) => Promise<PackageDownloads[]>;
  /** The user's digital goods (the bundle's ebook) with their files (modules/downloads). */
  digitalGoods?: (userId: number) => Promise<DigitalGoodsDownloads[]>;
}

export const signInUrlFor = (path: string) => `/login?intended_url=${encodeURIComponent(path)}`;

export function licensesController(deps: LicensesControllerDeps) {
  const { licenses, auth, cookies, guesses, supportEmail, downloads, digitalGoods } = deps;

  /**
   * The licence named in the path. Cheap refusals first: not a key's shape (after upper-casing:
   * keys are case-insensitive) is a 404 without a lookup; a blocked address a 429. An unknown
   * key is a 404 that counts against the address. A GET spelled otherwise than the canonical
   * path (lower case, percent-encoded) is sent to it. Null: answered already.
   */
  async function findLicense(req: Request<{ key: string }>, res: Response) {
    const key = req.params.key.toUpperCase();
    if (!isLicenseKeyShape(key)) throw new NotFoundError(LICENSE_NOT_FOUND);
    if (req.method === 'GET' && req.path !== licenseUrl(key)) {
      res.redirect(301, licenseUrl(key));
      return null;
    }
    await guesses.ensureAllowed(req);
    const license = await licenses.findByKey(key);
    if (!license) {
      await guesses.miss(req);
      throw new NotFoundError(LICENSE_NOT_FOUND);
    }
    return license;
  }

  function record(req: Request, license: License): LicenseRecord {
    return licenseRecord(license, req.user?.id ?? null);
  }

  return {
    /** GET /license: the viewer's licences and teams. */
    async index(req: SignedIn, res: Response) {
      const { user } = req;
      const [rows, access, packages, goods] = await Promise.all([
        licenses.forUser(user.id),
        req.access(),
        downloads ? downloads(req) : [],
        digitalGoods ? digitalGoods(user.id) : [],
      ]);
      const props: LicensePageProps = {
        licenses: rows.map((row) => licenseRecord(row, user.id)),
        teams: access.teams.map((team): TeamSummary => ({
          id: team.teamId,
          name: team.name,
          role: team.role,
          url: `/teams/${team.teamId}`,
        })),
        supportEmail,
        downloads: packages,
        digitalGoods: goods,
      };
      return res.inertia('License', props);
    },

    /** GET /licenses/{key}: every state of a licence (unredeemed, redeemed, a team's, inactive), for whoever holds the key. */
    async show(req: Request<{ key: string }>, res: Response) {
      const license = await findLicense(req, res);
      if (!license) return;
      const viewer = req.user;
      // Theirs: connected to their account, or to a team of theirs (a buyer right after paying).
      const heldByViewer = viewer
        ? license.user_id === viewer.id ||
          (license.team_id !== null &&
            (await req.access()).teams.some((team) => team.teamId === license.team_id))
        : false;
      const props: RedeemLicensePageProps = {
        license: record(req, license),
        heldByViewer,
        signInUrl: signInUrlFor(licenseUrl(license.key)),
        supportEmail,
      };
      return res.inertia('RedeemLicense', props);
    },

    /**
     * PATCH /licenses/{key}: bare connects a personal licence to the signed-in account;
     * `team_name` makes the team of a team licence; `email` + `password` make the account first.
     */
    async redeem(req: Request<{ key: string }>, res: Response) {
      const license = await findLicense(req, res);
      if (!license) return;
      const page = licenseUrl(license.key);
      // After the key: an unknown key is a 404 whatever the body says.
      const body = parseInput(redeemLicenseBody, req.body, page);
      const notRedeemable = () => new ConflictError(LICENSE_NOT_REDEEMABLE, { back: page });
      if (!record(req, license).isRedeemable) throw notRedeemable();
      const team = isTeamKind(license.kind);
      if (team && !body.team_name)
        throw new ValidationFailedError({ team_name: TEAM_NAME_REQUIRED }, { back: page });
      if (!team && body.team_name)
        throw new ValidationFailedError({ team_name: PERSONAL_LICENSE_NO_TEAM }, { back: page });

      const redeemer: Joiner = req.user
        ? { userId: req.user.id }
        : { newcomer: await newcomerFrom(req, { auth, guesses }, body, page) };
      const outcome = await licenses.redeem(license, redeemer, body.team_name ?? null);
      switch (outcome.status) {
        case 'not-redeemable':
          throw notRedeemable();
        case 'email-taken':
          await guesses.miss(req);
          throw new ValidationFailedError({ email: EMAIL_IN_USE }, { back: page });
        default:
          if ('newcomer' in redeemer)
            await signIn(req, res, auth, cookies, outcome.userId, body.remember);
          return outcome.status === 'connected'
            ? succeed(res, LICENSE_CONNECTED, LICENSE_URL)
            : succeed(res, TEAM_CREATED(body.team_name ?? ''), `/teams/${outcome.teamId}`);
      }
    },
  };
}
