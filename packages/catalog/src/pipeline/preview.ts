import { compileTailwindCss } from '../tailwind.ts';

/** The message a preview frame posts to its parent whenever its content height changes. */
export const BODY_HEIGHT = 'BODY_HEIGHT';
/**
 * The message a parent posts to a preview frame to ask for its height now (`{type}`): sent once
 * the parent listens (on mount and on the frame's load), so a BODY_HEIGHT posted before the
 * parent's page was ready is never the only one.
 */
export const BODY_HEIGHT_REQUEST = 'BODY_HEIGHT_REQUEST';

/** The message a parent posts to a preview frame to switch it: `{type, scheme}`. */
export const COLOR_SCHEME = 'COLOR_SCHEME';
export const COLOR_SCHEMES = ['light', 'dark', 'system'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
/** Fired on the preview's window after the scheme is applied (the height reporter re-measures). */
export const COLOR_SCHEME_APPLIED = 'colorschemeapplied';

/** The message a parent posts to a preview frame to set its document's direction: `{type, direction}`. */
export const DIRECTION = 'DIRECTION';
export const DIRECTIONS = ['ltr', 'rtl'] as const;
export type Direction = (typeof DIRECTIONS)[number];

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

// In <head>, so the first paint is already in the chosen mode: `#color-scheme=dark` in the
// frame's URL picks the initial scheme, a COLOR_SCHEME message from the parent switches it
// without a reload. `system` follows prefers-color-scheme, live.
function colorSchemeSwitch(): string {
  return `<script>(() => {
  const root = document.documentElement;
  const query = matchMedia('(prefers-color-scheme: dark)');
  const schemes = ${JSON.stringify(COLOR_SCHEMES)};
  let scheme = 'light';
  const apply = () => {
    const dark = scheme === 'dark' || (scheme === 'system' && query.matches);
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    dispatchEvent(new Event(${JSON.stringify(COLOR_SCHEME_APPLIED)}));
  };
  const choose = (value) => {
    if (!schemes.includes(value)) return;
    scheme = value;
    apply();
  };
  choose(new URLSearchParams(location.hash.slice(1)).get('color-scheme'));
  query.addEventListener('change', () => { if (scheme === 'system') apply(); });
  addEventListener('message', (event) => {
    const data = event.data;
    if (event.source !== parent || !data || data.type !== ${JSON.stringify(COLOR_SCHEME)}) return;
    choose(data.scheme);
  });
})();</script>`;
}

// In <head> like the colour scheme: `#dir=rtl` in the frame's URL lays the first paint out right
// to left, a DIRECTION message from the parent switches `dir` on <html> without a reload. The
// height reporter re-measures after a switch (text may wrap differently).
const DIRECTION_SWITCH = `<script>(() => {
  const root = document.documentElement;
  const directions = ${JSON.stringify(DIRECTIONS)};
  const choose = (value) => {
    if (!directions.includes(value)) return;
    root.dir = value;
    dispatchEvent(new Event(${JSON.stringify(COLOR_SCHEME_APPLIED)}));
  };
  choose(new URLSearchParams(location.hash.slice(1)).get('dir'));
  addEventListener('message', (event) => {
    const data = event.data;
    if (event.source !== parent || !data || data.type !== ${JSON.stringify(DIRECTION)}) return;
    choose(data.direction);
  });
})();</script>`;

/**
 * The published preview: the document {@link previewDocument} makes, with the direction switch
 * at the end of its <head>. Added when the file is written, not inside previewDocument: the
 * screenshots are keyed on (and taken of) that document, left to right either way, so the
 * switch retakes none of them.
 */
export function withDirectionSwitch(document: string): string {
  const end = document.indexOf('</head>');
  return end === -1 ? document : document.slice(0, end) + DIRECTION_SWITCH + document.slice(end);
}

// Runs inside a sandboxed iframe (allow-scripts, opaque origin): the receiver checks
// event.source, so the target origin has to be '*'. It reports at once, on every size change
// (ResizeObserver), on load and after a scheme switch, and whenever its parent asks
// (BODY_HEIGHT_REQUEST from the parent window only): the parent may start listening after the
// first reports were sent.
function heightReporter(uuid: string): string {
  return `<script>(() => {
  const name = ${JSON.stringify(uuid)};
  let last = -1;
  const report = () => {
    const height = Math.ceil(Math.max(document.body.scrollHeight, document.body.getBoundingClientRect().height));
    if (height === last) return;
    last = height;
    parent.postMessage({ type: ${JSON.stringify(BODY_HEIGHT)}, name, height }, '*');
  };
  const again = () => {
    last = -1;
    report();
  };
  new ResizeObserver(report).observe(document.body);
  addEventListener('load', report);
  addEventListener(${JSON.stringify(COLOR_SCHEME_APPLIED)}, again);
  addEventListener('message', (event) => {
    const data = event.data;
    if (event.source !== parent || !data || data.type !== ${JSON.stringify(BODY_HEIGHT_REQUEST)}) return;
    again();
  });
  report();
})();</script>`;
}

/**
 * The text face the components are designed with (Inter, variable, Latin), served by the site
 * from the catalogue build (`dist/fonts/`) so previews and screenshots never fall back to the
 * machine's sans-serif and never reach a font CDN.
 */
export const PREVIEW_FONT_FILE = 'inter-latin-wght-normal.woff2';
export const PREVIEW_FONT_URL = `/catalog/fonts/${PREVIEW_FONT_FILE}`;
export const PREVIEW_FONT_FAMILY = 'Inter Variable';

// After Tailwind's CSS: its theme variables live in a cascade layer, so this unlayered rule
// wins. `block`: text waits for the face rather than being drawn in the fallback first.
const FONT_CSS =
  `@font-face{font-family:'${PREVIEW_FONT_FAMILY}';font-style:normal;font-display:block;font-weight:100 900;` +
  `src:url(${PREVIEW_FONT_URL}) format('woff2-variations');` +
  'unicode-range:U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD}' +
  `:root{--font-sans:'${PREVIEW_FONT_FAMILY}',ui-sans-serif,system-ui,sans-serif,'Apple Color Emoji','Segoe UI Emoji','Segoe UI Symbol','Noto Color Emoji'}`;

export type PreviewInput = { uuid: string; name: string; html: string; css: string };

/**
 * A standalone document for one component: compiled Tailwind CSS inlined (no CDN), Inter from
 * the site's own origin (PREVIEW_FONT_URL), the
 * component's HTML including its script, a script reporting the body height, and one applying
 * the colour scheme the parent chooses (light by default). Image paths
 * stay `/images/catalog/...`, served by the site.
 */
export function previewDocument({ uuid, name, html, css }: PreviewInput): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(name)}</title>`,
    `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`,
    `<style>${FONT_CSS}</style>`,
    colorSchemeSwitch(),
    '</head>',
    '<body>',
    html.trim(),
    heightReporter(uuid),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Compiles the CSS this component's HTML uses and wraps it in a preview document. */
export async function buildPreview(input: Omit<PreviewInput, 'css'>): Promise<string> {
  const css = await compileTailwindCss([input.html]);
  return previewDocument({ ...input, css });
}
