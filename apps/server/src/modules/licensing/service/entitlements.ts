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

/** Entitlements from the product slugs of the viewer's active licences. All-access covers all. */
export function entitlementsFrom(slugs: Iterable<string>): Entitlements {
  const packages = new Set(slugs);
  const allAccess = packages.has(ALL_ACCESS);
  return { packages, allAccess, has: (slug) => allAccess || packages.has(slug) };
}
