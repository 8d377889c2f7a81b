import { randomBytes } from 'node:crypto';
import type { LicenseKind } from '@tessera/pages/constants';
import type { Db } from '../src/db/database.ts';

export interface GrantOptions {
  /** The licence's holder (null for a team licence held only through its team). */
  userId: number | null;
  productSlug: string;
  kind?: LicenseKind;
  /** What was paid, in cents; null for a licence without a purchase. */
  paid?: number | null;
  currency?: string;
  refunded?: boolean;
  /** Inactive with this reason. */
  deactivated?: 'upgrade' | 'refund' | 'other';
  /** Makes the team this licence belongs to, with its owner and members. */
  team?: { name: string; ownerId: number; memberIds?: number[] };
}

/**
 * A licence (and its purchase) as fulfilment will leave it, for tests of what pricing reads.
 * Tests only: the store's own writes live in the payments and teams repositories.
 */
export async function grant(db: Db, options: GrantOptions): Promise<number> {
  const now = Date.now();
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('slug', '=', options.productSlug)
    .executeTakeFirstOrThrow();
  const paid = options.paid === undefined ? 14_900 : options.paid;
  let purchaseId: number | null = null;
  if (paid !== null) {
    ({ id: purchaseId } = await db
      .insertInto('purchases')
      .values({
        user_id: options.userId,
        product_id: product.id,
        amount: paid,
        currency: options.currency ?? 'USD',
        source: 'sandbox',
        receipt_url: 'https://store.test/receipt',
        refunded_at: options.refunded ? now : null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  }
  const deactivated = options.deactivated ?? (options.refunded ? 'refund' : undefined);
  const { id } = await db
    .insertInto('licenses')
    .values({
      key: `TEST-${randomBytes(12).toString('hex')}`,
      product_id: product.id,
      purchase_id: purchaseId,
      user_id: options.userId,
      kind: options.kind ?? 'personal',
      is_active: deactivated ? 0 : 1,
      deactivation_reason: deactivated ?? null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.team) {
    const members = [options.team.ownerId, ...(options.team.memberIds ?? [])];
    const team = await db
      .insertInto('teams')
      .values({
        name: options.team.name,
        license_id: id,
        seats: 25,
        member_count: members.length,
        invite_token: randomBytes(16).toString('hex'),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('licenses').set({ team_id: team.id }).where('id', '=', id).execute();
    await db
      .insertInto('team_members')
      .values(
        members.map((userId, index) => ({
          team_id: team.id,
          user_id: userId,
          role: index === 0 ? 'owner' : 'member',
          created_at: now,
        })),
      )
      .execute();
  }
  return id;
}
