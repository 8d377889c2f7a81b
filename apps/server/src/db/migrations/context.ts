import type { ColumnDefinitionBuilder } from 'kysely';
import type { Migration } from 'kysely/migration';

export type Engine = 'sqlite' | 'postgres';

export interface MigrationContext {
  engine: Engine;
}

/** An auto-generated integer primary key, the way each engine spells it. */
export function idColumn(engine: Engine) {
  return (col: ColumnDefinitionBuilder) =>
    engine === 'postgres'
      ? col.primaryKey().generatedByDefaultAsIdentity()
      : col.primaryKey().autoIncrement();
}

/**
 * A migration and its place in expand/contract (decision 035; db/migrator.ts). Left unset, it is
 * an expand migration: the release before it keeps running against the schema it leaves, so it
 * may only add (tables, nullable or defaulted columns, indexes). A migration that removes or
 * changes what an older release reads or writes is a contract: `oldestCompatible` names the
 * newest migration of the first release that no longer needs it, and older releases refuse to
 * start against it. From 0020 on every migration has a `down`, so a deploy can be rolled back
 * (`ops migrate down`).
 */
export interface StoreMigration extends Migration {
  oldestCompatible?: string;
}
