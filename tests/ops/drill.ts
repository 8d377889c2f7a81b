// The launch-day drill (`npm test` runs it; `node tests/ops/drill.ts` alone, after a build):
// 3 instances behind haproxy on PostgreSQL + Redis, buyers' journeys (buy in the sandbox →
// redeem as a team → a member joins) running all along while
//   1. an instance is killed (SIGKILL) mid-traffic and started again,
//   2. the instances roll, one by one, to a next release with a new migration and new assets,
//   3. they roll back to the current release, and the next release's migration is undone.
// It fails on a lost or doubled purchase, licence or e-mail, on any navigation that ends
// without its scripts, and on any 5xx but the killed instance's in-flight requests; it prints
// its figures either way.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildNextRelease, Cluster, currentRelease, sleep, type Release } from './cluster.ts';
import { Clients, newFigures, runJourneys, type Figures, type RequestRecord } from './journeys.ts';

const CONCURRENCY = Number(process.env.OPS_DRILL_CONCURRENCY ?? 3);
const log = (line: string) => process.stderr.write(`\x1b[36m›\x1b[0m drill: ${line}\n`);

interface Phase {
  name: string;
  figures: Figures;
  seconds: number;
  /** When an instance was killed: its in-flight requests may fail. */
  killedAt: number[];
}

/** Journeys run while `action` does its thing, and until it is over. */
async function phase(
  name: string,
  cluster: Cluster,
  clients: Clients,
  start: number,
  action: (phase: Phase) => Promise<void>,
): Promise<Phase> {
  const current: Phase = { name, figures: newFigures(), seconds: 0, killedAt: [] };
  const started = Date.now();
  let done = false;
  const traffic = runJourneys(cluster.url, current.figures, clients, {
    concurrency: CONCURRENCY,
    until: () => done,
    start,
  });
  try {
    // Some traffic first, so the action lands among requests.
    await sleep(3000);
    await action(current);
    await sleep(2000);
  } finally {
    done = true;
    await traffic;
  }
  current.seconds = (Date.now() - started) / 1000;
  log(`${name}: ${current.figures.journeys} journeys in ${current.seconds.toFixed(0)} s`);
  return current;
}

/**
 * Whether a failed request was in flight when an instance was killed: the one loss allowed, and
 * only for a request the balancer must not send twice. A GET or HEAD cut by the kill is sent to
 * another instance (haproxy's `retry-on`), so its failure is never explained by the kill.
 */
function cutByKill(phase: Phase, r: RequestRecord): boolean {
  return (
    r.method !== 'GET' &&
    r.method !== 'HEAD' &&
    (r.status >= 500 || r.status === 0) &&
    phase.killedAt.some((at) => r.started <= at + 50 && r.ended >= at)
  );
}

/** 5xx answers (or broken connections) that are not explained by a kill. */
function unexplained5xx(phase: Phase) {
  return phase.figures.requests.filter(
    (r) => (r.status >= 500 || r.status === 0) && !cutByKill(phase, r),
  );
}

/** Journeys that failed for a reason other than a request the kill cut. */
function unexplainedFailures(phase: Phase) {
  return phase.figures.failures.filter((f) => !f.request || !cutByKill(phase, f.request));
}

function outboxByKey(dataDir: string): Map<string, number> {
  const counts = new Map<string, number>();
  const dir = join(dataDir, 'mail');
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return counts;
  }
  for (const name of names) {
    const mail = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { text: string };
    // A message names its key more than once (the key, the activation link): count messages.
    for (const key of new Set(mail.text.match(/[A-Z0-9]{5}(?:-[A-Z0-9]{5}){4}-[A-Z0-9]/g))) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

/** Every purchase a buyer finished is in the database once, with one licence and one e-mail. */
async function settle(cluster: Cluster, figures: Figures[]): Promise<string[]> {
  const purchases = figures.flatMap((f) => f.purchases);
  const problems: string[] = [];
  // Mail is sent by a worker after the purchase: give it the time a retry takes.
  const deadline = Date.now() + 90_000;
  let outbox = outboxByKey(cluster.dataDir);
  while (Date.now() < deadline && purchases.some((p) => !outbox.has(p.licenseKey))) {
    await sleep(1000);
    outbox = outboxByKey(cluster.dataDir);
  }
  const rows = await cluster.query<{
    txn: string;
    purchases: string;
    licenses: string;
    members: string;
  }>(
    `select p.provider_transaction_id as txn, count(distinct p.id) as purchases,
            count(distinct l.id) as licenses, count(distinct m.id) as members
       from purchases p
       left join licenses l on l.purchase_id = p.id
       left join teams t on t.license_id = l.id
       left join team_members m on m.team_id = t.id
      where p.provider_transaction_id = any($1)
      group by p.provider_transaction_id`,
    [purchases.map((p) => p.transactionId)],
  );
  const byTxn = new Map(rows.map((row) => [row.txn, row]));
  for (const purchase of purchases) {
    const row = byTxn.get(purchase.transactionId);
    if (!row) problems.push(`${purchase.transactionId}: no purchase in the database`);
    else if (Number(row.purchases) !== 1 || Number(row.licenses) !== 1) {
      problems.push(
        `${purchase.transactionId}: ${row.purchases} purchases, ${row.licenses} licences`,
      );
    } else if (Number(row.members) !== 2) {
      problems.push(`${purchase.transactionId}: the team has ${row.members} people, not 2`);
    }
    const mails = outbox.get(purchase.licenseKey) ?? 0;
    if (mails !== 1) problems.push(`${purchase.licenseKey}: ${mails} licence e-mails`);
  }
  // Nothing paid that no journey knows of, nor a paid transaction without its purchase.
  // Purchases of journeys a kill cut short count too: each has its licence and one e-mail.
  const keys = await cluster.query<{ key: string }>(
    `select l.key from purchases p join licenses l on l.purchase_id = p.id`,
  );
  for (const { key } of keys) {
    const mails = outbox.get(key) ?? 0;
    if (mails !== 1 && !purchases.some((p) => p.licenseKey === key)) {
      problems.push(`${key}: ${mails} licence e-mails`);
    }
  }
  const [orphans] = await cluster.query<{ n: string }>(
    `select count(*) as n from sandbox_transactions s
      where s.status = 'completed'
        and not exists (select 1 from purchases p where p.provider_transaction_id = s.id)`,
  );
  if (Number(orphans?.n) > 0) problems.push(`${orphans?.n} paid transactions without a purchase`);
  const [mailRows] = await cluster.query<{ total: string; unsent: string; keys: string }>(
    `select count(*) as total, count(*) filter (where sent_at is null) as unsent,
            count(distinct payload) as keys from mail_jobs`,
  );
  if (mailRows && mailRows.total !== mailRows.keys) {
    problems.push(`mail_jobs: ${mailRows.total} rows for ${mailRows.keys} messages`);
  }
  return problems;
}

function table(phases: Phase[], totals: { purchases: number; licences: number; emails: number }) {
  const rows = phases.map((p) => {
    const f = p.figures;
    const fiveXX = f.requests.filter((r) => r.status >= 500 || r.status === 0).length;
    return [
      p.name,
      String(f.requests.length),
      String(f.journeys),
      `${f.failures.length} (${unexplainedFailures(p).length})`,
      String(f.navigations),
      String(f.conflicts),
      String(f.withoutScripts.length),
      `${fiveXX} (${unexplained5xx(p).length})`,
      p.seconds.toFixed(0),
    ];
  });
  const header = [
    'phase',
    'requests',
    'journeys',
    'failed (unexplained)',
    'navigations',
    '409s',
    'no scripts',
    '5xx (unexplained)',
    's',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(
    ['', line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'),
  );
  console.log(
    `in the database: ${totals.purchases} purchases, ${totals.licences} licences; ${totals.emails} licence e-mails in the shared outbox\n`,
  );
}

async function main() {
  const current = currentRelease();
  const workDir = mkdtempSync(join(tmpdir(), 'tessera-next-release-'));
  let cluster: Cluster | undefined;
  const phases: Phase[] = [];
  let failed: string[] = [];
  try {
    const next: Release = buildNextRelease(workDir, log);
    const clients = new Clients();
    clients.add(current);
    clients.add(next);
    log('starting 3 instances of the current release behind haproxy (PostgreSQL, Redis)');
    cluster = await Cluster.start(current, { instances: 3, log });
    const c = cluster;

    phases.push(
      await phase('kill -9 and restart', c, clients, 0, async (p) => {
        const victim = c.instances[1]!;
        log(`killing ${victim.name}`);
        p.killedAt.push(c.kill(victim));
        await sleep(2000);
        await c.startInstance(victim, current);
        await c.inRotation(victim);
      }),
    );
    phases.push(
      await phase('rolling deploy', c, clients, 1000, async () => {
        log('rolling to the next release (new migration, new assets)');
        await c.roll(next, (i) => log(`${i.name} runs the next release`));
        const [applied] = await c.query<{ n: string }>(
          `select count(*) as n from kysely_migration where name = '9000-ops-drill'`,
        );
        if (Number(applied?.n) !== 1) throw new Error('the next release did not migrate');
      }),
    );
    phases.push(
      await phase('rollback', c, clients, 2000, async () => {
        log('rolling back to the current release (it starts beside the newer schema)');
        await c.roll(current, (i) => log(`${i.name} runs the current release`));
        log(
          `undoing the next release's migration: ops migrate down --to ${current.newestMigration}`,
        );
        log(c.ops(next, ['migrate', 'down', '--to', current.newestMigration]).trim());
        const [left] = await c.query<{ n: string }>(
          `select count(*) as n from kysely_migration where name = '9000-ops-drill'`,
        );
        if (Number(left?.n) !== 0) throw new Error('the rollback left the migration applied');
      }),
    );

    const all = phases.map((p) => p.figures);
    failed = await settle(c, all);
    for (const p of phases) {
      for (const failure of unexplainedFailures(p)) failed.push(`${p.name}: ${failure.message}`);
      for (const miss of p.figures.withoutScripts.slice(0, 5)) {
        failed.push(`${p.name}: ${miss.page} without ${miss.asset} (${miss.status})`);
      }
      for (const r of unexplained5xx(p).slice(0, 5)) {
        failed.push(`${p.name}: ${r.method} ${r.path} answered ${r.status}`);
      }
      if (p.figures.journeys === 0) failed.push(`${p.name}: no journey finished`);
    }
    const [totals] = await c.query<{ purchases: string; licences: string }>(
      `select (select count(*) from purchases) as purchases, (select count(*) from licenses) as licences`,
    );
    const emails = [...outboxByKey(c.dataDir).values()].reduce((a, b) => a + b, 0);
    table(phases, {
      purchases: Number(totals?.purchases),
      licences: Number(totals?.licences),
      emails,
    });
  } catch (error) {
    failed.push(`the drill stopped: ${(error as Error).stack ?? String(error)}`);
    if (cluster)
      for (const i of cluster.instances)
        if (i.output) log(`${i.name} said:\n${i.output.slice(-3000)}`);
  } finally {
    await cluster?.close().catch((error: unknown) => log(`cleanup: ${String(error)}`));
    rmSync(workDir, { recursive: true, force: true });
  }
  const checks = phases.length;
  if (failed.length > 0) {
    for (const line of failed) console.log(`FAIL ${line}`);
    console.log(`ops drill: ${checks} passed, ${failed.length} failed`);
    process.exit(1);
  }
  console.log(`ops drill: ${checks} passed, 0 failed`);
}

await main();
