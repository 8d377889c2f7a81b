import type { Request, Response } from 'express';
import type { JoinTeamPageProps, TeamSettingsPageProps } from '@tessera/pages';
import { LICENSE_URL } from '@tessera/pages/constants';
import {
  ConflictError,
  ForbiddenError,
  GoneError,
  NotFoundError,
  ValidationFailedError,
} from '../../../http/errors.ts';
import { parseInput, pathId } from '../../../http/validation.ts';
import { signIn, type AuthService, type CookieSettings, type SignedIn } from '../../auth/index.ts';
import { isInviteTokenShape } from '../../shared/index.ts';
import { changeRoleBody, inviteTokenField, joinTeamBody, renameTeamBody } from '../schemas.ts';
import type { ChangeOutcome, Joiner, RemoveOutcome, TeamsService } from '../service/teams.ts';
import { signInUrlFor } from './licenses.ts';
import {
  ALREADY_MEMBER,
  EMAIL_IN_USE,
  INVITE_INVALID,
  INVITE_LINK_RESET,
  JOINED,
  LAST_OWNER,
  LEFT_TEAM,
  MEMBER_NOT_FOUND,
  MEMBER_REMOVED,
  OWNERS_ONLY,
  ROLE_UPDATED,
  TEAM_FULL_MESSAGE,
  TEAM_INACTIVE,
  TEAM_NOT_FOUND,
  TEAM_RENAMED,
} from './messages.ts';
import { newcomerFrom, succeed } from './responses.ts';
import type { SecretGuesses } from './secret-guesses.ts';

export interface TeamsControllerDeps {
  teams: TeamsService;
  auth: AuthService;
  cookies: CookieSettings;
  guesses: SecretGuesses;
  supportEmail: string;
}

type TeamParams = { id: string };
type MemberParams = { id: string; memberId: string };

const teamUrl = (id: number) => `/teams/${id}`;
const joinUrl = (id: number, token: string) => `/teams/${id}/members?invite_token=${token}`;

export function teamsController(deps: TeamsControllerDeps) {
  const { teams, auth, cookies, guesses, supportEmail } = deps;

  /**
   * The team of an owner's action, from the access policy: an outsider (a member of another
   * team, an admin) gets 404, a member 403. The service checks again inside its transaction.
   */
  async function ownedTeam(req: Request<TeamParams>): Promise<number> {
    const id = pathId(req.params.id, TEAM_NOT_FOUND);
    const access = await req.access();
    if (!access.membership(id)) throw new NotFoundError(TEAM_NOT_FOUND);
    if (!access.isOwnerOf(id)) throw new ForbiddenError(OWNERS_ONLY);
    return id;
  }

  /** Answers a change's outcome; 'done' is the caller's to answer. */
  function unless(outcome: ChangeOutcome | RemoveOutcome, id: number) {
    switch (outcome) {
      case 'not-found':
        throw new NotFoundError(MEMBER_NOT_FOUND);
      case 'forbidden':
        throw new ForbiddenError(OWNERS_ONLY);
      case 'last-owner':
        throw new ConflictError(LAST_OWNER, { back: teamUrl(id) });
      default:
        return null;
    }
  }

  /**
   * The team an invite link names, with the token it carries: a token of the wrong shape is
   * refused like a wrong one (without a lookup); a wrong or reset one counts against the
   * address. One answer for no such team and a wrong token, so team ids cannot be probed.
   */
  async function invitation(req: Request<TeamParams>, token: unknown) {
    const id = pathId(req.params.id, INVITE_INVALID);
    if (!isInviteTokenShape(token)) throw new NotFoundError(INVITE_INVALID);
    await guesses.ensureAllowed(req);
    const team = await teams.invitation(id, token);
    if (team === 'invalid') {
      await guesses.miss(req);
      throw new NotFoundError(INVITE_INVALID);
    }
    if (team === 'inactive') throw new GoneError(TEAM_INACTIVE);
    return { team, token };
  }

  return {
    /** GET /teams/{id}: members and owners; owners also see billing. */
    async show(req: Request<TeamParams>, res: Response) {
      const id = pathId(req.params.id, TEAM_NOT_FOUND);
      const team = await teams.view(id, await req.access());
      if (!team) throw new NotFoundError(TEAM_NOT_FOUND);
      const props: TeamSettingsPageProps = { team, supportEmail };
      return res.inertia('TeamSettings', props);
    },

    async rename(req: SignedIn<Request<TeamParams>>, res: Response) {
      const id = await ownedTeam(req);
      const { name } = parseInput(renameTeamBody, req.body, teamUrl(id));
      const outcome = await teams.rename(id, req.user.id, name);
      return unless(outcome, id) ?? succeed(res, TEAM_RENAMED, teamUrl(id));
    },

    async resetInviteLink(req: SignedIn<Request<TeamParams>>, res: Response) {
      const id = await ownedTeam(req);
      const outcome = await teams.resetInviteLink(id, req.user.id);
      return unless(outcome, id) ?? succeed(res, INVITE_LINK_RESET, teamUrl(id));
    },

    async changeRole(req: SignedIn<Request<MemberParams>>, res: Response) {
      const id = await ownedTeam(req);
      const memberId = pathId(req.params.memberId, MEMBER_NOT_FOUND);
      const { role } = parseInput(changeRoleBody, req.body, teamUrl(id));
      const outcome = await teams.setRole(id, req.user.id, memberId, role);
      return unless(outcome, id) ?? succeed(res, ROLE_UPDATED, teamUrl(id));
    },

    /** Owners remove members; a member may remove themself (leave the team). */
    async remove(req: SignedIn<Request<MemberParams>>, res: Response) {
      const id = pathId(req.params.id, TEAM_NOT_FOUND);
      const access = await req.access();
      const membership = access.membership(id);
      if (!membership) throw new NotFoundError(TEAM_NOT_FOUND);
      const memberId = pathId(req.params.memberId, MEMBER_NOT_FOUND);
      if (membership.role !== 'owner' && membership.memberId !== memberId)
        throw new ForbiddenError(OWNERS_ONLY);
      const outcome = await teams.remove(id, req.user.id, memberId);
      if (outcome === 'left') return succeed(res, LEFT_TEAM(membership.name), LICENSE_URL);
      return unless(outcome, id) ?? succeed(res, MEMBER_REMOVED, teamUrl(id));
    },

    /** GET /teams/{id}/members?invite_token=…: the invite page, in every state (to join, joined, full, a wrong link). */
    async showJoin(req: Request<TeamParams>, res: Response) {
      const submitted = inviteTokenField.safeParse(req.query);
      const { team, token } = await invitation(
        req,
        submitted.success ? submitted.data.invite_token : undefined,
      );
      if (req.user && (await req.access()).membership(team.id))
        return succeed(res, ALREADY_MEMBER, teamUrl(team.id));
      const props: JoinTeamPageProps = {
        team: {
          id: team.id,
          name: team.name,
          seats: team.seats,
          seatsUsed: team.member_count,
          isFull: team.member_count >= team.seats,
        },
        inviteToken: token,
        signInUrl: signInUrlFor(joinUrl(team.id, token)),
        supportEmail,
      };
      return res.inertia('JoinTeam', props);
    },

    /** POST /teams/{id}/members: joins with the invite token (an account made first if need be). */
    async join(req: Request<TeamParams>, res: Response) {
      // The token first (a wrong one is a 404 whatever else is wrong), then the account fields.
      const submitted = inviteTokenField.safeParse(req.body ?? {});
      const { team, token } = await invitation(
        req,
        submitted.success ? submitted.data.invite_token : undefined,
      );
      const page = joinUrl(team.id, token);
      const body = parseInput(joinTeamBody, req.body, page);
      if (req.user && (await req.access()).membership(team.id))
        return succeed(res, ALREADY_MEMBER, teamUrl(team.id));
      const joiner: Joiner = req.user
        ? { userId: req.user.id }
        : { newcomer: await newcomerFrom(req, { auth, guesses }, body, page) };
      const outcome = await teams.join(team.id, token, joiner);
      switch (outcome.status) {
        case 'joined':
          if ('newcomer' in joiner)
            await signIn(req, res, auth, cookies, outcome.userId, body.remember);
          return succeed(res, JOINED(team.name), teamUrl(team.id));
        case 'full':
          throw new ConflictError(TEAM_FULL_MESSAGE, { back: page });
        case 'already-member':
          return succeed(res, ALREADY_MEMBER, teamUrl(team.id));
        case 'invalid':
          // The link was reset between the check above and the join.
          throw new NotFoundError(INVITE_INVALID);
        case 'inactive':
          throw new GoneError(TEAM_INACTIVE);
        case 'email-taken':
          await guesses.miss(req);
          throw new ValidationFailedError({ email: EMAIL_IN_USE }, { back: page });
      }
    },
  };
}
