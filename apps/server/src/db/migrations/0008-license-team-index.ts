import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Licences by team: the access policy reads, on every signed-in request, the licences of the
 * teams a user belongs to (`licenses.team_id in …`), and an owner's billing the purchases of
 * their team's licences. Without an index both scan every licence ever sold.
 */
export function licenseTeamIndex(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('licenses_team_id').on('licenses').column('team_id').execute();
    },
  };
}
