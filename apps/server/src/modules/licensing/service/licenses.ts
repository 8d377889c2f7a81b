import type { DatabaseHandle, Db, Tx } from '../../../db/database.ts';
import { newInviteToken, newLicenseKey } from '../../shared/index.ts';
import { enqueueMail } from '../../../mail/queue.ts';
import { usersRepository, type AuthService } from '../../auth/index.ts';
import { licenseGoodsRepository } from '../repository/goods.ts';
import { licensesRepository, type License } from '../repository/licenses.ts';
import { teamsRepository } from '../repository/teams.ts';
import { isTeamKind, seatsFor } from './kinds.ts';
import type { Joiner } from './teams.ts';

/**
 * Called in the redemption's transaction once a licence is someone's: the payments module
 * moves a visitor's purchase to the account that redeemed its licence (decision 008).
 */
export type OnRedeemed = (tx: Tx, redeemed: { licenseId: number; userId: number }) => Promise<void>;

export interface LicensesServiceDeps {
  database: DatabaseHandle;
  auth: AuthService;
  /** The store's origin, for the links in the team-ready e-mail. */
  appUrl?: string;
  onRedeemed?: OnRedeemed;
  now: () => number;
}

export type RedeemOutcome =
  | { status: 'connected'; userId: number }
  | { status: 'team-created'; userId: number; teamId: number }
  | { status: 'not-redeemable' | 'email-taken' };

class NotRedeemable extends Error {}

/** Redeeming licence keys: connecting a personal licence, or making the team of a team licence. */
export function licensesService({
  database,
  auth,
  appUrl = '',
  onRedeemed,
  now,
}: LicensesServiceDeps) {
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
      license: Pick<License, 'id' | 'kind'>,
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
          await onRedeemed?.(tx, { licenseId: license.id, userId });
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
          // The team licence is set up: its owner is told, with the purchase's other mail.
          const owner = await usersRepository(tx).findById(userId);
          const row = await licensesRepository(tx).forOperator(license.id);
          if (owner) {
            await enqueueMail(
              tx,
              {
                template: 'team-ready',
                recipient: owner.email,
                payload: {
                  teamName: teamName ?? '',
                  productName: row?.product_name ?? 'your licence',
                  teamUrl: `${appUrl}/teams/${teamId}`,
                  seats: seatsFor(license.kind),
                },
              },
              at,
            );
          }
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

/**
 * What other modules do to licences, each in the caller's transaction (a purchase, a refund,
 * an operator's act with its audit entry): this module stays the only writer of the table.
 */
export const licenseOperations = {
  /**
   * A new licence for a purchase, with a fresh key; connected to `userId` when given. `goods`:
   * the digital goods it hands over besides code (the bundle's ebook), given in the same
   * transaction.
   */
  async issue(
    db: Db | Tx,
    input: {
      productId: number;
      purchaseId: number;
      userId: number | null;
      kind: string;
      buyerEmail: string | null;
      redeemedAt: number | null;
      /** Bought in test mode: marked so, and counted by no live store. */
      testMode: boolean;
      now: number;
      goods?: readonly string[];
    },
  ): Promise<{ id: number; key: string }> {
    const key = newLicenseKey();
    const { goods = [], ...values } = input;
    const id = await licensesRepository(db).insert({ key, ...values });
    await licenseGoodsRepository(db).grant(id, goods, input.now);
    return { id, key };
  },

  /** Deactivates an active licence (or every one of a purchase); its first reason stays. */
  deactivate: (
    db: Db | Tx,
    where: { id: number } | { purchaseId: number },
    reason: 'upgrade' | 'refund' | 'other',
    at: number,
  ) => licensesRepository(db).deactivate(where, reason, at),

  /** A refund takes back the digital goods the purchase's licences handed over, like its code. */
  revokeGoods: (db: Db | Tx, purchaseId: number, at: number) =>
    licenseGoodsRepository(db).revokeForPurchase(purchaseId, at),

  /** The digital goods the user may download now (own and team licences, active, not revoked). */
  goodsHeldBy: (db: Db | Tx, userId: number) => licenseGoodsRepository(db).heldBy(userId),

  /** What a licence hands over now (not revoked): for its e-mail when it is sent again. */
  goodsOfLicense: (db: Db | Tx, licenseId: number) =>
    licenseGoodsRepository(db).ofLicense(licenseId),

  /** What a purchase's licences hand over, revoked or not. */
  goodsOfPurchase: (db: Db | Tx, purchaseId: number) =>
    licenseGoodsRepository(db).ofPurchase(purchaseId),

  /** Reactivates what an operator deactivated; a refund or an upgrade is final. */
  reactivate: (db: Db | Tx, id: number) => licensesRepository(db).reactivate(id),

  /** The licence an upgrade replaced comes back when the upgrade is refunded. */
  restoreAfterUpgradeRefund: (db: Db | Tx, id: number) =>
    licensesRepository(db).restoreAfterUpgradeRefund(id),

  /** A purchase's licences learn the buyer's address once the provider tells it. */
  setBuyerEmail: (db: Db | Tx, purchaseId: number, email: string) =>
    licensesRepository(db).setBuyerEmail(purchaseId, email),

  /** Detaches a licence that made no team from its account and addresses it to `email`. */
  move: (db: Db | Tx, id: number, email: string) => licensesRepository(db).move(id, email),

  /** A purchase's licences: id, key and the product's name. */
  ofPurchase: (db: Db | Tx, purchaseId: number) => licensesRepository(db).byPurchase(purchaseId),

  /** One licence as an operator acts on it. */
  forOperator: (db: Db | Tx, id: number) => licensesRepository(db).forOperator(id),

  /** The back office's list of a customer's licences. */
  ofCustomer: (db: Db | Tx, user: { id: number; email: string }) =>
    licensesRepository(db).ofCustomer(user),
};
