import type { Db } from '../../db/database.ts';
import type { Catalogue } from '../catalog/index.ts';
import { versionPrefixOf } from '../catalog/index.ts';
import { publicPaths } from '../catalog/index.ts';

/** The longest path counted; the store's own pages are far shorter. */
export const MAX_PATH_LENGTH = 512;

/** Paths only: no query string (it can carry e-mail addresses or tokens), no user, no IP. */
export function cleanPath(path: string): string | null {
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  const bare = path.split(/[?#]/)[0]!;
  // Reset links carry a secret in the path itself.
  if (bare.startsWith('/password/reset/')) return '/password/reset/:token';
  return bare.length <= MAX_PATH_LENGTH ? bare : null;
}

/** Pages the store serves beyond the sitemap's public ones; a new page adds itself here. */
const OTHER_PAGES = [
  '/login',
  '/password/reset',
  '/password/reset/:token',
  '/account-settings',
  '/newsletter/thank-you',
  '/admin/page-views',
];

/**
 * Whether a (clean) path is a page this store serves: the sitemap's pages, from the catalogue,
 * plus the signed-in and form pages. Anything else is not counted, so the table holds only
 * real pages however many made-up paths are posted.
 */
export function servedPaths(catalogue: () => Catalogue): (path: string) => boolean {
  let known: Set<string> | undefined;
  return (path) => {
    known ??= new Set([...publicPaths(catalogue()), ...OTHER_PAGES]);
    const unversioned = versionPrefixOf(path) ? path.slice('/v1'.length) || '/' : path;
    return known.has(unversioned);
  };
}

/** The referring site's host, only when it is another site. */
export function referrerHost(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const { host, protocol } = new URL(referrer);
    if (!/^https?:$/.test(protocol) || host === ownHost) return null;
    return host.slice(0, 255);
  } catch {
    return null;
  }
}

export function pageViews(db: Db, now: () => number) {
  return {
    async record(path: string, referrer: string | null): Promise<void> {
      await db
        .insertInto('page_views')
        .values({ path, referrer_host: referrer, created_at: now() })
        .execute();
    },
    /** Views per path since `since`, most viewed first. */
    async report(since: number, limit = 100) {
      const rows = await db
        .selectFrom('page_views')
        .select(['path', (eb) => eb.fn.countAll<number>().as('views')])
        .where('created_at', '>=', since)
        .groupBy('path')
        .orderBy('views', 'desc')
        .orderBy('path')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ path: row.path, views: Number(row.views) }));
    },
  };
}
