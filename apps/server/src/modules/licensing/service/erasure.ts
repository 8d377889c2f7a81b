import type { Db, Engine, Tx } from '../../../db/database.ts';
import { licensesRepository } from '../repository/licenses.ts';
import { teamsRepository } from '../repository/teams.ts';

/** What a deleted account's licences and teams became (decision 060). */
export interface HoldingsReleased {
  /** Teams the account owned that another member now owns. */
  teamsHandedOver: number;
  /** Teams the account owned alone: closed, their licence deactivated. */
  teamsClosed: number;
  /** Teams the account was a member of: its seat is free again. */
  seatsFreed: number;
  /** The account's own licences, switched off and kept as the record of the sale. */
  licensesDeactivated: number;
  /** Licences it bought and never redeemed: still redeemable by whoever holds the key. */
  licensesReleased: number;
}

/**
 * Takes a deleted account out of every team and licence, in the deletion's transaction
 * (decision 060). A team it owns goes to another owner, else to its longest-standing member
 * with its licence; a team with nobody else is closed and its licence switched off. A licence
 * held by the account itself is personal: it is switched off (reason `other`) and detached, and
 * stays as the record of what was sold. A key it bought but never redeemed may already be in
 * someone else's hands: it stays redeemable, without the buyer's address.
 */
export async function releaseHoldings(
  tx: Tx,
  engine: Engine,
  userId: number,
  at: number,
): Promise<HoldingsReleased> {
  const teams = teamsRepository(tx);
  const licenses = licensesRepository(tx);
  const outcome: HoldingsReleased = {
    teamsHandedOver: 0,
    teamsClosed: 0,
    seatsFreed: 0,
    licensesDeactivated: 0,
    licensesReleased: 0,
  };
  for (const membership of await teams.memberships(userId)) {
    const teamId = membership.team_id;
    await teams.lock(teamId, engine);
    if (membership.role === 'owner' && (await teams.ownerCount(teamId)) === 1) {
      const heir = await tx
        .selectFrom('team_members')
        .select(['id', 'user_id'])
        .where('team_id', '=', teamId)
        .where('user_id', '!=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .executeTakeFirst();
      const team = await teams.find(teamId);
      if (heir) {
        await teams.setRole(teamId, heir.id, 'owner');
        if (team) {
          await tx
            .updateTable('licenses')
            .set({ user_id: heir.user_id })
            .where('id', '=', team.license_id)
            .where('user_id', '=', userId)
            .execute();
        }
        outcome.teamsHandedOver += 1;
      } else {
        if (team) await licenses.deactivate({ id: team.license_id }, 'other', at);
        outcome.teamsClosed += 1;
      }
    } else {
      outcome.seatsFreed += 1;
    }
    await teams.countOut(teamId, at);
    await teams.deleteMembership(teamId, membership.member_id);
  }
  const own = await tx.selectFrom('licenses').select('id').where('user_id', '=', userId).execute();
  for (const license of own) {
    outcome.licensesDeactivated += await licenses.deactivate({ id: license.id }, 'other', at);
  }
  await tx
    .updateTable('licenses')
    .set({ user_id: null, buyer_email: null })
    .where('user_id', '=', userId)
    .execute();
  const released = await tx
    .updateTable('licenses')
    .set({ buyer_email: null })
    .where('user_id', 'is', null)
    .where('redeemed_at', 'is', null)
    .where('purchase_id', 'in', (eb) =>
      eb.selectFrom('purchases').select('id').where('user_id', '=', userId),
    )
    .executeTakeFirst();
  outcome.licensesReleased = Number(released.numUpdatedRows);
  return outcome;
}

/** Everything the store holds about the account's licences and teams, for its export. */
export async function holdingsExport(db: Db | Tx, userId: number) {
  const rows = await db
    .selectFrom('licenses')
    .innerJoin('products', 'products.id', 'licenses.product_id')
    .select([
      'licenses.key',
      'products.name as product',
      'licenses.kind',
      'licenses.is_active',
      'licenses.deactivation_reason',
      'licenses.created_at',
      'licenses.redeemed_at',
      'licenses.deactivated_at',
      'licenses.team_id',
      'licenses.test_mode',
    ])
    .where((eb) =>
      eb.or([
        eb('licenses.user_id', '=', userId),
        eb(
          'licenses.purchase_id',
          'in',
          eb.selectFrom('purchases').select('id').where('purchases.user_id', '=', userId),
        ),
      ]),
    )
    .orderBy('licenses.created_at')
    .orderBy('licenses.id')
    .execute();
  // A key redeems and answers the licence API: a bearer secret, so only its end is shown.
  const licenses = rows.map(({ key, ...license }) => ({
    ...license,
    key_ends_with: key.slice(-4),
  }));
  const teams = await db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select([
      'teams.id',
      'teams.name',
      'team_members.role',
      'team_members.created_at as joined_at',
      'teams.seats',
      'teams.member_count',
    ])
    .where('team_members.user_id', '=', userId)
    .orderBy('teams.id')
    .execute();
  return { licenses, teams };
}
