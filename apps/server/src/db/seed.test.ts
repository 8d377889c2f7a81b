import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers.ts';
import { testServicesEnv } from '../../test/services.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrator.ts';
import { TEAM_SEATS } from '@tessera/pages/constants';
import { isLicenseKeyShape } from '../modules/shared/index.ts';
import { DEMO_KEYS, DEMO_TEAMS, DEMO_USERS, seedDemo, seedRefusal } from './seed.ts';

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

    // A licence in every state the licence page has, each with a real key's shape.
    const licenses = await database.db
      .selectFrom('licenses')
      .leftJoin('teams', 'teams.id', 'licenses.team_id')
      .select([
        'licenses.key',
        'licenses.kind',
        'licenses.is_active',
        'licenses.deactivation_reason',
        'licenses.user_id',
        'teams.name as team',
      ])
      .where('licenses.key', 'in', Object.values(DEMO_KEYS))
      .execute();
    const byKey = new Map(licenses.map((row) => [row.key, row]));
    expect(byKey.size).toBe(Object.keys(DEMO_KEYS).length);
    for (const key of Object.values(DEMO_KEYS)) expect(isLicenseKeyShape(key), key).toBe(true);
    expect(byKey.get(DEMO_KEYS.refunded)).toMatchObject({
      is_active: 0,
      deactivation_reason: 'refund',
    });
    expect(byKey.get(DEMO_KEYS.upgraded)).toMatchObject({
      is_active: 0,
      deactivation_reason: 'upgrade',
    });
    expect(byKey.get(DEMO_KEYS.deactivated)).toMatchObject({
      is_active: 0,
      deactivation_reason: 'other',
    });
    for (const key of [
      DEMO_KEYS.unredeemedPersonal,
      DEMO_KEYS.unredeemedTeam,
      DEMO_KEYS.unredeemedClassroom,
    ])
      expect(byKey.get(key)).toMatchObject({ is_active: 1, user_id: null, team: null });
    expect(byKey.get(DEMO_KEYS.demoTeam)).toMatchObject({ user_id: null, team: DEMO_TEAMS.demo });

    // The demo team: its owner and member; the other team: full, seats counted right.
    const teams = await database.db
      .selectFrom('teams')
      .select(['id', 'name', 'seats', 'member_count'])
      .where('name', 'in', Object.values(DEMO_TEAMS))
      .orderBy('name')
      .execute();
    expect(teams.map((t) => [t.name, t.seats, t.member_count])).toEqual([
      [DEMO_TEAMS.demo, TEAM_SEATS, 2],
      [DEMO_TEAMS.other, TEAM_SEATS, TEAM_SEATS],
    ]);
    for (const team of teams) {
      const members = await database.db
        .selectFrom('team_members')
        .innerJoin('users', 'users.id', 'team_members.user_id')
        .select(['users.email', 'team_members.role'])
        .where('team_id', '=', team.id)
        .execute();
      expect(members).toHaveLength(team.member_count);
      expect(members.filter((m) => m.role === 'owner').map((m) => m.email)).toEqual([
        team.name === DEMO_TEAMS.demo ? DEMO_USERS.teamOwner : DEMO_USERS.otherOwner,
      ]);
    }

    // Every demo purchase's receipt link opens a receipt: a completed sandbox transaction, by a
    // path on the store's own origin (the seeding run's address is not the store's for good).
    const purchases = await database.db.selectFrom('purchases').select('receipt_url').execute();
    expect(purchases.length).toBeGreaterThan(0);
    const prefix = '/sandbox-receipts/';
    for (const { receipt_url: url } of purchases) {
      expect(url.startsWith(prefix), url).toBe(true);
      const transaction = await database.db
        .selectFrom('sandbox_transactions')
        .select('status')
        .where('id', '=', url.slice(prefix.length))
        .executeTakeFirst();
      expect(transaction?.status, url).toBe('completed');
    }
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
