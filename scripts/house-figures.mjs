// `node scripts/house-figures.mjs [dir]`: the figures decision 023 records, for this checkout or
// for another tree of the project (`git archive <commit> | tar -x -C dir` first, with this
// checkout's .jscpd.json and .dependency-cruiser*.cjs copied in). Prints one JSON object:
//   duplicates — jscpd's clone pairs (.jscpd.json) over apps/ packages/ tests/;
//   cycles, deepImports — dependency-cruiser's violations of the module rules;
//   licenceWriters — files that insert or update licence rows (the demo seed aside);
//   rateLimitRenderers — files that write a 429 themselves (a status or a JSON/text answer);
//   linesPerModule — lines of running code (tests aside) in each server module.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const here = path.resolve(import.meta.dirname, '..');
const root = path.resolve(process.argv[2] ?? here);
const bin = (name) => path.join(here, 'node_modules', '.bin', name);

function files(dir, keep) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (entry === 'node_modules' || entry === 'dist') continue;
    if (statSync(full).isDirectory()) out.push(...files(full, keep));
    else if (keep(full)) out.push(full);
  }
  return out;
}

const report = mkdtempSync(path.join(tmpdir(), 'jscpd-'));
execFileSync(
  bin('jscpd'),
  [
    'apps',
    'packages',
    'tests',
    '--config',
    '.jscpd.json',
    '--reporters',
    'json',
    '--output',
    report,
    '--silent',
  ],
  { cwd: root, stdio: 'ignore' },
);
const jscpd = JSON.parse(readFileSync(path.join(report, 'jscpd-report.json'), 'utf8'));

function cruise(args) {
  let out;
  try {
    out = execFileSync(bin('depcruise'), [...args, '--output-type', 'json'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    out = error.stdout;
  }
  const counts = {};
  for (const v of JSON.parse(out).summary.violations)
    counts[v.rule.name] = (counts[v.rule.name] ?? 0) + 1;
  return counts;
}
const shape = cruise([
  'apps/server/src',
  'apps/server/test',
  '--config',
  '.dependency-cruiser.cjs',
]);
const cycles = cruise(['apps/server/src/modules', '--config', '.dependency-cruiser-modules.cjs']);

const server = path.join(root, 'apps/server/src');
const running = files(server, (f) => f.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(f));
const text = new Map(running.map((f) => [f, readFileSync(f, 'utf8')]));
const rel = (f) => path.relative(root, f);
const licenceWriters = running
  .filter((f) => !f.endsWith('db/seed.ts'))
  .filter((f) => /(insertInto|updateTable)\(\s*'licenses'\s*\)/.test(text.get(f)))
  .map(rel);
const rateLimitRenderers = running
  .filter((f) =>
    /status\(\s*429\s*\)|statusCode\s*=\s*429|sendStatus\(\s*429\s*\)/.test(text.get(f)),
  )
  .map(rel);

const modules = path.join(server, 'modules');
const linesPerModule = Object.fromEntries(
  readdirSync(modules)
    .filter((m) => statSync(path.join(modules, m)).isDirectory())
    .map((m) => [
      m,
      running
        .filter((f) => f.startsWith(path.join(modules, m) + path.sep))
        .reduce((sum, f) => sum + text.get(f).split('\n').length - 1, 0),
    ]),
);

console.log(
  JSON.stringify(
    {
      duplicates: {
        pairs: jscpd.statistics.total.clones,
        lines: jscpd.statistics.total.duplicatedLines,
      },
      cycles: cycles['no-module-cycles'] ?? 0,
      deepImports: (shape['module-face-only'] ?? 0) + (shape['module-face-only-from-outside'] ?? 0),
      otherBoundaryViolations: Object.fromEntries(
        Object.entries(shape).filter(([rule]) => !rule.startsWith('module-face-only')),
      ),
      licenceWriters,
      rateLimitRenderers,
      modules: Object.keys(linesPerModule).length,
      linesPerModule,
    },
    null,
    2,
  ),
);
