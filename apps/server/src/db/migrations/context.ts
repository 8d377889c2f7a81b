import type { ColumnDefinitionBuilder } from 'kysely';

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
