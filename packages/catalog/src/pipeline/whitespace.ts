import { getAttribute } from './html.ts';
import type { HtmlElement, HtmlNode } from './html.ts';

// What whitespace in authored HTML means to the converters (React needs `{' '}` where JSX would
// drop a space the browser draws; Vue's `whitespace: 'condense'` drops whitespace-only runs with
// a line break between elements).
//
// In `white-space: normal` every run of whitespace the author wrote is drawn as at most one
// space, so keeping one space for every run is always faithful; dropping one is only safe where
// the browser provably draws nothing, whatever the viewport or the theme:
//  - whitespace inside text ("two words") is content;
//  - whitespace-only runs between two elements are dropped only when the parent lays its
//    children out as flex or grid items at every breakpoint (such runs are not rendered there),
//    or when one neighbour is a block-level box at every breakpoint (the run then sits at the
//    end or start of a line and is removed); a `<br>` neighbour counts as a line end too;
//  - whitespace between text and an element is dropped only when the element is block-level at
//    every breakpoint, or the parent is flex or grid (its text runs are trimmed items);
//  - whitespace at the start or end of an element's content is dropped only when the element
//    is a block container at every breakpoint (block, inline-block, flex, grid…): inside a
//    `display: inline` element (`<a>`, `<span>`) it joins the surrounding line and is drawn.
// The fidelity check does not use this rule: it compares the text Chromium draws.

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

// Elements whose default display is a block-level box (HTML's user-agent style sheet).
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'legend',
  'li',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'search',
  'section',
  'summary',
  'table',
  'ul',
]);

// Elements whose default display is `inline-block` (a block container inside a line).
const INLINE_BLOCK_TAGS = new Set(['button', 'select', 'textarea', 'input', 'meter', 'progress']);

// Tailwind display utilities.
const DISPLAY = new Set([
  'block',
  'inline-block',
  'inline',
  'flex',
  'inline-flex',
  'grid',
  'inline-grid',
  'table',
  'inline-table',
  'flow-root',
  'contents',
  'list-item',
  'hidden',
  'table-caption',
  'table-cell',
  'table-column',
  'table-column-group',
  'table-footer-group',
  'table-header-group',
  'table-row-group',
  'table-row',
]);

// Utilities that take a box out of the line: whitespace beside it joins its other neighbours.
const OUT_OF_FLOW = /^(?:absolute|fixed|sr-only)$/;
// Utilities that put it back (at some breakpoint), or float it (floats share the line).
const IN_FLOW = /^(?:static|relative|sticky|not-sr-only|float-(?:left|right|start|end))$/;

type Display = {
  base: string | null;
  variants: string[];
  /** Out of the flow at every breakpoint. */
  outOfFlow: boolean;
  /** In the flow at some breakpoint (or floated). */
  mayBeInFlow: boolean;
};

function displayOf(element: HtmlElement): Display {
  const display: Display = { base: null, variants: [], outOfFlow: false, mayBeInFlow: false };
  for (const token of (getAttribute(element, 'class') ?? '').split(/[\t\n\f\r ]+/)) {
    if (!token) continue;
    const utility = token.slice(token.lastIndexOf(':') + 1).replace(/^!|!$/g, '');
    const variant = utility !== token.replace(/^!|!$/g, '');
    if (OUT_OF_FLOW.test(utility) && !variant) display.outOfFlow = true;
    if (IN_FLOW.test(utility) || (OUT_OF_FLOW.test(utility) && variant)) display.mayBeInFlow = true;
    if (!DISPLAY.has(utility)) continue;
    if (variant) display.variants.push(utility);
    else display.base = utility;
  }
  if (display.mayBeInFlow) display.outOfFlow = false;
  return display;
}

const BLOCK_LEVEL = new Set(['block', 'flex', 'grid', 'table', 'flow-root', 'list-item']);
const BLOCK_CONTAINERS = new Set([
  ...BLOCK_LEVEL,
  'inline-block',
  'inline-flex',
  'inline-grid',
  'inline-table',
  'table-cell',
  'table-caption',
]);
const FLEX_OR_GRID = new Set(['flex', 'inline-flex', 'grid', 'inline-grid']);

// Table parts: whitespace-only runs between them are never drawn.
const TABLE_DISPLAYS: Record<string, string> = {
  table: 'table',
  caption: 'table-caption',
  colgroup: 'table-column-group',
  col: 'table-column',
  thead: 'table-header-group',
  tbody: 'table-row-group',
  tfoot: 'table-footer-group',
  tr: 'table-row',
  td: 'table-cell',
  th: 'table-cell',
};
const TABLE_GROUPS = new Set([
  'table',
  'table-column-group',
  'table-header-group',
  'table-row-group',
  'table-footer-group',
  'table-row',
]);

function defaultDisplay(element: HtmlElement): string {
  if (element.namespace !== 'html') return 'inline';
  const table = TABLE_DISPLAYS[element.tag];
  if (table) return table;
  // A dialog is a block when open (and not displayed when closed: see possibleDisplays).
  if (element.tag === 'dialog') return 'block';
  if (BLOCK_TAGS.has(element.tag)) return element.tag === 'li' ? 'list-item' : 'block';
  if (INLINE_BLOCK_TAGS.has(element.tag)) return 'inline-block';
  return 'inline';
}

/** Every display the element may take (breakpoints, states, themes). */
function possibleDisplays(element: HtmlElement): {
  displays: string[];
  outOfFlow: boolean;
  mayBeInFlow: boolean;
} {
  const { base, variants, outOfFlow, mayBeInFlow } = displayOf(element);
  const hiddenByAttribute =
    element.attrs.some((attr) => attr.name === 'hidden' || attr.name === 'popover') ||
    element.tag === 'dialog' ||
    element.tag === 'template';
  const displays = [base ?? defaultDisplay(element), ...variants];
  if (hiddenByAttribute) displays.push('hidden');
  return { displays, outOfFlow, mayBeInFlow };
}

/** Sure to be a block-level box in the flow at every breakpoint. */
function alwaysBlockLevel(element: HtmlElement): boolean {
  if (element.namespace === 'html' && element.tag === 'br') return true;
  const { displays, outOfFlow } = possibleDisplays(element);
  const floats = /(?:^|[\s:])float-(?:left|right|start|end)(?:$|\s)/.test(
    getAttribute(element, 'class') ?? '',
  );
  return (
    !outOfFlow &&
    !floats &&
    displays.every((display) => BLOCK_LEVEL.has(display) || TABLE_GROUPS.has(display))
  );
}

/** Sure to take no place in the line at every breakpoint (positioned out, or not displayed). */
function neverInLine(element: HtmlElement): boolean {
  if (element.namespace === 'html' && (element.tag === 'script' || element.tag === 'template'))
    return true;
  const { displays, outOfFlow } = possibleDisplays(element);
  return outOfFlow || displays.every((display) => display === 'hidden');
}

// Form controls whose children are options, not text in a line.
const OPTION_LISTS = new Set(['select', 'optgroup', 'datalist']);

/**
 * Its whitespace-only children are never drawn: a table, row group or row (CSS tables), or a
 * list of options.
 */
function alwaysTableGroup(element: HtmlElement): boolean {
  if (element.namespace === 'html' && OPTION_LISTS.has(element.tag)) return true;
  const { displays } = possibleDisplays(element);
  return displays.every((display) => TABLE_GROUPS.has(display) || display === 'hidden');
}

/** Lays its children out as flex or grid items at every breakpoint (or is not displayed). */
function alwaysFlexOrGrid(element: HtmlElement): boolean {
  const { displays } = possibleDisplays(element);
  return (
    displays.some((display) => display !== 'hidden') &&
    displays.every((display) => FLEX_OR_GRID.has(display) || display === 'hidden')
  );
}

/** Sure to start and end its own lines (a block container) at every breakpoint. */
function alwaysBlockContainer(element: HtmlElement): boolean {
  const { displays } = possibleDisplays(element);
  return displays.every((display) => BLOCK_CONTAINERS.has(display) || display === 'hidden');
}

type Side = HtmlNode | 'edge';

/**
 * The nearest sibling on one side that takes part in the line (text, or an element not
 * positioned out of it at every breakpoint), or 'edge' when there is none.
 */
function neighbour(children: HtmlNode[], index: number, step: -1 | 1): Side {
  for (let i = index + step; i >= 0 && i < children.length; i += step) {
    const child = children[i]!;
    if (child.kind === 'text') {
      if (isWhitespaceOnly(child.value)) continue;
      return child;
    }
    if (!neverInLine(child)) return child;
  }
  return 'edge';
}

/**
 * Whether whitespace beside `side` may be drawn, given what is on that side: false where the
 * run provably starts or ends a line (a block-level box there, or the edge of a block
 * container).
 */
function sideAllowsSpace(side: Side, edgesAreFormatting: boolean): boolean {
  if (side === 'edge') return !edgesAreFormatting;
  if (side.kind === 'element' && alwaysBlockLevel(side)) return false;
  return true;
}

/**
 * Whether the browser may draw a whitespace-only run between two sibling elements of `parent`
 * (at `index` among `children`): false only where it provably draws nothing.
 */
export function spaceBetweenMayShow(
  parent: HtmlElement | null,
  children: HtmlNode[],
  index: number,
): boolean {
  if (parent !== null && (alwaysFlexOrGrid(parent) || alwaysTableGroup(parent))) return false;
  const edges = parent !== null && alwaysBlockContainer(parent);
  return (
    sideAllowsSpace(neighbour(children, index, -1), edges) &&
    sideAllowsSpace(neighbour(children, index, 1), edges)
  );
}

/**
 * Applies the rule above to one element's (already merged) children. `parent` is the element
 * whose children they are (null for a fragment: edges and runs then follow the safe side).
 */
export function semanticChildren(
  children: HtmlNode[],
  parent: HtmlElement | null = null,
): SemanticChild[] {
  const out: SemanticChild[] = [];
  const flexParent = parent !== null && alwaysFlexOrGrid(parent);
  const edges = parent !== null && (flexParent || alwaysBlockContainer(parent));
  children.forEach((child, index) => {
    if (child.kind === 'element') {
      out.push(child);
      return;
    }
    if (isWhitespaceOnly(child.value)) {
      if (child.value === '') return;
      out.push({ kind: 'space', required: spaceBetweenMayShow(parent, children, index) });
      return;
    }
    // Text in a flex or grid container is an item of its own, trimmed at both ends.
    const edge = (step: -1 | 1): SpaceKind =>
      !flexParent && sideAllowsSpace(neighbour(children, index, step), edges)
        ? 'required'
        : 'optional';
    out.push({
      kind: 'text',
      text: collapseWhitespace(trimAsciiWhitespace(child.value)),
      lead: LEADING.test(child.value) ? edge(-1) : 'none',
      trail: TRAILING.test(child.value) ? edge(1) : 'none',
    });
  });
  return out;
}
