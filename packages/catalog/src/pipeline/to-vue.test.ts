import { describe, expect, test } from 'vitest';
import { compareHtml, renderVueSnippet } from './fidelity.ts';
import { ConversionError } from './to-react.ts';
import { htmlToVue } from './to-vue.ts';

describe('htmlToVue', () => {
  test('wraps the markup in a <template>, indented, with HTML attribute names kept', () => {
    const html =
      '<div class="flex p-4">\n  <label for="x">Name</label>\n  <svg viewBox="0 0 2 2" stroke-width="2"></svg>\n</div>\n';
    expect(htmlToVue(html)).toBe(
      '<template>\n  <div class="flex p-4">\n    <label for="x">Name</label>\n    <svg viewBox="0 0 2 2" stroke-width="2"></svg>\n  </div>\n</template>\n',
    );
  });

  test('keeps a line break the browser draws as a space, which Vue would condense away', async () => {
    const html =
      '<p class="text-sm">\n  <span>Streamlet.</span>\n  <a href="#">Read our stories</a>\n</p>';
    const vue = htmlToVue(html);
    expect(vue).toContain('<span>Streamlet.</span> <a href="#">Read our stories</a>');
    expect(await renderVueSnippet(vue, 'example.vue')).toBe(
      '<p class="text-sm"><span>Streamlet.</span> <a href="#">Read our stories</a></p>',
    );
    // Between blocks it stays a line break: nothing is drawn there.
    expect(htmlToVue('<div>\n  <p>a</p>\n  <p>b</p>\n</div>')).toContain('<p>a</p>\n    <p>b</p>');
  });

  test('drops comments and scripts together with the lines they leave empty', () => {
    const html =
      '<div>\n  <!-- a note -->\n  <p>Hi</p> <!-- inline -->\n  <script>\n    go();\n  </script>\n</div>';
    const vue = htmlToVue(html);
    expect(vue).toBe('<template>\n  <div>\n    <p>Hi</p> \n  </div>\n</template>\n');
  });

  test('escapes text that Vue would read as an interpolation', async () => {
    const html = '<p>Write {{ name }} in the template</p>';
    const vue = htmlToVue(html);
    expect(vue).toContain("{{ '{{' }} name }}");
    const rendered = await renderVueSnippet(vue, 'example.vue');
    expect(rendered).toContain('Write {{ name }} in the template');
    expect(compareHtml(html, rendered)).toBeNull();
  });

  test('renders popover, invoker, boolean and form attributes as the HTML does', async () => {
    const html =
      '<div><button type="button" popovertarget="m">Open</button><div id="m" popover>Menu</div><button command="show-modal" commandfor="d">Edit</button><dialog id="d" open><input autofocus value="Ada"><input type="checkbox" checked></dialog><select><option>A</option><option selected>B</option></select><p hidden>x</p></div>';
    expect(compareHtml(html, await renderVueSnippet(htmlToVue(html), 'example.vue'))).toBeNull();
  });

  test('does not indent inside a textarea', () => {
    const vue = htmlToVue('<form>\n  <textarea>one\ntwo</textarea>\n</form>');
    expect(vue).toContain('<textarea>one\ntwo</textarea>');
  });

  test('rejects attributes Vue would read as directives', () => {
    expect(() => htmlToVue('<button @click="go">Go</button>')).toThrow(ConversionError);
    expect(() => htmlToVue('<div :class="x"></div>')).toThrow(/Vue syntax/);
  });
});
