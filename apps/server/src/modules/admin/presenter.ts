import type {
  AdminJobFailure,
  AdminQueueRecord,
  AdminLicenseRecord,
  AdminPurchaseRecord,
  AdminTeamRecord,
  AuditAction,
  AuditEntryRecord,
  Pagination,
  WebhookEventRecord,
} from '@tessera/pages';
import type { DeactivationReason, LicenseKind, TeamRole } from '@tessera/pages/constants';
import type { WebhookEvent } from '../../db/schema.ts';
import type { Backlog } from '../../jobs/repository.ts';
import type { JobFailure } from '../../jobs/queue.ts';
import type { licenseOperations, teamOperations } from '../licensing/index.ts';
import { formatAmount } from '../shared/index.ts';
import type { StandingUpgrade } from '../payments/index.ts';
import type { AuditRow } from './repository/audit.ts';
import type { AdminRepository } from './repository/back-office.ts';
import { refundWindowAt } from './service.ts';

type Rows<K extends keyof AdminRepository> = Awaited<ReturnType<AdminRepository[K]>>;
type CustomerLicense = Awaited<ReturnType<typeof licenseOperations.ofCustomer>>[number];
type CustomerTeams = Awaited<ReturnType<typeof teamOperations.ofCustomer>>;

export const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

export const customerUrl = (id: number) => `/admin/users/${id}`;

export function pagination(page: number, perPage: number, total: number): Pagination {
  return { page, pageCount: Math.max(1, Math.ceil(total / perPage)), total };
}

export function purchaseRecord(
  row: Rows<'purchasesOf'>[number],
  now: number,
  standing: readonly StandingUpgrade[] = [],
): AdminPurchaseRecord {
  const window = refundWindowAt(row.created_at, now);
  return {
    id: row.id,
    date: iso(row.created_at),
    packageName: row.product_name,
    amount: formatAmount(row.amount, row.currency, 'en-US'),
    source: row.source,
    receiptUrl: row.receipt_url,
    state:
      row.refunded_at !== null
        ? 'refunded'
        : row.refund_requested_at !== null
          ? 'refund-requested'
          : 'paid',
    refundRequestedAt: isoOrNull(row.refund_requested_at),
    refundedAt: isoOrNull(row.refunded_at),
    ageDays: window.ageDays,
    withinRefundWindow: window.within,
    refundable: row.provider_transaction_id !== null,
    testMode: row.test_mode === 1,
    creditedToward: standing.map((upgrade) => ({
      productName: upgrade.productName,
      credit: formatAmount(upgrade.credit, upgrade.currency, 'en-US'),
    })),
  };
}

export function licenseRecord(row: CustomerLicense): AdminLicenseRecord {
  const isActive = row.is_active === 1;
  const reason = isActive ? null : ((row.deactivation_reason ?? 'other') as DeactivationReason);
  return {
    id: row.id,
    key: row.key,
    url: `/licenses/${encodeURIComponent(row.key)}`,
    kind: row.kind as LicenseKind,
    packageName: row.product_name,
    isActive,
    deactivationReason: reason,
    deactivatedAt: isoOrNull(row.deactivated_at),
    userEmail: row.user_email,
    buyerEmail: row.buyer_email,
    testMode: row.test_mode === 1,
    team:
      row.team_id !== null && row.team_name !== null
        ? { id: row.team_id, name: row.team_name }
        : null,
    canReactivate: !isActive && reason === 'other',
    canMove: isActive && row.team_id === null,
  };
}

export function teamRecords(
  teams: CustomerTeams['teams'],
  members: CustomerTeams['members'],
): AdminTeamRecord[] {
  return teams.map((team) => {
    const own = members.filter((member) => member.team_id === team.id);
    const owners = own.filter((member) => member.role === 'owner').length;
    return {
      id: team.id,
      name: team.name,
      role: team.role as TeamRole,
      kind: (team.kind as LicenseKind | null) ?? null,
      seats: team.seats,
      memberCount: team.member_count,
      members: own.map((member) => ({
        id: member.id,
        email: member.email,
        role: member.role as TeamRole,
        customerUrl: customerUrl(member.user_id),
        removable: member.role !== 'owner' || owners > 1,
      })),
    };
  });
}

const SUBJECT_LABELS: Record<string, string> = {
  user: 'customer',
  purchase: 'purchase',
  license: 'licence',
  team: 'team',
  webhook_event: 'webhook event',
  mail_job: 'mail job',
  webhook_delivery: 'webhook delivery',
};

const DETAIL_LABELS: Record<string, string> = {
  ageDays: 'days since purchase',
  outsideWindow: 'outside the refund window',
  outcomeBefore: 'outcome before',
};

export function auditRecord(row: AuditRow): AuditEntryRecord {
  let details: Record<string, unknown>;
  try {
    details = JSON.parse(row.details) as Record<string, unknown>;
  } catch {
    details = { details: row.details };
  }
  return {
    id: row.id,
    at: iso(row.created_at),
    actorEmail: row.actor_email,
    action: row.action as AuditAction,
    subject: `${SUBJECT_LABELS[row.subject_type] ?? row.subject_type} #${row.subject_id}`,
    customer:
      row.customer_id !== null && row.customer_email !== null
        ? { email: row.customer_email, url: customerUrl(row.customer_id) }
        : null,
    details: Object.fromEntries(
      Object.entries(details).map(([key, value]) => [
        DETAIL_LABELS[key] ?? key,
        typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value),
      ]),
    ),
    ip: row.ip,
  };
}

export function webhookRecord(
  row: Pick<
    WebhookEvent,
    | 'id'
    | 'provider'
    | 'event_id'
    | 'event_type'
    | 'occurred_at'
    | 'received_at'
    | 'processed_at'
    | 'outcome'
    | 'deliveries'
    | 'error'
  >,
): WebhookEventRecord {
  return {
    id: row.id,
    provider: row.provider,
    eventId: row.event_id,
    eventType: row.event_type,
    occurredAt: iso(row.occurred_at),
    receivedAt: iso(row.received_at),
    processedAt: isoOrNull(row.processed_at),
    outcome: row.outcome,
    deliveries: row.deliveries,
    error: row.error,
    url: `/admin/webhooks/${row.id}`,
  };
}

/** The payload as received, indented when it is JSON. */
export function prettyPayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

/**
 * A job's last error as the back office shows it: an SMTP server or a webhook endpoint may
 * repeat what it was sent, so the credentials of an address (`smtp://user:secret@host`), query
 * strings, licence keys and anything token-like (20+ letters and digits) are taken out, and the
 * text is cut to 500 characters. Payloads are never read for the page at all.
 */
export function redactError(text: string): string {
  return text
    .replace(/\/\/[^/@\s]+@/g, '//[redacted]@')
    .replace(/(https?:\/\/[^\s?#]+)\?[^\s#]*/g, '$1?[redacted]')
    .replace(/\b[A-Z0-9]{4,8}(?:-[A-Z0-9]{1,8}){2,}\b/gi, '[redacted]')
    .replace(/\b[A-Za-z0-9_+/=-]{20,}\b/g, '[redacted]')
    .slice(0, 500);
}

export const jobRetryUrl = (queue: string, id: number) => `/admin/queues/${queue}/jobs/${id}/retry`;

export function jobFailureRecord(queue: string, job: JobFailure): AdminJobFailure {
  return {
    id: job.id,
    subject: job.subject,
    attempts: job.attempts,
    gaveUp: job.gaveUp,
    lastError: redactError(job.lastError),
    createdAt: iso(job.createdAt),
    nextAttemptAt: job.gaveUp ? null : iso(job.nextAttemptAt),
    retryUrl: jobRetryUrl(queue, job.id),
  };
}

export function queueRecord(
  queue: { name: string; label: string },
  backlog: Backlog,
  failures: JobFailure[],
): AdminQueueRecord {
  return {
    name: queue.name,
    label: queue.label,
    counts: {
      waiting: backlog.pending - backlog.claimed,
      claimed: backlog.claimed,
      failing: backlog.failing,
      gaveUp: backlog.failed,
      done: backlog.done,
    },
    oldestWaitingSeconds:
      backlog.oldestAgeMs === null ? null : Math.floor(backlog.oldestAgeMs / 1000),
    failures: failures.map((job) => jobFailureRecord(queue.name, job)),
  };
}
