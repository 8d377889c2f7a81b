// The store as a launch day runs it: N app processes behind haproxy (round-robin, no sticky
// sessions, an HTTP check on /healthz), on one PostgreSQL database and one Redis, all of them the
// drill's own. Used by the drill (tests/ops/drill.ts) and `pnpm bench ops`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

export const root = resolve(import.meta.dirname, '../..');
const POSTGRES_ADMIN_URL =
  process.env.OPS_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** A Redis of the drill's own, so it may be stopped and never mixes with anyone's keys. */
const REDIS_PORT = Number(process.env.OPS_REDIS_PORT ?? 6389);
const SERVER_FLAGS = ['--max-semi-space-size=4'];
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** One release: the server's code and the storefront build it serves. */
export interface Release {
  name: string;
  /** apps/server/src/main.ts of this release. */
  main: string;
  /** apps/server/src/ops/cli.ts of this release. */
  cli: string;
  storefrontDist: string;
  /** The newest migration this release knows. */
  newestMigration: string;
}

function newestMigration(serverSrc: string): string {
  const index = readFileSync(join(serverSrc, 'db/migrations/index.ts'), 'utf8');
  const names = [...index.matchAll(/'(\d{4}-[\w-]+)':/g)].map((m) => m[1]!).sort();
  return names.at(-1)!;
}

/** The release in this checkout, as built by `pnpm build`. */
export function currentRelease(): Release {
  const src = join(root, 'apps/server/src');
  return {
    name: 'current',
    main: join(src, 'main.ts'),
    cli: join(src, 'ops/cli.ts'),
    storefrontDist: join(root, 'apps/storefront/dist'),
    newestMigration: newestMigration(src),
  };
}

/**
 * The next release, made from this checkout: the server's code with one more migration (an
 * expand step: a nullable column on a busy table and a new table, with its down), and the
 * storefront's client built again with a new entry, so every hashed asset name it links is new.
 */
export function buildNextRelease(dir: string, log: (line: string) => void): Release {
  const server = join(dir, 'apps/server');
  cpSync(join(root, 'apps/server/src'), join(server, 'src'), { recursive: true });
  cpSync(join(root, 'apps/server/package.json'), join(server, 'package.json'));
  // The labelled sample of the bundle's files: a store selling the bundle without them stops.
  cpSync(join(root, 'apps/server/digital-goods-sample'), join(server, 'digital-goods-sample'), {
    recursive: true,
  });
  // Dependencies resolve from the real folders (symlinks), as a release's install would give.
  symlinkSync(join(root, 'apps/server/node_modules'), join(server, 'node_modules'));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  writeFileSync(join(dir, 'package.json'), readFileSync(join(root, 'package.json')));
  const migrations = join(server, 'src/db/migrations');
  writeFileSync(
    join(migrations, '9000-ops-drill.ts'),
    `import type { Kysely } from 'kysely';
import type { MigrationContext, StoreMigration } from './context.ts';

/** The ops drill's next release: an expand step the release before it runs beside. */
export function opsDrill(_context: MigrationContext): StoreMigration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('purchases').addColumn('gift_note', 'varchar(200)').execute();
      await db.schema
        .createTable('gift_cards')
        .addColumn('code', 'varchar(32)', (col) => col.primaryKey())
        .addColumn('amount', 'integer', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('gift_cards').execute();
      await db.schema.alterTable('purchases').dropColumn('gift_note').execute();
    },
  };
}
`,
  );
  const index = join(migrations, 'index.ts');
  let text = readFileSync(index, 'utf8');
  text = text.replace(/\n {2}};\n}\s*$/, `\n    '9000-ops-drill': opsDrill(context),\n  };\n}\n`);
  text = `import { opsDrill } from './9000-ops-drill.ts';\n${text}`;
  if (!text.includes("'9000-ops-drill': opsDrill(context)")) {
    throw new Error('Could not add the drill migration to the next release');
  }
  writeFileSync(index, text);

  const storefrontDist = join(dir, 'apps/storefront/dist');
  log('building the next release: the storefront client with a new entry');
  const built = spawnSync(
    'pnpm',
    [
      'exec',
      'vite',
      'build',
      '--config',
      join(root, 'tests/ops/next-release.vite.config.ts'),
      '--outDir',
      join(storefrontDist, 'client'),
      '--manifest',
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    {
      cwd: join(root, 'apps/storefront'),
      stdio: 'inherit',
      env: { ...process.env, DRILL_RELEASE: 'next' },
    },
  );
  if (built.status !== 0) throw new Error('the next release did not build');
  // Its SSR renders the same markup: the current release's SSR bundle serves.
  cpSync(join(root, 'apps/storefront/dist/ssr'), join(storefrontDist, 'ssr'), { recursive: true });
  cpSync(join(root, 'apps/storefront/package.json'), join(dir, 'apps/storefront/package.json'));
  symlinkSync(
    join(root, 'apps/storefront/node_modules'),
    join(dir, 'apps/storefront/node_modules'),
  );
  const precompress = spawnSync(
    process.execPath,
    [join(root, 'scripts/precompress.mjs'), join(storefrontDist, 'client/assets')],
    { stdio: 'ignore' },
  );
  if (precompress.status !== 0) throw new Error('could not precompress the next release');
  return {
    name: 'next',
    main: join(server, 'src/main.ts'),
    cli: join(server, 'src/ops/cli.ts'),
    storefrontDist,
    newestMigration: '9000-ops-drill',
  };
}

export interface Instance {
  name: string;
  port: number;
  release: Release;
  child: ChildProcess | null;
  output: string;
}

export interface ClusterOptions {
  instances: number;
  /** Extra environment for every instance. */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

/**
 * haproxy's configuration: round-robin, no stickiness, /healthz checked every 500 ms. A GET or
 * HEAD whose instance died before answering (the connection refused or reset, no response or an
 * unreadable one) is sent again to another instance; any other method is not, since it may have
 * done its work before the instance died.
 */
function haproxyConfig(port: number, statsPort: number, instances: Instance[]): string {
  return `global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout check 2500ms
  retries 3
  option redispatch 1
  option http-server-close
  option forwardfor
frontend store
  bind 127.0.0.1:${port}
  default_backend instances
backend instances
  balance roundrobin
  option httpchk GET /healthz
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
  retry-on conn-failure empty-response junk-response
  http-request disable-l7-retry unless METH_GET
${instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`).join('\n')}
frontend stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`;
}

export class Cluster {
  readonly url: string;
  readonly dataDir: string;
  readonly assetsDir: string;
  readonly databaseUrl: string;
  readonly instances: Instance[] = [];
  #dir: string;
  #databaseName: string;
  #haproxy: ChildProcess | null = null;
  #redis: ChildProcess | null = null;
  #port: number;
  #statsPort = 0;
  #env: Record<string, string>;
  #log: (line: string) => void;

  private constructor(dir: string, port: number, databaseName: string, options: ClusterOptions) {
    this.#dir = dir;
    this.#port = port;
    this.url = `http://127.0.0.1:${port}`;
    this.dataDir = join(dir, 'data');
    this.assetsDir = join(dir, 'assets');
    this.#databaseName = databaseName;
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${databaseName}`;
    this.databaseUrl = url.toString();
    this.#env = options.env ?? {};
    this.#log = options.log ?? (() => undefined);
  }

  static async start(release: Release, options: ClusterOptions): Promise<Cluster> {
    if (!existsSync(HAPROXY)) throw new Error(`haproxy is not installed (${HAPROXY})`);
    const dir = mkdtempSync(join(tmpdir(), 'tessera-ops-'));
    const name = `tessera_ops_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const cluster = new Cluster(dir, await freePort(), name, options);
    try {
      mkdirSync(cluster.dataDir, { recursive: true });
      await cluster.#startRedis();
      for (let i = 1; i <= options.instances; i += 1) {
        cluster.instances.push({
          name: `app${i}`,
          port: await freePort(),
          release,
          child: null,
          output: '',
        });
      }
      // All at once, as a deploy of several instances does: the migrations run once.
      await Promise.all(
        cluster.instances.map((instance) => cluster.startInstance(instance, release)),
      );
      await cluster.#startHaproxy();
      await waitFor('the balancer', async () => (await fetch(`${cluster.url}/healthz`)).ok);
      return cluster;
    } catch (error) {
      await cluster.close();
      throw error;
    }
  }

  async #startRedis() {
    const child = spawn(
      'redis-server',
      ['--port', String(REDIS_PORT), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    this.#redis = child;
    await waitFor(
      'redis',
      () => output.includes('Ready to accept connections') || child.exitCode !== null,
      10_000,
    );
    if (child.exitCode !== null) throw new Error(`redis-server did not start:\n${output}`);
  }

  async #startHaproxy() {
    this.#statsPort = await freePort();
    const config = join(this.#dir, 'haproxy.cfg');
    writeFileSync(config, haproxyConfig(this.#port, this.#statsPort, this.instances));
    const check = spawnSync(HAPROXY, ['-c', '-q', '-f', config], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`haproxy refused its configuration:\n${check.stderr}`);
    this.#haproxy = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  }

  /** Instances haproxy currently sends traffic to. */
  async upInBalancer(): Promise<string[]> {
    const csv = await (await fetch(`http://127.0.0.1:${this.#statsPort}/stats;csv`)).text();
    return csv
      .split('\n')
      .map((line) => line.split(','))
      .filter(
        (cells) => cells[0] === 'instances' && cells[1]?.startsWith('app') && cells[17] === 'UP',
      )
      .map((cells) => cells[1]!);
  }

  env(instance: Instance, release: Release): Record<string, string> {
    return {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      // The sandbox takes the payments: a test store, opted in as `npm start` does.
      PAYMENTS_TEST_MODE: 'true',
      HOST: '127.0.0.1',
      PORT: String(instance.port),
      APP_URL: this.url,
      SESSION_SECRET: 'ops-drill-session-secret-that-is-long-enough-0123',
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
      // Every instance shares one data folder: the mail outbox is one folder, as the drill counts
      // e-mails there (until mail lives in the database).
      DATA_DIR: this.dataDir,
      ASSETS_DIR: this.assetsDir,
      STOREFRONT_DIST: release.storefrontDist,
      CATALOG_DIST: join(root, 'packages/catalog/dist'),
      // The sandbox delivers its webhooks through the balancer, as Paddle would.
      SANDBOX_WEBHOOK_URL: `${this.url}/webhooks/paddle`,
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      // Long enough for haproxy to see readiness turn (2 checks 500 ms apart).
      DRAIN_MS: '1500',
      ...this.#env,
    };
  }

  async startInstance(instance: Instance, release: Release): Promise<void> {
    instance.release = release;
    instance.output = '';
    const child = spawn(process.execPath, [...SERVER_FLAGS, release.main], {
      cwd: root,
      env: this.env(instance, release),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => (instance.output += chunk));
    child.stderr?.on('data', (chunk) => (instance.output += chunk));
    instance.child = child;
    await waitFor(
      `${instance.name} (${release.name})`,
      async () => {
        if (child.exitCode !== null)
          throw new Error(`${instance.name} exited:\n${instance.output}`);
        return (await fetch(`http://127.0.0.1:${instance.port}/healthz`)).ok;
      },
      // Production loads the whole catalogue before it listens: slow on a busy machine.
      180_000,
    ).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}\n${instance.output}`);
    });
  }

  /** Back in rotation: haproxy's checks have seen it healthy. */
  async inRotation(instance: Instance) {
    await waitFor(`${instance.name} in rotation`, async () =>
      (await this.upInBalancer()).includes(instance.name),
    );
  }

  /** SIGKILL: no drain, in-flight requests lost; returns the moment it died. */
  kill(instance: Instance): number {
    instance.child?.kill('SIGKILL');
    return Date.now();
  }

  /** SIGTERM, as a deploy stops an instance: drain, close, exit. */
  async stop(instance: Instance): Promise<number | null> {
    const child = instance.child;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    return code as number | null;
  }

  /** Rolls every instance, one at a time, to `release`: stop, start, back in rotation. */
  async roll(release: Release, onStep?: (instance: Instance) => void) {
    for (const instance of this.instances) {
      this.#log(`stopping ${instance.name} (${instance.release.name})`);
      const code = await this.stop(instance);
      if (code !== 0) throw new Error(`${instance.name} stopped with ${code}:\n${instance.output}`);
      await this.startInstance(instance, release);
      await this.inRotation(instance);
      onStep?.(instance);
    }
  }

  /** An operator command of `release` (pnpm ops …) on this store. */
  ops(release: Release, args: string[]): string {
    const result = spawnSync(process.execPath, [release.cli, ...args], {
      cwd: root,
      env: this.env(this.instances[0]!, release),
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`ops ${args.join(' ')} failed:\n${result.stderr}`);
    return result.stdout;
  }

  async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** Resident memory of each instance now (kB, from /proc). */
  memory(): Record<string, number> {
    const result: Record<string, number> = {};
    for (const instance of this.instances) {
      const pid = instance.child?.pid;
      if (!pid || instance.child?.exitCode !== null) continue;
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        result[instance.name] = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      } catch {
        // gone
      }
    }
    return result;
  }

  async close() {
    await Promise.all(
      this.instances.map(async (instance) => {
        const child = instance.child;
        if (child && child.exitCode === null && child.signalCode === null) {
          child.kill('SIGKILL');
          await once(child, 'exit');
        }
      }),
    );
    for (const child of [this.#haproxy, this.#redis]) {
      if (child && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
    }
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${this.#databaseName} WITH (FORCE)`);
    await admin.end();
    rmSync(this.#dir, { recursive: true, force: true });
  }
}
