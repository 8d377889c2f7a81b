import { TEAM_SEATS } from '@tessera/pages/constants';
import type { Express } from 'express';
import type { Server } from 'node:http';
import { newInviteToken, newLicenseKey } from '../src/modules/shared/index.ts';
import { listen, serverUrl } from '../src/server.ts';
import type { Services } from '../src/services.ts';
import type { TestBrowser } from './browser.ts';

/** A licence as fulfilment leaves it: unredeemed unless a user or team is given. */
export async function createLicense(
  services: Services,
  options: {
    kind?: 'personal' | 'team' | 'classroom' | 'restricted';
    product?: string;
    userId?: number | null;
    active?: boolean;
    reason?: 'upgrade' | 'refund' | 'other' | null;
  } = {},
): Promise<{ id: number; key: string }> {
  const { db } = services.database;
  const product = await db
    .selectFrom('products')
    .select(['id', 'price_amount'])
    .where('slug', '=', options.product ?? 'all-access')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const purchase = await db
    .insertInto('purchases')
    .values({
      user_id: options.userId ?? null,
      product_id: product.id,
      amount: product.price_amount,
      currency: 'USD',
      source: 'sandbox',
      receipt_url: `https://receipts.example.com/${now}`,
      refunded_at: options.reason === 'refund' ? now : null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const key = newLicenseKey();
  const active = options.active ?? true;
  const row = await db
    .insertInto('licenses')
    .values({
      key,
      product_id: product.id,
      purchase_id: purchase.id,
      user_id: options.userId ?? null,
      kind: options.kind ?? 'personal',
      is_active: active ? 1 : 0,
      deactivation_reason: active ? null : (options.reason ?? 'other'),
      redeemed_at: options.userId ? now : null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, key };
}

export interface TestTeam {
  id: number;
  licenseId: number;
  licenseKey: string;
  inviteToken: string;
  /** Membership ids by user id. */
  memberIds: Map<number, number>;
}

/** A team as redemption makes it, with `owners` then `members`, seats taken one each. */
export async function createTeam(
  services: Services,
  options: { owners: number[]; members?: number[]; seats?: number; name?: string },
): Promise<TestTeam> {
  const { db } = services.database;
  const license = await createLicense(services, { kind: 'team' });
  const people = [...options.owners, ...(options.members ?? [])];
  const now = Date.now();
  const inviteToken = newInviteToken();
  const team = await db
    .insertInto('teams')
    .values({
      name: options.name ?? 'Test Team',
      license_id: license.id,
      seats: options.seats ?? TEAM_SEATS,
      member_count: people.length,
      invite_token: inviteToken,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const memberIds = new Map<number, number>();
  for (const userId of people) {
    const row = await db
      .insertInto('team_members')
      .values({
        team_id: team.id,
        user_id: userId,
        role: options.owners.includes(userId) ? 'owner' : 'member',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    memberIds.set(userId, row.id);
  }
  await db
    .updateTable('licenses')
    .set({ team_id: team.id, redeemed_at: now })
    .where('id', '=', license.id)
    .execute();
  return { id: team.id, licenseId: license.id, licenseKey: license.key, inviteToken, memberIds };
}

/** The team's row as stored: seats, count, token, name. */
export function teamRow(services: Services, teamId: number) {
  return services.database.db
    .selectFrom('teams')
    .selectAll()
    .where('id', '=', teamId)
    .executeTakeFirstOrThrow();
}

/** Who is in the team now, as role by user id. */
export async function teamRoles(services: Services, teamId: number) {
  const rows = await services.database.db
    .selectFrom('team_members')
    .select(['user_id', 'role'])
    .where('team_id', '=', teamId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.user_id, row.role]));
}

/**
 * The app on a real port: requests made at once really run at once. The caller stops it with
 * `close`, from its own hook (`onTestFinished(close)`): importing this file registers nothing.
 */
export async function listening(app: Express): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = await listen(app, { host: '127.0.0.1', port: 0 });
  return {
    url: serverUrl(server),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Whether the browser's viewer holds `slug` now (shared page data, read fresh). */
export async function licensedPackages(browser: TestBrowser): Promise<Record<string, boolean>> {
  const page = await browser.visit('/');
  const products = (page.body as { props: { products: { name: string; isLicensed: boolean }[] } })
    .props.products;
  return Object.fromEntries(products.map((p) => [p.name, p.isLicensed]));
}
