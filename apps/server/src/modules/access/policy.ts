import type { RequestHandler } from 'express';
import { TEAM_ROLES, type TeamRole } from '@tessera/pages/constants';
import type { Db } from '../../db/database.ts';
import type { User } from '../../db/schema.ts';
import { entitlementsFrom, NO_ENTITLEMENTS, type Entitlements } from '../licenses/entitlements.ts';
import { accessRepository, type LicenceRow } from './repository.ts';

/** One of the viewer's teams, as the policy knows it. */
interface TeamMembership {
  teamId: number;
  name: string;
  role: TeamRole;
  /** The viewer's own membership row (`/teams/{id}/members/{memberId}`). */
  memberId: number;
}

/**
 * "May this viewer see or do X", for one request: who they are, their teams and roles, and
 * what their licences (their own and their teams') let them use. The catalogue presenter, the
 * shared page data and every team and licence guard ask this; nothing else decides access.
 */
export interface AccessPolicy {
  user: User | null;
  teams: readonly TeamMembership[];
  entitlements: Entitlements;
  /**
   * The licences the viewer holds or their teams hold, as read for this request: pricing
   * derives the customer's holdings from them instead of reading them again.
   */
  licences: readonly LicenceRow[];
  /** The viewer's membership of `teamId`, or null (visitors and outsiders alike). */
  membership(teamId: number): TeamMembership | null;
  isOwnerOf(teamId: number): boolean;
}

export function roleOf(value: string): TeamRole {
  return TEAM_ROLES.find((role) => role === value) ?? 'member';
}

function policy(
  user: User | null,
  teams: TeamMembership[],
  entitlements: Entitlements,
  licences: readonly LicenceRow[],
) {
  const byTeam = new Map(teams.map((team) => [team.teamId, team]));
  return {
    user,
    teams,
    entitlements,
    licences,
    membership: (teamId: number) => byTeam.get(teamId) ?? null,
    isOwnerOf: (teamId: number) => byTeam.get(teamId)?.role === 'owner',
  } satisfies AccessPolicy;
}

const VISITOR_POLICY: AccessPolicy = policy(null, [], NO_ENTITLEMENTS, []);

/** The policy for `user`, read from the database now; a visitor's costs no query. */
export async function accessPolicyFor(db: Db, user: User | null): Promise<AccessPolicy> {
  if (!user) return VISITOR_POLICY;
  const repository = accessRepository(db);
  const [memberships, licences] = await Promise.all([
    repository.memberships(user.id),
    repository.licences(user.id),
  ]);
  // Active licences of their own or of a team they are in now (the same rows pricing reads).
  const slugs = licences
    .filter((row) => row.is_active === 1 && (row.user_id === user.id || row.role !== null))
    .map((row) => row.slug);
  const teams = memberships.map((row) => ({
    teamId: row.team_id,
    name: row.name,
    role: roleOf(row.role),
    memberId: row.member_id,
  }));
  return policy(user, teams, entitlementsFrom(slugs), licences);
}

/**
 * `req.access()` and `req.entitlements()`: the policy, asked of the database at most once a
 * request and never kept beyond it (no cache that outlives a refund or a removal).
 */
export function accessPolicy(db: Db): RequestHandler {
  return (req, _res, next) => {
    let cached: Promise<AccessPolicy> | undefined;
    req.access = () => (cached ??= accessPolicyFor(db, req.user));
    req.entitlements = async () => (await req.access()).entitlements;
    next();
  };
}
