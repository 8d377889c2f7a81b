import { createHighlighter } from 'shiki';
import type { Highlighter } from 'shiki';

export type HighlightLanguage = 'html' | 'jsx' | 'tsx' | 'vue';

const HIGHLIGHT_THEME = 'github-light';

let highlighter: Promise<Highlighter> | undefined;

/** One Shiki highlighter for the whole process (loading grammars is the slow part). */
function getHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({
    themes: [HIGHLIGHT_THEME],
    langs: ['html', 'jsx', 'tsx', 'vue'],
  });
  return highlighter;
}

/** Highlights code at build time: Shiki's `<pre class="shiki …"><code>…</code></pre>` HTML. */
export async function highlight(code: string, lang: HighlightLanguage): Promise<string> {
  const shiki = await getHighlighter();
  return shiki.codeToHtml(code, { lang, theme: HIGHLIGHT_THEME });
}

/** Frees the highlighter (tests and one-shot builds). */
export async function disposeHighlighter(): Promise<void> {
  if (!highlighter) return;
  const shiki = await highlighter;
  highlighter = undefined;
  shiki.dispose();
}
