import { compileTailwindCss } from '../tailwind.ts';

/** The message a preview frame posts to its parent whenever its content height changes. */
export const BODY_HEIGHT = 'BODY_HEIGHT';

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

// Runs inside a sandboxed iframe (allow-scripts, opaque origin): the receiver checks
// event.source, so the target origin has to be '*'.
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
  new ResizeObserver(report).observe(document.body);
  addEventListener('load', report);
})();</script>`;
}

export type PreviewInput = { uuid: string; name: string; html: string; css: string };

/**
 * A standalone document for one component: compiled Tailwind CSS inlined (no CDN), the
 * component's HTML including its script, and a script reporting the body height. Image paths
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
