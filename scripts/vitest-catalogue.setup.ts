// Server and e2e tests read the built catalogue (packages/catalog/dist). `npm test` builds it
// first; a lone `vitest --project server` on a fresh checkout builds it here (about a minute and
// a half cold, then cached).
import { buildCatalogue } from './lib.mjs';

export default function setup() {
  buildCatalogue();
}
