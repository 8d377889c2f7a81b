import { REFUND_WINDOW_DAYS } from '@tessera/pages/constants';
import type { DatabaseHandle, Tx } from '../../db/database.ts';
import type { WebhookEvent } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import { enqueueMail } from '../../mail/queue.ts';
import { normalizeEmail } from '../auth/index.ts';
import {
  licenseMail,
  licenseOperations as licenses,
  MembershipRefusal,
  teamOperations as teams,
} from '../licensing/index.ts';
import { creditedRefusal, purchaseOperations as purchases } from '../payments/index.ts';
import { formatAmount } from '../shared/index.ts';
import { auditTrail, type AuditActor } from './repository/audit.ts';
import { adminRepository } from './repository/back-office.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the back office asks of a purchase's payment provider. */
export interface RefundRequest {
  purchaseId: number;
  /** The provider's transaction: what `PaymentProvider.refund(transactionId, reason)` takes. */
  providerTransactionId: string;
  source: string;
  amount: number;
  currency: string;
  reason: string;
  /** The operator confirmed refunding a purchase an upgrade was credited with (decision 041). */
  overrideCredit: boolean;
}

/**
 * The two provider actions of the back office, given by the app (the payments module's
 * `backOfficeSeams`, or a test's stand-in), so this module calls no provider itself:
 * - `refund`: asks the provider to refund; the refund then arrives as a webhook and goes
 *   through fulfilment like one asked for at the provider.
 * - `replay`: runs a stored event through fulfilment again; an event already applied changes
 *   nothing (fulfilment is idempotent by event id).
 * A rejection is shown to the operator and, for a refund, lets them ask again.
 */
export interface BackOfficeSeams {
  refund(request: RefundRequest): Promise<void>;
  replay(event: WebhookEvent): Promise<void>;
}

export type RefundOutcome =
  | { status: 'requested' }
  | { status: 'not-found' | 'already-refunded' | 'already-requested' | 'not-refundable' }
  | { status: 'needs-confirmation'; ageDays: number }
  /** Credited toward an upgrade that stands: the operator must confirm, seeing what it takes. */
  | { status: 'credited'; message: string }
  | { status: 'failed'; message: string };

export type LicenseOutcome =
  | { status: 'done'; customerId: number | null; recipient?: string }
  | { status: 'not-found' | 'unchanged' | 'inactive' | 'final' | 'has-team' | 'same' }
  | { status: 'no-recipient' };

export type RemoveMemberOutcome =
  { status: 'removed'; email: string; team: string } | { status: 'not-found' | 'last-owner' };

export type ReplayOutcome =
  | { status: 'replayed'; outcome: string }
  | { status: 'not-found' }
  | { status: 'failed'; message: string };

/**
 * A job queue the back office shows (decision 055), given by the app: mail, and the sandbox's
 * webhook deliveries when the sandbox is the provider.
 */
export interface BackOfficeQueue {
  /** In addresses: /admin/queues/{name}/jobs/{id}/retry. */
  name: 'mail' | 'webhooks';
  label: string;
  /** What an audit entry calls one of its jobs. */
  subject: 'mail_job' | 'webhook_delivery';
  queue: Pick<JobQueue, 'backlog' | 'failures' | 'retry'>;
}

export type RetryOutcome = { status: 'retried' | 'not-found' | 'not-failed' };

export interface BackOfficeDeps {
  database: DatabaseHandle;
  seams: BackOfficeSeams;
  /** None unless given (a test of other acts). */
  queues?: readonly BackOfficeQueue[];
  appUrl: string;
  logger: Logger;
  now: () => number;
}

/** The operator's actions. Each one and its audit entry are one transaction. */
export function backOfficeService({
  database,
  seams,
  queues = [],
  appUrl,
  logger,
  now,
}: BackOfficeDeps) {
  const read = adminRepository(database.db);
  const keyHint = (key: string) => `…${key.slice(-4)}`;
  /** The licence e-mail a purchase sends, to `recipient` (an operator's move or resend). */
  /** The licence e-mail again, with the links of the digital goods it still hands over. */
  const mailOf = async (
    tx: Tx,
    license: { id: number; key: string; product_name: string },
    recipient: string,
  ) =>
    licenseMail({
      recipient,
      productName: license.product_name,
      key: license.key,
      appUrl,
      upgrade: false,
      goods: await licenses.goodsOfLicense(tx, license.id),
    });
  /** Whole days since `createdAt`, and whether that is inside the refund window. */
  const refundWindow = (createdAt: number) => refundWindowAt(createdAt, now());

  return {
    refundWindow,

    /**
     * Asks the provider for a refund, once however often it is asked: a conditional update
     * marks the purchase (with its audit entry) before the provider is called, and only the
     * request that made the mark calls it. The refund itself lands later as a webhook.
     */
    async requestRefund(
      actor: AuditActor,
      purchaseId: number,
      input: { reason: string; confirmOutsideWindow: boolean; confirmCredited: boolean },
    ): Promise<RefundOutcome> {
      const purchase = await read.purchaseById(purchaseId);
      if (!purchase) return { status: 'not-found' };
      if (purchase.refunded_at !== null) return { status: 'already-refunded' };
      if (purchase.refund_requested_at !== null) return { status: 'already-requested' };
      if (purchase.provider_transaction_id === null) return { status: 'not-refundable' };
      const window = refundWindow(purchase.created_at);
      if (!window.within && !input.confirmOutsideWindow)
        return { status: 'needs-confirmation', ageDays: window.ageDays };
      // Asked here to show the operator what the override takes; the refund path asks again.
      const upgrades = await purchases.standingUpgrades(database.db, purchase.id);
      if (upgrades.length > 0 && !input.confirmCredited)
        return { status: 'credited', message: creditedRefusal(upgrades) };

      const at = now();
      const claimed = await database.writeTransaction(async (tx) => {
        if (!(await purchases.claimRefund(tx, purchase.id, at))) return false;
        await auditTrail(tx, now).record(actor, {
          action: 'purchase.refund_request',
          subject: { type: 'purchase', id: purchase.id },
          customerId: purchase.user_id,
          details: {
            package: purchase.product_name,
            amount: formatAmount(purchase.amount, purchase.currency, 'en-US'),
            reason: input.reason,
            ageDays: window.ageDays,
            outsideWindow: !window.within,
            // The override, in the operator's words: what was credited toward what.
            ...(upgrades.length > 0 && { creditOverride: creditedRefusal(upgrades) }),
          },
        });
        return true;
      });
      if (!claimed) {
        const current = await read.purchaseById(purchase.id);
        return {
          status: current?.refunded_at != null ? 'already-refunded' : 'already-requested',
        };
      }

      try {
        await seams.refund({
          purchaseId: purchase.id,
          providerTransactionId: purchase.provider_transaction_id,
          source: purchase.source,
          amount: purchase.amount,
          currency: purchase.currency,
          reason: input.reason,
          overrideCredit: upgrades.length > 0 && input.confirmCredited,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        logger.error({ err: error, purchaseId: purchase.id }, 'The refund request failed');
        await database.writeTransaction(async (tx) => {
          await purchases.releaseRefund(tx, purchase.id, at);
          await auditTrail(tx, now).record(actor, {
            action: 'purchase.refund_failed',
            subject: { type: 'purchase', id: purchase.id },
            customerId: purchase.user_id,
            details: { error: message.slice(0, 500) },
          });
        });
        return { status: 'failed', message };
      }
      return { status: 'requested' };
    },

    async deactivateLicense(actor: AuditActor, licenseId: number): Promise<LicenseOutcome> {
      const license = await licenses.forOperator(database.db, licenseId);
      if (!license) return { status: 'not-found' };
      const done = await database.writeTransaction(async (tx) => {
        if ((await licenses.deactivate(tx, { id: license.id }, 'other', now())) !== 1) return false;
        await auditTrail(tx, now).record(actor, {
          action: 'license.deactivate',
          subject: { type: 'license', id: license.id },
          customerId: license.user_id,
          details: { key: keyHint(license.key), reason: 'other' },
        });
        return true;
      });
      return done ? { status: 'done', customerId: license.user_id } : { status: 'unchanged' };
    },

    async reactivateLicense(actor: AuditActor, licenseId: number): Promise<LicenseOutcome> {
      const license = await licenses.forOperator(database.db, licenseId);
      if (!license) return { status: 'not-found' };
      if (license.is_active === 0 && license.deactivation_reason !== 'other')
        return { status: 'final' };
      const done = await database.writeTransaction(async (tx) => {
        if (!(await licenses.reactivate(tx, license.id))) return false;
        await auditTrail(tx, now).record(actor, {
          action: 'license.reactivate',
          subject: { type: 'license', id: license.id },
          customerId: license.user_id,
          details: { key: keyHint(license.key) },
        });
        return true;
      });
      return done ? { status: 'done', customerId: license.user_id } : { status: 'unchanged' };
    },

    /**
     * Moves a licence to another address: it leaves its account (which loses what it gave)
     * and the new address is mailed the redemption link. A licence that has made a team stays.
     */
    async moveLicense(actor: AuditActor, licenseId: number, to: string): Promise<LicenseOutcome> {
      const email = normalizeEmail(to);
      const license = await licenses.forOperator(database.db, licenseId);
      if (!license) return { status: 'not-found' };
      if (license.is_active !== 1) return { status: 'inactive' };
      if (license.team_id !== null) return { status: 'has-team' };
      const from = license.user_email ?? license.buyer_email;
      if (from === email) return { status: 'same' };
      const done = await database.writeTransaction(async (tx) => {
        if (!(await licenses.move(tx, license.id, email))) return false;
        await enqueueMail(tx, await mailOf(tx, license, email), now());
        await auditTrail(tx, now).record(actor, {
          action: 'license.move',
          subject: { type: 'license', id: license.id },
          customerId: license.user_id,
          details: { key: keyHint(license.key), from, to: email },
        });
        return true;
      });
      return done
        ? { status: 'done', customerId: license.user_id, recipient: email }
        : { status: 'unchanged' };
    },

    /** Queues the licence mail again, to the account's address or else the buyer's. */
    async resendLicense(actor: AuditActor, licenseId: number): Promise<LicenseOutcome> {
      const license = await licenses.forOperator(database.db, licenseId);
      if (!license) return { status: 'not-found' };
      if (license.is_active !== 1) return { status: 'inactive' };
      const recipient = license.user_email ?? license.buyer_email;
      if (!recipient) return { status: 'no-recipient' };
      await database.writeTransaction(async (tx) => {
        await enqueueMail(tx, await mailOf(tx, license, recipient), now());
        await auditTrail(tx, now).record(actor, {
          action: 'license.resend',
          subject: { type: 'license', id: license.id },
          customerId: license.user_id,
          details: { key: keyHint(license.key), to: recipient },
        });
      });
      return { status: 'done', customerId: license.user_id, recipient };
    },

    /**
     * Removes one membership and counts it out of the team, with its audit entry, in one
     * transaction; a team never loses its last owner (the licensing module's rule).
     */
    async removeMember(
      actor: AuditActor,
      teamId: number,
      memberId: number,
    ): Promise<RemoveMemberOutcome> {
      try {
        return await database.writeTransaction(async (tx) => {
          const member = await teams.removeByOperator(tx, teamId, memberId, now());
          await auditTrail(tx, now).record(actor, {
            action: 'team.member_remove',
            subject: { type: 'team', id: teamId },
            customerId: member.user_id,
            details: { team: member.team_name, member: member.email, role: member.role },
          });
          return { status: 'removed' as const, email: member.email, team: member.team_name };
        });
      } catch (error) {
        if (error instanceof MembershipRefusal) return { status: error.status };
        throw error;
      }
    },

    /**
     * Tries a failed job again now, with every attempt: the retry and its audit entry are one
     * transaction, and the entry names the job (never its payload).
     */
    async retryJob(actor: AuditActor, queueName: string, id: number): Promise<RetryOutcome> {
      const queue = queues.find((candidate) => candidate.name === queueName);
      if (!queue) return { status: 'not-found' };
      const retried = await database.writeTransaction(async (tx) => {
        const job = await queue.queue.retry(tx, id);
        if (job === null) return false;
        await auditTrail(tx, now).record(actor, {
          action: 'job.retry',
          subject: { type: queue.subject, id },
          customerId: null,
          details: { queue: queue.label, job },
        });
        return true;
      });
      return { status: retried ? 'retried' : 'not-failed' };
    },

    /**
     * Runs a stored event through fulfilment again (the injected `replay`). The request is
     * recorded first, so the trail shows it even if fulfilment fails or the process dies.
     */
    async replayWebhook(actor: AuditActor, eventId: number): Promise<ReplayOutcome> {
      const event = await read.webhookEventById(eventId);
      if (!event) return { status: 'not-found' };
      await database.writeTransaction((tx) =>
        auditTrail(tx, now).record(actor, {
          action: 'webhook.replay',
          subject: { type: 'webhook_event', id: event.id },
          customerId: null,
          details: { event: event.event_id, type: event.event_type, outcomeBefore: event.outcome },
        }),
      );
      try {
        await seams.replay(event);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        logger.error({ err: error, webhookEventId: event.id }, 'Replaying a webhook failed');
        return { status: 'failed', message };
      }
      const after = await read.webhookEventById(event.id);
      return { status: 'replayed', outcome: after?.outcome ?? event.outcome };
    },
  };
}

/** The store's refund policy: a full refund within REFUND_WINDOW_DAYS of the purchase. */
export function refundWindowAt(createdAt: number, at: number) {
  const age = at - createdAt;
  return {
    ageDays: Math.max(0, Math.floor(age / DAY_MS)),
    within: age <= REFUND_WINDOW_DAYS * DAY_MS,
  };
}

export type BackOfficeService = ReturnType<typeof backOfficeService>;
