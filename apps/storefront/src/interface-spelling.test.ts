// The interface spells the noun one way: "licence" (decision 049). Code keeps "license" where it
// names things (identifiers, URLs such as /license and /api/licenses, JSON keys such as
// license_key, table names), so this reads what a person sees: the prose in string literals,
// template literals and JSX text of the pages, the storefront and the server (messages, e-mails,
// labels), parsed with the TypeScript compiler rather than matched line by line.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const SOURCES = ['packages/pages/src', 'packages/ui/src', 'apps/storefront/src', 'apps/server/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    if (!/\.tsx?$/.test(entry.name) || /\.(test|stories)\.tsx?$/.test(entry.name)) return [];
    return [path];
  });
}

const WORDING = new Set(['label', 'title', 'cta', 'heading', 'aria-label', 'description']);

/** A one-word string is wording when it is a label's or a title's value (`label: 'License'`). */
function isWording(node: ts.Node): boolean {
  const parent = node.parent;
  const name =
    (ts.isPropertyAssignment(parent) || ts.isJsxAttribute(parent)) && parent.name
      ? parent.name.getText()
      : undefined;
  return name !== undefined && WORDING.has(name.replace(/^['"]|['"]$/g, ''));
}

/** Text a person may read: literals and JSX text with at least one space (prose, not a name). */
export function proseIn(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      // A whole string needs a space inside it to be prose; a piece of a template or of JSX text
      // is prose when it touches a space (`The ${kind} license`).
      const prose = ts.isStringLiteral(node) ? /\s/.test(node.text.trim()) : /\s/.test(node.text);
      if (prose || ts.isJsxText(node) || isWording(node)) found.push(node.text);
    }
    node.forEachChild(visit);
  };
  visit(file);
  return found;
}

/**
 * "license" as an English noun: not part of a path, a key or an identifier. ("licensed" stays:
 * British English spells the verb with an s.)
 */
export const americanSpelling = /(?<![/_.\w-])licenses?(?![\w/_.(-])/i;

describe('the interface spelling', () => {
  it('finds the American spelling in prose and leaves names alone (the scan can fail)', () => {
    const sample = [
      "const a = 'Upgrade to standard license';",
      'const b = <p>Your license covers it.</p>;',
      'const c = `The ${kind} license`;',
      "const d = { license_key: 'x', url: '/license', table: 'licenses' };",
      "const e = 'See /api/licenses/validate for the license_key field';",
      "const f = { label: 'License', page: 'License', title: 'Licence' };",
    ].join('\n');
    const hits = proseIn('sample.tsx', sample).filter((text) => americanSpelling.test(text));
    expect(hits.map((text) => text.trim())).toEqual([
      'Upgrade to standard license',
      'Your license covers it.',
      'license',
      'License',
    ]);
  });

  it('says "licence" everywhere a person reads it', () => {
    const offenders = SOURCES.flatMap((dir) =>
      sourceFiles(dir).flatMap((path) =>
        proseIn(path, readFileSync(join(root, path), 'utf8'))
          .filter((text) => americanSpelling.test(text))
          .map((text) => `${relative(root, join(root, path))}: ${text.trim()}`),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
