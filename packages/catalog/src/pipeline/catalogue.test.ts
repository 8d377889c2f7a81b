// The converter is proven on the real catalogue: every component's React and Vue snippet (the
// generated one, or the hand-completed override) renders to the same DOM as its HTML.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, onTestFinished, test } from 'vitest';
import { checkSnippet } from './fidelity.ts';
import { CATALOG_ROOT, loadCatalog, OVERRIDES_DIR } from './load.ts';
import { componentNameFromSlug, htmlToReact } from './to-react.ts';
import { htmlToVue } from './to-vue.ts';
import { COMPANION_FILES } from './types.ts';
import { reactCompanions } from './typescript.ts';

const { components } = loadCatalog();

test('the catalogue is loaded in full', () => {
  expect(components.length).toBeGreaterThanOrEqual(200);
  expect(new Set(components.map((component) => component.uuid)).size).toBe(components.length);
});

describe.each(components.map((component) => [component.path, component] as const))(
  '%s',
  (_path, component) => {
    const options = { component: component.path, dropScripts: component.meta.requiresJavaScript };

    test('React renders the same DOM as the HTML', async () => {
      const snippet =
        component.overrides.react?.source ??
        htmlToReact(component.html, {
          componentName: componentNameFromSlug(component.slug),
          file: component.path,
        });
      await checkSnippet('react', snippet, component.html, options);
    });

    test('Vue renders the same DOM as the HTML', async () => {
      const snippet =
        component.overrides.vue?.source ?? htmlToVue(component.html, { file: component.path });
      await checkSnippet('vue', snippet, component.html, options);
    });
  },
);

describe('hand-completed overrides', () => {
  const scripted = components.filter((component) => component.meta.requiresJavaScript);

  test('every component that needs a script has a stateful React and Vue version', () => {
    expect(scripted.length).toBeGreaterThanOrEqual(10);
    for (const component of scripted) {
      expect(component.overrides.react?.source, component.path).toMatch(/useState\(/);
      expect(component.overrides.vue?.source, component.path).toMatch(
        /<script setup lang="ts">[\s\S]*\bref\(/,
      );
    }
  });

  test('only components that need a script are overridden, and every override has a component', () => {
    const files = readdirSync(OVERRIDES_DIR, { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\.(react\.tsx|vue)$/.test(file),
    );
    const expected = scripted.flatMap((component) => [
      `${component.path}.react.tsx`,
      `${component.path}.vue`,
    ]);
    expect(files.map((file) => file.split('\\').join('/')).sort()).toEqual(expected.sort());
  });

  test('the React overrides typecheck as strict TSX', () => {
    const files = scripted.map((component) => component.overrides.react!.file);
    const program = ts.createProgram(files, STRICT_TSX);
    const messages = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where = diagnostic.file ? relative(OVERRIDES_DIR, diagnostic.file.fileName) : '';
      return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
    expect(messages).toEqual([]);
    expect(files.every((file) => file.startsWith(join(OVERRIDES_DIR, 'application-ui')))).toBe(
      true,
    );
  });

  test('the Vue overrides bind ARIA states as booleans, which vue-tsc accepts', () => {
    for (const component of scripted) {
      // `String(x)` is a string, not the Booleanish Vue types aria-expanded/-selected as.
      expect(component.overrides.vue!.source, component.path).not.toMatch(/:aria-[a-z]+="String\(/);
    }
  });
});

// The options of a stock Vite + React + TypeScript project (tsconfig.app.json), which customers
// add the snippets to.
const STRICT_TSX: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  jsx: ts.JsxEmit.ReactJSX,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  target: ts.ScriptTarget.ES2023,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: [],
  skipLibCheck: true,
  noEmit: true,
};

test('every generated React snippet typechecks as strict TSX with its companion files', () => {
  // Inside the package, so `react/jsx-runtime` resolves to its @types/react.
  const dir = mkdtempSync(join(CATALOG_ROOT, 'node_modules', '.typecheck-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const files: string[] = [];
  for (const [name, content] of Object.entries(COMPANION_FILES)) {
    writeFileSync(join(dir, name), content);
  }
  const generated = components.filter((component) => !component.overrides.react);
  let withCompanions = 0;
  for (const component of generated) {
    const snippet = htmlToReact(component.html, {
      componentName: componentNameFromSlug(component.slug),
      file: component.path,
    });
    const file = join(dir, `${component.path}.tsx`);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, snippet);
    files.push(file);
    const companions = reactCompanions(snippet);
    if (companions.length > 0) withCompanions++;
    // A snippet that needs none must not use the attributes the companion declares.
    else expect(snippet, component.path).not.toMatch(/\scommand(?:for)?=/);
  }
  expect(withCompanions).toBeGreaterThan(0);
  const program = ts.createProgram(
    [...files, ...Object.keys(COMPANION_FILES).map((name) => join(dir, name))],
    // The companion is a declaration file: type-check it too.
    { ...STRICT_TSX, skipLibCheck: false, skipDefaultLibCheck: true },
  );
  const messages = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file ? relative(dir, diagnostic.file.fileName) : '';
    return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
  expect(messages).toEqual([]);
}, 300_000);
