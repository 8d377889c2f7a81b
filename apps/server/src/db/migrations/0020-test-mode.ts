import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Test mode (decision 040): a purchase made, and a licence issued, while the store took test
 * payments (the sandbox, Paddle's sandbox) is marked `test_mode = 1`; a live store counts no
 * such licence. Expand only: a defaulted column, which the release before writes as live (0)
 * without knowing it.
 */
export function testMode(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['purchases', 'licenses']) {
        await db.schema
          .alterTable(table)
          .addColumn('test_mode', 'integer', (col) => col.notNull().defaultTo(0))
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['licenses', 'purchases']) {
        await db.schema.alterTable(table).dropColumn('test_mode').execute();
      }
    },
  };
}
