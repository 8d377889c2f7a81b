// The operator's commands (`pnpm ops …`, README "Operating the store"). Each reads the same
// environment as the server (DATABASE_URL or DATA_DIR, …) and works on that store.
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';
import { migrate, migrateDownTo, schemaStatus } from '../db/migrator.ts';
import { clientDir, loadClientAssets } from '../http/ssr/assets.ts';
import { publishAssets } from '../http/ssr/shared-assets.ts';
import { createAdmin, setAdmin } from './admins.ts';
import { backup, restore, summarize, type StoreSummary } from './backup.ts';

const USAGE = `Usage: pnpm ops <command>

  admin create <email>        a new operator; the password is read from standard input
  admin promote <email>       make an existing account an operator
  admin demote <email>        take that away again
  backup <file>               a consistent copy of the live store (SQLite online backup, pg_dump)
  restore <file> [--replace]  restore a backup into the store (stopped); then check it
  check                       what the store holds: migrations, accounts, licences, purchases
  migrate status              migrations applied, pending, and applied by a newer release
  migrate up                  apply pending migrations (the server also does this at start)
  migrate down --to <name>    undo every migration after <name> (run it with the release that added them)
  assets publish              add this build's hashed assets to ASSETS_DIR
`;

class UsageError extends Error {}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) {
    throw new UsageError(
      'Pipe the password in, e.g. `printf %s "$PASSWORD" | pnpm ops admin create …`',
    );
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function describe(summary: StoreSummary): string {
  return [
    `engine: ${summary.engine}`,
    `migrations: ${summary.migrations} (newest ${summary.newestMigration ?? 'none'})`,
    `accounts: ${summary.users}`,
    `licences: ${summary.licenses}`,
    `purchases: ${summary.purchases}`,
  ].join('\n');
}

function target(config: Config) {
  return { databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile };
}

async function withDatabase<T>(
  config: Config,
  work: (db: ReturnType<typeof openDatabase>) => Promise<T>,
) {
  const database = openDatabase({ ...target(config), timeouts: config.database });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

export async function runCommand(args: string[], config: Config): Promise<string> {
  const [command, sub, ...rest] = args;
  const flag = (name: string) => args.includes(name);
  const option = (name: string) => {
    const index = args.indexOf(name);
    return index >= 0 ? args[index + 1] : undefined;
  };
  switch (command) {
    case 'admin': {
      const email = rest[0];
      if (!email) throw new UsageError(`admin ${sub ?? '?'} needs an e-mail address`);
      if (sub === 'create') {
        const password = await readStdin();
        const { id } = await withDatabase(config, async (database) => {
          await migrate(database);
          return createAdmin(database, { email, password, hashCost: config.passwordHashCost });
        });
        return `Created operator ${email} (account ${id}). They sign in at ${config.appUrl}/login; the back office is ${config.appUrl}/admin.`;
      }
      if (sub === 'promote' || sub === 'demote') {
        const { id, changed } = await withDatabase(config, (database) =>
          setAdmin(database, email, sub === 'promote'),
        );
        const now = sub === 'promote' ? 'an operator' : 'not an operator';
        return changed ? `${email} (account ${id}) is now ${now}.` : `${email} was ${now} already.`;
      }
      throw new UsageError(`Unknown admin command: ${sub ?? ''}`);
    }
    case 'backup': {
      if (!sub) throw new UsageError('backup needs a file name');
      const { bytes } = await backup(target(config), sub);
      return `Backed up to ${path.resolve(sub)} (${bytes} bytes). Check it with: pnpm ops restore into an empty database, then pnpm ops check.`;
    }
    case 'restore': {
      if (!sub) throw new UsageError('restore needs a backup file');
      const summary = await restore(target(config), sub, { replace: flag('--replace') });
      return `Restored ${path.resolve(sub)}:\n${describe(summary)}`;
    }
    case 'check':
      return describe(await summarize(target(config)));
    case 'migrate': {
      if (sub === 'status') {
        const status = await withDatabase(config, (database) =>
          schemaStatus(database.db, migrations({ engine: database.engine })),
        );
        return [
          `applied: ${status.executed.length} (newest ${status.executed.at(-1) ?? 'none'})`,
          `pending: ${status.pending.join(', ') || 'none'}`,
          `applied by a newer release: ${
            status.ahead
              .map((m) => `${m.name}${m.oldestCompatible ? ` (needs ${m.oldestCompatible})` : ''}`)
              .join(', ') || 'none'
          }`,
          status.refusal ? `this release cannot run: ${status.refusal}` : 'this release can run',
        ].join('\n');
      }
      if (sub === 'up') {
        const { applied, ahead } = await withDatabase(config, (database) => migrate(database));
        return `Applied: ${applied.join(', ') || 'nothing'}${ahead.length ? `; beside a newer release's ${ahead.join(', ')}` : ''}`;
      }
      if (sub === 'down') {
        const to = option('--to');
        if (!to) throw new UsageError('migrate down needs --to <migration name>');
        const undone = await withDatabase(config, (database) => migrateDownTo(database, to));
        return `Undone: ${undone.join(', ') || 'nothing'} (the newest migration is now ${to})`;
      }
      throw new UsageError(`Unknown migrate command: ${sub ?? ''}`);
    }
    case 'assets': {
      if (sub !== 'publish') throw new UsageError(`Unknown assets command: ${sub ?? ''}`);
      if (!config.assets.dir) throw new UsageError('Set ASSETS_DIR to the shared assets folder');
      const assets = await loadClientAssets(config.storefrontDist);
      if (!assets) throw new Error(`No storefront build in ${config.storefrontDist}`);
      const result = await publishAssets({
        clientAssetsDir: path.join(clientDir(config.storefrontDist), 'assets'),
        assetsDir: config.assets.dir,
        version: assets.version,
        keep: config.assets.releasesKept,
      });
      return `Published ${assets.version}: ${result.added} new file(s); kept ${result.kept.join(', ')}; pruned ${result.pruned.join(', ') || 'none'}`;
    }
    default:
      throw new UsageError(command ? `Unknown command: ${command}` : 'No command given');
  }
}

if (import.meta.main) {
  try {
    const config = loadConfig();
    console.log(await runCommand(process.argv.slice(2), config));
  } catch (error) {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof ConfigError) console.error(error.message);
    else console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
