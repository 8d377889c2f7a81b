import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './context.ts';

/** First-party page views (no personal data) and changelog subscribers. */
export function catalogueVisits({ engine }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('page_views')
        .addColumn('id', 'integer', idColumn(engine))
        .addColumn('path', 'varchar(512)', (col) => col.notNull())
        /** The referring site's host only ('news.ycombinator.com'), or null. */
        .addColumn('referrer_host', 'varchar(255)')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('page_views_path_created_at')
        .on('page_views')
        .columns(['path', 'created_at'])
        .execute();

      await db.schema
        .createTable('newsletter_subscribers')
        .addColumn('id', 'integer', idColumn(engine))
        .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
    },
  };
}
