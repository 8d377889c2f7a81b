import { transform } from 'esbuild';
import { describe, expect, test } from 'vitest';
import { renderReactSnippet } from './fidelity.ts';
import { loadCatalog } from './load.ts';
import { reactCompanions, typeScriptToJavaScript } from './typescript.ts';

const overridden = loadCatalog().components.filter((component) => component.overrides.react);

describe('the JavaScript of a TypeScript component (the .jsx download)', () => {
  test.each(overridden.map((component) => [component.path, component] as const))(
    '%s is JavaScript and renders what the TSX renders',
    async (path, component) => {
      const tsx = component.overrides.react!.source;
      const jsx = await typeScriptToJavaScript(tsx, `${path}.react.tsx`);
      // The JSX loader rejects any TypeScript syntax left behind.
      await expect(transform(jsx, { loader: 'jsx', jsx: 'automatic' })).resolves.toBeTruthy();
      expect(jsx).not.toMatch(/^import type|declare module|: (string|number|boolean)\b/m);
      expect(await renderReactSnippet(jsx, `${path}.jsx`)).toBe(
        await renderReactSnippet(tsx, `${path}.tsx`),
      );
    },
  );

  test('a TypeScript-only file fails with its name', async () => {
    await expect(typeScriptToJavaScript('const x = <', 'broken.tsx')).rejects.toThrow(
      /broken\.tsx/,
    );
  });
});

describe('companion files', () => {
  test('a snippet using invoker commands needs their types, unless it declares them', () => {
    const uses = '<button command="show-modal" commandfor="d">Open</button>';
    expect(reactCompanions(uses)).toEqual(['invoker-commands.d.ts']);
    expect(reactCompanions(`declare module 'react' {}\n${uses}`)).toEqual([]);
    expect(reactCompanions('<p>A command palette</p>')).toEqual([]);
  });
});
