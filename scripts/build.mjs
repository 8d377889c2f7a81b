// Builds everything that ships: the design system package (tsup), the storefront bundles and
// the catalogue the store serves.
import { buildCatalogue, buildStorefront, log, runOrExit } from './lib.mjs';

log('building @tessera/ui (tsup: ESM + types)');
runOrExit('pnpm', ['--filter', '@tessera/ui', 'build']);
buildStorefront({ force: true });
buildCatalogue({ force: true });
