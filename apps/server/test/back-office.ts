import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/database.ts';
import type { WebhookEvent } from '../src/db/schema.ts';
import type { BackOfficeSeams, RefundRequest } from '../src/modules/admin/index.ts';
import { completeSecondStep, enrolSecondFactor } from './second-factor.ts';
import { hashPassword } from '../src/modules/auth/index.ts';
import { usersRepository } from '../src/modules/auth/index.ts';
import { newLicenseKey } from '../src/modules/shared/index.ts';
import { testApp } from './helpers.ts';
import * as signingIn from './sign-in.ts';
import { uniqueEmail } from './users.ts';

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

/** A payment provider's refund call as the back office makes it, recorded: the real seam's shape. */
class RecordingRefunds {
  readonly calls: RefundRequest[] = [];
  /** When set, the next calls fail with it (the provider refused or was down). */
  failWith: Error | null = null;
  /** How long the provider takes to answer, so concurrent requests overlap. */
  latencyMs = 25;

  refund = async (request: RefundRequest): Promise<void> => {
    this.calls.push(request);
    await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    if (this.failWith) throw this.failWith;
  };
}

/**
 * Fulfilment as far as a replay needs it, in-process: applies a stored event once (a
 * conditional update, as the payments module does by event id) and records every call.
 */
class RecordingReplays {
  readonly calls: number[] = [];
  readonly #db: Db;
  readonly #now: () => number;

  constructor(db: Db, now: () => number) {
    this.#db = db;
    this.#now = now;
  }

  replay = async (event: WebhookEvent): Promise<void> => {
    this.calls.push(event.id);
    await this.#db
      .updateTable('webhook_events')
      .set({ outcome: 'applied', processed_at: this.#now(), error: null })
      .where('id', '=', event.id)
      .where('outcome', '!=', 'applied')
      .execute();
  };
}

/** Seams whose provider refuses every call: what the operator sees when a refund fails. */
const UNCONNECTED_SEAMS: BackOfficeSeams = {
  refund: () => Promise.reject(new Error('Refunding is not connected to the payments module yet.')),
  replay: () =>
    Promise.reject(new Error('Replaying webhooks is not connected to the payments module yet.')),
};

let adminCounter = 0;

/**
 * The real app on this file's database with a clock the test moves and recording seams, plus
 * helpers to make people and sign them in.
 */
export async function backOfficeApp(options: { connected?: boolean } = {}) {
  const clock = { now: Date.parse('2025-06-15T12:00:00Z') };
  const refunds = new RecordingRefunds();
  // The replays need the app's database, which the app makes.
  const late: { replays?: RecordingReplays } = {};
  const seams = {
    refund: (request: RefundRequest) => refunds.refund(request),
    replay: (event: WebhookEvent) => late.replays!.replay(event),
  };
  const store = await testApp({
    now: () => new Date(clock.now),
    ...(options.connected === false ? { backOffice: UNCONNECTED_SEAMS } : { backOffice: seams }),
  });
  const db = store.services.database.db;
  const replays = (late.replays = new RecordingReplays(db, () => clock.now));
  const passwordHash = await hashPassword(PEOPLE_PASSWORD, 10);

  /** Each administrator's id and unused recovery codes, for their sign-ins' second step. */
  const secondFactors = new Map<string, { id: number; recoveryCodes: string[] }>();

  async function person(name: string, options: { admin?: boolean } = {}) {
    const email = uniqueEmail(name);
    const id = await usersRepository(db).create({
      email,
      passwordHash,
      isAdmin: options.admin,
      now: clock.now - 400 * DAY_MS,
    });
    // Administrators have a second factor (decision 045), as the demo world's does.
    if (options.admin) {
      const recoveryCodes = await enrolSecondFactor(
        store.services.database,
        store.config.sessionSecret,
        id,
        () => clock.now,
      );
      secondFactors.set(email, { id, recoveryCodes });
    }
    return { id, email };
  }

  /** Signs in with the password, and the second step when the account has a second factor. */
  async function signIn(email: string, options: { remember?: boolean } = {}) {
    const factor = secondFactors.get(email);
    return signingIn.signIn(store.app, email, PEOPLE_PASSWORD, {
      remember: options.remember ?? false,
      ...(factor
        ? {
            secondStep: (browser) =>
              completeSecondStep(browser, db, factor.id, clock.now, factor.recoveryCodes),
          }
        : {}),
    });
  }

  async function admin(options: { remember?: boolean } = {}) {
    adminCounter += 1;
    const who = await person(`operator-${adminCounter}`, { admin: true });
    return { ...who, browser: await signIn(who.email, options) };
  }

  async function auditOf(action: string) {
    return db
      .selectFrom('audit_entries')
      .selectAll()
      .where('action', '=', action)
      .orderBy('id')
      .execute();
  }

  return {
    ...store,
    db,
    clock,
    refunds,
    replays,
    person,
    signIn,
    admin,
    auditOf,
    /** The administrator's unused recovery codes (the helper spends them when a step is used). */
    recoveryCodesOf: (email: string) => secondFactors.get(email)?.recoveryCodes ?? [],
  };
}

export const PEOPLE_PASSWORD = 'operator-test-password-42';
