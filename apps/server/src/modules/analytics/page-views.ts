import type { Db } from '../../db/database.ts';

/** Paths only: no query string (it can carry e-mail addresses or tokens), no user, no IP. */
export function cleanPath(path: string): string | null {
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  const bare = path.split(/[?#]/)[0]!;
  // Reset links carry a secret in the path itself.
  if (bare.startsWith('/password/reset/')) return '/password/reset/:token';
  return bare.length <= 512 ? bare : null;
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
