// Builds the store's authored content into packages/catalog/dist:
//   node packages/catalog/scripts/build-content.ts [--no-screenshots]
// content.json (templates, docs, changelog, privacy policy as sanitised HTML) and, per template,
// templates/<slug>/{demo.html, image.png, banner.png} and private/templates/<slug>.zip (sold, so
// in no served folder). Screenshots are cached in packages/catalog/.cache/content, so an
// unchanged template is not shot again.
import { resolve } from 'node:path';
import { buildContent } from '../src/content/build.ts';

const root = resolve(import.meta.dirname, '..');
const started = performance.now();
let rendered = 0;
let cached = 0;
const manifest = await buildContent({
  outDir: resolve(root, 'dist'),
  cacheDir: resolve(root, '.cache/content'),
  screenshots: !process.argv.includes('--no-screenshots'),
  log: (message) => console.log(`  ${message}`),
  onTemplateAssets: (results) => {
    rendered = results.filter((result) => result.screenshots === 'rendered').length;
    cached = results.filter((result) => result.screenshots === 'cached').length;
  },
});
console.log(
  [
    `content built in ${Math.round(performance.now() - started)} ms:`,
    `${manifest.templates.length} templates (${rendered} shot, ${cached} from cache),`,
    `${manifest.docs.pages.length} documentation pages,`,
    `${manifest.changelog.length} changelog entries, privacy policy.`,
  ].join(' '),
);
