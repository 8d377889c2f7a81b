import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers.ts';
import { testServicesEnv } from '../../test/services.ts';
import { migrateToLatest, openDatabase } from './database.ts';
import { DEMO_USERS, seedDemo, seedRefusal } from './seed.ts';

describe('demo seed', () => {
  it('creates the demo world once; a second run changes nothing', async () => {
    const config = testConfig(await testServicesEnv());
    const database = openDatabase({
      databaseUrl: config.databaseUrl,
      sqliteFile: config.sqliteFile,
    });
    await migrateToLatest(database);
    const first = await seedDemo(database, config);
    expect(first).toEqual(
      expect.arrayContaining([`user ${DEMO_USERS.customer}`, `user ${DEMO_USERS.admin}`]),
    );
    const counts = async () =>
      Promise.all(
        (['users', 'products', 'purchases', 'licenses'] as const).map(async (table) =>
          Number(
            (
              await database.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
    const before = await counts();
    expect(await seedDemo(database, config)).toEqual([]);
    expect(await counts()).toEqual(before);
    const admin = await database.db
      .selectFrom('users')
      .select('is_admin')
      .where('email', '=', DEMO_USERS.admin)
      .executeTakeFirstOrThrow();
    expect(admin.is_admin).toBe(1);
    await database.close();
  });

  it('refuses production and remote databases', () => {
    expect(seedRefusal(testConfig({ NODE_ENV: 'production' }))).toMatch(/production/);
    expect(
      seedRefusal(testConfig({ DATABASE_URL: 'postgres://app@db.example.com/store' })),
    ).toMatch(/db\.example\.com/);
    expect(
      seedRefusal(testConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/dev' })),
    ).toBeNull();
  });
});
