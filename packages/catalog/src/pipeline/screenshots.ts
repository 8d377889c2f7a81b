import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../../../scripts/chromium.mjs';
import {
  COLOR_SCHEME,
  COLOR_SCHEME_APPLIED,
  PREVIEW_FONT_FAMILY,
  PREVIEW_FONT_FILE,
  PREVIEW_FONT_URL,
} from './preview.ts';
import { comparePngs } from './png.ts';

/** The preview font as installed (@fontsource-variable/inter). */
export const PREVIEW_FONT_SOURCE = join(
  dirname(createRequire(import.meta.url).resolve('@fontsource-variable/inter/package.json')),
  'files',
  PREVIEW_FONT_FILE,
);

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
 * `http://catalog.preview/images/catalog/<product>/<file>` from the content's images, and the
 * preview font at its site path (PREVIEW_FONT_URL).
 */
export async function servePreviews(
  context: BrowserContext,
  imagesDir: string,
  files: Map<string, string>,
  fontFile: string = PREVIEW_FONT_SOURCE,
): Promise<void> {
  await context.route(`${PREVIEW_ORIGIN}/**`, (route) => {
    const path = decodeURIComponent(new URL(route.request().url()).pathname);
    if (path === PREVIEW_FONT_URL) {
      return route.fulfill({ body: readFileSync(fontFile), contentType: 'font/woff2' });
    }
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
   * then in dark mode (switched in place by the preview's own COLOR_SCHEME listener), twice on
   * fresh pages, and returns the shots only when both renders agree (see launchScreenshotter).
   */
  shoot(uuid: string, document: string): Promise<ComponentShots>;
  /** How the independent renders agreed so far, per shot. */
  agreement: ShotAgreement;
  close(): Promise<void>;
};

/** Two independent renders of a component disagree, and a third settles nothing. */
export class ScreenshotMismatchError extends Error {
  override name = 'ScreenshotMismatchError';
}

export const SHOT_NAMES = ['small', 'large', 'small dark', 'large dark'] as const;

type RenderedShots = {
  shots: [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  probes: ComponentShots['probes'];
  heights: PreviewHeight[];
  timings: ComponentShots['timings'];
};

/** How the two renders of a build's shots compared: the determinism of the screenshots. */
export type ShotAgreement = { identical: number; withinTolerance: number; retaken: number };

/**
 * Per shot, the PNG of the first render when another render gives the same picture (byte for
 * byte, or within the tolerance of png.ts), or a ScreenshotMismatchError naming the component
 * and the shots no two renders agree on.
 */
export function agreedShots(
  uuid: string,
  renders: RenderedShots['shots'][],
  agreement: ShotAgreement = { identical: 0, withinTolerance: 0, retaken: 0 },
): RenderedShots['shots'] {
  const disagreeing: string[] = [];
  const agreed = SHOT_NAMES.map((name, index) => {
    for (let a = 0; a < renders.length; a++) {
      for (let b = a + 1; b < renders.length; b++) {
        const first = renders[a]![index]!;
        const second = renders[b]![index]!;
        if (Buffer.from(first).equals(Buffer.from(second))) {
          agreement.identical++;
          return first;
        }
        if (comparePngs(first, second).withinTolerance) {
          agreement.withinTolerance++;
          return first;
        }
      }
    }
    disagreeing.push(name);
    return renders[0]![index]!;
  }) as RenderedShots['shots'];
  if (disagreeing.length > 0) {
    throw new ScreenshotMismatchError(
      `${uuid}: the ${disagreeing.join(', ')} screenshot(s) differ between ${renders.length} independent renders`,
    );
  }
  return agreed;
}

// Runs in the page after every change of size or scheme: the page is settled when the
// document's fonts are loaded, every image is loaded and decoded, and two animation frames have
// passed (style, layout and paint have all seen the change). Returns the content height.
async function settleInPage(): Promise<number> {
  await document.fonts.ready;
  await Promise.all(
    [...document.images].map(async (image) => {
      image.loading = 'eager';
      if (!image.complete) {
        await new Promise((resolve) => {
          image.addEventListener('load', resolve, { once: true });
          image.addEventListener('error', resolve, { once: true });
        });
      }
      await image.decode().catch(() => {});
    }),
  );
  await document.fonts.ready;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const body = document.body;
  return Math.ceil(Math.max(body.scrollHeight, body.getBoundingClientRect().height, 1));
}

/**
 * A context for screenshots: the large viewport at scale 1, reduced motion, light scheme, the
 * previews served from `documents`, and no caret, transition or animation in any page (a
 * blinking caret in an autofocused input, or a `transition-colors` still running after a
 * resize or scheme switch, made shots differ run to run; prefers-reduced-motion does not stop
 * transitions).
 */
async function openShotContext(
  browser: Browser,
  imagesDir: string,
  documents: Map<string, string>,
  fontFile: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: LARGE_WIDTH, height: VIEWPORT_HEIGHT },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    colorScheme: 'light',
  });
  await context.addInitScript(() => {
    addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent =
        '*, *::before, *::after { caret-color: transparent !important; transition: none !important; animation: none !important; }';
      document.head.append(style);
    });
  });
  await servePreviews(context, imagesDir, documents, fontFile);
  return context;
}

/**
 * `pages` renders at a time, each in its own Chromium (one browser, one context, one page at a
 * time: pages of one browser that are resized concurrently corrupt each other's shots, see
 * below), each page used for one render only (a new page per render: nothing of one component
 * stays for the next). A render loads the preview once, waits for the font, then after every
 * resize and scheme switch waits until the page is settled (settleInPage) before it measures
 * and shoots, and re-measures after the shot: a shot whose content height changed under it is
 * retaken. Every component is rendered twice, independently; the build takes its shots only if
 * both renders give the same PNGs (a third render decides a disagreement, and no majority fails
 * the build). Animations and transitions are off and the caret hidden; shots are clipped to the
 * component's height.
 *
 * Why one browser per page: with three pages in one headless Chromium, a page's screenshot was
 * now and then captured at the size of another page's viewport and tiled to fill the shot (a
 * 1280 px shot repeating every 327, 342 or 576 px, the widths another page was being measured
 * at; a tall 375 px shot repeating in both directions). Measured on the five components that
 * failed the build, under load: 8 of 55 renders corrupted with three pages in one browser (one
 * component failing as the build did), 0 of 90 with one page per browser, 0 of 40 with one
 * page in one browser.
 */
export async function launchScreenshotter({
  imagesDir,
  fontFile = PREVIEW_FONT_SOURCE,
  pages = 3,
  tamper,
}: {
  imagesDir: string;
  fontFile?: string;
  pages?: number;
  /**
   * Tests only: alters a render's shots (`render` counts from 0 per component), to prove a
   * broken shot is outvoted or fails the build.
   */
  tamper?: (uuid: string, shots: RenderedShots['shots'], render: number) => RenderedShots['shots'];
}): Promise<Screenshotter> {
  const documents = new Map<string, string>();
  const slots = await Promise.all(
    Array.from({ length: Math.max(1, pages) }, async () => {
      const browser = await launchChromium();
      const context = await openShotContext(browser, imagesDir, documents, fontFile);
      return { browser, context };
    }),
  );

  const free = [...slots];
  const waiting: Array<(slot: (typeof slots)[number]) => void> = [];
  const withPage = async <T>(work: (page: Page) => Promise<T>): Promise<T> => {
    const slot =
      free.pop() ?? (await new Promise<(typeof slots)[number]>((resolve) => waiting.push(resolve)));
    const page = await slot.context.newPage();
    try {
      return await work(page);
    } finally {
      await page.close().catch(() => {});
      const next = waiting.shift();
      if (next) next(slot);
      else free.push(slot);
    }
  };

  const settle = (page: Page) => page.evaluate(settleInPage);

  const resize = async (page: Page, width: number) => {
    await page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
    // The new width has reached the document (media queries), then the page settles.
    await page.waitForFunction((expected) => innerWidth === expected, width);
    return settle(page);
  };

  // Clipped to the settled height; taken again (up to twice) when the height measured after the
  // shot is not the one the shot was clipped to.
  const shootCurrent = async (page: Page, width: number, settled: number) => {
    let height = settled;
    for (let attempt = 0; ; attempt++) {
      const png = await page.screenshot({
        type: 'png',
        fullPage: true,
        clip: { x: 0, y: 0, width, height },
        caret: 'initial', // hidden once per page by the init script (cheaper than per shot)
        // A tall page on a loaded 2-core runner can take longer than Playwright's 30 s default.
        timeout: 120_000,
      });
      const after = await settle(page);
      if (after === height || attempt === 2) return new Uint8Array(png);
      height = after;
    }
  };

  // As a parent frame switches a preview's colour scheme, waiting until the preview applied it.
  const switchScheme = async (page: Page, scheme: 'light' | 'dark') => {
    await page.evaluate(
      ({ type, event, scheme }) =>
        new Promise<void>((resolve) => {
          addEventListener(event, () => resolve(), { once: true });
          // A top-level page is its own parent, so the preview's listener accepts this.
          postMessage({ type, scheme }, '*');
        }),
      { type: COLOR_SCHEME, event: COLOR_SCHEME_APPLIED, scheme },
    );
    return settle(page);
  };

  // The same measure as the preview's own height reporter (BODY_HEIGHT).
  const measureHeights = async (page: Page) => {
    const heights: number[] = [];
    for (const width of PREVIEW_HEIGHT_WIDTHS) heights.push(await resize(page, width));
    return heights;
  };

  const render = (uuid: string, withHeights: boolean) =>
    withPage(async (page): Promise<RenderedShots> => {
      const started = performance.now();
      await page.setViewportSize({ width: LARGE_WIDTH, height: VIEWPORT_HEIGHT });
      await page.goto(`${PREVIEW_ORIGIN}/${uuid}.html`, { waitUntil: 'load' });
      await page.evaluate((family) => document.fonts.load(`16px '${family}'`), PREVIEW_FONT_FAMILY);
      const large = await shootCurrent(page, LARGE_WIDTH, await settle(page));
      const lightProbe = await page.evaluate(probeColors);
      const small = await shootCurrent(page, SMALL_WIDTH, await resize(page, SMALL_WIDTH));
      const switched = performance.now();
      const smallDark = await shootCurrent(page, SMALL_WIDTH, await switchScheme(page, 'dark'));
      const largeDark = await shootCurrent(page, LARGE_WIDTH, await resize(page, LARGE_WIDTH));
      const darkProbe = await page.evaluate(probeColors);
      let heights: PreviewHeight[] = [];
      if (withHeights) {
        const darkHeights = await measureHeights(page);
        await switchScheme(page, 'light');
        const lightHeights = await measureHeights(page);
        heights = PREVIEW_HEIGHT_WIDTHS.map((width, index) => ({
          width,
          light: lightHeights[index]!,
          dark: darkHeights[index]!,
        }));
      }
      return {
        shots: [small, large, smallDark, largeDark],
        probes: { light: lightProbe, dark: darkProbe },
        heights,
        timings: { light: switched - started, dark: performance.now() - switched },
      };
    });

  const agreement: ShotAgreement = { identical: 0, withinTolerance: 0, retaken: 0 };
  return {
    agreement,
    async shoot(uuid, document) {
      documents.set(`${uuid}.html`, document);
      try {
        const first = await render(uuid, true);
        if (tamper) first.shots = tamper(uuid, first.shots, 0);
        const second = await render(uuid, false);
        if (tamper) second.shots = tamper(uuid, second.shots, 1);
        let shots: RenderedShots['shots'];
        const tally: ShotAgreement = { identical: 0, withinTolerance: 0, retaken: 0 };
        try {
          shots = agreedShots(uuid, [first.shots, second.shots], tally);
        } catch {
          tally.identical = tally.withinTolerance = 0;
          agreement.retaken++;
          const third = await render(uuid, false);
          if (tamper) third.shots = tamper(uuid, third.shots, 2);
          shots = agreedShots(uuid, [first.shots, second.shots, third.shots], tally);
        }
        agreement.identical += tally.identical;
        agreement.withinTolerance += tally.withinTolerance;
        const [small, large, smallDark, largeDark] = shots;
        const pair = (s: Uint8Array, l: Uint8Array): ScreenshotPair => ({
          small: s,
          large: l,
          smallSize: pngSize(s),
          largeSize: pngSize(l),
        });
        return {
          light: pair(small, large),
          dark: pair(smallDark, largeDark),
          probes: first.probes,
          timings: {
            light: first.timings.light + second.timings.light,
            dark: first.timings.dark + second.timings.dark,
          },
          heights: first.heights,
        };
      } finally {
        documents.delete(`${uuid}.html`);
      }
    },
    async close() {
      await Promise.all(slots.map(({ browser }) => browser.close()));
    },
  };
}
