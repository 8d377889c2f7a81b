// `pnpm seed`: the demo world (customer, team owner and member, admin) on the local database.
import { ConfigError, loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo, seedRefusal } from './db/seed.ts';

try {
  const config = loadConfig();
  const refusal = seedRefusal(config);
  if (refusal) {
    console.error(`Not seeding: ${refusal}`);
    process.exit(1);
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  await migrateToLatest(database);
  const created = await seedDemo(database, config);
  await database.close();
  console.log(
    created.length ? `Created:\n  ${created.join('\n  ')}` : 'The demo world is already there.',
  );
  console.log(
    `Demo accounts (password "${DEMO_PASSWORD}"): ${Object.values(DEMO_USERS).join(', ')}`,
  );
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
