import type { Generated, Insertable, Selectable } from 'kysely';

/*
 * One schema for both engines. Portable column choices:
 * - times are epoch milliseconds in `bigint` columns (read back as numbers on both engines),
 * - flags are `integer` 0/1 (SQLite has no boolean type),
 * - money is integer minor units plus an ISO 4217 currency.
 */

export interface UsersTable {
  id: Generated<number>;
  /** Lower-cased and trimmed; unique. */
  email: string;
  password_hash: string;
  is_admin: Generated<number>;
  /** The code language last chosen in a component view (PUT /snippet-language). */
  snippet_lang: string | null;
  /** The component previews' colour scheme last chosen (PUT /preview-color-scheme). */
  preview_color_scheme: string | null;
  /** The preview frame's preset width last chosen (PUT /preview-width). */
  preview_width: string | null;
  /** The store's own colour scheme last chosen (PUT /color-scheme); null is `system`. */
  color_scheme: string | null;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the session id: a database dump does not hand out live sessions. */
  id: string;
  user_id: number | null;
  data: string;
  expires_at: number;
}

export interface RememberTokensTable {
  id: Generated<number>;
  user_id: number;
  /** Looked up by selector; the validator is only stored hashed (split-token pattern). */
  selector: string;
  validator_hash: string;
  expires_at: number;
  created_at: number;
}

/** A personal access token (decision 014); the secret itself is never stored. */
/** A periodic job's next due time; claimed by moving it forward (db/periodic-jobs.ts). */
export interface PeriodicJobsTable {
  name: string;
  due_at: number;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** SHA-256 (hex) of the whole secret; looked up by it. */
  token_hash: string;
  /** The secret's first characters, shown in lists so a person can tell tokens apart. */
  prefix: string;
  created_at: number;
  /** Null: never expires. */
  expires_at: number | null;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface EmailChangeUndosTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  old_email: string;
  new_email: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface ProductsTable {
  id: Generated<number>;
  /** 'marketing', 'application-ui', 'ecommerce', 'all-access', or a template slug. */
  slug: string;
  name: string;
  /** 'components' | 'template' | 'all-access' | 'bundle' */
  type: string;
  /**
   * Legacy (migration 0002): written with the personal list price when a product is seeded and
   * never read. Prices live in `prices`, one row per licence kind.
   */
  price_amount: number;
  price_currency: string;
  sort_order: number;
  /** One sentence for the checkout (migration 0009). */
  description: Generated<string>;
}

export interface PurchasesTable {
  id: Generated<number>;
  /** Null for a visitor's purchase (the licence key is the proof) or a deleted account. */
  user_id: number | null;
  product_id: number;
  amount: number;
  currency: string;
  /** 'paddle' | 'sandbox' | 'gumroad' (the former marketplace) */
  source: string;
  receipt_url: string;
  refunded_at: number | null;
  created_at: number;
  tax: Generated<number>;
  /** Unique: one purchase per provider transaction, whatever the deliveries. */
  provider_transaction_id: string | null;
  checkout_id: number | null;
  buyer_email: string | null;
  refund_reason: string | null;
  /** The provider's customer: their e-mail may arrive after the purchase (0007). */
  provider_customer_id: string | null;
  /** The operator asked the provider for a refund (migration 0010); the webhook sets refunded_at. */
  refund_requested_at: number | null;
  /** 1: paid in test mode (the sandbox, Paddle's sandbox; migration 0020). */
  test_mode: Generated<number>;
}

export interface PricesTable {
  id: Generated<number>;
  product_id: number;
  /** 'personal' | 'team' | 'classroom' | 'restricted' */
  kind: string;
  amount: number;
  currency: string;
  is_active: Generated<number>;
}

export interface TeamsTable {
  id: Generated<number>;
  name: string;
  license_id: number;
  seats: number;
  /** Kept equal to the team's members by conditional updates; CHECK member_count <= seats. */
  member_count: Generated<number>;
  invite_token: string;
  created_at: number;
  updated_at: number;
}

export interface TeamMembersTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  /** 'owner' | 'member' */
  role: string;
  created_at: number;
}

export interface CheckoutsTable {
  id: Generated<number>;
  provider: string;
  provider_transaction_id: string;
  hash: string;
  product_id: number;
  price_id: number;
  kind: string;
  user_id: number | null;
  upgrade_license_id: number | null;
  /** The licence's product when it is not the product bought (the Black Friday bundle). */
  license_product_id: number | null;
  amount: number;
  advertised: number;
  currency: string;
  /** 'pending' | 'completed' */
  status: string;
  created_at: number;
  completed_at: number | null;
}

export interface WebhookEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  event_type: string;
  occurred_at: number;
  received_at: number;
  processed_at: number | null;
  /** 'applied' | 'ignored' | 'held' | 'failed' */
  outcome: string;
  deliveries: Generated<number>;
  error: string | null;
  payload: string;
  /** The provider transaction the event is about, when it names one (0007). */
  transaction_id: string | null;
}

export interface PaymentCustomersTable {
  id: Generated<number>;
  provider: string;
  customer_id: string;
  email: string;
  occurred_at: number;
  updated_at: number;
}

export interface SandboxTransactionsTable {
  id: string;
  product_name: string;
  product_slug: string;
  kind: string;
  amount: number;
  currency: string;
  /** JSON object: echoed in the completed transaction's `custom_data`. */
  custom_data: string;
  prefill_email: string | null;
  email: string | null;
  country: string | null;
  postcode: string | null;
  tax: number | null;
  customer_id: string | null;
  /** 'ready' | 'completed' */
  status: string;
  pay_attempts: Generated<number>;
  business_address: string | null;
  created_at: number;
  completed_at: number | null;
  refunded_at: number | null;
}

export interface SandboxWebhookDeliveriesTable {
  id: Generated<number>;
  event_id: string;
  event_type: string;
  payload: string;
  attempts: Generated<number>;
  next_attempt_at: number;
  claimed_until: number | null;
  delivered_at: number | null;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
}

export interface MailJobsTable {
  id: Generated<number>;
  template: string;
  recipient: string;
  payload: string;
  attempts: Generated<number>;
  next_attempt_at: number;
  claimed_until: number | null;
  sent_at: number | null;
  last_error: string | null;
  created_at: number;
}

export interface LicensesTable {
  id: Generated<number>;
  key: string;
  product_id: number;
  purchase_id: number | null;
  user_id: number | null;
  /** 'personal' | 'team' | 'classroom' | 'restricted' */
  kind: string;
  is_active: number;
  /** 'upgrade' | 'refund' | 'other' when inactive */
  deactivation_reason: string | null;
  created_at: number;
  /** The team made when a team or classroom licence was redeemed. */
  team_id: number | null;
  redeemed_at: number | null;
  buyer_email: string | null;
  deactivated_at: number | null;
  /** 1: issued for a test-mode purchase; a live store counts it nowhere (migration 0020). */
  test_mode: Generated<number>;
}

export interface PurchaseCreditsTable {
  id: Generated<number>;
  /** The checkout whose price the credit lowered (an upgrade, owner pricing). */
  checkout_id: number;
  /** The earlier purchase whose amount was credited. */
  credited_purchase_id: number;
  amount: number;
  currency: string;
  created_at: number;
}

/**
 * Digital goods a licence hands over besides code (the bundle's design ebook): given in the
 * purchase's transaction, taken back by its refund (`revoked_at`); usable while the licence is
 * active.
 */
export interface LicenseGoodsTable {
  id: Generated<number>;
  license_id: number;
  /** A key of DIGITAL_GOODS (`@tessera/pages/constants`). */
  goods: string;
  created_at: number;
  revoked_at: number | null;
}

export interface PageViewsTable {
  id: Generated<number>;
  path: string;
  referrer_host: string | null;
  created_at: number;
}

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  email: string;
  created_at: number;
}

/** Append-only (a trigger refuses UPDATE and DELETE): the back office's audit trail. */
export interface AuditEntriesTable {
  id: Generated<number>;
  actor_id: number;
  actor_email: string;
  action: string;
  subject_type: string;
  subject_id: number;
  customer_id: number | null;
  /** JSON object. */
  details: string;
  ip: string | null;
  created_at: number;
}

export interface SignInsTable {
  id: Generated<number>;
  user_id: number;
  /** 'password' | 'remember' | 'totp' | 'recovery-code' | 'passkey' (a second step completed) */
  method: string;
  ip: string | null;
  created_at: number;
}

/** An authenticator app's TOTP secret, one per account (decision 044). */
export interface TotpCredentialsTable {
  user_id: number;
  /** AES-256-GCM under a key derived from the session secret: `v1.iv.tag.ciphertext`. */
  secret_encrypted: string;
  /** The last accepted time step: a code of that step or earlier is refused (no replay). */
  last_time_step: number | null;
  created_at: number;
}

/** Single-use recovery codes: only the SHA-256 of each. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: number | null;
  created_at: number;
}

/** Second-factor events of an account (enrol, disable, second step passed or failed, …). */
export interface SecurityEventsTable {
  id: Generated<number>;
  user_id: number;
  event: string;
  ip: string | null;
  created_at: number;
}

/** An account's passkeys (decision 052): WebAuthn credentials, one account per credential id. */
export interface WebauthnCredentialsTable {
  id: Generated<number>;
  user_id: number;
  /** base64url; unique across the store. */
  credential_id: string;
  /** base64url of the COSE public key. */
  public_key: string;
  /** The authenticator's signature counter: a lower or equal one later is refused. */
  counter: number;
  /** Comma-separated transports ('internal,hybrid'), or ''. */
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** A challenge handed out for a WebAuthn ceremony: deleted by the request that spends it. */
export interface WebauthnChallengesTable {
  challenge: string;
  user_id: number;
  purpose: 'register' | 'authenticate';
  expires_at: number;
}

/**
 * The version of a component a customer last copied or installed (decision 065): one row per
 * user and component, the version never lowered by a later, older take.
 */
export interface ComponentsTakenTable {
  user_id: number;
  component_uuid: string;
  version: number;
  how: 'copy' | 'install';
  taken_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  remember_tokens: RememberTokensTable;
  access_tokens: AccessTokensTable;
  periodic_jobs: PeriodicJobsTable;
  password_resets: PasswordResetsTable;
  email_change_undos: EmailChangeUndosTable;
  products: ProductsTable;
  purchases: PurchasesTable;
  licenses: LicensesTable;
  purchase_credits: PurchaseCreditsTable;
  license_goods: LicenseGoodsTable;
  prices: PricesTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  checkouts: CheckoutsTable;
  webhook_events: WebhookEventsTable;
  mail_jobs: MailJobsTable;
  payment_customers: PaymentCustomersTable;
  sandbox_transactions: SandboxTransactionsTable;
  sandbox_webhook_deliveries: SandboxWebhookDeliveriesTable;
  page_views: PageViewsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  audit_entries: AuditEntriesTable;
  sign_ins: SignInsTable;
  totp_credentials: TotpCredentialsTable;
  recovery_codes: RecoveryCodesTable;
  security_events: SecurityEventsTable;
  webauthn_credentials: WebauthnCredentialsTable;
  webauthn_challenges: WebauthnChallengesTable;
  components_taken: ComponentsTakenTable;
}

export type User = Selectable<UsersTable>;
export type AccessToken = Selectable<AccessTokensTable>;
export type NewUser = Insertable<UsersTable>;
export type Product = Selectable<ProductsTable>;
export type Purchase = Selectable<PurchasesTable>;
export type License = Selectable<LicensesTable>;
export type Price = Selectable<PricesTable>;
export type Team = Selectable<TeamsTable>;
export type TeamMember = Selectable<TeamMembersTable>;
export type Checkout = Selectable<CheckoutsTable>;
export type WebhookEvent = Selectable<WebhookEventsTable>;
export type MailJob = Selectable<MailJobsTable>;
export type AuditEntry = Selectable<AuditEntriesTable>;
