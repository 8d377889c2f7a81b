import { CLASSROOM_SEATS, TEAM_SEATS } from '@tessera/pages/constants';
import type { Config } from '../config.ts';
import { hashPassword, secondFactorService } from '../modules/auth/index.ts';
import { ensureProducts } from '../modules/pricing/index.ts';
import { sandboxCustomerId, sandboxIdFor } from '../modules/payments/index.ts';
import { sandboxRepository } from '../modules/payments/index.ts';
import { newInviteToken } from '../modules/shared/index.ts';
import type { DatabaseHandle, Tx } from './database.ts';

/** The demo world (`pnpm seed`). Every account's password is DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'tessera-demo-password';

export const DEMO_USERS = {
  customer: 'customer@example.com',
  teamOwner: 'owner@example.com',
  teamMember: 'member@example.com',
  /** Owns another team (full: every seat taken), so "team A cannot touch team B" can be tried. */
  otherOwner: 'other-owner@example.com',
  admin: 'admin@example.com',
} as const;

/**
 * The demo administrator's TOTP secret (development only): administrators must have a second
 * factor (decision 045), so `pnpm seed` gives this one a known secret. Add it to an
 * authenticator app, or compute the code: `node -e "import('otplib').then(o => o.generate({ secret: '…' }).then(console.log))"`.
 */
export const DEMO_ADMIN_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The people filling the other owner's team to its last seat. */
const seatFiller = (n: number) => `student-${String(n).padStart(2, '0')}@example.com`;

/** Keys of the demo licences: one per state of the licence pages. */
export const DEMO_KEYS = {
  /** Customer's Marketing licence: active, connected to customer@. */
  customerMarketing: 'SEED0-KEY00-00000-00000-00001-0',
  /** Customer's Ecommerce licence: refunded (inactive, reason refund). */
  refunded: 'SEED0-KEY00-00000-00000-00002-0',
  /** Customer's Application UI licence: active, connected to customer@. */
  customerApplicationUi: 'SEED0-KEY00-00000-00000-00003-0',
  /** The demo team's all-access team licence (owner@ owns the team, member@ belongs to it). */
  demoTeam: 'SEED0-KEY00-00000-00000-00004-0',
  /** The other owner's team licence: the team is full. */
  otherTeam: 'SEED0-KEY00-00000-00000-00005-0',
  /** Unredeemed personal all-access: connect it to an account, or make one. */
  unredeemedPersonal: 'SEED0-KEY00-00000-00000-00006-0',
  /** Unredeemed team all-access: redeeming makes a team of 25 seats. */
  unredeemedTeam: 'SEED0-KEY00-00000-00000-00007-0',
  /** Unredeemed Classroom licence. */
  unredeemedClassroom: 'SEED0-KEY00-00000-00000-00008-0',
  /** Used to upgrade (inactive, reason upgrade). */
  upgraded: 'SEED0-KEY00-00000-00000-00009-0',
  /** Deactivated by support (inactive, reason other). */
  deactivated: 'SEED0-KEY00-00000-00000-00010-0',
} as const;

export const DEMO_TEAMS = {
  demo: 'Acme Design',
  other: 'Globex Studio',
} as const;

type DemoLicense = {
  key: string;
  product: string;
  kind: 'personal' | 'team' | 'classroom' | 'restricted';
  at: string;
  source: string;
  /** Who bought it; null: a visitor, known only by `buyerEmail`. */
  buyer: string | null;
  buyerEmail?: string;
  /** Connected to this account (personal kinds). */
  user?: string;
  refunded?: boolean;
  deactivated?: 'upgrade' | 'other';
  team?: { name: string; owner: string; members: string[] };
};

const DEMO_LICENSES: DemoLicense[] = [
  {
    key: DEMO_KEYS.customerMarketing,
    product: 'marketing',
    kind: 'personal',
    at: '2024-02-14T09:30:00Z',
    source: 'gumroad',
    buyer: DEMO_USERS.customer,
    user: DEMO_USERS.customer,
  },
  {
    key: DEMO_KEYS.refunded,
    product: 'ecommerce',
    kind: 'personal',
    at: '2024-06-03T16:05:00Z',
    source: 'paddle',
    buyer: DEMO_USERS.customer,
    user: DEMO_USERS.customer,
    refunded: true,
  },
  {
    key: DEMO_KEYS.customerApplicationUi,
    product: 'application-ui',
    kind: 'personal',
    at: '2025-01-20T11:45:00Z',
    source: 'paddle',
    buyer: DEMO_USERS.customer,
    user: DEMO_USERS.customer,
  },
  {
    key: DEMO_KEYS.demoTeam,
    product: 'all-access',
    kind: 'team',
    at: '2025-03-09T08:00:00Z',
    source: 'paddle',
    buyer: DEMO_USERS.teamOwner,
    team: { name: DEMO_TEAMS.demo, owner: DEMO_USERS.teamOwner, members: [DEMO_USERS.teamMember] },
  },
  {
    key: DEMO_KEYS.otherTeam,
    product: 'all-access',
    kind: 'team',
    at: '2025-04-02T10:00:00Z',
    source: 'paddle',
    buyer: DEMO_USERS.otherOwner,
    team: {
      name: DEMO_TEAMS.other,
      owner: DEMO_USERS.otherOwner,
      members: Array.from({ length: TEAM_SEATS - 1 }, (_, i) => seatFiller(i + 1)),
    },
  },
  {
    key: DEMO_KEYS.unredeemedPersonal,
    product: 'all-access',
    kind: 'personal',
    at: '2025-05-01T12:00:00Z',
    source: 'paddle',
    buyer: null,
    buyerEmail: 'new-buyer@example.com',
  },
  {
    key: DEMO_KEYS.unredeemedTeam,
    product: 'all-access',
    kind: 'team',
    at: '2025-05-02T12:00:00Z',
    source: 'paddle',
    buyer: null,
    buyerEmail: 'team-buyer@example.com',
  },
  {
    key: DEMO_KEYS.unredeemedClassroom,
    product: 'all-access',
    kind: 'classroom',
    at: '2025-05-03T12:00:00Z',
    source: 'paddle',
    buyer: null,
    buyerEmail: 'teacher@example.com',
  },
  {
    key: DEMO_KEYS.upgraded,
    product: 'marketing',
    kind: 'personal',
    at: '2023-11-20T12:00:00Z',
    source: 'gumroad',
    buyer: null,
    buyerEmail: 'upgraded@example.com',
    deactivated: 'upgrade',
  },
  {
    key: DEMO_KEYS.deactivated,
    product: 'ecommerce',
    kind: 'personal',
    at: '2023-12-01T12:00:00Z',
    source: 'paddle',
    buyer: null,
    buyerEmail: 'deactivated@example.com',
    deactivated: 'other',
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

async function userId(tx: Tx, email: string): Promise<number> {
  const row = await tx
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function createLicense(tx: Tx, config: Config, license: DemoLicense): Promise<void> {
  const product = await tx
    .selectFrom('products')
    .select(['id', 'name', 'price_amount'])
    .where('slug', '=', license.product)
    .executeTakeFirstOrThrow();
  const at = Date.parse(license.at);
  const day = 24 * 60 * 60 * 1000;
  // Every demo purchase has a receipt that opens: the sandbox provider's own (its receipt page,
  // /sandbox-receipts/…), as a purchase made through the sandbox checkout would.
  const email = license.buyerEmail ?? license.buyer;
  const transactionId = sandboxIdFor('txn', license.key);
  await sandboxRepository(tx).insert({
    id: transactionId,
    product_name: product.name,
    product_slug: license.product,
    kind: license.kind,
    amount: product.price_amount,
    currency: 'USD',
    custom_data: JSON.stringify({ demo: true }),
    email,
    country: 'US',
    postcode: '10001',
    tax: 0,
    customer_id: email ? sandboxCustomerId(email) : null,
    status: 'completed',
    created_at: at,
    completed_at: at,
    refunded_at: license.refunded ? at + 5 * day : null,
  });
  const { id: purchaseId } = await tx
    .insertInto('purchases')
    .values({
      user_id: license.buyer ? await userId(tx, license.buyer) : null,
      buyer_email: license.buyerEmail ?? license.buyer,
      product_id: product.id,
      amount: product.price_amount,
      currency: 'USD',
      source: license.source,
      receipt_url: `/sandbox-receipts/${transactionId}`,
      ...(license.source === 'paddle' ? { provider_transaction_id: transactionId } : {}),
      refunded_at: license.refunded ? at + 5 * day : null,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const inactive = license.refunded ? 'refund' : license.deactivated;
  const { id: licenseId } = await tx
    .insertInto('licenses')
    .values({
      key: license.key,
      product_id: product.id,
      purchase_id: purchaseId,
      user_id: license.user ? await userId(tx, license.user) : null,
      buyer_email: license.buyerEmail ?? license.buyer,
      kind: license.kind,
      is_active: inactive ? 0 : 1,
      deactivation_reason: inactive ?? null,
      deactivated_at: inactive ? at + 5 * day : null,
      redeemed_at: license.user || license.team ? at : null,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!license.team) return;
  // As redemption makes it: the owner in the first seat, then the members, one seat each.
  const people = [license.team.owner, ...license.team.members];
  const { id: teamId } = await tx
    .insertInto('teams')
    .values({
      name: license.team.name,
      license_id: licenseId,
      seats: license.kind === 'classroom' ? CLASSROOM_SEATS : TEAM_SEATS,
      member_count: people.length,
      invite_token: newInviteToken(),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [index, email] of people.entries()) {
    await tx
      .insertInto('team_members')
      .values({
        team_id: teamId,
        user_id: await userId(tx, email),
        role: index === 0 ? 'owner' : 'member',
        created_at: at,
      })
      .execute();
  }
  await tx.updateTable('licenses').set({ team_id: teamId }).where('id', '=', licenseId).execute();
}

/** Creates the demo world; running it again changes nothing. Returns what it created. */
export async function seedDemo(database: DatabaseHandle, config: Config): Promise<string[]> {
  const { db } = database;
  const created: string[] = [];
  const now = Date.parse('2025-06-01T00:00:00Z');

  await ensureProducts(db);

  const passwordHash = await hashPassword(DEMO_PASSWORD, config.passwordHashCost);
  const accounts: [string, string][] = [
    ...Object.entries(DEMO_USERS),
    ...Array.from({ length: TEAM_SEATS - 1 }, (_, i): [string, string] => [
      'student',
      seatFiller(i + 1),
    ]),
  ];
  for (const [role, email] of accounts) {
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

  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_USERS.admin)
    .executeTakeFirstOrThrow();
  const factors = secondFactorService({
    database,
    secret: config.sessionSecret,
    issuer: config.brandName,
    now: () => now,
  });
  if (!(await factors.required(admin.id))) {
    await factors.enrolKnownSecret(admin.id, DEMO_ADMIN_TOTP_SECRET);
    created.push(`two-factor authentication for ${DEMO_USERS.admin}`);
  }

  for (const license of DEMO_LICENSES) {
    const exists = await db
      .selectFrom('licenses')
      .select('id')
      .where('key', '=', license.key)
      .executeTakeFirst();
    if (exists) continue;
    await database.writeTransaction((tx) => createLicense(tx, config, license));
    created.push(
      `licence ${license.key} (${license.kind} ${license.product})${license.team ? `, team ${license.team.name}` : ''}`,
    );
  }
  return created;
}

/** The demo teams' invite links, for the seed's closing message. */
export async function demoInviteLinks(database: DatabaseHandle, appUrl: string) {
  const rows = await database.db
    .selectFrom('teams')
    .innerJoin('licenses', 'licenses.id', 'teams.license_id')
    .select(['teams.id', 'teams.name', 'teams.invite_token'])
    .where('licenses.key', 'in', [DEMO_KEYS.demoTeam, DEMO_KEYS.otherTeam])
    .orderBy('teams.id')
    .execute();
  return rows.map(
    (row) => `${row.name}: ${appUrl}/teams/${row.id}/members?invite_token=${row.invite_token}`,
  );
}
