import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../../../scripts/chromium.mjs';

/** Viewport widths of the two screenshots. */
export const SMALL_WIDTH = 375;
export const LARGE_WIDTH = 1280;
const VIEWPORT_HEIGHT = 800;

export const PREVIEW_ORIGIN = 'http://catalog.preview';

export type ScreenshotSize = { width: number; height: number };
export type ScreenshotPair = {
  small: Uint8Array;
  large: Uint8Array;
  smallSize: ScreenshotSize;
  largeSize: ScreenshotSize;
};

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Uint8Array): ScreenshotSize {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.length < 24 || signature.some((byte, index) => png[index] !== byte)) {
    throw new Error('not a PNG');
  }
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * Serves files from memory and catalogue images to the pages of a context:
 * `http://catalog.preview/<key>` (e.g. `<uuid>.html`) from `files`, and
 * `http://catalog.preview/images/catalog/<product>/<file>` from the content's images.
 */
export async function servePreviews(
  context: BrowserContext,
  imagesDir: string,
  files: Map<string, string>,
): Promise<void> {
  await context.route(`${PREVIEW_ORIGIN}/**`, (route) => {
    const path = decodeURIComponent(new URL(route.request().url()).pathname);
    if (path.startsWith('/images/catalog/')) {
      const file = normalize(join(imagesDir, path.slice('/images/catalog/'.length)));
      if (!file.startsWith(imagesDir) || !existsSync(file)) return route.fulfill({ status: 404 });
      return route.fulfill({
        body: readFileSync(file),
        contentType: file.endsWith('.svg') ? 'image/svg+xml' : 'application/octet-stream',
      });
    }
    const body = files.get(path.replace(/^\//, ''));
    if (body === undefined) return route.fulfill({ status: 404 });
    const contentType = path.endsWith('.js') ? 'text/javascript' : 'text/html';
    return route.fulfill({ body, contentType: `${contentType}; charset=utf-8` });
  });
  // Previews must not reach the network: anything not ours is refused.
  await context.route(
    (url) => !url.href.startsWith(PREVIEW_ORIGIN),
    (route) => route.abort(),
  );
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
}

export type Screenshotter = {
  /** Renders a preview document at both widths, full height of the component. */
  shoot(uuid: string, document: string): Promise<ScreenshotPair>;
  close(): Promise<void>;
};

/**
 * One Chromium, one context, a small pool of pages working in parallel. Each shot waits for the
 * load event (images) and fonts, disables animations and hides the caret, and is clipped to the
 * component's height (components with an `open` dialog or popover are shot as they render).
 */
export async function launchScreenshotter({
  imagesDir,
  pages = 3,
}: {
  imagesDir: string;
  pages?: number;
}): Promise<Screenshotter> {
  const browser = await launchChromium();
  const context = await browser.newContext({
    viewport: { width: LARGE_WIDTH, height: VIEWPORT_HEIGHT },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    colorScheme: 'light',
  });
  // No component animates (animations would need Playwright's per-shot `animations` option);
  // a blinking caret in an autofocused input would make shots differ run to run.
  await context.addInitScript(() => {
    addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '*, *::before, *::after { caret-color: transparent !important; }';
      document.head.append(style);
    });
  });
  const documents = new Map<string, string>();
  await servePreviews(context, imagesDir, documents);
  const idle: Page[] = await Promise.all(Array.from({ length: pages }, () => context.newPage()));
  const waiting: Array<(page: Page) => void> = [];

  const acquire = () =>
    new Promise<Page>((resolve) => {
      const page = idle.pop();
      if (page) resolve(page);
      else waiting.push(resolve);
    });
  const release = (page: Page) => {
    const next = waiting.shift();
    if (next) next(page);
    else idle.push(page);
  };

  // Measured after fonts are ready; the clip keeps short components from being padded to the
  // viewport height while tall ones are shot whole.
  const shootCurrent = async (page: Page, width: number) => {
    const height = await page.evaluate(async () => {
      await document.fonts.ready;
      const body = document.body;
      return Math.ceil(Math.max(body.scrollHeight, body.getBoundingClientRect().height, 1));
    });
    const png = await page.screenshot({
      type: 'png',
      fullPage: true,
      clip: { x: 0, y: 0, width, height },
      caret: 'initial', // hidden once per page by the init script (cheaper than per shot)
    });
    return new Uint8Array(png);
  };

  return {
    async shoot(uuid, document) {
      documents.set(`${uuid}.html`, document);
      const page = await acquire();
      try {
        // One load per component: the large shot, then the same document re-laid out at the
        // small width (media queries re-evaluate on resize, as in a resized preview frame).
        await page.setViewportSize({ width: LARGE_WIDTH, height: VIEWPORT_HEIGHT });
        await page.goto(`${PREVIEW_ORIGIN}/${uuid}.html`, { waitUntil: 'load' });
        const large = await shootCurrent(page, LARGE_WIDTH);
        await page.setViewportSize({ width: SMALL_WIDTH, height: VIEWPORT_HEIGHT });
        const small = await shootCurrent(page, SMALL_WIDTH);
        return { small, large, smallSize: pngSize(small), largeSize: pngSize(large) };
      } finally {
        documents.delete(`${uuid}.html`);
        release(page);
      }
    },
    async close() {
      await browser.close();
    },
  };
}
