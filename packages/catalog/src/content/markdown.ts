import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { highlightToHast, type HastChild, type HastElement, type HastRoot } from './highlight.ts';

/**
 * GitHub's schema, unchanged apart from not prefixing ids: rehype-slug runs after sanitising,
 * so heading ids are derived from (already sanitised) text and stay readable as anchors.
 */
const schema: SanitizeSchema = { ...defaultSchema, clobberPrefix: '' };

function textOf(node: HastChild | HastRoot): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element' || node.type === 'root') {
    return node.children.map((child) => textOf(child)).join('');
  }
  return '';
}

function codeLanguage(code: HastElement): string {
  const classes = code.properties.className;
  const list = Array.isArray(classes) ? classes : [];
  const language = list.map(String).find((name) => name.startsWith('language-'));
  return language ? language.slice('language-'.length).toLowerCase() : 'text';
}

/**
 * Replaces each sanitised `<pre><code class="language-x">` with Shiki's output. It runs after
 * rehype-sanitize on purpose: Shiki only ever sees text, and its markup (spans with inline
 * colours) is ours, so sanitising never has to allow `style` for authored content.
 */
function rehypeShiki() {
  return async (tree: HastRoot) => {
    const jobs: Promise<void>[] = [];
    const visit = (parent: HastRoot | HastElement) => {
      parent.children.forEach((child, index) => {
        if (child.type !== 'element') return;
        const code = child.children[0];
        if (child.tagName === 'pre' && code?.type === 'element' && code.tagName === 'code') {
          const source = textOf(code).replace(/\n$/, '');
          jobs.push(
            highlightToHast(source, codeLanguage(code)).then((pre) => {
              parent.children[index] = pre;
            }),
          );
          return;
        }
        visit(child);
      });
    };
    visit(tree);
    await Promise.all(jobs);
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  // Raw HTML in Markdown is dropped here (no allowDangerousHtml): authors write Markdown only.
  .use(remarkRehype)
  .use(rehypeSanitize, schema)
  .use(rehypeSlug)
  .use(rehypeShiki)
  .use(rehypeStringify);

/** Markdown (GFM) to sanitised HTML with slugged heading ids and Shiki-highlighted code. */
export async function renderMarkdown(markdown: string): Promise<string> {
  const file = await processor.process(markdown);
  return String(file).trim();
}
