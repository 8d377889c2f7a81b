// `pnpm lint`: every static check on the code's shape, one after the other.
//   - ESLint over the workspace;
//   - the server's module boundaries (dependency-cruiser): modules reached only through their
//     index.ts, no file import cycles, infrastructure importing no module
//     (.dependency-cruiser.cjs), and no import cycle between modules
//     (.dependency-cruiser-modules.cjs).
import { log, runOrExit } from './lib.mjs';

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
