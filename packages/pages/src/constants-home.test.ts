import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as constants from './constants';

/**
 * Every business constant has one home, ./constants.ts. This test reads the pages and the
 * storefront as TypeScript and fails when one of them keeps a copy of its own: a `const` holding
 * a constant's number, a constant's sentence or path written out, or copy that states a
 * constant's figure ("25 people", "30 days", "$30,000") in words of its own. The patterns are
 * built from the constants' values, so they follow an edit of the home.
 */

const repo = join(import.meta.dirname, '..', '..', '..');
const SCANNED = ['packages/pages/src', 'apps/storefront/src'];
const HOME = 'packages/pages/src/constants.ts';

/**
 * Left out of the scan, by kind. Tests and stories write values out on purpose: an expectation
 * that read the constant would follow a wrong edit anywhere. Fixtures are example server answers
 * (a refund window of 30 in an admin record, a privacy policy's prose), in the server's words.
 */
function isScanned(path: string): boolean {
  return (
    /\.(ts|tsx)$/.test(path) &&
    !/\.(test|stories)\.(ts|tsx)$/.test(path) &&
    !path.endsWith('.d.ts') &&
    !path.split('/').includes('fixtures') &&
    !path.split('/').includes('stories-support') &&
    path !== HOME
  );
}

/**
 * Page constants whose number only happens to equal a business constant's, keyed by file and
 * name; each says what it is instead.
 */
const OTHER_NUMBERS: Record<string, string> = {
  'packages/pages/src/component-view/code-block.tsx#CODE_FOLD_LINES':
    'how many lines of code show before the rest folds (20, like ACCESS_TOKEN_LIMIT)',
  'packages/pages/src/components-page/components-page.tsx#PROGRESSIVE_DISPLAY_MIN':
    'a layout threshold, how many cards fold a group (10, like SECOND_STEP_MINUTES and RECOVERY_CODE_COUNT)',
  'packages/pages/src/shared/hydrate-when.tsx#IDLE_TIMEOUT_MS':
    'how long an idle-hydrated section may wait for an idle browser (2 s, like PURCHASE_POLL_INTERVAL_MS and RECENTLY_SUCCESSFUL_MS)',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(join(repo, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(repo, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter(isScanned)
    .sort();
}

type Literal = {
  file: string;
  line: number;
  kind: 'string' | 'number';
  text: string;
  /** For a number: the `const` it initialises, if it does. */
  declares?: string;
};

/** The string and number literals (JSX text included) of a file's source. */
function literalsOf(file: string, text: string): Literal[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Literal[] = [];
  const lineOf = (node: ts.Node) =>
    source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      (ts.isJsxText(node) && node.text.trim() !== '')
    ) {
      found.push({ file, line: lineOf(node), kind: 'string', text: node.text });
    } else if (ts.isNumericLiteral(node)) {
      const parent = node.parent;
      const declares =
        ts.isVariableDeclaration(parent) && parent.initializer === node
          ? parent.name.getText(source)
          : undefined;
      found.push({ file, line: lineOf(node), kind: 'number', text: node.text, declares });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const scanned = SCANNED.flatMap(sourceFiles);
const allLiterals = scanned.flatMap((file) =>
  literalsOf(file, readFileSync(join(repo, file), 'utf8')),
);
const words = (text: string) => text.replace(/\s+/g, ' ');
const where = (literal: Literal) => `${literal.file}:${literal.line}`;

/** Every string inside a constant (objects and arrays included), with the constant's name. */
function strings(name: string, value: unknown): { name: string; value: string }[] {
  if (typeof value === 'string') return [{ name, value }];
  if (Array.isArray(value))
    return value.flatMap((item, index) => strings(`${name}[${index}]`, item));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => strings(`${name}.${key}`, item));
  }
  return [];
}

const entries: [string, unknown][] = Object.entries(constants).filter(
  ([, value]) => typeof value !== 'function',
);
const constantStrings = entries.flatMap(([name, value]) => strings(name, value));
const constantNumbers = entries.filter(
  (entry): entry is [string, number] => typeof entry[1] === 'number',
);

/** Figures stated in words, built from the constants: where the copy names them. */
const cap = constants.RESTRICTED_INCOME_CAP_USD.toLocaleString('en-US');
const PHRASES: { constant: string; pattern: RegExp }[] = [
  {
    constant: 'TEAM_SEATS',
    pattern: new RegExp(`\\b${constants.TEAM_SEATS}\\s+(seats|people)\\b`),
  },
  {
    constant: 'REFUND_WINDOW_DAYS',
    pattern: new RegExp(`\\b${constants.REFUND_WINDOW_DAYS}[\\s-]+days?\\b`),
  },
  { constant: 'RESTRICTED_INCOME_CAP_USD', pattern: new RegExp(`\\$?${cap}\\b`) },
  {
    constant: 'COMPONENTS_CLAIMED',
    pattern: new RegExp(`\\bover\\s+${constants.COMPONENTS_CLAIMED}\\b`, 'i'),
  },
  {
    constant: 'DESIGN_EBOOK',
    pattern: new RegExp(`\\b${constants.DESIGN_EBOOK.pages}\\s+pages\\b`),
  },
  {
    constant: 'DESIGN_EBOOK',
    pattern: new RegExp(`\\$${constants.DESIGN_EBOOK.retailAmount / 100}\\b`),
  },
  {
    constant: 'BLACK_FRIDAY_MIN_DISCOUNT_PERCENT',
    pattern: new RegExp(`\\b${constants.BLACK_FRIDAY_MIN_DISCOUNT_PERCENT}\\s*%`),
  },
  {
    constant: 'PURCHASE_POLL_ATTEMPTS',
    pattern: new RegExp(`\\b${constants.PURCHASE_POLL_ATTEMPTS}\\s+(times|tries|attempts)\\b`),
  },
  {
    constant: 'IMPERSONATION_REAUTH_MINUTES',
    pattern: new RegExp(`\\b${constants.IMPERSONATION_REAUTH_MINUTES}\\s+minutes\\b`),
  },
  {
    constant: 'SIGN_IN_HISTORY_DAYS',
    pattern: new RegExp(`\\b${constants.SIGN_IN_HISTORY_DAYS}\\s+days\\b`),
  },
  {
    constant: 'ACCESS_TOKEN_LIMIT',
    pattern: new RegExp(`\\b${constants.ACCESS_TOKEN_LIMIT}\\s+(active\\s+)?tokens\\b`),
  },
  {
    constant: 'ACCESS_TOKEN_NAME_MAX_LENGTH',
    pattern: new RegExp(`\\b${constants.ACCESS_TOKEN_NAME_MAX_LENGTH}\\s+characters\\b`),
  },
];

function numberCopies(found: Literal[]): string[] {
  return found
    .filter((literal) => literal.kind === 'number' && literal.declares)
    .filter((literal) => !(`${literal.file}#${literal.declares}` in OTHER_NUMBERS))
    .flatMap((literal) =>
      constantNumbers
        .filter(([, value]) => Number(literal.text.replace(/_/g, '')) === value)
        .map(([name]) => `${where(literal)}: const ${literal.declares} copies ${name}`),
    );
}

function sentenceCopies(found: Literal[]): string[] {
  return constantStrings
    .filter(({ value }) => value.startsWith('/') || value.length >= 20)
    .flatMap(({ name, value }) =>
      found
        .filter(
          (literal) =>
            literal.kind === 'string' &&
            (value.startsWith('/') ? literal.text === value : words(literal.text).includes(value)),
        )
        .map((literal) => `${where(literal)}: writes out ${name}`),
    );
}

function phraseCopies(found: Literal[]): string[] {
  return PHRASES.flatMap(({ constant, pattern }) =>
    found
      .filter((literal) => literal.kind === 'string' && pattern.test(words(literal.text)))
      .map((literal) => `${where(literal)}: states ${constant} (“${words(literal.text).trim()}”)`),
  );
}

describe('business constants have one home', () => {
  it('reads the pages and the storefront', () => {
    // A wrong root would scan nothing and pass everything.
    expect(scanned).toContain('packages/pages/src/support/support-page.tsx');
    expect(scanned).toContain('apps/storefront/src/main.tsx');
    expect(scanned).not.toContain(HOME);
  });

  it('no page declares a constant of its own with a business number', () => {
    expect(numberCopies(allLiterals)).toEqual([]);
  });

  it('no page writes out a constant’s sentence or path', () => {
    expect(sentenceCopies(allLiterals)).toEqual([]);
  });

  it('no copy states a constant’s figure in words of its own', () => {
    expect(phraseCopies(allLiterals)).toEqual([]);
  });

  it('finds each kind of copy on a page that keeps its own', () => {
    const page = [
      `const REFUND_DAYS = ${constants.REFUND_WINDOW_DAYS};`,
      `const chat = '${constants.COMMUNITY_CHAT_PATH}';`,
      `export const Note = () => <p>${constants.TEAM_FULL_MESSAGE}, for up to ${constants.TEAM_SEATS} people.</p>;`,
    ].join('\n');
    const found = literalsOf('page.tsx', page);
    expect(numberCopies(found)).toEqual(
      expect.arrayContaining(['page.tsx:1: const REFUND_DAYS copies REFUND_WINDOW_DAYS']),
    );
    expect(sentenceCopies(found)).toEqual([
      'page.tsx:2: writes out COMMUNITY_CHAT_PATH',
      'page.tsx:3: writes out TEAM_FULL_MESSAGE',
    ]);
    expect(phraseCopies(found)).toEqual([expect.stringMatching(/^page\.tsx:3: states TEAM_SEATS/)]);
  });
});
