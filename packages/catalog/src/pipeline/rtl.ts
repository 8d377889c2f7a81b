import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readPendingList, writePendingList } from './dark-mode.ts';
import { PREVIEW_ORIGIN, servePreviews } from './screenshots.ts';

/**
 * Raised when what the check measures or how it judges changes: every cached verdict is then
 * taken again (its cache key includes this, never the screenshots' key).
 */
export const RTL_CHECK_VERSION = 1;

/** The width the component is laid out at for the comparison (Tailwind's lg breakpoint). */
export const RTL_CHECK_WIDTH = 1024;

/** Sub-pixel layout and rounding: a box this close to its mirror image is mirrored. */
export const RTL_TOLERANCE = 2;

/** A box, in CSS pixels from the document's left edge. */
export type Box = { x: number; width: number };

/** One element as laid out left to right and right to left (`element` names it for a message). */
export type MirrorSample = { element: string; ltr: Box; rtl: Box };

export type RtlVerdict = {
  /** Elements whose right-to-left box is not the mirror image of their left-to-right one. */
  unmirrored: string[];
  /** Physical (left/right) utility classes without their counterpart on the same element. */
  physicalClasses: string[];
};

/**
 * In a right-to-left document every box should be the mirror image of its left-to-right self
 * about the page's vertical centre line: x' = width − (x + w). An element whose left margin,
 * padding, position or corner is spelled physically (ml-4, left-0, translate-x-2) stays where
 * it was and breaks this.
 */
export function unmirrored(samples: MirrorSample[], pageWidth: number): string[] {
  const problems: string[] = [];
  for (const { element, ltr, rtl } of samples) {
    const expected = pageWidth - (ltr.x + ltr.width);
    if (
      Math.abs(rtl.x - expected) > RTL_TOLERANCE ||
      Math.abs(rtl.width - ltr.width) > RTL_TOLERANCE
    ) {
      problems.push(
        `${element} at x=${Math.round(rtl.x)} right to left, ${Math.round(expected)} expected`,
      );
    }
  }
  return problems;
}

// `ml-4`, `pr-2`, `left-0`, `border-l`, `rounded-tl-lg`, `text-left`, `float-right`, `-ml-px`,
// `scroll-pl-6`, `translate-x-*` is left out: a centred element (left-1/2 -translate-x-1/2) is
// symmetric, and the boxes catch the rest.
const PHYSICAL = [
  /^(m|p|scroll-m|scroll-p)([lr])-(.+)$/,
  /^(border)-([lr])(?:-(.+))?$/,
  /^(rounded)-([lr]|[tb][lr])(?:-(.+))?$/,
  /^(left|right)-(.+)$/,
  /^(text|float|clear)-(left|right)$/,
];

const MIRROR: Record<string, string> = { l: 'r', r: 'l', left: 'right', right: 'left' };

/**
 * The physical utilities on one element that have no mirror counterpart beside them:
 * `ml-4` alone is one, `pl-4 pr-4` (or `left-0 right-0`) is symmetric and not. Variants
 * (`sm:`, `hover:`) and the `!` and `-` prefixes are compared as written.
 */
export function unpairedPhysicalClasses(classList: string): string[] {
  const tokens = new Set(classList.split(/\s+/).filter(Boolean));
  const found: string[] = [];
  for (const token of tokens) {
    const colon = token.lastIndexOf(':');
    const variant = token.slice(0, colon + 1);
    const base = token.slice(colon + 1).replace(/^!/, '');
    const negative = base.startsWith('-') ? '-' : '';
    const utility = base.slice(negative.length);
    const mirror = mirrorOf(utility);
    if (mirror === null) continue;
    const twin = `${variant}${negative}${mirror}`;
    if (!tokens.has(twin) && !tokens.has(`${variant}!${negative}${mirror}`)) found.push(token);
  }
  return found;
}

function mirrorOf(utility: string): string | null {
  for (const pattern of PHYSICAL) {
    const match = utility.match(pattern);
    if (!match) continue;
    if (pattern === PHYSICAL[3]) return `${MIRROR[match[1]!]}-${match[2]}`;
    if (pattern === PHYSICAL[4]) return `${match[1]}-${MIRROR[match[2]!]}`;
    const [, prefix, side, rest] = match;
    const mirrored =
      side!.length === 2 ? `${side![0]}${MIRROR[side![1]!]}` : (MIRROR[side!] ?? side!);
    const joiner = pattern === PHYSICAL[0] ? '' : '-';
    return `${prefix}${joiner}${mirrored}${rest === undefined ? '' : `-${rest}`}`;
  }
  return null;
}

/** Every unpaired physical class in a component's HTML (`class` and React's `className`). */
export function physicalClassesIn(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/\bclass(?:Name)?="([^"]*)"/g)) {
    for (const token of unpairedPhysicalClasses(match[1]!)) found.add(token);
  }
  return [...found].sort();
}

export function rtlProblems(verdict: RtlVerdict): string[] {
  const problems: string[] = [];
  if (verdict.unmirrored.length > 0) {
    const shown = verdict.unmirrored.slice(0, 3).join('; ');
    const more = verdict.unmirrored.length > 3 ? ` and ${verdict.unmirrored.length - 3} more` : '';
    problems.push(`not mirrored right to left: ${shown}${more}`);
  }
  if (verdict.physicalClasses.length > 0) {
    problems.push(
      `physical classes (use ms-/me-/ps-/pe-/start-/end-/text-start/rounded-s…): ${verdict.physicalClasses.join(' ')}`,
    );
  }
  return problems;
}

// Runs in the page. In-flow and positioned boxes that are not inline runs of text: an inline
// element inside a sentence of Latin text keeps its left-to-right order in a right-to-left
// paragraph (the Unicode bidi algorithm), which is right, not a fault. Inside an <svg> only the
// <svg> itself counts. Elements not drawn (zero size, display: none) are left out.
function measureBoxes(): { element: string; x: number; width: number }[] {
  const out: { element: string; x: number; width: number }[] = [];
  const all = document.body.querySelectorAll('*');
  all.forEach((element, index) => {
    if (element.closest('svg') && element.tagName.toLowerCase() !== 'svg') return;
    if (['SCRIPT', 'STYLE', 'TEMPLATE', 'BR'].includes(element.tagName)) return;
    const style = getComputedStyle(element);
    const parentDisplay = element.parentElement
      ? getComputedStyle(element.parentElement).display
      : 'block';
    const laidOutByParent = /flex|grid/.test(parentDisplay);
    if (style.display.startsWith('inline') && !laidOutByParent && style.position === 'static') {
      return;
    }
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return;
    const classes = (element.getAttribute('class') ?? '').trim().split(/\s+/).slice(0, 4).join('.');
    const name = `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}#${index}`;
    out.push({ element: name, x: rect.left + scrollX, width: rect.width });
  });
  return out;
}

export type RtlChecker = {
  /** Lays the preview document out left to right, then right to left, on one page. */
  check(key: string, preview: string, html: string): Promise<RtlVerdict>;
  close(): Promise<void>;
};

/**
 * A Chromium page the check reuses for every component (one document load each: the preview
 * is set, measured, switched to dir="rtl" in place and measured again).
 */
export async function launchRtlChecker({
  browser,
  imagesDir,
}: {
  browser: Browser;
  imagesDir: string;
}): Promise<RtlChecker> {
  const files = new Map<string, string>();
  const context: BrowserContext = await browser.newContext({
    viewport: { width: RTL_CHECK_WIDTH, height: 800 },
    reducedMotion: 'reduce',
  });
  await servePreviews(context, imagesDir, files);
  const page: Page = await context.newPage();
  return {
    async check(key, preview, html) {
      const name = `rtl-${key}.html`;
      files.set(name, preview);
      try {
        await page.goto(`${PREVIEW_ORIGIN}/${name}`, { waitUntil: 'load' });
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        const pageWidth = await page.evaluate(() => document.documentElement.clientWidth);
        const ltr = await page.evaluate(measureBoxes);
        await page.evaluate(() => {
          document.documentElement.dir = 'rtl';
        });
        const rtl = await page.evaluate(measureBoxes);
        const byName = new Map(rtl.map((box) => [box.element, box]));
        const samples: MirrorSample[] = [];
        for (const box of ltr) {
          const other = byName.get(box.element);
          if (other)
            samples.push({ element: box.element.replace(/#\d+$/, ''), ltr: box, rtl: other });
        }
        return {
          unmirrored: unmirrored(samples, pageWidth),
          physicalClasses: physicalClassesIn(html),
        };
      } finally {
        files.delete(name);
      }
    },
    async close() {
      await context.close();
    },
  };
}

/**
 * `rtl-pending.txt`: component paths not yet correct right to left, one a line; `#` starts a
 * comment. Like dark-pending.txt it only shrinks: the build fails for a listed component that
 * passes.
 */
export function readRtlPending(file: string): Set<string> {
  return readPendingList(file);
}

export function writeRtlPending(file: string, paths: Iterable<string>): void {
  writePendingList(
    file,
    [
      '# Components not yet right in a right-to-left document (CONTENT.md "Right to left").',
      '# Generated by',
      '#   node packages/catalog/scripts/build.ts --write-rtl-pending',
      '# The build fails for a component that is not mirrored and is not listed here, and for a',
      '# listed one that passes: remove lines as components move to logical properties.',
    ],
    paths,
  );
}
