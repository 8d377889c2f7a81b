import { describe, expect, test } from 'vitest';
import { compareHtml, renderReactSnippet } from './fidelity.ts';
import { loadCatalog } from './load.ts';
import { ConversionError, componentNameFromSlug, escapeJsxText, htmlToReact } from './to-react.ts';

const convert = (html: string) => htmlToReact(html, { componentName: 'Example' });

/** Converts, renders with react-dom/server and returns the markup. */
async function roundTrip(html: string): Promise<string> {
  return renderReactSnippet(convert(html), 'example.jsx');
}

describe('htmlToReact', () => {
  test('wraps the markup in a default-exported function component', () => {
    expect(convert('<div class="p-4">Hi</div>')).toBe(
      'export default function Example() {\n  return (\n    <div className="p-4">Hi</div>\n  )\n}\n',
    );
  });

  test('renames class, for and tabindex and writes integer props as numbers', () => {
    const snippet = convert(
      '<div><label for="x-name" class="block">Name</label><input id="x-name" tabindex="-1" maxlength="20"></div>',
    );
    expect(snippet).toContain('htmlFor="x-name"');
    expect(snippet).toContain('className="block"');
    expect(snippet).toContain('tabIndex={-1}');
    expect(snippet).toContain('maxLength={20}');
    expect(snippet).not.toMatch(/\bclass=|\bfor=|tabindex/);
  });

  test('camelCases SVG presentation and xlink attributes and keeps viewBox', async () => {
    const html =
      '<svg viewBox="0 0 20 20" fill="none" stroke-width="1.5" aria-hidden="true"><defs><radialGradient id="g" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#fff" stop-opacity="0.5"></stop></radialGradient></defs><path fill-rule="evenodd" clip-rule="evenodd" stroke-linecap="round" stroke-linejoin="round" d="M0 0h20"></path><use xlink:href="#g"></use></svg>';
    const snippet = convert(html);
    for (const prop of [
      'viewBox=',
      'strokeWidth=',
      'fillRule=',
      'clipRule=',
      'strokeLinecap=',
      'strokeLinejoin=',
      'stopColor=',
      'stopOpacity=',
      'gradientUnits=',
      'xlinkHref=',
      '<radialGradient',
    ]) {
      expect(snippet).toContain(prop);
    }
    expect(snippet).not.toMatch(/stroke-width|fill-rule|clip-rule|xlink:href/);
    expect(compareHtml(html, await roundTrip(html))).toBeNull();
  });

  // React renders an SVG's `class` prop as is and warns only once per process, so neither the
  // fidelity check nor a render catches it: the snippet itself must say className.
  test('names the class of SVG elements className, in every real component', () => {
    const snippet = convert(
      '<svg class="size-5 text-gray-400" viewBox="0 0 20 20"><g class="opacity-50"><path class="fill-current" d="M0 0h20"></path></g></svg>',
    );
    expect(snippet).toContain('<svg className="size-5 text-gray-400" viewBox="0 0 20 20">');
    expect(snippet).toContain('<g className="opacity-50">');
    expect(snippet).toContain('<path className="fill-current" d="M0 0h20" />');
    expect(snippet).not.toMatch(/\sclass=/);

    const classedSvg = /<(?:svg|path|g|circle|rect|line|polyline|polygon|use)\b[^>]*\sclass="/;
    const components = loadCatalog().components.filter(
      (component) => !component.overrides.react && classedSvg.test(component.html),
    );
    expect(components.length).toBeGreaterThan(10);
    for (const component of components) {
      const react = htmlToReact(component.html, {
        componentName: componentNameFromSlug(component.slug),
        file: component.path,
      });
      expect(react, component.path).not.toMatch(/\sclass=/);
      expect(react, component.path).toMatch(/<(?:svg|path|g)\b[^>]*\sclassName="/);
    }
  });

  test('writes boolean attributes bare and keeps their meaning when rendered', async () => {
    const html =
      '<form novalidate><input required disabled autofocus><select multiple><option>A</option></select><p hidden></p><details open><summary>More</summary></details><dialog open></dialog></form>';
    const snippet = convert(html);
    expect(snippet).toMatch(/<form noValidate>/);
    expect(snippet).toMatch(/<input required disabled autoFocus \/>/);
    expect(snippet).toContain('<p hidden />');
    expect(snippet).toContain('<details open>');
    expect(compareHtml(html, await roundTrip(html))).toBeNull();
  });

  test('keeps `hidden="until-found"` as a string', () => {
    expect(convert('<div hidden="until-found">x</div>')).toContain('hidden="until-found"');
  });

  test('turns form state into uncontrolled defaults React renders back as attributes', async () => {
    const html =
      '<form><input type="text" value="Ada"><input type="checkbox" value="yes" checked><input type="radio" name="r" value="a"><select><option value="a">A</option><option value="b" selected>B</option></select><textarea rows="3">Line one\nLine two</textarea></form>';
    const snippet = convert(html);
    expect(snippet).toContain('defaultValue="Ada"');
    expect(snippet).toContain('defaultChecked');
    expect(snippet).toContain('value="yes"'); // a checkbox's value is its payload, not state
    expect(snippet).toMatch(/<select defaultValue="b">/);
    expect(snippet).toContain("defaultValue={'Line one\\nLine two'}");
    expect(snippet).not.toMatch(/\bselected\b/);
    expect(compareHtml(html, await roundTrip(html))).toBeNull();
  });

  test('escapes braces, angle brackets and entity-like text', async () => {
    const html = '<p>Use {count} items &lt;b&gt; &amp;copy; and&nbsp;more</p>';
    const snippet = convert(html);
    expect(snippet).toContain("Use {'{'}count{'}'} items &lt;b&gt; &amp;copy; and&nbsp;more");
    expect(compareHtml(html, await roundTrip(html))).toBeNull();
  });

  test('escapeJsxText leaves plain ampersands alone', () => {
    expect(escapeJsxText('Salt & pepper')).toBe('Salt & pepper');
    expect(escapeJsxText('&amp;')).toBe('&amp;amp;');
  });

  test('falls back to an expression for attribute values JSX strings cannot hold', async () => {
    const html = '<div title="Say &quot;hi&quot;" data-note="a &amp;copy; b">x</div>';
    const snippet = convert(html);
    expect(snippet).toContain(`title={'Say "hi"'}`);
    expect(snippet).toContain(`data-note={'a &copy; b'}`);
    expect(compareHtml(html, await roundTrip(html))).toBeNull();
  });

  test('drops comments and scripts', () => {
    const snippet = convert('<div><!-- note --><p>Hi</p><script>alert(1)</script></div>');
    expect(snippet).not.toContain('note');
    expect(snippet).not.toContain('script');
    expect(snippet).toContain('<p>Hi</p>');
  });

  test('self-closes empty elements, including void and SVG ones', () => {
    const snippet = convert(
      '<div><br><img src="/a.svg" alt=""><span></span><svg><path d="M0 0" /></svg></div>',
    );
    expect(snippet).toContain('<br />');
    expect(snippet).toContain('<img src="/a.svg" alt="" />');
    expect(snippet).toContain('<span />');
    expect(snippet).toContain('<path d="M0 0" />');
  });

  test('keeps the popover and invoker command attributes React passes through', async () => {
    const html =
      '<div><button type="button" popovertarget="m-menu">Open</button><div id="m-menu" popover>Menu</div><button type="button" command="show-modal" commandfor="m-dialog">Edit</button><dialog id="m-dialog"><button type="button" command="close" commandfor="m-dialog">Close</button></dialog></div>';
    const snippet = convert(html);
    expect(snippet).toContain('popoverTarget="m-menu"');
    // Bare `popover` (true) is dropped by React; the empty value means "auto".
    expect(snippet).toContain('popover="auto"');
    // React 19.3 has no `commandFor` prop: the lowercase attribute is what reaches the DOM.
    expect(snippet).toContain('commandfor="m-dialog"');
    expect(snippet).toContain('command="show-modal"');
    const rendered = await renderReactSnippet(snippet, 'example.jsx');
    expect(rendered).toContain('commandfor="m-dialog"');
    expect(rendered).toContain('popover="auto"');
    expect(compareHtml(html, rendered)).toBeNull();
  });

  test('keeps a line break between inline elements and a leading space inside one', async () => {
    const html = `<p class="text-sm">
  <span>Streamlet.</span>
  <a href="#"> Read our stories</a>
</p>`;
    const snippet = convert(html);
    // The browser draws both as one space: "Streamlet. Read our stories".
    expect(await renderReactSnippet(snippet, 'example.jsx')).toBe(
      '<p class="text-sm"><span>Streamlet.</span> <a href="#"> Read our stories</a></p>',
    );
    // Printed over several lines, the spaces are spelled out.
    const long = convert(html.replace('our stories', 'our stories '.repeat(8).trim()));
    expect(long).toMatch(/<span>Streamlet\.<\/span>\n\s*\{' '\}\n\s*<a href="#">\n\s*\{' '\}Read/);
    expect(long).not.toMatch(/^\s+$/m);
  });

  test('drops indentation the browser never draws', () => {
    // Between blocks, inside flex and grid containers, in tables and at a block's edges.
    const html = `<div>
  <p>One</p>
  <p>Two</p>
  <div class="flex gap-2">
    <span>A</span>
    <span>B</span>
  </div>
  <table><tbody>
    <tr> <td> x </td> </tr>
  </tbody></table>
</div>`;
    expect(convert(html)).not.toContain("{' '}");
    // A breakpoint that makes the container a block again brings the space back.
    expect(convert(html.replace('flex gap-2', 'flex gap-2 md:block'))).toContain(
      '<span>A</span> <span>B</span>',
    );
  });

  test('writes numeric ARIA values as numbers, which @types/react types them as', async () => {
    const html =
      '<div role="progressbar" aria-valuenow="40" aria-valuemin="0" aria-valuemax="100" aria-valuetext="40 percent" aria-label="Upload"></div>';
    const snippet = convert(html);
    expect(snippet).toContain('aria-valuenow={40}');
    expect(snippet).toContain('aria-valuemin={0}');
    expect(snippet).toContain('aria-valuetext="40 percent"');
    expect(compareHtml(html, await roundTrip(html))).toBeNull();
  });

  test('converts an inline style to an object', async () => {
    const html = '<div style="background-color: red; --gap: 4px">x</div>';
    expect(convert(html)).toContain("style={{ backgroundColor: 'red', '--gap': '4px' }}");
    expect(compareHtml(html, await roundTrip(html))).toBeNull();
  });

  test('rejects inline event handlers and more than one root', () => {
    expect(() => convert('<button onclick="go()">Go</button>')).toThrow(ConversionError);
    expect(() => convert('<p>a</p><p>b</p>')).toThrow(/exactly one root element/);
  });

  test('names components after their slug', () => {
    expect(componentNameFromSlug('split-with-screenshot')).toBe('SplitWithScreenshot');
    expect(componentNameFromSlug('3-column')).toBe('Component3Column');
  });
});
