// `pnpm lint`: every static check on the code's shape, one after the other.
//   - ESLint over the workspace;
//   - the server's module boundaries (dependency-cruiser): modules reached only through their
//     index.ts, no file import cycles, infrastructure importing no module
//     (.dependency-cruiser.cjs), and no import cycle between modules
//     (.dependency-cruiser-modules.cjs);
//   - copy and paste (jscpd, .jscpd.json) over apps/ packages/ tests/: no more clone pairs than
//     MAX_CLONES. Lower it when a copy goes; a new copy fails here, naming both places.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { log, runOrExit } from './lib.mjs';

/** Clone pairs jscpd finds today (decision 023): stories' setups, benches, a few tests. */
const MAX_CLONES = 18;

runOrExit('pnpm', ['exec', 'eslint', '.', '--max-warnings', '0']);
log('server module boundaries');
runOrExit('pnpm', [
  'exec',
  'depcruise',
  'apps/server/src',
  'apps/server/test',
  '--config',
  '.dependency-cruiser.cjs',
  '--output-type',
  'err',
]);
runOrExit('pnpm', [
  'exec',
  'depcruise',
  'apps/server/src/modules',
  '--config',
  '.dependency-cruiser-modules.cjs',
  '--output-type',
  'err',
]);

log('copy and paste (jscpd)');
{
  const output = mkdtempSync(path.join(tmpdir(), 'tessera-jscpd-'));
  try {
    runOrExit('pnpm', [
      'exec',
      'jscpd',
      'apps',
      'packages',
      'tests',
      '--config',
      '.jscpd.json',
      '--reporters',
      'json',
      '--output',
      output,
      '--silent',
    ]);
    const report = JSON.parse(readFileSync(path.join(output, 'jscpd-report.json'), 'utf8'));
    const clones = report.duplicates.length;
    if (clones > MAX_CLONES) {
      for (const d of report.duplicates)
        log(
          `  ${d.firstFile.name}:${d.firstFile.start}-${d.firstFile.end} = ${d.secondFile.name}:${d.secondFile.start}-${d.secondFile.end}`,
        );
      log(
        `failed: ${clones} copied blocks, at most ${MAX_CLONES}: compose the copy from one part (or raise MAX_CLONES in scripts/lint.mjs, saying why)`,
      );
      process.exit(1);
    }
    log(`${clones} copied blocks (at most ${MAX_CLONES})`);
  } finally {
    rmSync(output, { recursive: true, force: true });
  }
}
