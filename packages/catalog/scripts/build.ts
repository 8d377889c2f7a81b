// Builds the catalogue into packages/catalog/dist (pnpm --filter @tessera/catalog build):
//   node scripts/build.ts [--out dist] [--cache .cache] [--no-screenshots] [--pages 3]
//                         [--content content] [--overrides overrides] [--write-dark-pending]
//                         [--write-rtl-pending]
// Exits 1 naming every component whose conversion is not faithful. Then related.json: each
// component's related components, derived from the built catalogue (src/related/related.ts).
import { rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildCatalog, CatalogBuildError } from '../src/pipeline/build.ts';
import { disposeHighlighter } from '../src/pipeline/highlight.ts';
import { relatedComponents, relatedDistribution } from '../src/related/related.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    out: { type: 'string', default: resolve(root, 'dist') },
    cache: { type: 'string', default: resolve(root, '.cache') },
    'no-screenshots': { type: 'boolean', default: false },
    pages: { type: 'string', default: '3' },
    content: { type: 'string', default: resolve(root, 'content') },
    overrides: { type: 'string', default: resolve(root, 'overrides') },
    // Regenerates dark-pending.txt with exactly the components failing the dark-mode check.
    'write-dark-pending': { type: 'boolean', default: false },
    // Regenerates rtl-pending.txt with exactly the components failing the right-to-left check.
    'write-rtl-pending': { type: 'boolean', default: false },
  },
});

const relatedFile = resolve(values.out, 'related.json');
try {
  // Never left from an earlier build: it must describe this one.
  rmSync(relatedFile, { force: true });
  const { catalog } = await buildCatalog({
    outDir: resolve(values.out),
    cacheDir: resolve(values.cache),
    screenshots: !values['no-screenshots'],
    pages: Number(values.pages),
    contentDir: resolve(values.content),
    overridesDir: resolve(values.overrides),
    writeDarkPending: values['write-dark-pending'],
    writeRtlPending: values['write-rtl-pending'],
    // Only the package's own cache is pruned; a cache shared with other content is left alone.
    prune: resolve(values.content) === resolve(root, 'content'),
  });
  const related = relatedComponents(catalog);
  writeFileSync(relatedFile, JSON.stringify(related) + '\n');
  const distribution = Object.entries(relatedDistribution(related))
    .map(([count, components]) => `${components} with ${count}`)
    .join(', ');
  console.log(`Related components: ${distribution}.`);
} catch (error) {
  if (error instanceof CatalogBuildError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
} finally {
  await disposeHighlighter();
}
