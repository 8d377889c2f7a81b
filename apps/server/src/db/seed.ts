import type { Config } from '../config.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import type { DatabaseHandle } from './database.ts';
import { ensureProducts } from '../modules/pricing/products.ts';

/** The demo world (`pnpm seed`). Every account's password is DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'tessera-demo-password';

export const DEMO_USERS = {
  customer: 'customer@example.com',
  teamOwner: 'owner@example.com',
  teamMember: 'member@example.com',
  admin: 'admin@example.com',
} as const;

type Purchase = {
  user: string;
  product: string;
  at: string;
  source: string;
  refunded?: boolean;
  license: string;
};

const DEMO_PURCHASES: Purchase[] = [
  {
    user: DEMO_USERS.customer,
    product: 'marketing',
    at: '2024-02-14T09:30:00Z',
    source: 'gumroad',
    license: 'DEMO-MKT-0001',
  },
  {
    user: DEMO_USERS.customer,
    product: 'ecommerce',
    at: '2024-06-03T16:05:00Z',
    source: 'paddle',
    refunded: true,
    license: 'DEMO-ECO-0002',
  },
  {
    user: DEMO_USERS.customer,
    product: 'application-ui',
    at: '2025-01-20T11:45:00Z',
    source: 'paddle',
    license: 'DEMO-APP-0003',
  },
  {
    user: DEMO_USERS.teamOwner,
    product: 'all-access',
    at: '2025-03-09T08:00:00Z',
    source: 'paddle',
    license: 'DEMO-ALL-0004',
  },
];

/** Refuses anything that could be a real store: production, or a database on another host. */
export function seedRefusal(config: Config): string | null {
  if (config.isProduction) return 'NODE_ENV is production: the demo seed never runs there.';
  if (config.databaseUrl) {
    const host = new URL(config.databaseUrl).hostname;
    if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
      return `DATABASE_URL points at ${host}, not this machine: the demo seed only runs on a local database.`;
    }
  }
  return null;
}

/** Creates the demo world; running it again changes nothing. Returns what it created. */
export async function seedDemo(database: DatabaseHandle, config: Config): Promise<string[]> {
  const { db } = database;
  const created: string[] = [];
  const now = Date.parse('2025-06-01T00:00:00Z');

  await ensureProducts(db);

  const passwordHash = await hashPassword(DEMO_PASSWORD, config.passwordHashCost);
  for (const [role, email] of Object.entries(DEMO_USERS)) {
    const exists = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    if (exists) continue;
    await db
      .insertInto('users')
      .values({
        email,
        password_hash: passwordHash,
        is_admin: role === 'admin' ? 1 : 0,
        snippet_lang: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    created.push(`user ${email}`);
  }

  for (const purchase of DEMO_PURCHASES) {
    const license = await db
      .selectFrom('licenses')
      .select('id')
      .where('key', '=', purchase.license)
      .executeTakeFirst();
    if (license) continue;
    await database.writeTransaction(async (tx) => {
      const user = await tx
        .selectFrom('users')
        .select('id')
        .where('email', '=', purchase.user)
        .executeTakeFirstOrThrow();
      const kind = purchase.product === 'all-access' ? 'team' : 'personal';
      const product = await tx
        .selectFrom('products')
        .innerJoin('prices', 'prices.product_id', 'products.id')
        .select(['products.id', 'prices.amount', 'prices.currency'])
        .where('products.slug', '=', purchase.product)
        .where('prices.kind', '=', kind)
        .executeTakeFirstOrThrow();
      const at = Date.parse(purchase.at);
      const { id } = await tx
        .insertInto('purchases')
        .values({
          user_id: user.id,
          product_id: product.id,
          amount: product.amount,
          currency: product.currency,
          source: purchase.source,
          receipt_url: `${config.appUrl}/receipts/${purchase.license.toLowerCase()}`,
          refunded_at: purchase.refunded ? at + 5 * 24 * 60 * 60 * 1000 : null,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('licenses')
        .values({
          key: purchase.license,
          product_id: product.id,
          purchase_id: id,
          user_id: user.id,
          kind,
          is_active: purchase.refunded ? 0 : 1,
          deactivation_reason: purchase.refunded ? 'refund' : null,
          created_at: at,
        })
        .execute();
    });
    created.push(`purchase ${purchase.product} for ${purchase.user}`);
  }
  return created;
}
