// Builds everything that ships: the design system package (tsup) and the storefront bundles.
import { buildStorefront, log, runOrExit } from './lib.mjs';

log('building @tessera/ui (tsup: ESM + types)');
runOrExit('pnpm', ['--filter', '@tessera/ui', 'build']);
buildStorefront({ force: true });
