// Every current component reads well in both modes: axe's colour-contrast rule (WCAG AA) runs on
// each preview document in Chromium, light and then dark (the `dark` class on <html>, as a
// customer's toggle sets it, over a dark canvas). The dark-mode check in the build measures one surface and one
// text; this looks at every piece of text.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONTENT_DIR, loadCatalog } from './load.ts';
import { LARGE_WIDTH, launchChromium, PREVIEW_ORIGIN, servePreviews } from './screenshots.ts';
import { buildRealCatalog } from './testing.ts';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const current = loadCatalog().components.filter((component) => !component.meta.archived);

type Finding = { id: string; nodes: string[] };

let browser: Browser;
let page: Page;

beforeAll(async () => {
  const { outDir } = await buildRealCatalog({ screenshots: false });
  const files = new Map<string, string>();
  for (const component of current) {
    files.set(
      `${component.uuid}.html`,
      readFileSync(join(outDir, 'previews', `${component.uuid}.html`), 'utf8'),
    );
  }
  browser = await launchChromium();
  const context = await browser.newContext({
    viewport: { width: LARGE_WIDTH, height: 900 },
    reducedMotion: 'reduce',
  });
  await servePreviews(context, join(CONTENT_DIR, 'images'), files);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
});

async function contrastFindings(dark: boolean): Promise<Finding[]> {
  return page.evaluate(
    async ({ source, dark }) => {
      if (!('axe' in window)) new Function(source)();
      // As the preview's own switch does (preview.ts): the class, and the canvas's scheme.
      document.documentElement.classList.toggle('dark', dark);
      document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
      // What the page paints behind a translucent surface: axe takes a transparent root as white.
      document.documentElement.style.backgroundColor = 'Canvas';
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
        .axe;
      const result = (await axe.run(document, {
        runOnly: { type: 'rule', values: ['color-contrast'] },
        resultTypes: ['violations'],
      })) as { violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> };
      return result.violations.map((violation) => ({
        id: violation.id,
        nodes: violation.nodes.map((node) => node.target.join(' ')),
      }));
    },
    { source: axeSource, dark },
  );
}

describe('colour contrast of every current component', () => {
  test('meets WCAG AA in light and in dark mode', async () => {
    const failures: string[] = [];
    for (const component of current) {
      await page.goto(`${PREVIEW_ORIGIN}/${component.uuid}.html`, { waitUntil: 'load' });
      for (const dark of [false, true]) {
        for (const finding of await contrastFindings(dark)) {
          failures.push(
            `${component.path} (${dark ? 'dark' : 'light'}): ${finding.nodes.slice(0, 3).join(', ')}`,
          );
        }
      }
    }
    expect(current.length).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 900_000);
});
