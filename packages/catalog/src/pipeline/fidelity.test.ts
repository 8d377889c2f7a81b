import { describe, expect, test } from 'vitest';
import { checkSnippet, compareHtml, FidelityError } from './fidelity.ts';
import { htmlToReact } from './to-react.ts';
import { htmlToVue } from './to-vue.ts';

const component = 'kit/forms/inputs/with-label';
const html = `<div class="space-y-2">
  <label for="with-label-email" class="block text-sm">Email</label>
  <input id="with-label-email" type="email" required class="rounded-md">
  <p class="text-xs">We never share it. <a href="#">Privacy</a></p>
</div>`;
const react = htmlToReact(html, { componentName: 'WithLabel' });
const vue = htmlToVue(html);
const options = { component, dropScripts: false };

async function failure(promise: Promise<unknown>): Promise<FidelityError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FidelityError);
  return error as FidelityError;
}

describe('compareHtml', () => {
  test('ignores attribute order, boolean spelling, class order, comments and indentation', () => {
    expect(
      compareHtml(
        '<div>\n  <input required class="a b" type="text">\n  <!-- x -->\n  <p hidden>Hi</p>\n</div>',
        '<div><input type="text" class="b  a" required=""><p hidden="hidden">Hi</p></div>',
      ),
    ).toBeNull();
    expect(compareHtml('<div popover>x</div>', '<div popover="auto">x</div>')).toBeNull();
  });

  test('reports a changed, missing or extra attribute with where it is', () => {
    expect(compareHtml('<div><a href="/a">x</a></div>', '<div><a href="/b">x</a></div>')).toEqual({
      where: 'div:nth-child(1) > a:nth-child(1)',
      detail: 'attribute "href" is "/b", expected "/a"',
    });
    expect(compareHtml('<p id="x" title="t">x</p>', '<p id="x">x</p>')?.detail).toBe(
      'attribute "title" is missing',
    );
    expect(compareHtml('<p>x</p>', '<p commandFor="y">x</p>')?.detail).toMatch(
      /unexpected attribute "commandfor"/,
    );
  });

  test('reports different tags and text', () => {
    expect(compareHtml('<div><b>x</b></div>', '<div><strong>x</strong></div>')?.detail).toBe(
      'expected <b>, got <strong>',
    );
    expect(compareHtml('<p>Save changes</p>', '<p>Save change</p>')?.detail).toBe(
      'expected text "changes", got "change"',
    );
  });

  test('leaves whitespace to the rendered-text check but not words', () => {
    const authored = '<p>\n  Read <a>more</a>\n  <b>now</b> <i>please</i>\n</p>';
    // Whether these spaces are drawn depends on CSS: rendered.ts judges them in Chromium.
    expect(compareHtml(authored, '<p>Read<a>more</a><b>now</b><i>please</i></p>')).toBeNull();
    expect(compareHtml('<p>two words</p>', '<p>twowords</p>')?.detail).toBe(
      'expected text "two", got "twowords"',
    );
  });

  test('compares textarea and pre content exactly', () => {
    expect(compareHtml('<textarea>a\n  b</textarea>', '<textarea>a b</textarea>')).not.toBeNull();
  });

  test('leaves scripts out of the HTML side only when asked', () => {
    const withScript = '<div><p>x</p><script>go()</script></div>';
    expect(compareHtml(withScript, '<div><p>x</p></div>', { dropScripts: true })).toBeNull();
    expect(compareHtml(withScript, '<div><p>x</p></div>')).not.toBeNull();
  });
});

describe('checkSnippet', () => {
  test('accepts the faithful React and Vue conversions', async () => {
    await checkSnippet('react', react, html, options);
    await checkSnippet('vue', vue, html, options);
  });

  test('a deliberately unfaithful React conversion fails naming the component and the difference', async () => {
    const broken = react.replace('htmlFor="with-label-email"', 'htmlFor="with-label-mail"');
    const error = await failure(checkSnippet('react', broken, html, options));
    expect(error.component).toBe(component);
    expect(error.language).toBe('react');
    expect(error.message).toContain(component);
    expect(error.message).toContain('the React snippet is not faithful');
    expect(error.where).toBe('div:nth-child(1) > label:nth-child(1)');
    expect(error.detail).toBe('attribute "for" is "with-label-mail", expected "with-label-email"');
  });

  test('returns what the snippet renders, for the rendered-text check', async () => {
    const rendered = await checkSnippet('react', react, html, options);
    expect(rendered).toContain('We never share it. <a href="#">Privacy</a>');
  });

  test('React warnings (a prop React does not know) fail the check', async () => {
    const broken = react.replace('type="email"', 'type="email" commandFor="x"');
    const error = await failure(checkSnippet('react', broken, html, options));
    expect(error.detail).toMatch(
      /warning while rendering: React does not recognize the `commandFor` prop/,
    );
  });

  test('a deliberately unfaithful Vue conversion fails naming the component', async () => {
    const broken = vue.replace('class="rounded-md"', 'class="rounded-md" :disabled="true"');
    const error = await failure(checkSnippet('vue', broken, html, options));
    expect(error.message).toContain(`${component}: the Vue snippet is not faithful`);
    expect(error.detail).toBe('unexpected attribute "disabled"=""');
  });

  test('a snippet that does not compile fails naming the component', async () => {
    const error = await failure(
      checkSnippet('react', 'export default function X() { return (<div> }', html, options),
    );
    expect(error.component).toBe(component);
    expect(error.message).toMatch(/kit\/forms\/inputs\/with-label: the React snippet/);
  });
});
