import { createHighlighter, type Highlighter } from 'shiki';

/** The hast tree Shiki produces; named here because `hast` itself is not a direct dependency. */
export type HastRoot = ReturnType<Highlighter['codeToHast']>;
export type HastChild = HastRoot['children'][number];
export type HastElement = Extract<HastChild, { type: 'element' }>;

const CODE_THEME = 'github-dark';

/** Languages the docs and changelog use; anything else is shown as plain text. */
const LANGUAGES = [
  'html',
  'css',
  'javascript',
  'typescript',
  'jsx',
  'tsx',
  'vue',
  'shellscript',
  'json',
  'yaml',
  'diff',
] as const;

let highlighter: Promise<Highlighter> | undefined;

function getHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({ themes: [CODE_THEME], langs: [...LANGUAGES] });
  return highlighter;
}

/**
 * Frees the highlighter (its WebAssembly regex engine and compiled grammars, tens of MiB) once
 * the caller has nothing more to highlight: the server renders its content pages once, at
 * start. A later call to `highlightToHast` makes a new one.
 */
export async function disposeHighlighter(): Promise<void> {
  const current = highlighter;
  highlighter = undefined;
  (await current)?.dispose();
}

/** Highlights `code` with Shiki and returns its `<pre class="shiki">` element as hast. */
export async function highlightToHast(code: string, language: string): Promise<HastElement> {
  const shiki = await getHighlighter();
  const known = shiki.getLoadedLanguages().includes(language);
  const root = shiki.codeToHast(code, { lang: known ? language : 'text', theme: CODE_THEME });
  const pre = root.children.find((child): child is HastElement => child.type === 'element');
  if (!pre) throw new Error(`Shiki returned no <pre> for a ${language} code block`);
  pre.properties.dataLanguage = known ? language : 'text';
  return pre;
}
