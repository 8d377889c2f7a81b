import type { DatabaseHandle } from '../../db/database.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { newInviteToken } from '../teams/invite-tokens.ts';
import { teamsRepository } from '../teams/repository.ts';
import type { Joiner } from '../teams/service.ts';
import { isTeamKind, seatsFor } from './kinds.ts';
import { licensesRepository, type LicenseRow } from './repository.ts';

export interface LicensesServiceDeps {
  database: DatabaseHandle;
  auth: AuthService;
  now: () => number;
}

export type RedeemOutcome =
  | { status: 'connected'; userId: number }
  | { status: 'team-created'; userId: number; teamId: number }
  | { status: 'not-redeemable' | 'email-taken' };

class NotRedeemable extends Error {}

/** Redeeming licence keys: connecting a personal licence, or making the team of a team licence. */
export function licensesService({ database, auth, now }: LicensesServiceDeps) {
  const licenses = licensesRepository(database.db);

  return {
    findByKey: (key: string) => licenses.findByKey(key),
    forUser: (userId: number) => licenses.forUser(userId),

    /**
     * One write transaction: the newcomer's account (if any), the conditional claim of the
     * licence, and for a team licence the team with the redeemer as its owner in the first
     * seat. A lost race rolls everything back, the account included.
     */
    async redeem(
      license: Pick<LicenseRow, 'id' | 'kind'>,
      redeemer: Joiner,
      teamName: string | null,
    ): Promise<RedeemOutcome> {
      const team = isTeamKind(license.kind);
      try {
        return await database.writeTransaction(async (tx): Promise<RedeemOutcome> => {
          const userId =
            'userId' in redeemer
              ? redeemer.userId
              : await auth.createAccount(tx, redeemer.newcomer);
          const at = now();
          if (!(await licensesRepository(tx).claim(license.id, team ? null : userId, at)))
            throw new NotRedeemable();
          await licensesRepository(tx).adoptPurchase(license.id, userId);
          if (!team) return { status: 'connected', userId };
          const teams = teamsRepository(tx);
          const teamId = await teams.create({
            name: teamName ?? '',
            licenseId: license.id,
            seats: seatsFor(license.kind),
            inviteToken: newInviteToken(),
            now: at,
          });
          await teams.addMember(teamId, userId, 'owner', at);
          await licensesRepository(tx).attachTeam(license.id, teamId);
          return { status: 'team-created', userId, teamId };
        });
      } catch (error) {
        if (error instanceof NotRedeemable) return { status: 'not-redeemable' };
        if ('newcomer' in redeemer && (await auth.users.findByEmail(redeemer.newcomer.email)))
          return { status: 'email-taken' };
        throw error;
      }
    },
  };
}

export type LicensesService = ReturnType<typeof licensesService>;
