import type { Db } from '../../db/database.ts';

export const ALL_ACCESS = 'all-access';

/** The component packages all-access includes (and, with it, every template). */
export interface Entitlements {
  /** Product slugs the viewer may use: code, downloads, live previews. */
  packages: ReadonlySet<string>;
  allAccess: boolean;
  has(slug: string): boolean;
}

export const NO_ENTITLEMENTS: Entitlements = {
  packages: new Set(),
  allAccess: false,
  has: () => false,
};

/**
 * "Which packages may this viewer use": every active licence the user holds (a refunded or
 * upgraded one is inactive). All-access covers every package.
 */
export async function entitlementsFor(db: Db, userId: number | undefined): Promise<Entitlements> {
  if (userId === undefined) return NO_ENTITLEMENTS;
  const rows = await db
    .selectFrom('licenses')
    .innerJoin('products', 'products.id', 'licenses.product_id')
    .select('products.slug')
    .where('licenses.user_id', '=', userId)
    .where('licenses.is_active', '=', 1)
    .execute();
  const packages = new Set(rows.map((row) => row.slug));
  const allAccess = packages.has(ALL_ACCESS);
  return { packages, allAccess, has: (slug) => allAccess || packages.has(slug) };
}
