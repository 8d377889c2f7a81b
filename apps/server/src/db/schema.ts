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
  /** 'components' | 'template' | 'all-access' */
  type: string;
  price_amount: number;
  price_currency: string;
  sort_order: number;
}

export interface PurchasesTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  amount: number;
  currency: string;
  /** 'paddle' | 'sandbox' | 'gumroad' (the former marketplace) */
  source: string;
  receipt_url: string;
  refunded_at: number | null;
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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  remember_tokens: RememberTokensTable;
  password_resets: PasswordResetsTable;
  email_change_undos: EmailChangeUndosTable;
  products: ProductsTable;
  purchases: PurchasesTable;
  licenses: LicensesTable;
  page_views: PageViewsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Product = Selectable<ProductsTable>;
export type Purchase = Selectable<PurchasesTable>;
export type License = Selectable<LicensesTable>;
