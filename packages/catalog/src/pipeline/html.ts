import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap, ParserError } from 'parse5';

type P5Node = DefaultTreeAdapterMap['node'];
type P5Element = DefaultTreeAdapterMap['element'];

const NAMESPACES: Record<string, Namespace> = {
  'http://www.w3.org/1999/xhtml': 'html',
  'http://www.w3.org/2000/svg': 'svg',
  'http://www.w3.org/1998/Math/MathML': 'mathml',
};

type Namespace = 'html' | 'svg' | 'mathml';

/** An attribute as the browser sees it; `name` carries its prefix (`xlink:href`). */
type HtmlAttribute = { name: string; value: string };

export type HtmlElement = {
  kind: 'element';
  tag: string;
  namespace: Namespace;
  attrs: HtmlAttribute[];
  children: HtmlNode[];
};

type HtmlText = { kind: 'text'; value: string };

export type HtmlNode = HtmlElement | HtmlText;

export type ParseOptions = {
  /** Leave `<script>` elements out (the HTML side of a requires-JavaScript component). */
  dropScripts?: boolean;
  /** Called for every HTML5 parse error (the content must be valid HTML5). */
  onParseError?: (error: ParserError) => void;
};

/**
 * Parses an HTML fragment into a small tree: comments are dropped, adjacent text is merged and
 * (optionally) scripts are removed. Text is decoded (entities resolved), whitespace untouched.
 */
export function parseHtml(html: string, options: ParseOptions = {}): HtmlNode[] {
  const fragment = parseFragment(html, {
    onParseError: options.onParseError ?? null,
  });
  return convertChildren(fragment.childNodes, options);
}

function convertChildren(nodes: readonly P5Node[], options: ParseOptions): HtmlNode[] {
  const out: HtmlNode[] = [];
  for (const node of nodes) {
    if (node.nodeName === '#text' && 'value' in node) {
      const last = out.at(-1);
      if (last?.kind === 'text') last.value += node.value;
      else out.push({ kind: 'text', value: node.value });
    } else if ('tagName' in node) {
      if (options.dropScripts && node.tagName === 'script') continue;
      out.push(convertElement(node, options));
    }
    // Comments and doctypes carry nothing a snippet needs.
  }
  return out;
}

function convertElement(node: P5Element, options: ParseOptions): HtmlElement {
  const namespace = NAMESPACES[node.namespaceURI] ?? 'html';
  const childNodes =
    node.tagName === 'template' && 'content' in node
      ? (node as DefaultTreeAdapterMap['template']).content.childNodes
      : node.childNodes;
  return {
    kind: 'element',
    tag: node.tagName,
    namespace,
    attrs: node.attrs.map((attr) => ({
      name: attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name,
      value: attr.value,
    })),
    children: convertChildren(childNodes, options),
  };
}

/** The single root element of a component, or an error naming what else was found. */
export function rootElement(nodes: HtmlNode[], file: string): HtmlElement {
  const elements = nodes.filter((node) => node.kind === 'element');
  const strayText = nodes.some((node) => node.kind === 'text' && node.value.trim() !== '');
  const root = elements[0];
  if (!root || elements.length > 1 || strayText) {
    throw new Error(`${file}: a component needs exactly one root element`);
  }
  return root;
}

/** Elements whose text content is preformatted or a form value: whitespace is kept exactly. */
export const PRESERVE_WHITESPACE = new Set(['pre', 'textarea', 'listing', 'plaintext', 'xmp']);

/** HTML's boolean attributes (present = true; the value is irrelevant). */
export const BOOLEAN_ATTRIBUTES = new Set([
  'allowfullscreen',
  'async',
  'autofocus',
  'autoplay',
  'checked',
  'controls',
  'default',
  'defer',
  'disabled',
  'formnovalidate',
  'inert',
  'ismap',
  'itemscope',
  'loop',
  'multiple',
  'muted',
  'nomodule',
  'novalidate',
  'open',
  'playsinline',
  'readonly',
  'required',
  'reversed',
  'selected',
  'shadowrootclonable',
  'shadowrootdelegatesfocus',
  'shadowrootserializable',
]);

export function textContent(node: HtmlNode): string {
  return node.kind === 'text' ? node.value : node.children.map(textContent).join('');
}

export function getAttribute(element: HtmlElement, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}
