import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readPendingList, writePendingList } from './dark-mode.ts';
import { PREVIEW_ORIGIN, servePreviews } from './screenshots.ts';

/**
 * Raised when what the check measures or how it judges changes: every cached verdict is then
 * taken again (its cache key includes this, never the screenshots' key).
 */
export const RTL_CHECK_VERSION = 2;

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
    const { variant, negative, utility } = partsOf(token);
    const mirror = mirrorOf(utility);
    if (mirror === null) continue;
    const twin = `${variant}${negative}${mirror}`;
    if ([twin, `${variant}!${negative}${mirror}`, `${twin}!`].some((t) => tokens.has(t))) continue;
    if (centred(variant, negative, utility, tokens)) continue;
    found.push(token);
  }
  return found;
}

/**
 * `sm:hover:!-ml-4` → variant `sm:hover:`, important `!` (before, or after as Tailwind v4 writes
 * it: `-ml-4!`), negative `-`, utility `ml-4`.
 */
function partsOf(token: string) {
  const colon = token.lastIndexOf(':');
  const variant = token.slice(0, colon + 1);
  let base = token.slice(colon + 1);
  const important = base.startsWith('!') ? '!' : '';
  const trailing = !important && base.endsWith('!') ? '!' : '';
  base = base.slice(important.length, base.length - trailing.length);
  const negative = base.startsWith('-') ? '-' : '';
  return { variant, important, trailing, negative, utility: base.slice(negative.length) };
}

// `left-1/2 -translate-x-1/2` centres a box on its parent whichever the direction, and so does
// `right-1/2 translate-x-1/2`: both are symmetric, and `start-1/2` would break them.
function centred(variant: string, negative: string, utility: string, tokens: Set<string>) {
  if (negative) return false;
  const shift =
    utility === 'left-1/2' ? '-translate-x-1/2' : utility === 'right-1/2' ? 'translate-x-1/2' : '';
  return shift !== '' && tokens.has(`${variant}${shift}`);
}

const LOGICAL_SIDE: Record<string, string> = {
  l: 's',
  r: 'e',
  tl: 'ss',
  tr: 'se',
  bl: 'es',
  br: 'ee',
  left: 'start',
  right: 'end',
};

/**
 * The logical spelling of a physical utility, the one that mirrors in a right-to-left document
 * and draws the same left to right: `ml-4` → `ms-4`, `border-r` → `border-e`, `rounded-tl-lg` →
 * `rounded-ss-lg`, `left-0` → `start-0`, `text-right` → `text-end`. Null for anything else.
 */
export function logicalOf(utility: string): string | null {
  return respelled(utility, (side) => LOGICAL_SIDE[side]!);
}

/**
 * A class list with every unpaired physical utility (see unpairedPhysicalClasses) spelled
 * logically, variants, `!` and `-` kept and everything else, spacing included, as written.
 */
export function logicalClassList(classList: string): string {
  const unpaired = new Set(unpairedPhysicalClasses(classList));
  const tokens = new Set(classList.split(/\s+/));
  return classList.replace(/\S+/g, (token) => {
    // An anchored popover's side (`[position-area:bottom_span-left]`): `x-start`/`x-end` are the
    // horizontal axis's start and end in the writing direction, so a menu aligned to its
    // button's end stays aligned to it right to left.
    if (token.includes('[position-area:')) {
      return token.replace(/\b(left|right)\b/g, (side) => (side === 'left' ? 'x-start' : 'x-end'));
    }
    const shift = /^((?:[\w-]+:)*)(-?)translate-x-([\w./]+)$/.exec(token);
    if (shift && shift[3] !== '0' && !shift[1]!.includes('rtl:')) {
      // A shift sideways (a switch's knob moving to "on") goes the other way right to left; the
      // centring `left-1/2 -translate-x-1/2` is symmetric and stays.
      const [, variant, negative] = shift;
      const twin = `rtl:${variant}${negative ? '' : '-'}translate-x-${shift[3]}`;
      const centring = tokens.has(`${variant}left-1/2`) || tokens.has(`${variant}right-1/2`);
      return centring || tokens.has(twin) ? token : `${token} ${twin}`;
    }
    if (!unpaired.has(token)) return token;
    const { variant, important, trailing, negative, utility } = partsOf(token);
    return `${variant}${important}${negative}${logicalOf(utility)}${trailing}`;
  });
}

function mirrorOf(utility: string): string | null {
  return respelled(utility, (side) =>
    side.length === 2 ? `${side[0]}${MIRROR[side[1]!]}` : (MIRROR[side] ?? side),
  );
}

/** A physical utility with its side (`l`, `tl`, `left`…) spelled by `side`; null if none. */
function respelled(utility: string, side: (physical: string) => string): string | null {
  for (const pattern of PHYSICAL) {
    const match = utility.match(pattern);
    if (!match) continue;
    if (pattern === PHYSICAL[3]) return `${side(match[1]!)}-${match[2]}`;
    if (pattern === PHYSICAL[4]) return `${match[1]}-${side(match[2]!)}`;
    const [, prefix, physical, rest] = match;
    const joiner = pattern === PHYSICAL[0] ? '' : '-';
    return `${prefix}${joiner}${side(physical!)}${rest === undefined ? '' : `-${rest}`}`;
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

/**
 * Icons that point a way (Heroicons' chevron-right and -left, arrow-right, 20px solid) and the
 * arrows written as text (→ ←): in a right-to-left document "next" points left, so each is
 * mirrored with `rtl:-scale-x-100`. Found by the start of the SVG path and by the text.
 */
export const POINTING_ICON_PATHS = [
  'M8.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25',
  'M11.78 5.22a.75.75 0 0 1 0 1.06L8.06 10',
  'M3 10a.75.75 0 0 1 .75-.75h10.638',
];
export const MIRROR_CLASS = 'rtl:-scale-x-100';

const SVG = /<svg\b([^>]*)>([\s\S]*?)<\/svg>/g;
const ARROW_SPAN = /<span\b([^>]*)>(→|←|&rarr;|&larr;)<\/span>/g;
const CLASS_ATTRIBUTE = /\b(?:class|className)="([^"]*)"/;

function pointsAWay(inner: string): boolean {
  return POINTING_ICON_PATHS.some((path) => inner.includes(`d="${path}`));
}

/** Each icon or arrow that points a way and is not mirrored: its tag, for a message. */
export function unmirroredIconsIn(html: string): string[] {
  const found: string[] = [];
  const mirrored = (attributes: string) =>
    (CLASS_ATTRIBUTE.exec(attributes)?.[1] ?? '').split(/\s+/).includes(MIRROR_CLASS);
  for (const [, attributes, inner] of html.matchAll(SVG)) {
    if (pointsAWay(inner!) && !mirrored(attributes!)) found.push('<svg> chevron or arrow');
  }
  for (const [, attributes, arrow] of html.matchAll(ARROW_SPAN)) {
    if (!mirrored(attributes!)) found.push(`<span>${arrow}</span>`);
  }
  return found;
}

/**
 * The classes that mirror a pointing icon: `rtl:-scale-x-100`, and the opposite turn or shift
 * for the ones it makes (`group-open:rotate-90` also gets `rtl:group-open:-rotate-90`, so an
 * open disclosure's chevron points down in both directions; `group-hover:translate-x-0.5` moves
 * it the way it points). A text arrow becomes `inline-block`, which a transform needs.
 */
function mirroredClassList(classList: string, text: boolean): string {
  const tokens = classList.split(/\s+/).filter(Boolean);
  if (tokens.includes(MIRROR_CLASS)) return classList;
  const added: string[] = [];
  if (text && !tokens.some((token) => /^(inline-block|block|flex|inline-flex)$/.test(token))) {
    added.push('inline-block');
  }
  added.push(MIRROR_CLASS);
  for (const token of tokens) {
    const turn = /^((?:[\w-]+:)*)(rotate|translate-x)-([\w./]+)$/.exec(token);
    if (turn) added.push(`rtl:${turn[1]}-${turn[2]}-${turn[3]}`);
  }
  return [...tokens, ...added.filter((token) => !tokens.includes(token))].join(' ');
}

/**
 * The HTML (or a JSX or Vue template) with every pointing icon and text arrow mirrored (see
 * mirroredClassList). An element without a class attribute gets one, spelled `attribute`.
 */
export function mirrorPointingIcons(html: string, attribute: 'class' | 'className' = 'class') {
  const withClasses = (attributes: string, text: boolean) =>
    CLASS_ATTRIBUTE.test(attributes)
      ? attributes.replace(
          CLASS_ATTRIBUTE,
          (whole, classes: string) =>
            whole.slice(0, whole.indexOf('"') + 1) + mirroredClassList(classes, text) + '"',
        )
      : `${attributes} ${attribute}="${mirroredClassList('', text)}"`;
  return html
    .replace(SVG, (whole, attributes: string, inner: string) =>
      pointsAWay(inner) ? `<svg${withClasses(attributes, false)}>${inner}</svg>` : whole,
    )
    .replace(
      ARROW_SPAN,
      (_, attributes: string, arrow: string) =>
        `<span${withClasses(attributes, true)}>${arrow}</span>`,
    );
}

export function rtlProblems(verdict: RtlVerdict & { unmirroredIcons?: string[] }): string[] {
  const problems: string[] = [];
  if (verdict.unmirrored.length > 0) {
    const shown = verdict.unmirrored.slice(0, 3).join('; ');
    const more = verdict.unmirrored.length > 3 ? ` and ${verdict.unmirrored.length - 3} more` : '';
    problems.push(`not mirrored right to left: ${shown}${more}`);
  }
  const icons = verdict.unmirroredIcons ?? [];
  if (icons.length > 0) {
    const counts = new Map<string, number>();
    for (const icon of icons) counts.set(icon, (counts.get(icon) ?? 0) + 1);
    problems.push(
      `icons that point a way, not mirrored (${MIRROR_CLASS}): ${[...counts].map(([icon, n]) => (n > 1 ? `${n}× ${icon}` : icon)).join(', ')}`,
    );
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
  // Inline runs, and everything inside one: a badge in a sentence moves with the sentence's
  // words (parents come before their children in document order).
  const inRun = new Set<Element>();
  all.forEach((element, index) => {
    if (element.closest('svg') && element.tagName.toLowerCase() !== 'svg') return;
    if (['SCRIPT', 'STYLE', 'TEMPLATE', 'BR'].includes(element.tagName)) return;
    if (element.parentElement && inRun.has(element.parentElement)) {
      inRun.add(element);
      return;
    }
    const style = getComputedStyle(element);
    const parentDisplay = element.parentElement
      ? getComputedStyle(element.parentElement).display
      : 'block';
    const laidOutByParent = /flex|grid/.test(parentDisplay);
    if (style.display.startsWith('inline') && !laidOutByParent && style.position === 'static') {
      inRun.add(element);
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
        // Each box where it comes to rest: a switch's knob eases to its mirrored place over
        // 200ms (transition-transform), and would be measured on its way there.
        await page.addStyleTag({
          content:
            '*, ::before, ::after { transition: none !important; animation: none !important; }',
        });
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
