import type { DeactivationReason, LicenseKind, TeamRole } from '../constants';

/**
 * The records the back-office pages receive (issue 12, decision 011). The server
 * (apps/server/src/modules/admin) sends exactly these. Times are UTC ISO strings.
 */

/** One page of a longer list; `page` counts from 1. */
export type Pagination = { page: number; pageCount: number; total: number };

export type CustomerSearchResult = {
  id: number;
  email: string;
  isAdmin: boolean;
  createdAt: string;
  purchaseCount: number;
  /** `/admin/users/{id}` */
  url: string;
};

/** paid → refund-requested (the operator asked the provider) → refunded (its webhook landed). */
export type PurchaseRefundState = 'paid' | 'refund-requested' | 'refunded';

export type AdminPurchaseRecord = {
  id: number;
  date: string;
  packageName: string;
  /** Display text, e.g. '$149'. */
  amount: string;
  source: string;
  receiptUrl: string;
  state: PurchaseRefundState;
  refundRequestedAt: string | null;
  refundedAt: string | null;
  /** Whole days since the purchase. */
  ageDays: number;
  /** Within REFUND_WINDOW_DAYS: refunded without a further confirmation. */
  withinRefundWindow: boolean;
  /**
   * Paid through the current payment provider, so the refund can be asked of it. Purchases
   * from the former marketplace are refunded there.
   */
  refundable: boolean;
  /** Paid with test payments (the store's test mode): it took no money. */
  testMode: boolean;
  /**
   * Upgrades that still stand on this purchase's credit (owner pricing): refunding it needs the
   * operator's confirmation and takes those upgrades' licences away. Amounts as display text.
   */
  creditedToward: { productName: string; credit: string }[];
};

export type AdminLicenseRecord = {
  id: number;
  key: string;
  /** `/licenses/{key}` */
  url: string;
  kind: LicenseKind;
  packageName: string;
  isActive: boolean;
  deactivationReason: DeactivationReason | null;
  deactivatedAt: string | null;
  /** The account it is connected to; null while it waits to be redeemed. */
  userEmail: string | null;
  /** Who bought it, or whom it was moved to (they redeem it with the mailed link). */
  buyerEmail: string | null;
  /** Issued for a test-mode purchase: a live store counts it nowhere. */
  testMode: boolean;
  team: { id: number; name: string } | null;
  /** Only a licence the operator deactivated (reason 'other') comes back. */
  canReactivate: boolean;
  /** Active, and not the root of a team. */
  canMove: boolean;
};

export type AdminTeamMemberRecord = {
  /** The membership's id (DELETE /admin/teams/{teamId}/members/{id}). */
  id: number;
  email: string;
  role: TeamRole;
  /** `/admin/users/{userId}` */
  customerUrl: string;
  /** False for the team's last owner. */
  removable: boolean;
};

export type AdminTeamRecord = {
  id: number;
  name: string;
  /** The customer's role in it. */
  role: TeamRole;
  kind: LicenseKind | null;
  seats: number;
  memberCount: number;
  members: AdminTeamMemberRecord[];
};

export type AdminSessionsSummary = { count: number; lastSeenAt: string | null };

export type AdminSignInRecord = { at: string; method: 'password' | 'remember'; ip: string | null };

export type AdminPasswordResetRecord = {
  requestedAt: string;
  state: 'used' | 'expired' | 'pending';
  usedAt: string | null;
};

export type AdminEmailChangeRecord = { at: string; from: string; to: string; undone: boolean };

/** The audit actions (apps/server/src/modules/admin/audit.ts writes these and only these). */
export type AuditAction =
  | 'impersonation.start'
  | 'impersonation.stop'
  | 'impersonation.act'
  | 'purchase.refund_request'
  | 'purchase.refund_failed'
  | 'purchase.business_address'
  | 'license.deactivate'
  | 'license.reactivate'
  | 'license.move'
  | 'license.resend'
  | 'team.member_remove'
  | 'webhook.replay'
  | 'job.retry';

export type AuditEntryRecord = {
  id: number;
  at: string;
  actorEmail: string;
  action: AuditAction;
  /** 'purchase #12', 'licence ABCD…', 'user jordan@…' */
  subject: string;
  customer: { email: string; url: string } | null;
  /** What changed, as label → value (from/to, reason, outcome). */
  details: Record<string, string>;
  ip: string | null;
};

/** Whether the operator may impersonate this customer now, and what they must do first. */
export type ImpersonationOption =
  | {
      allowed: true;
      needsPassword: boolean;
      /** The operator holds a passkey: the step-up may use it instead of a code (decision 052). */
      passkey?: boolean;
    }
  | { allowed: false; reason: string };

export type WebhookOutcome = 'applied' | 'ignored' | 'held' | 'failed';

export type WebhookEventRecord = {
  id: number;
  provider: string;
  eventId: string;
  eventType: string;
  occurredAt: string;
  receivedAt: string;
  processedAt: string | null;
  outcome: WebhookOutcome | (string & {});
  deliveries: number;
  error: string | null;
  /** `/admin/webhooks/{id}` */
  url: string;
};

export type BackOfficeSection = 'customers' | 'webhooks' | 'queues' | 'audit' | 'page-views';

/** Page props (the server sends these; shared page data and `errors` come on top). */
export type AdminCustomersPageProps = {
  /** The prefix searched for; '' before any search. */
  query: string;
  /** null before any search. */
  results: CustomerSearchResult[] | null;
  pagination: Pagination | null;
};

export type AdminCustomerPageProps = {
  customer: { id: number; email: string; isAdmin: boolean; createdAt: string };
  purchases: AdminPurchaseRecord[];
  licenses: AdminLicenseRecord[];
  teams: AdminTeamRecord[];
  sessions: AdminSessionsSummary;
  signIns: AdminSignInRecord[];
  passwordResets: AdminPasswordResetRecord[];
  emailChanges: AdminEmailChangeRecord[];
  audit: AuditEntryRecord[];
  impersonation: ImpersonationOption;
  refundWindowDays: number;
};

export type AdminAuditLogPageProps = { entries: AuditEntryRecord[]; pagination: Pagination };

export type AdminWebhooksPageProps = {
  events: WebhookEventRecord[];
  pagination: Pagination;
  /** The outcome filter; null shows every event. */
  outcome: WebhookOutcome | null;
};

export type AdminWebhookPageProps = {
  event: WebhookEventRecord;
  /** The payload as received, pretty-printed when it is JSON. */
  payload: string;
};

/** A job that failed at least once and is not done: what names it, never its payload. */
export type AdminJobFailure = {
  id: number;
  /** "license to ann@example.com", "transaction.completed evt_…" */
  subject: string;
  attempts: number;
  /** Every attempt used: it waits for the operator. */
  gaveUp: boolean;
  /** Its last error, with addresses' credentials, keys and tokens taken out. */
  lastError: string;
  createdAt: string;
  /** When a worker tries it again; null once it gave up. */
  nextAttemptAt: string | null;
  /** POST here to try it again now, with every attempt. */
  retryUrl: string;
};

/** One job queue (mail, webhook deliveries) as the back office shows it (decision 055). */
export type AdminQueueRecord = {
  /** 'mail' | 'webhooks' */
  name: string;
  label: string;
  counts: { waiting: number; claimed: number; failing: number; gaveUp: number; done: number };
  /** Seconds the oldest job not done has waited; null when none waits. */
  oldestWaitingSeconds: number | null;
  failures: AdminJobFailure[];
};

export type AdminQueuesPageProps = { queues: AdminQueueRecord[] };
