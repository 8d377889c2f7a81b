import { compileScript, compileTemplate, parse as parseSfc } from '@vue/compiler-sfc';
import { renderToString as renderVueToString } from '@vue/server-renderer';
import { transform } from 'esbuild';
import { createHash } from 'node:crypto';
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import * as Vue from 'vue';
import { BOOLEAN_ATTRIBUTES, PRESERVE_WHITESPACE, parseHtml } from './html.ts';
import type { HtmlElement, HtmlNode } from './html.ts';
import { collapseWhitespace } from './whitespace.ts';

export type SnippetLanguage = 'react' | 'vue';

const LABELS: Record<SnippetLanguage, string> = { react: 'React', vue: 'Vue' };

/** A snippet that does not render to the component's HTML. `component` names the file. */
export class FidelityError extends Error {
  override name = 'FidelityError';
  component: string;
  language: SnippetLanguage;
  /** Where the first difference is (`div > dialog#x > button:nth-child(2)`), or '' for warnings. */
  where: string;
  detail: string;

  constructor(component: string, language: SnippetLanguage, where: string, detail: string) {
    const at = where ? ` at ${where}` : '';
    super(
      `${component}: the ${LABELS[language]} snippet is not faithful to the HTML${at}: ${detail}`,
    );
    this.component = component;
    this.language = language;
    this.where = where;
    this.detail = detail;
  }
}

/** Modules a snippet may import when it is evaluated for the check. */
const REACT_MODULES: Record<string, unknown> = { react: React, 'react/jsx-runtime': jsxRuntime };
const VUE_MODULES: Record<string, unknown> = { vue: Vue };

function evaluateCommonJs(code: string, modules: Record<string, unknown>, file: string): unknown {
  const module = { exports: {} as Record<string, unknown> };
  const require = (id: string) => {
    if (id in modules) return modules[id];
    throw new Error(
      `${file}: a snippet may only import ${Object.keys(modules).join(', ')} (got "${id}")`,
    );
  };
  new Function('require', 'module', 'exports', code)(require, module, module.exports);
  return module.exports.default;
}

/** Compiles a React snippet (JSX or TSX) with esbuild and renders it with react-dom/server. */
export async function renderReactSnippet(source: string, file: string): Promise<string> {
  const { code } = await transform(source, {
    loader: 'tsx',
    jsx: 'automatic',
    format: 'cjs',
    target: 'node22',
    sourcefile: file,
  });
  const Component = evaluateCommonJs(code, REACT_MODULES, file);
  if (typeof Component !== 'function')
    throw new Error(`${file}: the snippet has no default export`);
  const warnings: string[] = [];
  const original = console.error;
  // React reports unknown props, bad attribute values and form-field misuse here; any of them
  // means the snippet would not behave like the HTML.
  console.error = (...args: unknown[]) => {
    warnings.push(formatConsoleMessage(args));
  };
  try {
    const html = renderToStaticMarkup(React.createElement(Component as React.FunctionComponent));
    if (warnings.length > 0) throw new SnippetWarning(warnings[0]!);
    // React 19's server renderer hoists an image preload hint for every <img> in front of the
    // markup; it is a resource hint for the document head, not part of the component's DOM.
    return html.replace(/^(?:<link rel="preload" as="image"[^>]*\/>)+/, '');
  } finally {
    console.error = original;
  }
}

/** Compiles a Vue SFC with @vue/compiler-sfc and renders it with @vue/server-renderer. */
export async function renderVueSnippet(source: string, file: string): Promise<string> {
  const { descriptor, errors } = parseSfc(source, { filename: file });
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]!.message}`);
  if (!descriptor.template) throw new Error(`${file}: the SFC has no <template>`);
  const id = createHash('sha256').update(file).digest('hex').slice(0, 8);
  const compilerOptions = { hoistStatic: false, comments: false };
  let component: unknown;
  if (descriptor.script || descriptor.scriptSetup) {
    const script = compileScript(descriptor, {
      id,
      inlineTemplate: true,
      templateOptions: { compilerOptions },
    });
    const lang = descriptor.scriptSetup?.lang ?? descriptor.script?.lang;
    const { code } = await transform(script.content, {
      loader: lang === 'ts' || lang === 'tsx' ? 'ts' : 'js',
      format: 'cjs',
      target: 'node22',
      sourcefile: file,
    });
    component = evaluateCommonJs(code, VUE_MODULES, file);
  } else {
    const compiled = compileTemplate({
      source: descriptor.template.content,
      filename: file,
      id,
      compilerOptions: { ...compilerOptions, mode: 'function' },
    });
    if (compiled.errors.length > 0) throw new Error(`${file}: ${String(compiled.errors[0])}`);
    const render = new Function('Vue', compiled.code)(Vue) as Vue.RenderFunction;
    component = { render };
  }
  const app = Vue.createSSRApp(component as Vue.Component);
  const warnings: string[] = [];
  app.config.warnHandler = (message) => warnings.push(message);
  const html = await renderVueToString(app);
  if (warnings.length > 0) throw new SnippetWarning(warnings[0]!);
  return html;
}

class SnippetWarning extends Error {
  override name = 'SnippetWarning';
}

function formatConsoleMessage(args: unknown[]): string {
  const [format, ...rest] = args;
  if (typeof format !== 'string') return args.map(String).join(' ');
  let index = 0;
  return format.replace(/%[sdio]/g, () => String(rest[index++])).split('\n')[0]!;
}

export type CheckOptions = {
  /** The component's path, used in every message (`application-ui/…/simple`). */
  component: string;
  /** Leave `<script>` out of the HTML side (requires-JavaScript components). */
  dropScripts: boolean;
};

/**
 * Renders a snippet and compares its DOM with the component's HTML. Throws a FidelityError
 * naming the component and the first difference; returns the rendered HTML (for the
 * rendered-text check, rendered.ts).
 */
export async function checkSnippet(
  language: SnippetLanguage,
  snippet: string,
  html: string,
  options: CheckOptions,
): Promise<string> {
  const file = `${options.component}.${language === 'react' ? 'jsx' : 'vue'}`;
  let rendered: string;
  try {
    rendered =
      language === 'react'
        ? await renderReactSnippet(snippet, file)
        : await renderVueSnippet(snippet, file);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const detail =
      error instanceof SnippetWarning ? `warning while rendering: ${message}` : message;
    throw new FidelityError(options.component, language, '', detail);
  }
  const difference = compareHtml(html, rendered, { dropScripts: options.dropScripts });
  if (difference)
    throw new FidelityError(options.component, language, difference.where, difference.detail);
  return rendered;
}

export type Difference = { where: string; detail: string };

/**
 * Compares the DOM of authored HTML with a framework's rendered HTML. Ignores attribute order,
 * boolean attribute spelling (`hidden` = `hidden=""`), `popover` = `popover="auto"`, the order
 * of classes, style spacing, comments and whitespace (the rendered-text check in Chromium
 * judges spaces). Everything else — tags, attribute sets and values, words — must be equal.
 */
export function compareHtml(
  expectedHtml: string,
  actualHtml: string,
  { dropScripts = false }: { dropScripts?: boolean } = {},
): Difference | null {
  const expected = parseHtml(expectedHtml, { dropScripts });
  const actual = parseHtml(actualHtml);
  return compareChildren(expected, actual, '', false);
}

type Token = { kind: 'element'; element: HtmlElement } | { kind: 'word'; text: string };

// Words and elements in order. Whitespace is left to the rendered-text check (rendered.ts): what
// a space means depends on CSS, which only a browser knows.
function tokens(children: HtmlNode[]): Token[] {
  const out: Token[] = [];
  for (const child of children) {
    if (child.kind === 'element') {
      out.push({ kind: 'element', element: child });
      continue;
    }
    for (const word of collapseWhitespace(child.value).split(' ')) {
      if (word !== '') out.push({ kind: 'word', text: word });
    }
  }
  return out;
}

function describeToken(token: Token | undefined): string {
  if (!token) return 'nothing';
  if (token.kind === 'element') return `<${token.element.tag}>`;
  return JSON.stringify(token.text);
}

function compareChildren(
  expected: HtmlNode[],
  actual: HtmlNode[],
  where: string,
  preserve: boolean,
): Difference | null {
  const at = where || '(root)';
  if (preserve) {
    if (expected.length !== actual.length) {
      return { where: at, detail: `expected ${expected.length} child nodes, got ${actual.length}` };
    }
    for (const [index, node] of expected.entries()) {
      const other = actual[index]!;
      if (node.kind === 'text' || other.kind === 'text') {
        const a = node.kind === 'text' ? node.value : `<${node.tag}>`;
        const b = other.kind === 'text' ? other.value : `<${other.tag}>`;
        if (a !== b)
          return {
            where: at,
            detail: `expected text ${JSON.stringify(a)}, got ${JSON.stringify(b)}`,
          };
      } else {
        const difference = compareElements(node, other, childPath(where, node, index));
        if (difference) return difference;
      }
    }
    return null;
  }

  const wanted = tokens(expected);
  const got = tokens(actual);
  let elementIndex = 0;
  for (let i = 0; i < Math.max(wanted.length, got.length); i++) {
    const e = wanted[i];
    const a = got[i];
    if (!e || !a || e.kind !== a.kind) {
      return { where: at, detail: `expected ${describeToken(e)}, got ${describeToken(a)}` };
    }
    if (e.kind === 'word') {
      if (a.kind === 'word' && a.text !== e.text) {
        return { where: at, detail: `expected text ${describeToken(e)}, got ${describeToken(a)}` };
      }
      continue;
    }
    const difference = compareElements(
      e.element,
      (a as Extract<Token, { kind: 'element' }>).element,
      childPath(where, e.element, elementIndex),
    );
    if (difference) return difference;
    elementIndex++;
  }
  return null;
}

function childPath(parent: string, element: HtmlElement, index: number): string {
  const id = element.attrs.find((attr) => attr.name === 'id')?.value;
  const step = id ? `${element.tag}#${id}` : `${element.tag}:nth-child(${index + 1})`;
  return parent ? `${parent} > ${step}` : step;
}

function compareElements(
  expected: HtmlElement,
  actual: HtmlElement,
  where: string,
): Difference | null {
  if (expected.tag !== actual.tag || expected.namespace !== actual.namespace) {
    return { where, detail: `expected <${expected.tag}>, got <${actual.tag}>` };
  }
  const wanted = normalisedAttributes(expected);
  const got = normalisedAttributes(actual);
  for (const [name, value] of wanted) {
    if (!got.has(name)) return { where, detail: `attribute "${name}" is missing` };
    const other = got.get(name)!;
    if (other !== value) {
      return {
        where,
        detail: `attribute "${name}" is ${JSON.stringify(other)}, expected ${JSON.stringify(value)}`,
      };
    }
  }
  for (const name of got.keys()) {
    if (!wanted.has(name))
      return { where, detail: `unexpected attribute "${name}"="${got.get(name)}"` };
  }
  const preserve = expected.namespace === 'html' && PRESERVE_WHITESPACE.has(expected.tag);
  return compareChildren(expected.children, actual.children, where, preserve);
}

function normalisedAttributes(element: HtmlElement): Map<string, string> {
  const out = new Map<string, string>();
  for (const { name, value } of element.attrs) {
    let normalised = value;
    if (
      element.namespace === 'html' &&
      (BOOLEAN_ATTRIBUTES.has(name) || (name === 'hidden' && value.toLowerCase() === 'hidden'))
    ) {
      normalised = '';
    } else if (name === 'popover' && value === '') normalised = 'auto';
    // Class order has no effect in CSS (and Prettier's Tailwind plugin re-sorts it).
    else if (name === 'class')
      normalised = value
        .split(/[\t\n\f\r ]+/)
        .filter(Boolean)
        .sort()
        .join(' ');
    else if (name === 'style') normalised = normaliseStyle(value);
    out.set(name, normalised);
  }
  return out;
}

function normaliseStyle(css: string): string {
  return css
    .split(';')
    .map((declaration) => declaration.trim())
    .filter(Boolean)
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      return `${declaration.slice(0, colon).trim()}:${declaration.slice(colon + 1).trim()}`;
    })
    .join(';');
}
