import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createPurchase } from '../../test/back-office.ts';
import { signIn } from '../../test/sign-in.ts';
import { emptyDatabase, type EmptyDatabase } from '../../test/databases.ts';
import { testApp } from '../../test/helpers.ts';
import { createUser, uniqueEmail } from '../../test/users.ts';
import { TEST_DATABASE, TEST_REDIS_URL, TEST_SESSION_STORE } from '../../test/services.ts';

const CLI = path.join(import.meta.dirname, 'cli.ts');
const databases: EmptyDatabase[] = [];
afterEach(async () => {
  for (const database of databases.splice(0)) await database.drop();
});

async function store(): Promise<EmptyDatabase> {
  const database = await emptyDatabase();
  databases.push(database);
  return database;
}

function envFor(database: EmptyDatabase): Record<string, string> {
  return { DATABASE_URL: database.url, DATA_DIR: database.dir, PASSWORD_HASH_COST: '10' };
}

/** `pnpm ops …`, as an operator runs it: a process of its own, on the store's environment. */
function ops(
  args: string[],
  env: Record<string, string>,
  input?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      // NODE_ENV=test only for the cheap password hashes a test needs (production wants 17).
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        SESSION_SECRET: 'x'.repeat(40),
        ...env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

/** The real app on `database`, with this run's session store. */
function appOn(database: EmptyDatabase) {
  return testApp({
    env: {
      ...envFor(database),
      ...(TEST_SESSION_STORE === 'redis' ? { REDIS_URL: TEST_REDIS_URL } : {}),
    },
  });
}

// Each test runs the command as processes of their own (and pg_dump): slow on a busy machine.
describe(`pnpm ops (${TEST_DATABASE})`, { timeout: 120_000 }, () => {
  it('makes the first operator without SQL, and promotes and demotes others', async () => {
    const database = await store();
    const env = envFor(database);
    const email = uniqueEmail('first-admin');
    const created = await ops(['admin', 'create', email], env, 'a long operator passphrase\n');
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain(`Created operator ${email}`);

    const { app, services } = await appOn(database);
    const admin = await signIn(app, email, 'a long operator passphrase', { confirm: true });
    // An operator, who has no second factor yet: the back office sends it to enrol (decision 045).
    const enrol = await admin.visit('/admin');
    expect([enrol.status, enrol.headers.location]).toEqual([302, '/account-settings']);

    const customer = uniqueEmail('customer');
    await createUser(services, customer, 'customer passphrase 1');
    const browser = await signIn(app, customer, 'customer passphrase 1', { confirm: true });
    expect((await browser.visit('/admin')).status).toBe(404);
    expect((await ops(['admin', 'promote', customer], env)).stdout).toContain('is now an operator');
    const promoted = await browser.visit('/admin');
    expect([promoted.status, promoted.headers.location]).toEqual([302, '/account-settings']);
    expect((await ops(['admin', 'demote', customer], env)).stdout).toContain('not an operator');
    expect((await browser.visit('/admin')).status).toBe(404);

    // A weak password, a taken address, an unknown one: refused, nothing changed.
    const weak = await ops(['admin', 'create', uniqueEmail('weak')], env, 'short');
    expect([weak.code, weak.stderr]).toEqual([1, expect.stringContaining('at least 8')]);
    const taken = await ops(['admin', 'create', customer], env, 'another long passphrase');
    expect(taken.stderr).toContain('has an account already');
    expect((await ops(['admin', 'promote', 'nobody@example.com'], env)).stderr).toContain(
      'No account for nobody@example.com',
    );
  });

  it('backs up while the store writes, and the restored store signs in an old account and serves its licences', async () => {
    const source = await store();
    const { services } = await appOn(source);
    const email = uniqueEmail('buyer');
    const userId = await createUser(services, email, 'buyer passphrase 12');
    const { key } = await createPurchase(services.database.db, { userId, createdAt: Date.now() });

    // Writes keep coming while the backup runs, as they would on a live store.
    let writing = true;
    const writes = (async () => {
      let n = 0;
      while (writing)
        await createUser(services, uniqueEmail(`busy-${n++}`), 'busy passphrase 123', 4);
    })();
    const file = path.join(
      source.dir,
      TEST_DATABASE === 'postgres' ? 'store.dump' : 'store.sqlite',
    );
    const backedUp = await ops(['backup', file], envFor(source));
    writing = false;
    await writes;
    expect(backedUp.stderr).toBe('');
    expect(backedUp.stdout).toContain('Backed up to');

    const target = await store();
    const restored = await ops(['restore', file], envFor(target));
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toMatch(/licences: 1\n/);
    expect(restored.stdout).toMatch(/migrations: \d+ \(newest 00\d\d-/);

    const copy = await appOn(target);
    const browser = await signIn(copy.app, email, 'buyer passphrase 12', { confirm: true });
    const license = await browser.visit('/license');
    const keys = (license.body as { props: { licenses: { key: string }[] } }).props.licenses.map(
      (l) => l.key,
    );
    expect(keys).toEqual([key]);
    expect((await request(copy.app).get('/healthz')).status).toBe(200);

    // A second restore on top is refused unless asked to replace.
    const again = await ops(['restore', file], envFor(target));
    expect([again.code, again.stderr]).toEqual([1, expect.stringContaining('not empty')]);
    expect((await ops(['restore', file, '--replace'], envFor(target))).code).toBe(0);
  });

  it('refuses to back up over an existing file, and to restore what is not a backup', async () => {
    const source = await store();
    await appOn(source);
    const file = path.join(source.dir, 'taken.bak');
    writeFileSync(file, 'not a backup');
    expect((await ops(['backup', file], envFor(source))).stderr).toContain('exists already');
    const target = await store();
    const bad = await ops(['restore', file], envFor(target));
    expect(bad.code).toBe(1);
    expect(existsSync(file)).toBe(true);
  });

  it('reports migrations and rolls back to a named one', async () => {
    const database = await store();
    await appOn(database);
    const status = await ops(['migrate', 'status'], envFor(database));
    expect(status.stdout).toContain('pending: none');
    expect(status.stdout).toContain('this release can run');
    const down = await ops(
      ['migrate', 'down', '--to', '0011-checkout-license-product'],
      envFor(database),
    );
    // The store's migrations before 0020 have no down: a rollback past them is a restore.
    expect(down.stderr).toContain('Cannot roll back past 0012-access-tokens: no down migration');
    // 0045 has its down: rolling back to the release before it drops its table, and the
    // store starts again (migrating forward once more).
    const back = await ops(['migrate', 'down', '--to', '0012-access-tokens'], envFor(database));
    expect(back.code).toBe(0);
    const after = await ops(['migrate', 'status'], envFor(database));
    expect(after.stdout).toContain('0045-periodic-jobs');
    expect(after.stdout).not.toContain('pending: none');
    await appOn(database);
    expect((await ops(['migrate', 'status'], envFor(database))).stdout).toContain('pending: none');
  });
});
