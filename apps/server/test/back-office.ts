import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/database.ts';
import { newLicenseKey } from '../src/modules/licenses/keys.ts';

/**
 * Commerce records written straight into the schema (migration 0006), the way fulfilment and
 * team redemption will write them (issues 10 and 11), for the back office's tests.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

async function productId(db: Db, slug: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface PurchaseInput {
  userId: number | null;
  product?: string;
  createdAt: number;
  /** Paid through the provider (refundable there); null for the former marketplace. */
  transactionId?: string | null;
  source?: string;
  amount?: number;
  refundedAt?: number | null;
  buyerEmail?: string | null;
  kind?: 'personal' | 'team' | 'classroom' | 'restricted';
  licenseActive?: boolean;
  deactivationReason?: 'upgrade' | 'refund' | 'other' | null;
}

/** A purchase and its licence. */
export async function createPurchase(db: Db, input: PurchaseInput) {
  const product = await productId(db, input.product ?? 'marketing');
  const transactionId =
    input.transactionId === undefined
      ? `txn_${randomBytes(8).toString('hex')}`
      : input.transactionId;
  const { id: purchaseId } = await db
    .insertInto('purchases')
    .values({
      user_id: input.userId,
      product_id: product,
      amount: input.amount ?? 14900,
      currency: 'USD',
      source: input.source ?? (transactionId ? 'paddle' : 'gumroad'),
      receipt_url: `https://receipts.example.com/${randomBytes(6).toString('hex')}`,
      refunded_at: input.refundedAt ?? null,
      created_at: input.createdAt,
      provider_transaction_id: transactionId,
      buyer_email: input.buyerEmail ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const key = newLicenseKey();
  const active = input.licenseActive ?? input.refundedAt == null;
  const { id: licenseId } = await db
    .insertInto('licenses')
    .values({
      key,
      product_id: product,
      purchase_id: purchaseId,
      user_id: input.userId,
      kind: input.kind ?? 'personal',
      is_active: active ? 1 : 0,
      deactivation_reason: active
        ? null
        : (input.deactivationReason ?? (input.refundedAt != null ? 'refund' : 'other')),
      deactivated_at: active ? null : input.createdAt,
      buyer_email: input.buyerEmail ?? null,
      redeemed_at: input.userId === null ? null : input.createdAt,
      created_at: input.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { purchaseId, licenseId, key };
}

/** A team made by redeeming a team (or classroom) licence, with its owners and members. */
export async function createTeam(
  db: Db,
  input: {
    name: string;
    owners: number[];
    members?: number[];
    seats?: number;
    kind?: 'team' | 'classroom';
    at: number;
  },
) {
  const [first] = input.owners;
  if (first === undefined) throw new Error('A team has an owner');
  const { licenseId } = await createPurchase(db, {
    userId: first,
    product: 'all-access',
    createdAt: input.at,
    kind: input.kind ?? 'team',
  });
  const people = [
    ...input.owners.map((id) => [id, 'owner'] as const),
    ...(input.members ?? []).map((id) => [id, 'member'] as const),
  ];
  const { id: teamId } = await db
    .insertInto('teams')
    .values({
      name: input.name,
      license_id: licenseId,
      seats: input.seats ?? 25,
      member_count: people.length,
      invite_token: randomBytes(24).toString('base64url'),
      created_at: input.at,
      updated_at: input.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('licenses').set({ team_id: teamId }).where('id', '=', licenseId).execute();
  const memberIds = new Map<number, number>();
  for (const [userId, role] of people) {
    const { id } = await db
      .insertInto('team_members')
      .values({ team_id: teamId, user_id: userId, role, created_at: input.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    memberIds.set(userId, id);
  }
  return { teamId, licenseId, memberIds };
}

/** One stored webhook delivery, as the payments module logs it. */
export async function createWebhookEvent(
  db: Db,
  input: {
    at: number;
    outcome?: 'applied' | 'ignored' | 'held' | 'failed';
    type?: string;
    payload?: object;
    error?: string | null;
  },
) {
  const outcome = input.outcome ?? 'failed';
  const eventId = `evt_${randomBytes(10).toString('hex')}`;
  const { id } = await db
    .insertInto('webhook_events')
    .values({
      provider: 'sandbox',
      event_id: eventId,
      event_type: input.type ?? 'transaction.completed',
      occurred_at: input.at,
      received_at: input.at,
      processed_at: outcome === 'held' ? null : input.at,
      outcome,
      error: input.error ?? (outcome === 'failed' ? 'No checkout for this transaction' : null),
      payload: JSON.stringify(input.payload ?? { event_id: eventId, data: { id: 'txn_1' } }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, eventId };
}
