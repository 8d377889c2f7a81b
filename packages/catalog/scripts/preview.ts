// Renders component files in Chromium so an author can look at them:
//   node packages/catalog/scripts/preview.ts <component.html>... [--out /tmp/catalog-preview]
// For each file: <slug>-lg.png (1280 wide) and <slug>-sm.png (375 wide), full height.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { parseComponentFile } from '../src/component-file.ts';
import { compileTailwindCss } from '../src/tailwind.ts';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const out = resolve(outIndex >= 0 ? (args[outIndex + 1] ?? '') : '/tmp/catalog-preview');
const files = outIndex >= 0 ? args.filter((_, i) => i !== outIndex && i !== outIndex + 1) : args;
const imagesRoot = resolve(import.meta.dirname, '../content/images');
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  for (const file of files) {
    const { meta, html } = parseComponentFile(readFileSync(file, 'utf8'), file);
    const css = await compileTailwindCss([html]);
    const document = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${meta.name}</title><style>${css}</style></head><body>${html}</body></html>`;
    const slug = basename(file, '.html');
    writeFileSync(join(out, `${slug}.html`), document);
    for (const [size, width] of [
      ['lg', 1280],
      ['sm', 375],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      // Component images live at /images/catalog/<product>/<file>.svg on the site.
      await page.route('http://catalog.preview/**', (route) => {
        const path = new URL(route.request().url()).pathname;
        if (path.startsWith('/images/catalog/')) {
          return route.fulfill({ path: join(imagesRoot, path.replace('/images/catalog/', '')) });
        }
        return route.fulfill({ body: document, contentType: 'text/html' });
      });
      await page.goto('http://catalog.preview/', { waitUntil: 'load' });
      await page.screenshot({ path: join(out, `${slug}-${size}.png`), fullPage: true });
      await page.close();
    }
    console.log(`${file}: ${join(out, slug)}-{lg,sm}.png`);
  }
} finally {
  await browser.close();
}
