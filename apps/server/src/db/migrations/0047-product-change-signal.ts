import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * A change to the things for sale reaches every instance (decision 056): on PostgreSQL a
 * statement trigger on `products` and `prices` sends NOTIFY `tessera_jobs` 'products' when the
 * changing transaction commits, whoever made it (the store or an operator's SQL), and every
 * instance's listening connection drops its product list. SQLite has no cross-process signal:
 * nothing here (its instances keep the list for at most a minute). An expand step: older code
 * never reads the signal, and the trigger changes no row.
 */
export function productChangeSignal({ engine }: MigrationContext) {
  const tables = ['products', 'prices'] as const;
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await sql`
        CREATE OR REPLACE FUNCTION tessera_products_changed() RETURNS trigger AS $$
        BEGIN
          PERFORM pg_notify('tessera_jobs', 'products');
          RETURN NULL;
        END;
        $$ LANGUAGE plpgsql`.execute(db);
      for (const table of tables) {
        await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_changed`)} ON ${sql.table(table)}`.execute(
          db,
        );
        await sql`
          CREATE TRIGGER ${sql.raw(`${table}_changed`)}
          AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
          FOR EACH STATEMENT EXECUTE FUNCTION tessera_products_changed()`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      for (const table of tables) {
        await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_changed`)} ON ${sql.table(table)}`.execute(
          db,
        );
      }
      await sql`DROP FUNCTION IF EXISTS tessera_products_changed()`.execute(db);
    },
  };
}
