import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationResult } from 'kysely/migration';
import type { DatabaseHandle, Db } from './database.ts';
import type { StoreMigration } from './migrations/context.ts';
import { migrations as storeMigrations } from './migrations/index.ts';

/**
 * The migration runner, expand/contract (decision 035).
 *
 * Kysely's migrator refuses to start when the database holds a migration the code does not
 * know ("corrupted migrations: previously executed migration … is missing"). During a rolling
 * deploy that is exactly the normal case for the previous release: the new release migrated
 * the database forward, and an instance of the old one restarts (a crash, a rollback). So beside
 * Kysely's `kysely_migration` table, `migration_compatibility` records, for each migration, the
 * oldest migration a release must know to run against the schema it leaves:
 *
 * - an expand migration (new tables, nullable or defaulted columns, indexes) records nothing to
 *   require: every earlier release runs beside it;
 * - a contract migration (dropping or renaming what older code reads or writes) records the
 *   release it needs (`oldestCompatible`, the last migration of the release that stopped using
 *   what it removes); older code refuses to start, naming it.
 *
 * The row is written in the same transaction as the migration (PostgreSQL), so no release ever
 * sees a migration without its rule. A migration the code does not know and that has no rule is
 * treated as a contract: refusing to start is the safe answer.
 */

export const COMPATIBILITY_TABLE = 'migration_compatibility';
const MIGRATION_TABLE = 'kysely_migration';

export type MigrationSet = Record<string, StoreMigration>;

export class SchemaAheadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaAheadError';
  }
}

interface CompatibilityRow {
  name: string;
  oldest_compatible: string | null;
}

async function tableExists(db: Db | Kysely<unknown>, name: string): Promise<boolean> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  return tables.some((table) => table.name === name);
}

async function executedNames(db: Db | Kysely<unknown>): Promise<string[]> {
  if (!(await tableExists(db, MIGRATION_TABLE))) return [];
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(
    MIGRATION_TABLE,
  )} order by name`.execute(db);
  return rows.map((row) => row.name);
}

async function compatibilityRows(db: Db | Kysely<unknown>): Promise<Map<string, CompatibilityRow>> {
  if (!(await tableExists(db, COMPATIBILITY_TABLE))) return new Map();
  const { rows } = await sql<CompatibilityRow>`select name, oldest_compatible from ${sql.table(
    COMPATIBILITY_TABLE,
  )}`.execute(db);
  return new Map(rows.map((row) => [row.name, row]));
}

/** Records a migration's rule in the migration's own transaction. */
async function recordCompatibility(
  db: Kysely<unknown>,
  name: string,
  migration: StoreMigration,
): Promise<void> {
  await db.schema
    .createTable(COMPATIBILITY_TABLE)
    .ifNotExists()
    .addColumn('name', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('oldest_compatible', 'varchar(255)')
    .addColumn('applied_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await sql`delete from ${sql.table(COMPATIBILITY_TABLE)} where name = ${name}`.execute(db);
  await sql`insert into ${sql.table(COMPATIBILITY_TABLE)} (name, oldest_compatible, applied_at)
    values (${name}, ${migration.oldestCompatible ?? null}, ${new Date().toISOString()})`.execute(
    db,
  );
}

async function forgetCompatibility(db: Kysely<unknown>, name: string): Promise<void> {
  if (!(await tableExists(db, COMPATIBILITY_TABLE))) return;
  await sql`delete from ${sql.table(COMPATIBILITY_TABLE)} where name = ${name}`.execute(db);
}

/** What this release may do with the database as it is: which migrations are ahead of it. */
export interface SchemaStatus {
  executed: string[];
  pending: string[];
  /** Applied by a newer release; this code does not know them. */
  ahead: { name: string; oldestCompatible: string | null; known: boolean }[];
  /** Null when this release may run; otherwise why not. */
  refusal: string | null;
}

export async function schemaStatus(
  db: Db | Kysely<unknown>,
  set: MigrationSet,
): Promise<SchemaStatus> {
  const names = Object.keys(set).sort();
  const known = new Set(names);
  const executed = await executedNames(db);
  const unknown = executed.filter((name) => !known.has(name));
  const rules = unknown.length > 0 ? await compatibilityRows(db) : new Map();
  const ahead = unknown.map((name) => {
    const rule = rules.get(name);
    return { name, oldestCompatible: rule?.oldest_compatible ?? null, known: Boolean(rule) };
  });
  const newest = names.at(-1) ?? '(none)';
  const problems = ahead.flatMap((migration) => {
    if (!migration.known) {
      return [`${migration.name} (applied without a compatibility record: treated as a contract)`];
    }
    if (migration.oldestCompatible && !known.has(migration.oldestCompatible)) {
      return [`${migration.name} (needs a release that knows ${migration.oldestCompatible})`];
    }
    return [];
  });
  const refusal =
    problems.length === 0
      ? null
      : `The database was migrated by a newer release past what this release (newest migration ${newest}) can run against: ${problems.join('; ')}. Deploy a newer release, or undo those migrations with the newer release's "ops migrate down".`;
  return {
    executed,
    pending: names.filter((name) => !executed.includes(name)),
    ahead,
    refusal,
  };
}

/**
 * The migrations as Kysely's migrator gets them: each `up` also records its rule, and every
 * migration the database has but this code lacks is a stand-in that cannot run or be undone.
 */
function runnable(set: MigrationSet, ahead: string[]): Record<string, Migration> {
  const result: Record<string, Migration> = {};
  for (const [name, migration] of Object.entries(set)) {
    result[name] = {
      async up(db) {
        await migration.up(db);
        await recordCompatibility(db, name, migration);
      },
      ...(migration.down && {
        async down(db) {
          await migration.down!(db);
          await forgetCompatibility(db, name);
        },
      }),
    };
  }
  for (const name of ahead) {
    result[name] = {
      up() {
        throw new Error(`Migration ${name} belongs to a newer release`);
      },
    };
  }
  return result;
}

function migrator(db: Db, set: MigrationSet, ahead: string[]): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => runnable(set, ahead) } });
}

function failure(error: unknown, results: MigrationResult[] = []): Error {
  const failed = results.find((result) => result.status === 'Error');
  const reason = error instanceof Error ? error.message : String(error);
  return new Error(
    `Database migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${reason}`,
    { cause: error },
  );
}

export interface MigrateResult {
  applied: string[];
  /** Migrations of a newer release this one runs beside (expand migrations). */
  ahead: string[];
}

/**
 * Runs every pending migration forward, under Kysely's lock, so instances starting together run
 * each once. A database moved forward by a newer release is fine when what it added is expand
 * only; otherwise `SchemaAheadError` says which release it needs.
 */
export async function migrate(
  handle: DatabaseHandle,
  set: MigrationSet = storeMigrations({ engine: handle.engine }),
): Promise<MigrateResult> {
  return handle.withoutTimeouts(async (db) => {
    // A newer release may migrate between the status read and taking the lock: read again.
    for (let attempt = 0; ; attempt += 1) {
      const status = await schemaStatus(db, set);
      if (status.refusal) throw new SchemaAheadError(status.refusal);
      const ahead = status.ahead.map((migration) => migration.name);
      const { error, results = [] } = await migrator(db, set, ahead).migrateToLatest();
      if (error) {
        const raced = error instanceof Error && /previously executed migration/.test(error.message);
        if (raced && attempt < 3) continue;
        throw failure(error, results);
      }
      return {
        applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName),
        ahead,
      };
    }
  });
}

/** Runs every pending migration forward; resolves the names applied (see `migrate`). */
export async function migrateToLatest(
  handle: DatabaseHandle,
  set?: MigrationSet,
): Promise<string[]> {
  return (await migrate(handle, set)).applied;
}

/**
 * Undoes every migration after `target` (the newest migration the release being rolled back to
 * knows), newest first, each with its `down`. Run it with the release that added them, once no
 * instance of that release serves any more. Refuses, changing nothing, when one of them cannot
 * be undone.
 */
export async function migrateDownTo(
  handle: DatabaseHandle,
  target: string,
  set: MigrationSet = storeMigrations({ engine: handle.engine }),
): Promise<string[]> {
  if (!(target in set)) throw new Error(`No migration named "${target}" in this release`);
  return handle.withoutTimeouts(async (db) => {
    const status = await schemaStatus(db, set);
    if (status.ahead.length > 0) {
      throw new Error(
        `The database has migrations this release does not know (${status.ahead
          .map((m) => m.name)
          .join(', ')}): undo them with the release that added them first.`,
      );
    }
    if (!status.executed.includes(target)) {
      throw new Error(`Migration "${target}" has not been applied: nothing to roll back to`);
    }
    const undo = status.executed.filter((name) => name > target).reverse();
    const irreversible = undo.filter((name) => !set[name]?.down);
    if (irreversible.length > 0) {
      throw new Error(
        `Cannot roll back past ${irreversible.join(', ')}: no down migration. Restore a backup instead.`,
      );
    }
    if (undo.length === 0) return [];
    const { error, results = [] } = await migrator(db, set, []).migrateTo(target);
    if (error) throw failure(error, results);
    return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
  });
}
