import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { ConversionError } from './to-react.ts';

type P5Node = DefaultTreeAdapterMap['node'];

type Edit = { start: number; end: number; text: string };

// Attribute names Vue's template compiler would read as directives or special props.
const VUE_SYNTAX = /^(v-|:|@|#|\.)/;

/**
 * Converts a component's HTML to a Vue single-file component template. Vue templates are HTML,
 * so the author's markup is kept as written; only what Vue would read differently changes:
 * comments and scripts are dropped and text `{{` is escaped so it is not an interpolation.
 */
export function htmlToVue(html: string, { file = 'component' }: { file?: string } = {}): string {
  const source = html.replace(/\r\n?/g, '\n');
  const fragment = parseFragment(source, { sourceCodeLocationInfo: true });
  const edits: Edit[] = [];
  let preformatted = false;

  const visit = (node: P5Node) => {
    const location = 'sourceCodeLocation' in node ? node.sourceCodeLocation : undefined;
    if (node.nodeName === '#comment' || ('tagName' in node && node.tagName === 'script')) {
      if (location) edits.push(removal(source, location.startOffset, location.endOffset));
      return;
    }
    if (node.nodeName === '#text' && 'value' in node && location) {
      const raw = source.slice(location.startOffset, location.endOffset);
      if (raw.includes('{{')) {
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
      if (node.tagName === 'pre' || node.tagName === 'textarea') preformatted = true;
      for (const child of node.childNodes) visit(child);
    }
  };
  for (const child of fragment.childNodes) visit(child);

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
