import {
  BOOLEAN_ATTRIBUTES,
  PRESERVE_WHITESPACE,
  parseHtml,
  rootElement,
  textContent,
} from './html.ts';
import type { HtmlElement } from './html.ts';
import { collapseWhitespace, semanticChildren, trimAsciiWhitespace } from './whitespace.ts';

/** A component's HTML cannot be expressed as a faithful JSX snippet. */
export class ConversionError extends Error {
  override name = 'ConversionError';
}

// HTML attribute names whose React prop is spelled differently. Anything not listed keeps its HTML
// name, which React passes through to the DOM (command, commandfor, closedby, popover, aria-*,
// data-*): React 19.3 knows no `commandFor` prop, so the lowercase name is the one that works.
const HTML_PROPS: Record<string, string> = {
  'accept-charset': 'acceptCharset',
  accesskey: 'accessKey',
  allowfullscreen: 'allowFullScreen',
  autocapitalize: 'autoCapitalize',
  autocomplete: 'autoComplete',
  autocorrect: 'autoCorrect',
  autofocus: 'autoFocus',
  autoplay: 'autoPlay',
  cellpadding: 'cellPadding',
  cellspacing: 'cellSpacing',
  charset: 'charSet',
  class: 'className',
  colspan: 'colSpan',
  contenteditable: 'contentEditable',
  controlslist: 'controlsList',
  crossorigin: 'crossOrigin',
  datetime: 'dateTime',
  disablepictureinpicture: 'disablePictureInPicture',
  disableremoteplayback: 'disableRemotePlayback',
  enctype: 'encType',
  enterkeyhint: 'enterKeyHint',
  fetchpriority: 'fetchPriority',
  for: 'htmlFor',
  formaction: 'formAction',
  formenctype: 'formEncType',
  formmethod: 'formMethod',
  formnovalidate: 'formNoValidate',
  formtarget: 'formTarget',
  frameborder: 'frameBorder',
  hreflang: 'hrefLang',
  'http-equiv': 'httpEquiv',
  imagesizes: 'imageSizes',
  imagesrcset: 'imageSrcSet',
  inputmode: 'inputMode',
  itemid: 'itemID',
  itemprop: 'itemProp',
  itemref: 'itemRef',
  itemscope: 'itemScope',
  itemtype: 'itemType',
  marginheight: 'marginHeight',
  marginwidth: 'marginWidth',
  maxlength: 'maxLength',
  minlength: 'minLength',
  nomodule: 'noModule',
  novalidate: 'noValidate',
  playsinline: 'playsInline',
  popovertarget: 'popoverTarget',
  popovertargetaction: 'popoverTargetAction',
  radiogroup: 'radioGroup',
  readonly: 'readOnly',
  referrerpolicy: 'referrerPolicy',
  rowspan: 'rowSpan',
  spellcheck: 'spellCheck',
  srcdoc: 'srcDoc',
  srclang: 'srcLang',
  srcset: 'srcSet',
  tabindex: 'tabIndex',
  usemap: 'useMap',
};

// Props @types/react types as numbers: integer values are written `{-1}`, not `"-1"`, so the
// snippet also typechecks as TSX. React renders both the same.
const NUMERIC_PROPS = new Set([
  'tabIndex',
  'colSpan',
  'rowSpan',
  'rows',
  'cols',
  'maxLength',
  'minLength',
  'size',
  'span',
  'start',
]);

// ARIA attributes @types/react types as numbers: `aria-valuenow={40}`, not `"40"`, or a strict
// TypeScript project rejects the snippet. React renders both the same.
const NUMERIC_ARIA = new Set([
  'aria-colcount',
  'aria-colindex',
  'aria-colspan',
  'aria-level',
  'aria-posinset',
  'aria-rowcount',
  'aria-rowindex',
  'aria-rowspan',
  'aria-setsize',
  'aria-valuemax',
  'aria-valuemin',
  'aria-valuenow',
]);

/** A number JavaScript prints back exactly as written (`40`, `-1`, `0.5`; not `040`, `1.0`). */
function canonicalNumber(value: string): boolean {
  return /^-?\d+(?:\.\d+)?$/.test(value) && String(Number(value)) === value;
}

// Attributes that take a value but also mean something when present and empty.
const OVERLOADED_BOOLEANS = new Set(['download', 'capture']);

// <input> types whose `value` is a fixed label or payload rather than the user's editable value.
const FIXED_VALUE_INPUT_TYPES = new Set([
  'button',
  'checkbox',
  'hidden',
  'image',
  'radio',
  'reset',
  'submit',
]);

type JsxValue =
  { kind: 'string'; value: string } | { kind: 'true' } | { kind: 'expression'; code: string };
type JsxAttribute = { name: string; value: JsxValue };

type JsxElement = { kind: 'element'; tag: string; attrs: JsxAttribute[]; children: JsxChild[] };
type JsxChild =
  | JsxElement
  | { kind: 'text'; text: string; lead: boolean; trail: boolean }
  | { kind: 'space' }
  | { kind: 'expression'; code: string };

export type ReactConversionOptions = {
  /** The function's name: PascalCase of the slug. */
  componentName: string;
  /** Used in error messages. */
  file?: string;
  printWidth?: number;
};

/**
 * Converts a component's HTML to a React function component (JSX), keeping every attribute,
 * text and content-bearing space. Scripts and comments are dropped.
 */
export function htmlToReact(html: string, options: ReactConversionOptions): string {
  const file = options.file ?? options.componentName;
  const root = rootElement(parseHtml(html, { dropScripts: true }), file);
  const jsx = convertElement(root, file);
  const printer = new JsxPrinter(options.printWidth ?? 100);
  const body = printer.element(jsx, 4);
  return `export default function ${options.componentName}() {\n  return (\n${body}\n  )\n}\n`;
}

/** `split-with-screenshot` → `SplitWithScreenshot` (a valid identifier). */
export function componentNameFromSlug(slug: string): string {
  const name = slug
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
  return /^[A-Za-z]/.test(name) ? name : `Component${name}`;
}

function convertElement(element: HtmlElement, file: string): JsxElement {
  const attrs = convertAttributes(element, file);
  let children: JsxChild[] = [];
  if (element.tag === 'textarea' && element.namespace === 'html') {
    // React renders a textarea's initial text from defaultValue, never from children.
    const value = textContent(element);
    if (value !== '') attrs.push({ name: 'defaultValue', value: stringValue(value) });
  } else if (PRESERVE_WHITESPACE.has(element.tag) && element.namespace === 'html') {
    children = element.children.map((child) =>
      child.kind === 'text'
        ? { kind: 'expression', code: jsString(child.value) }
        : convertElement(child, file),
    );
  } else {
    for (const child of semanticChildren(element.children, element)) {
      if (child.kind === 'element') children.push(convertElement(child, file));
      else if (child.kind === 'space') {
        if (child.required) children.push({ kind: 'space' });
      } else {
        children.push({
          kind: 'text',
          text: child.text,
          lead: child.lead === 'required',
          trail: child.trail === 'required',
        });
      }
    }
  }
  if (element.tag === 'select' && element.namespace === 'html') {
    const selected = selectedOptionValues(element);
    if (selected.length > 0) {
      const multiple = element.attrs.some((attr) => attr.name === 'multiple');
      attrs.push({
        name: 'defaultValue',
        value: multiple
          ? { kind: 'expression', code: `[${selected.map(jsString).join(', ')}]` }
          : stringValue(selected.at(-1)!),
      });
    }
  }
  return { kind: 'element', tag: element.tag, attrs, children };
}

function convertAttributes(element: HtmlElement, file: string): JsxAttribute[] {
  const out: JsxAttribute[] = [];
  const isHtml = element.namespace === 'html';
  for (const { name, value } of element.attrs) {
    if (/^on/i.test(name)) {
      throw new ConversionError(
        `${file}: <${element.tag} ${name}> inline event handlers are not supported`,
      );
    }
    if (name === 'style') {
      out.push({ name: 'style', value: { kind: 'expression', code: styleObject(value, file) } });
      continue;
    }
    if (NUMERIC_ARIA.has(name) && canonicalNumber(value)) {
      out.push({ name, value: { kind: 'expression', code: value } });
      continue;
    }
    if (name.startsWith('aria-') || name.startsWith('data-')) {
      out.push({ name, value: stringValue(value) });
      continue;
    }
    if (!isHtml) {
      // SVG/MathML: React takes presentation attributes camelCased (stroke-width → strokeWidth,
      // xlink:href → xlinkHref); parse5 already restored the case of viewBox and friends.
      const prop =
        name === 'class' ? 'className' : name === 'tabindex' ? 'tabIndex' : camelCase(name);
      out.push({
        name: prop,
        value:
          prop === 'tabIndex' && /^-?\d+$/.test(value)
            ? { kind: 'expression', code: String(Number(value)) }
            : stringValue(value),
      });
      continue;
    }
    if (element.tag === 'option' && name === 'selected') continue; // becomes <select defaultValue>
    if (element.tag === 'input' && name === 'checked') {
      out.push({ name: 'defaultChecked', value: { kind: 'true' } });
      continue;
    }
    if (element.tag === 'input' && name === 'value') {
      const type = (
        element.attrs.find((attr) => attr.name === 'type')?.value ?? 'text'
      ).toLowerCase();
      if (!FIXED_VALUE_INPUT_TYPES.has(type)) {
        out.push({ name: 'defaultValue', value: stringValue(value) });
        continue;
      }
    }
    const prop = HTML_PROPS[name] ?? name;
    if (
      BOOLEAN_ATTRIBUTES.has(name) ||
      (name === 'hidden' && (value === '' || value.toLowerCase() === 'hidden'))
    ) {
      out.push({ name: prop, value: { kind: 'true' } });
    } else if (OVERLOADED_BOOLEANS.has(name) && value === '') {
      out.push({ name: prop, value: { kind: 'true' } });
    } else if (name === 'popover' && value === '') {
      // `popover` with no value is `auto`; JSX's bare `popover` (true) would be dropped by React.
      out.push({ name: prop, value: stringValue('auto') });
    } else if (NUMERIC_PROPS.has(prop) && /^-?\d+$/.test(value)) {
      out.push({ name: prop, value: { kind: 'expression', code: String(Number(value)) } });
    } else {
      out.push({ name: prop, value: stringValue(value) });
    }
  }
  return out;
}

function selectedOptionValues(select: HtmlElement): string[] {
  const values: string[] = [];
  const visit = (element: HtmlElement) => {
    for (const child of element.children) {
      if (child.kind !== 'element') continue;
      if (child.tag === 'option') {
        if (child.attrs.some((attr) => attr.name === 'selected')) {
          const value = child.attrs.find((attr) => attr.name === 'value')?.value;
          values.push(value ?? collapseWhitespace(trimAsciiWhitespace(textContent(child))));
        }
      } else if (child.tag === 'optgroup') visit(child);
    }
  };
  visit(select);
  return values;
}

function camelCase(name: string): string {
  return name.replace(/[-:]([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

function styleObject(css: string, file: string): string {
  const entries: string[] = [];
  for (const declaration of css.split(';')) {
    if (!declaration.trim()) continue;
    const colon = declaration.indexOf(':');
    if (colon < 0) throw new ConversionError(`${file}: cannot read style "${css}"`);
    const property = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    const key = property.startsWith('--')
      ? jsString(property)
      : property
          .replace(/^-ms-/, 'ms-')
          .replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    entries.push(`${key}: ${jsString(value)}`);
  }
  return `{ ${entries.join(', ')} }`;
}

const ENTITY_LIKE = /&(#?[a-zA-Z0-9]+);/;

function stringValue(value: string): JsxValue {
  // JSX attribute strings have no escapes but do decode entities: fall back to an expression.
  if (/["\n\r\\]/.test(value) || ENTITY_LIKE.test(value))
    return { kind: 'expression', code: jsString(value) };
  return { kind: 'string', value };
}

function jsString(value: string): string {
  return `'${value
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}'`;
}

/** Escapes text for a JSX child: braces, angle brackets, entity-like ampersands, no-break spaces. */
export function escapeJsxText(text: string): string {
  return text
    .replace(/&(?=#?[a-zA-Z0-9]+;)/g, '&amp;')
    .replace(/[{}<>\u00a0]/g, (char) =>
      char === '{'
        ? "{'{'}"
        : char === '}'
          ? "{'}'}"
          : char === '<'
            ? '&lt;'
            : char === '>'
              ? '&gt;'
              : '&nbsp;',
    );
}

const SPACE = "{' '}";

class JsxPrinter {
  width: number;

  constructor(width: number) {
    this.width = width;
  }

  /** Prints an element at `indent` spaces; the result has no trailing newline. */
  element(node: JsxElement, indent: number): string {
    const pad = ' '.repeat(indent);
    const inline = this.inline(node);
    if (inline !== null && indent + inline.length <= this.width) return pad + inline;

    const attrsInline = node.attrs.map(printAttribute).join(' ');
    const openInline = `<${node.tag}${attrsInline ? ` ${attrsInline}` : ''}`;
    const breakAttrs = node.attrs.length > 1 && indent + openInline.length + 2 > this.width;
    const selfClosing = node.children.length === 0;

    let open: string;
    if (breakAttrs) {
      const attrLines = node.attrs.map((attr) => `${pad}  ${printAttribute(attr)}`).join('\n');
      open = `${pad}<${node.tag}\n${attrLines}\n${pad}${selfClosing ? '/>' : '>'}`;
    } else {
      open = `${pad}${openInline}${selfClosing ? ' />' : '>'}`;
    }
    if (selfClosing) return open;

    // A lone text child stays on one line when the tag itself fits.
    const only = node.children[0];
    if (node.children.length === 1 && only?.kind === 'text' && !breakAttrs) {
      const line = `${open}${escapeJsxText(only.text)}</${node.tag}>`;
      if (line.length <= this.width) return line;
    }

    const inner = indent + 2;
    const innerPad = ' '.repeat(inner);
    const lines: string[] = [];
    for (const child of node.children) {
      if (child.kind === 'element') lines.push(this.element(child, inner));
      else if (child.kind === 'space') lines.push(innerPad + SPACE);
      else if (child.kind === 'expression') lines.push(`${innerPad}{${child.code}}`);
      else {
        lines.push(
          innerPad +
            (child.lead ? SPACE : '') +
            escapeJsxText(child.text) +
            (child.trail ? SPACE : ''),
        );
      }
    }
    return `${open}\n${lines.join('\n')}\n${pad}</${node.tag}>`;
  }

  /** The element on a single line, or null when it holds something that cannot be inlined. */
  inline(node: JsxElement): string | null {
    const attrs = node.attrs.map(printAttribute).join(' ');
    const open = `<${node.tag}${attrs ? ` ${attrs}` : ''}`;
    if (node.children.length === 0) return `${open} />`;
    let inner = '';
    for (const child of node.children) {
      if (child.kind === 'element') {
        const printed = this.inline(child);
        if (printed === null) return null;
        inner += printed;
      } else if (child.kind === 'space') inner += ' ';
      else if (child.kind === 'expression') inner += `{${child.code}}`;
      else inner += (child.lead ? ' ' : '') + escapeJsxText(child.text) + (child.trail ? ' ' : '');
    }
    return `${open}>${inner}</${node.tag}>`;
  }
}

function printAttribute({ name, value }: JsxAttribute): string {
  if (value.kind === 'true') return name;
  if (value.kind === 'expression') return `${name}={${value.code}}`;
  return `${name}="${value.value}"`;
}
