import type { HtmlElement, HtmlNode } from './html.ts';

// What whitespace in authored HTML means, shared by the React converter and the fidelity check.
//
// Authors indent their markup; JSX drops whitespace next to line breaks and Vue's default
// `whitespace: 'condense'` drops whitespace-only lines between elements. Neither may drop a space
// the reader can see. The rule both the converter and the check follow:
//  - whitespace inside text ("two words") is content: one space;
//  - whitespace between text and an element ("Read <a>more</a>", "<svg/> Run") is content;
//  - whitespace at the start or end of an element's content is formatting (CSS drops it at the
//    edges of a line), and so is a whitespace-only run containing a line break between two
//    elements (the author's indentation);
//  - whitespace-only runs without a line break between two elements ("</a> <a>") are content.
// Formatting whitespace may be kept or dropped by a framework; content whitespace must survive.

const WHITESPACE = /[\t\n\f\r ]+/g;
const ONLY_WHITESPACE = /^[\t\n\f\r ]*$/;
const LEADING = /^[\t\n\f\r ]+/;
const TRAILING = /[\t\n\f\r ]+$/;

type SpaceKind = 'none' | 'optional' | 'required';

type SemanticText = {
  kind: 'text';
  /** The words with inner whitespace collapsed to single spaces, no leading/trailing space. */
  text: string;
  lead: SpaceKind;
  trail: SpaceKind;
};

/** A whitespace-only run between (or around) elements. */
type SemanticSpace = { kind: 'space'; required: boolean };

export type SemanticChild = HtmlElement | SemanticText | SemanticSpace;

function isWhitespaceOnly(text: string): boolean {
  return ONLY_WHITESPACE.test(text);
}

/** Trims HTML whitespace only (`String.prototype.trim` would also eat no-break spaces). */
export function trimAsciiWhitespace(text: string): string {
  return text.replace(LEADING, '').replace(TRAILING, '');
}

export function collapseWhitespace(text: string): string {
  return text.replace(WHITESPACE, ' ');
}

/** Applies the rule above to one element's (already merged) children. */
export function semanticChildren(children: HtmlNode[]): SemanticChild[] {
  const out: SemanticChild[] = [];
  children.forEach((child, index) => {
    if (child.kind === 'element') {
      out.push(child);
      return;
    }
    const atStart = index === 0;
    const atEnd = index === children.length - 1;
    if (isWhitespaceOnly(child.value)) {
      if (child.value === '') return;
      const required = !atStart && !atEnd && !/[\n\r\f]/.test(child.value);
      out.push({ kind: 'space', required });
      return;
    }
    const lead: SpaceKind = LEADING.test(child.value)
      ? atStart
        ? 'optional'
        : 'required'
      : 'none';
    const trail: SpaceKind = TRAILING.test(child.value)
      ? atEnd
        ? 'optional'
        : 'required'
      : 'none';
    out.push({
      kind: 'text',
      text: collapseWhitespace(trimAsciiWhitespace(child.value)),
      lead,
      trail,
    });
  });
  return out;
}
