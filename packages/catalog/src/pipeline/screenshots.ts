import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../../../scripts/chromium.mjs';
import { COLOR_SCHEME, COLOR_SCHEME_APPLIED } from './preview.ts';

/** Viewport widths of the two screenshots. */
export const SMALL_WIDTH = 375;
export const LARGE_WIDTH = 1280;
const VIEWPORT_HEIGHT = 800;

/**
 * Frame widths at which each preview's height is recorded, so that the store reserves the
 * height the document will report and nothing below the frame shifts when it does. They are
 * the widths the store's preview frame takes at common viewports (its track is the page's
 * content column, 16 px of it the resize handle from 376 px up): phones of 360, 375, 390, 412
 * and 430 px, then 640, 768, 1024 and 1280 px and wider (the column stops growing there).
 */
export const PREVIEW_HEIGHT_WIDTHS = [312, 327, 342, 364, 366, 576, 704, 944, 1200] as const;

/** A preview's content height at one frame width, in light and in dark mode. */
export type PreviewHeight = { width: number; light: number; dark: number };

export const PREVIEW_ORIGIN = 'http://catalog.preview';

export type ScreenshotSize = { width: number; height: number };
export type ScreenshotPair = {
  small: Uint8Array;
  large: Uint8Array;
  smallSize: ScreenshotSize;
  largeSize: ScreenshotSize;
};

/** sRGB channels 0–255 of an opaque colour. */
export type Rgb = [number, number, number];

/**
 * What the dark-mode check looks at in one mode (measured at the large width): the first
 * painted surface of the component and its main text (first visible heading or paragraph).
 */
export type ColorProbe = {
  /** The first element, root first, painting a background at least half the root's width. */
  surface: Rgb | null;
  text: { color: Rgb; background: Rgb; large: boolean; element: string } | null;
};

/** Light and dark screenshots of one component, and the colour probe of each mode. */
export type ComponentShots = {
  light: ScreenshotPair;
  dark: ScreenshotPair;
  probes: { light: ColorProbe; dark: ColorProbe };
  /** Page time spent per mode (load, shots and probe), in ms. */
  timings: { light: number; dark: number };
  /** The document's height at each of {@link PREVIEW_HEIGHT_WIDTHS}. */
  heights: PreviewHeight[];
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

// Runs in the page. Colours are resolved by painting them on a 1×1 canvas, so any CSS colour
// Tailwind emits (oklch, color-mix, alpha) comes back as sRGB; translucent layers are composited
// over what is below them, down to the canvas colour of the current scheme.
function probeColors(): ColorProbe {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  const rgba = (color: string): [number, number, number, number] => {
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = '#000';
    context.fillStyle = color;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const over = (top: number[], below: Rgb): Rgb =>
    [0, 1, 2].map((i) => Math.round(top[i]! * top[3]! + below[i]! * (1 - top[3]!))) as Rgb;
  const probe = document.createElement('div');
  probe.style.backgroundColor = 'Canvas';
  document.body.append(probe);
  const base = rgba(getComputedStyle(probe).backgroundColor).slice(0, 3) as Rgb;
  probe.remove();
  const backgroundBehind = (element: Element): Rgb => {
    const layers: number[][] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const layer = rgba(getComputedStyle(node).backgroundColor);
      if (layer[3] > 0) layers.push(layer);
      if (layer[3] === 1) break;
    }
    return layers.reduceRight<Rgb>((below, layer) => over(layer, below), base);
  };
  const visible = (element: Element) => {
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return rect.width > 1 && rect.height > 1 && style.visibility !== 'hidden';
  };
  const describe = (element: Element) =>
    element.tagName.toLowerCase() + (element.id ? `#${element.id}` : '');

  const root = [...document.body.children].find((element) => element.tagName !== 'SCRIPT');
  if (!root) return { surface: null, text: null };
  const rootWidth = root.getBoundingClientRect().width;
  let surface: Rgb | null = null;
  for (const element of [root, ...root.querySelectorAll('*')]) {
    if (!visible(element) || element.getBoundingClientRect().width < rootWidth / 2) continue;
    if (rgba(getComputedStyle(element).backgroundColor)[3] > 0) {
      surface = backgroundBehind(element);
      break;
    }
  }
  const hasText = (element: Element) =>
    [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent!.trim());
  const candidates = [...root.querySelectorAll('h1, h2, h3, h4, h5, h6, p')];
  const textElement =
    candidates.find((element) => visible(element) && element.textContent!.trim()) ??
    [root, ...root.querySelectorAll('*')].find((element) => visible(element) && hasText(element));
  if (!textElement) return { surface, text: null };
  const style = getComputedStyle(textElement);
  const background = backgroundBehind(textElement);
  const size = parseFloat(style.fontSize);
  return {
    surface,
    text: {
      color: over(rgba(style.color), background),
      background,
      large: size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700),
      element: describe(textElement),
    },
  };
}

export type Screenshotter = {
  /**
   * Renders a preview document at both widths, full height of the component, in light and
   * then in dark mode (switched in place by the preview's own COLOR_SCHEME listener).
   */
  shoot(uuid: string, document: string): Promise<ComponentShots>;
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
      // A tall page on a loaded 2-core runner can take longer than Playwright's 30 s default.
      timeout: 120_000,
    });
    return new Uint8Array(png);
  };

  // As a parent frame switches a preview's colour scheme, waiting until the preview applied it.
  const switchScheme = (page: Page, scheme: 'light' | 'dark') =>
    page.evaluate(
      ({ type, event, scheme }) =>
        new Promise<void>((resolve) => {
          addEventListener(event, () => resolve(), { once: true });
          // A top-level page is its own parent, so the preview's listener accepts this.
          postMessage({ type, scheme }, '*');
        }),
      { type: COLOR_SCHEME, event: COLOR_SCHEME_APPLIED, scheme },
    );

  // The same measure as the preview's own height reporter (BODY_HEIGHT).
  const measureHeights = async (page: Page) => {
    const heights: number[] = [];
    for (const width of PREVIEW_HEIGHT_WIDTHS) {
      await page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
      heights.push(
        await page.evaluate(async () => {
          await document.fonts.ready;
          const body = document.body;
          return Math.ceil(Math.max(body.scrollHeight, body.getBoundingClientRect().height));
        }),
      );
    }
    return heights;
  };

  return {
    async shoot(uuid, document) {
      documents.set(`${uuid}.html`, document);
      const page = await acquire();
      try {
        // One load per component: the large shot, then the same document re-laid out at the
        // small width (media queries re-evaluate on resize, as in a resized preview frame),
        // then switched to dark as a parent frame would switch it, small and large again.
        const started = performance.now();
        await page.setViewportSize({ width: LARGE_WIDTH, height: VIEWPORT_HEIGHT });
        await page.goto(`${PREVIEW_ORIGIN}/${uuid}.html`, { waitUntil: 'load' });
        const large = await shootCurrent(page, LARGE_WIDTH);
        const lightProbe = await page.evaluate(probeColors);
        await page.setViewportSize({ width: SMALL_WIDTH, height: VIEWPORT_HEIGHT });
        const small = await shootCurrent(page, SMALL_WIDTH);
        const switched = performance.now();
        await switchScheme(page, 'dark');
        const smallDark = await shootCurrent(page, SMALL_WIDTH);
        await page.setViewportSize({ width: LARGE_WIDTH, height: VIEWPORT_HEIGHT });
        const largeDark = await shootCurrent(page, LARGE_WIDTH);
        const darkProbe = await page.evaluate(probeColors);
        // Heights last, after every shot: the resizes they take must not come between a
        // document and its screenshots (a shot right after them differed run to run on a
        // loaded machine), so the shots see exactly the sequence they always did.
        const darkHeights = await measureHeights(page);
        await switchScheme(page, 'light');
        const lightHeights = await measureHeights(page);
        const pair = (s: Uint8Array, l: Uint8Array): ScreenshotPair => ({
          small: s,
          large: l,
          smallSize: pngSize(s),
          largeSize: pngSize(l),
        });
        return {
          light: pair(small, large),
          dark: pair(smallDark, largeDark),
          probes: { light: lightProbe, dark: darkProbe },
          timings: { light: switched - started, dark: performance.now() - switched },
          heights: PREVIEW_HEIGHT_WIDTHS.map((width, index) => ({
            width,
            light: lightHeights[index]!,
            dark: darkHeights[index]!,
          })),
        };
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
