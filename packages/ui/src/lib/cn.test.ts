// `cn` joins class names and resolves no conflicts (decision 057): tailwind-merge stays off the
// first load. What keeps that safe is this audit: it reads every class list the store builds
// (the UI kit, the pages, the storefront app), works out each list's possible values from the
// source (string literals, both branches of a condition, the variants of a `cva`, and what each
// caller passes as `className`), and asks tailwind-merge whether any of them holds two classes
// that conflict. A conflict would render differently now that nothing drops the loser, so the
// audit fails with the file, line and classes.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { twMerge } from 'tailwind-merge';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { cn, variantEnd } from './cn';

const ROOT = resolve(import.meta.dirname, '../../../..');
const SOURCES = ['packages/ui/src', 'packages/pages/src', 'apps/storefront/src'];
/** Props that carry a caller's classes into a component's class list. */
const CLASS_PROPS = new Set(['className', 'triggerClassName']);
/** More combinations than this in one list: the audit says so instead of guessing. */
const MAX_COMBINATIONS = 5000;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

type Site = { file: string; line: number; values: string[] };

function audit() {
  const files = SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir))).map((path) =>
    ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true),
  );
  const constants = new Map<string, ts.Expression>();
  const cvas = new Map<string, ts.CallExpression>();
  const callers = new Map<string, Map<string, ts.Expression[]>>();
  const isCall = (node: ts.Node, name: string): node is ts.CallExpression =>
    ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name;

  for (const file of files) {
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        if (isCall(node.initializer, 'cva')) cvas.set(node.name.text, node.initializer);
        else constants.set(`${file.fileName}#${node.name.text}`, node.initializer);
      }
      if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
        const tag = node.tagName.getText(file);
        for (const attribute of node.attributes.properties) {
          if (!ts.isJsxAttribute(attribute) || !CLASS_PROPS.has(attribute.name.getText(file)))
            continue;
          const value = attribute.initializer;
          const expression =
            value && ts.isJsxExpression(value) ? value.expression : (value as ts.Expression);
          if (!expression) continue;
          const byProp = callers.get(tag) ?? new Map<string, ts.Expression[]>();
          byProp.set(attribute.name.getText(file), [
            ...(byProp.get(attribute.name.getText(file)) ?? []),
            expression,
          ]);
          callers.set(tag, byProp);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  const combine = (lists: string[][]): string[] => {
    let out = [''];
    for (const list of lists) {
      const next = new Set<string>();
      for (const left of out) for (const right of list) next.add(`${left} ${right}`.trim());
      out = [...next];
      if (out.length > MAX_COMBINATIONS) throw new Error('too many combinations');
    }
    return out;
  };

  const componentOf = (node: ts.Node): string | undefined => {
    for (let at: ts.Node | undefined = node; at; at = at.parent) {
      if (ts.isFunctionDeclaration(at) && at.name && /^[A-Z]/.test(at.name.text))
        return at.name.text;
      if (
        ts.isVariableDeclaration(at) &&
        ts.isIdentifier(at.name) &&
        /^[A-Z]/.test(at.name.text) &&
        at.initializer &&
        (ts.isArrowFunction(at.initializer) || ts.isFunctionExpression(at.initializer))
      )
        return at.name.text;
    }
    return undefined;
  };

  const values = (node: ts.Expression, depth: number): string[] => {
    const file = node.getSourceFile();
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node))
      return values(node.expression, depth);
    if (ts.isTemplateExpression(node))
      return combine([
        [node.head.text],
        ...node.templateSpans.flatMap((span) => [
          values(span.expression, depth),
          [span.literal.text],
        ]),
      ]).map((value) => value.replace(/\s+/g, ' '));
    if (ts.isConditionalExpression(node))
      return [...values(node.whenTrue, depth), ...values(node.whenFalse, depth)];
    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken.kind;
      if (op === ts.SyntaxKind.AmpersandAmpersandToken) return ['', ...values(node.right, depth)];
      if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken)
        return [...values(node.left, depth), ...values(node.right, depth)];
      return [''];
    }
    if (ts.isArrayLiteralExpression(node))
      return combine(node.elements.map((element) => values(element, depth)));
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const name = node.expression.text;
      if (name === 'cn' || name === 'clsx')
        return combine(node.arguments.map((arg) => values(arg, depth)));
      const definition = cvas.get(name);
      if (definition) {
        const [base, config] = definition.arguments;
        const variants =
          config && ts.isObjectLiteralExpression(config)
            ? config.properties.find((p) => p.name?.getText() === 'variants')
            : undefined;
        const groups =
          variants &&
          ts.isPropertyAssignment(variants) &&
          ts.isObjectLiteralExpression(variants.initializer)
            ? variants.initializer.properties
                .filter(ts.isPropertyAssignment)
                .map((group) =>
                  ts.isObjectLiteralExpression(group.initializer)
                    ? group.initializer.properties
                        .filter(ts.isPropertyAssignment)
                        .flatMap((option) => values(option.initializer, depth))
                    : [''],
                )
            : [];
        return combine([base ? values(base, depth) : [''], ...groups]);
      }
      return [''];
    }
    if (ts.isIdentifier(node)) {
      if (CLASS_PROPS.has(node.text)) {
        const component = componentOf(node);
        const passed = component ? callers.get(component)?.get(node.text) : undefined;
        if (!passed || depth > 4) return [''];
        return ['', ...passed.flatMap((expression) => values(expression, depth + 1))];
      }
      const constant = constants.get(`${file.fileName}#${node.text}`);
      return constant ? values(constant, depth) : [''];
    }
    return [''];
  };

  const lists: Site[] = [];
  for (const file of files) {
    const visit = (node: ts.Node) => {
      if (isCall(node, 'cn'))
        lists.push({
          file: file.fileName.slice(ROOT.length + 1),
          line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1,
          values: values(node, 0),
        });
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return lists;
}

const classSet = (list: string) => [...new Set(list.split(' ').filter(Boolean))].sort();

describe('cn', () => {
  it('joins what is truthy, in order; of two classes that conflict, the later stays', () => {
    expect(cn('px-2', false, undefined, 'py-1', ['text-sm'], { 'font-bold': true })).toBe(
      'px-2 py-1 text-sm font-bold',
    );
    expect(cn('h-10 px-4 text-sm text-white', 'h-7 px-3.5 text-danger-700')).toBe(
      'text-sm h-7 px-3.5 text-danger-700',
    );
    expect(cn('px-2 py-1', 'p-4', 'bg-white hover:bg-gray-50', 'sm:w-64', 'sm:w-56')).toBe(
      'p-4 bg-white hover:bg-gray-50 sm:w-56',
    );
  });

  const lists = audit();
  const vocabulary = [...new Set(lists.flatMap((site) => site.values.flatMap(classSet)))];

  it('keeps what tailwind-merge keeps, for every class list the store can build', () => {
    const differing = lists.flatMap((site) =>
      site.values
        .filter((value) => classSet(cn(value)).join(' ') !== classSet(twMerge(value)).join(' '))
        .map((value) => `${site.file}:${site.line}: ${value} → ${cn(value)} ≠ ${twMerge(value)}`),
    );
    expect(lists.length).toBeGreaterThan(80);
    expect(differing).toEqual([]);
  });

  it('keeps what tailwind-merge keeps, for any two of the classes the store uses', () => {
    // Classes under different variants (`hover:`, `sm:`) never conflict: pairs within one.
    const byVariants = new Map<string, string[]>();
    for (const name of vocabulary) {
      const variants = name.slice(0, variantEnd(name));
      byVariants.set(variants, [...(byVariants.get(variants) ?? []), name]);
    }
    const differing: string[] = [];
    for (const names of byVariants.values())
      for (const first of names)
        for (const second of names) {
          const pair = `${first} ${second}`;
          if (classSet(cn(pair)).join(' ') !== classSet(twMerge(pair)).join(' '))
            differing.push(`${pair} → ${cn(pair)} ≠ ${twMerge(pair)}`);
        }
    expect(vocabulary.length).toBeGreaterThan(300);
    expect(differing).toEqual([]);
  }, 60_000);
});
