import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase, type EmptyDatabase } from '../../test/databases.ts';
import type { StoreMigration } from './migrations/context.ts';
import { migrations } from './migrations/index.ts';
import {
  COMPATIBILITY_TABLE,
  migrate,
  migrateDownTo,
  SchemaAheadError,
  schemaStatus,
  type MigrationSet,
} from './migrator.ts';

// Releases as the runner sees them: the store's migrations, then what a next release adds.
let database: EmptyDatabase;
afterEach(async () => {
  await database?.drop();
});

async function columns(db: Kysely<unknown>, table: string): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables.find((t) => t.name === table)?.columns.map((c) => c.name) ?? [];
}

/** An expand migration, as the next release would ship it: a new table and a nullable column. */
const expand: StoreMigration = {
  async up(db) {
    await db.schema
      .createTable('gift_notes')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('note', 'varchar(200)')
      .execute();
    await db.schema.alterTable('users').addColumn('nickname', 'varchar(100)').execute();
  },
  async down(db) {
    await db.schema.alterTable('users').dropColumn('nickname').execute();
    await db.schema.dropTable('gift_notes').execute();
  },
};

/** A contract migration: drops what releases before `9001-expand` still wrote. */
const contract: StoreMigration = {
  oldestCompatible: '9001-expand',
  async up(db) {
    await db.schema.alterTable('users').dropColumn('preview_color_scheme').execute();
  },
};

function releases(engine: 'sqlite' | 'postgres') {
  const current: MigrationSet = migrations({ engine });
  const next: MigrationSet = { ...current, '9001-expand': expand };
  const after: MigrationSet = { ...next, '9002-contract': contract };
  const newestCurrent = Object.keys(current).sort().at(-1)!;
  return { current, next, after, newestCurrent };
}

async function insertUser(db: Kysely<unknown>, email: string) {
  await sql`insert into users (email, password_hash, created_at, updated_at)
    values (${email}, 'x', 0, 0)`.execute(db);
}

describe('migrations across releases (expand/contract)', () => {
  it('lets the previous release start, and write, against a database a newer release expanded', async () => {
    database = await emptyDatabase();
    const { current, next } = releases(database.engine);
    const newer = database.open();
    expect((await migrate(newer, next)).applied).toContain('9001-expand');
    await newer.close();

    // Before: "corrupted migrations: previously executed migration 9001-expand is missing".
    const older = database.open();
    const result = await migrate(older, current);
    expect(result).toEqual({ applied: [], ahead: ['9001-expand'] });
    await insertUser(older.db as Kysely<unknown>, 'old-release@example.com');
    const row = await sql<{
      nickname: string | null;
    }>`select nickname from users where email = 'old-release@example.com'`.execute(older.db);
    expect(row.rows).toEqual([{ nickname: null }]);
  });

  it('refuses to start an older release against a contract it cannot run beside, naming what it needs', async () => {
    database = await emptyDatabase();
    const { current, next, after } = releases(database.engine);
    const newest = database.open();
    await migrate(newest, after);

    const older = database.open();
    const refusal = await migrate(older, current).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SchemaAheadError);
    expect((refusal as Error).message).toContain('9002-contract');
    expect((refusal as Error).message).toContain('needs a release that knows 9001-expand');
    // The release that introduced the expand step is new enough.
    expect(await migrate(older, next)).toEqual({ applied: [], ahead: ['9002-contract'] });
  });

  it('treats a migration applied without a compatibility record as a contract', async () => {
    database = await emptyDatabase();
    const { current } = releases(database.engine);
    const handle = database.open();
    await migrate(handle, current);
    await sql`insert into kysely_migration (name, timestamp)
      values ('9003-unrecorded', ${new Date().toISOString()})`.execute(handle.db);
    const status = await schemaStatus(handle.db, current);
    expect(status.ahead).toEqual([
      { name: '9003-unrecorded', oldestCompatible: null, known: false },
    ]);
    await expect(migrate(handle, current)).rejects.toThrow(
      /9003-unrecorded.*treated as a contract/,
    );
  });

  it('rolls back: the newer release undoes its migrations, and the older one is up to date again', async () => {
    database = await emptyDatabase();
    const { current, next, newestCurrent } = releases(database.engine);
    const handle = database.open();
    await migrate(handle, next);
    expect(await columns(handle.db as Kysely<unknown>, 'users')).toContain('nickname');

    expect(await migrateDownTo(handle, newestCurrent, next)).toEqual(['9001-expand']);
    expect(await columns(handle.db as Kysely<unknown>, 'users')).not.toContain('nickname');
    const status = await schemaStatus(handle.db, current);
    expect(status).toMatchObject({ pending: [], ahead: [], refusal: null });
    const rules = await sql<{ name: string }>`select name from ${sql.table(
      COMPATIBILITY_TABLE,
    )}`.execute(handle.db);
    expect(rules.rows.map((r) => r.name)).not.toContain('9001-expand');
    // And forward again, as a redeploy of the newer release would.
    expect((await migrate(handle, next)).applied).toEqual(['9001-expand']);
  });

  it('refuses a rollback past a migration without a down, changing nothing', async () => {
    database = await emptyDatabase();
    const { after } = releases(database.engine);
    const handle = database.open();
    await migrate(handle, after);
    await expect(migrateDownTo(handle, '9001-expand', after)).rejects.toThrow(
      /Cannot roll back past 9002-contract: no down migration/,
    );
    expect((await schemaStatus(handle.db, after)).executed).toContain('9002-contract');
  });

  it('refuses a rollback by a release that does not know every migration applied', async () => {
    database = await emptyDatabase();
    const { current, next, newestCurrent } = releases(database.engine);
    const handle = database.open();
    await migrate(handle, next);
    await expect(migrateDownTo(handle, newestCurrent, current)).rejects.toThrow(
      /does not know \(9001-expand\)/,
    );
  });

  // Several instances share PostgreSQL; SQLite is one process's embedded store.
  it('runs each migration once when several instances of two releases start together (PostgreSQL)', async () => {
    database = await emptyDatabase('postgres');
    const { current, next } = releases(database.engine);
    const handles = Array.from({ length: 5 }, () => database.open());
    const results = await Promise.all(
      handles.map((handle, i) => migrate(handle, i % 2 === 0 ? next : current)),
    );
    const applied = results.flatMap((result) => result.applied);
    expect(applied.filter((name) => name === '9001-expand')).toHaveLength(1);
    expect(new Set(applied).size).toBe(applied.length);
    // Whoever ran first, the newer release's step is applied once its instances are up.
    expect((await schemaStatus(handles[0]!.db, next)).pending).toEqual([]);
  });

  it('gives every migration from 0020 on a down, so a release can be rolled back', () => {
    for (const engine of ['sqlite', 'postgres'] as const) {
      const set = migrations({ engine });
      for (const [name, migration] of Object.entries(set)) {
        if (name >= '0020') expect([name, typeof migration.down]).toEqual([name, 'function']);
      }
    }
  });
});

describe('0036: receipt links on our own pages become paths', () => {
  it('rewrites our own absolute receipt links and leaves another site’s alone', async () => {
    database = await emptyDatabase();
    const handle = database.open();
    const db = handle.db as Kysely<unknown>;
    await db.schema
      .createTable('purchases')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('receipt_url', 'varchar(2048)', (col) => col.notNull())
      .execute();
    const before = [
      'http://127.0.0.1:41234/sandbox-receipts/txn_01abc',
      'https://store.example/receipts/txn_01def',
      'https://gumroad.com/purchases/xyz/receipt',
      'https://evil.example/receipts/txn_1?next=//x',
      '/sandbox-receipts/txn_already',
    ];
    await sql`insert into purchases (id, receipt_url) values ${sql.join(
      before.map((url, index) => sql`(${index + 1}, ${url})`),
    )}`.execute(db);
    await migrations({ engine: database.engine })['0036-relative-receipt-links']!.up(db);
    const after = await sql<{ receipt_url: string }>`select receipt_url from purchases order by id`
      .execute(db)
      .then((result) => result.rows.map((row) => row.receipt_url));
    expect(after).toEqual([
      '/sandbox-receipts/txn_01abc',
      '/receipts/txn_01def',
      'https://gumroad.com/purchases/xyz/receipt',
      'https://evil.example/receipts/txn_1?next=//x',
      '/sandbox-receipts/txn_already',
    ]);
  });
});
