import { describe, expect, it } from 'vitest';
import { preserialized, stringifyPage } from './raw-json.ts';

const snippets = () =>
  preserialized([
    { language: 'html', highlight: '<pre class="shiki"><span style="color:#fff">"a"</span></pre>' },
    { language: 'react', highlight: 'export default () => <div>\u2028</div>' },
  ]);

describe('stringifyPage', () => {
  it('gives JSON.stringify’s bytes, with a key that names the immutable parts instead of copying them', () => {
    const code = snippets();
    const page = {
      component: 'ComponentCategory',
      props: { a: [{ snippets: code }, { snippets: code }] },
    };
    const { key, json } = stringifyPage(page);
    expect(json()).toBe(JSON.stringify(page));
    expect(JSON.parse(json())).toEqual(JSON.parse(JSON.stringify(page)));
    expect(key.length).toBeLessThan(json().length);
    expect(key).not.toContain('shiki');
    // Anywhere else a marked value serializes as itself.
    expect(JSON.stringify(code)).toBe(JSON.stringify([...code]));
  });

  it('keys two different parts differently, even with equal surroundings', () => {
    const a = stringifyPage({ props: { snippets: snippets() } });
    const b = stringifyPage({ props: { snippets: snippets() } });
    expect(a.key).not.toBe(b.key);
    expect(a.json()).toBe(b.json());
  });

  it('leaves a page’s own text alone, NULs and look-alike placeholders included', () => {
    const forged = '\u0000deadbeef:0\u0000';
    const page = { props: { name: forged, snippets: snippets() } };
    const { json } = stringifyPage(page);
    expect(JSON.parse(json()).props.name).toBe(forged);
    expect(json()).toBe(JSON.stringify(page));
  });
});
