import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compileTailwindCss } from '../tailwind.ts';
import { checkSnippet, compareHtml } from './fidelity.ts';
import { compareMeasures, launchRenderChecker } from './rendered.ts';
import type { RenderChecker } from './rendered.ts';
import { htmlToReact } from './to-react.ts';
import { htmlToVue } from './to-vue.ts';

let checker: RenderChecker;
beforeAll(async () => {
  checker = await launchRenderChecker();
});
afterAll(async () => {
  await checker?.close();
});

const options = { component: 'kit/sections/example', dropScripts: false };

/** What the React and Vue conversions of `html` draw that the HTML does not. */
async function conversionDifferences(html: string) {
  const react = await checkSnippet(
    'react',
    htmlToReact(html, { componentName: 'Example' }),
    html,
    options,
  );
  const vue = await checkSnippet('vue', htmlToVue(html), html, options);
  return checker.compare(await compileTailwindCss([html]), html, [
    { label: 'React', html: react },
    { label: 'Vue', html: vue },
  ]);
}

// The shapes of the lost spaces the old whitespace rule produced (a line break between inline
// elements, a leading space inside an inline element), with what the old converters rendered
// for them: each passed the old check, which shared the converter's rule.
const CASES = [
  {
    name: 'a line break between inline elements',
    html: `<p class="text-sm text-gray-600">
  <span class="font-semibold">Streamlet.</span>
  <a href="#" class="font-semibold text-indigo-600">Read our customer stories</a>
</p>`,
    old: '<p class="text-sm text-gray-600"><span class="font-semibold">Streamlet.</span><a href="#" class="font-semibold text-indigo-600">Read our customer stories</a></p>',
    drawn: 'Streamlet. Read our customer stories',
  },
  {
    name: 'a leading space inside an inline element',
    html: `<p class="text-gray-500">Navy · Dot grid<span class="sm:hidden"> · 3 × €18.00</span></p>`,
    old: '<p class="text-gray-500">Navy · Dot grid<span class="sm:hidden">· 3 × €18.00</span></p>',
    drawn: 'Navy · Dot grid · 3 × €18.00',
  },
  {
    name: 'a line break between inline-block buttons',
    html: `<div class="text-right">
  <button type="button" class="rounded-md px-3 py-2">Deactivate</button>
  <button type="button" class="rounded-md px-3 py-2">Cancel</button>
</div>`,
    old: '<div class="text-right"><button type="button" class="rounded-md px-3 py-2">Deactivate</button><button type="button" class="rounded-md px-3 py-2">Cancel</button></div>',
    drawn: 'Deactivate Cancel',
  },
];

describe('the rendered-text check', () => {
  for (const example of CASES) {
    test(`catches what the old rule lost: ${example.name}`, async () => {
      const css = await compileTailwindCss([example.html]);
      // The DOM comparison alone cannot see it.
      expect(compareHtml(example.html, example.old)).toBeNull();
      const differences = await checker.compare(css, example.html, [
        { label: 'React', html: example.old },
      ]);
      expect(differences).toHaveLength(1);
      expect(differences[0]!.label).toBe('React');
      expect(differences[0]!.detail).toContain(JSON.stringify(example.drawn).slice(1, -1));
    });

    test(`the converters keep it: ${example.name}`, async () => {
      expect(await conversionDifferences(example.html)).toEqual([]);
    });
  }

  test('catches a snippet that draws a different height with the same text', async () => {
    const html = '<div class="p-4"><p class="mt-2">Hello</p></div>';
    const css = await compileTailwindCss([html, '<p class="mt-8"></p>']);
    const differences = await checker.compare(css, html, [
      { label: 'Vue', html: html.replace('mt-2', 'mt-8') },
    ]);
    expect(differences).toEqual([
      { label: 'Vue', width: 375, detail: 'is 24 px taller than the HTML' },
    ]);
  });

  test('lays each copy out in its own document: radio groups and ids do not meet', async () => {
    const html =
      '<fieldset class="group"><input type="radio" name="plan" id="a" checked><input type="radio" name="plan" id="b"><span class="hidden group-has-[#a:checked]:inline">Chosen</span></fieldset>';
    const css = await compileTailwindCss([html]);
    expect(await checker.compare(css, html, [{ label: 'React', html }])).toEqual([]);
  });

  test('reports the first differing width per candidate and names where the text differs', () => {
    const measure = (text: string, height = 10) => ({ text, height });
    expect(
      compareMeasures(
        ['HTML', 'React', 'Vue'],
        [
          { width: 375, candidates: [measure('a b'), measure('ab'), measure('a b')] },
          { width: 1280, candidates: [measure('a b'), measure('ab'), measure('a b', 12)] },
        ],
      ),
    ).toEqual([
      { label: 'React', width: 375, detail: 'draws "ab" where the HTML draws "a b"' },
      { label: 'Vue', width: 1280, detail: 'is 2 px taller than the HTML' },
    ]);
  });
});
