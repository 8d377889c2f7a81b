// `pnpm seed`: the demo world (customer, two teams, licences in every state, admin) locally.
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import {
  DEMO_ADMIN_TOTP_SECRET,
  DEMO_KEYS,
  DEMO_PASSWORD,
  DEMO_USERS,
  demoInviteLinks,
  seedDemo,
  seedRefusal,
} from './db/seed.ts';

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
  const invites = await demoInviteLinks(database, config.appUrl);
  await database.close();
  console.log(
    created.length ? `Created:\n  ${created.join('\n  ')}` : 'The demo world is already there.',
  );
  console.log(
    `Demo accounts (password "${DEMO_PASSWORD}"): ${Object.values(DEMO_USERS).join(', ')}`,
  );
  console.log(
    `${DEMO_USERS.admin} signs in with a second factor: TOTP secret ${DEMO_ADMIN_TOTP_SECRET} (add it to an authenticator app; development only).`,
  );
  console.log(
    `Licence pages:\n${Object.entries(DEMO_KEYS)
      .map(([name, key]) => `  ${name}: ${config.appUrl}/licenses/${key}`)
      .join('\n')}`,
  );
  console.log(`Invite links:\n  ${invites.join('\n  ')}`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
