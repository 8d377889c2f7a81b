import { TEAM_ROLES, type TeamRole } from '@tessera/pages/constants';
import type { Db, Tx } from '../../../db/database.ts';
import type { User } from '../../../db/schema.ts';
import { licensesRepository, type HeldLicense, type StoreMode } from '../repository/licenses.ts';
import { teamsRepository } from '../repository/teams.ts';
import { entitlementsFrom, NO_ENTITLEMENTS, type Entitlements } from './entitlements.ts';
import { holdingsFrom, type CustomerHoldings } from './holdings.ts';

/** One of the viewer's teams, as the policy knows it. */
export interface TeamMembership {
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
   * What the viewer holds, derived from the same read (their own licences and their teams'):
   * pricing quotes and upgrades from it instead of reading the licences again.
   */
  holdings: CustomerHoldings;
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
  holdings: CustomerHoldings,
): AccessPolicy {
  const byTeam = new Map(teams.map((team) => [team.teamId, team]));
  return {
    user,
    teams,
    entitlements,
    holdings,
    membership: (teamId: number) => byTeam.get(teamId) ?? null,
    isOwnerOf: (teamId: number) => byTeam.get(teamId)?.role === 'owner',
  };
}

const VISITOR_POLICY: AccessPolicy = policy(null, [], NO_ENTITLEMENTS, holdingsFrom(null, []));

/** Active licences of their own or of a team they are in now: what they may use. */
function usableSlugs(userId: number, licences: readonly HeldLicense[]): string[] {
  return licences
    .filter((row) => row.is_active === 1 && (row.user_id === userId || row.role !== null))
    .map((row) => row.slug);
}

/**
 * The policy for `user`, read from the database now; a visitor's costs no query. A live store
 * (`mode.testMode` false) ignores test licences: they grant nothing and credit nothing.
 */
export async function policyFor(db: Db, user: User | null, mode: StoreMode): Promise<AccessPolicy> {
  if (!user) return VISITOR_POLICY;
  const [memberships, licences] = await Promise.all([
    teamsRepository(db).memberships(user.id),
    licensesRepository(db).heldBy(user.id, mode),
  ]);
  const teams = memberships.map((row) => ({
    teamId: row.team_id,
    name: row.name,
    role: roleOf(row.role),
    memberId: row.member_id,
  }));
  return policy(
    user,
    teams,
    entitlementsFrom(usableSlugs(user.id, licences)),
    holdingsFrom(user.id, licences),
  );
}

/**
 * What `userId` holds, read now: for a quote made outside a request (a request reads it once,
 * with its access policy).
 */
export async function holdingsOf(
  db: Db | Tx,
  userId: number | null,
  mode: StoreMode,
): Promise<CustomerHoldings> {
  if (userId === null) return holdingsFrom(null, []);
  return holdingsFrom(userId, await licensesRepository(db).heldBy(userId, mode));
}
