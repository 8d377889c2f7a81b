import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import type { HtmlElement, HtmlNode } from './html.ts';
import { ConversionError } from './to-react.ts';
import { spaceBetweenMayShow } from './whitespace.ts';

type P5Node = DefaultTreeAdapterMap['node'];
type P5Element = DefaultTreeAdapterMap['element'];

const NAMESPACES: Record<string, HtmlElement['namespace']> = {
  'http://www.w3.org/2000/svg': 'svg',
  'http://www.w3.org/1998/Math/MathML': 'mathml',
};

/** The element without its children: what the whitespace rule looks at (tag, class, hidden). */
function shallow(node: P5Element): HtmlElement {
  return {
    kind: 'element',
    tag: node.tagName,
    namespace: NAMESPACES[node.namespaceURI] ?? 'html',
    attrs: node.attrs.map((attr) => ({ name: attr.name, value: attr.value })),
    children: [],
  };
}

/** Siblings as the whitespace rule reads them; comments (removed) as empty text. */
function shallowNode(node: P5Node): HtmlNode {
  if (isElement(node)) return shallow(node);
  return { kind: 'text', value: node.nodeName === '#text' && 'value' in node ? node.value : '' };
}

const isElement = (node: P5Node | undefined): node is P5Element =>
  node !== undefined && 'tagName' in node;

type Edit = { start: number; end: number; text: string };

// Attribute names Vue's template compiler would read as directives or special props.
const VUE_SYNTAX = /^(v-|:|@|#|\.)/;

/**
 * Converts a component's HTML to a Vue single-file component template. Vue templates are HTML,
 * so the author's markup is kept as written; only what Vue would read differently changes:
 * comments and scripts are dropped, text `{{` is escaped so it is not an interpolation, and a
 * line break between two elements that the browser draws as a space (whitespace.ts) becomes a
 * plain space, which Vue's default `whitespace: 'condense'` keeps (it drops whitespace-only
 * runs with a line break between elements).
 */
export function htmlToVue(html: string, { file = 'component' }: { file?: string } = {}): string {
  const source = html.replace(/\r\n?/g, '\n');
  const fragment = parseFragment(source, { sourceCodeLocationInfo: true });
  const edits: Edit[] = [];
  let preformatted = false;
  let inPre = false;

  const visit = (node: P5Node, parent: P5Element | null, index: number) => {
    const location = 'sourceCodeLocation' in node ? node.sourceCodeLocation : undefined;
    if (node.nodeName === '#comment' || ('tagName' in node && node.tagName === 'script')) {
      if (location) edits.push(removal(source, location.startOffset, location.endOffset));
      return;
    }
    if (node.nodeName === '#text' && 'value' in node && location) {
      const raw = source.slice(location.startOffset, location.endOffset);
      const siblings = parent?.childNodes ?? [];
      const before = siblings[index - 1];
      const after = siblings[index + 1];
      if (
        !inPre &&
        /^[\t\n\f\r ]+$/.test(raw) &&
        /[\n\r\f]/.test(raw) &&
        isElement(before) &&
        isElement(after) &&
        spaceBetweenMayShow(parent && shallow(parent), siblings.map(shallowNode), index)
      ) {
        edits.push({ start: location.startOffset, end: location.endOffset, text: ' ' });
      } else if (raw.includes('{{')) {
        edits.push({
          start: location.startOffset,
          end: location.endOffset,
          text: raw.replaceAll('{{', "{{ '{{' }}"),
        });
      }
      return;
    }
    if ('tagName' in node) {
      for (const attr of node.attrs) {
        if (VUE_SYNTAX.test(attr.name)) {
          throw new ConversionError(
            `${file}: attribute "${attr.name}" would be read as Vue syntax`,
          );
        }
      }
      const wasInPre = inPre;
      if (node.tagName === 'pre' || node.tagName === 'textarea') preformatted = inPre = true;
      node.childNodes.forEach((child, childIndex) => visit(child, node, childIndex));
      inPre = wasInPre;
    }
  };
  fragment.childNodes.forEach((child, index) => visit(child, null, index));

  let out = source;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  const text = out.trim();
  const body = indent(text, preformatted ? preformattedRanges(text) : []);
  return `<template>\n${body}\n</template>\n`;
}

/** Removes source[start, end), with its whole line when nothing else is on it. */
function removal(source: string, start: number, end: number): Edit {
  const lineStart = source.lastIndexOf('\n', start - 1) + 1;
  const newline = source.indexOf('\n', end);
  const lineEnd = newline < 0 ? source.length : newline + 1;
  const before = source.slice(lineStart, start);
  const after = source.slice(end, lineEnd);
  if (/^[ \t]*$/.test(before) && /^[ \t]*\n?$/.test(after)) {
    return { start: lineStart, end: lineEnd, text: '' };
  }
  return { start, end, text: '' };
}

function preformattedRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const fragment = parseFragment(text, { sourceCodeLocationInfo: true });
  const visit = (node: P5Node) => {
    if (!('tagName' in node)) return;
    const location = node.sourceCodeLocation;
    if (
      (node.tagName === 'pre' || node.tagName === 'textarea') &&
      location?.startTag &&
      location.endTag
    ) {
      ranges.push([location.startTag.endOffset, location.endTag.startOffset]);
    }
    for (const child of node.childNodes) visit(child);
  };
  for (const child of fragment.childNodes) visit(child);
  return ranges;
}

/** Indents every line by two spaces, except lines that start inside preformatted content. */
function indent(text: string, preserved: Array<[number, number]>): string {
  let offset = 0;
  return text
    .split('\n')
    .map((line) => {
      const start = offset;
      offset += line.length + 1;
      if (line === '') return line;
      if (preserved.some(([from, to]) => start > from && start <= to)) return line;
      return `  ${line}`;
    })
    .join('\n');
}
