import { describe, expect, test } from 'vitest';
import { highlight } from './highlight.ts';
import { buildPreview, previewDocument } from './preview.ts';

describe('highlight', () => {
  test.each([
    ['html', '<button class="rounded-md" type="button">Save</button>', ['class', 'button']],
    [
      'jsx',
      'export default function A() {\n  return <div className="p-4" />\n}\n',
      ['export', 'className'],
    ],
    [
      'tsx',
      "const a: string = 'x';\nexport default function A() { return <p>{a}</p> }\n",
      ['string', 'export'],
    ],
    [
      'vue',
      '<script setup lang="ts">\nconst a = 1;\n</script>\n\n<template>\n  <p :title="a">Hi</p>\n</template>\n',
      ['template', 'const'],
    ],
  ] as const)('%s produces Shiki markup with coloured tokens', async (lang, code, words) => {
    const html = await highlight(code, lang);
    expect(html).toMatch(
      /^<pre class="shiki github-light" style="background-color:#fff;color:#24292e" tabindex="0"><code>/,
    );
    const colours = new Set(
      [...html.matchAll(/<span style="color:(#[0-9A-F]{6})">/gi)].map((match) => match[1]),
    );
    expect(colours.size).toBeGreaterThan(2);
    // The code's text survives tokenising, and its keywords are coloured tokens of their own.
    const text = html
      .replace(/<[^>]+>/g, '')
      .replace(/&#x([0-9A-F]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
    expect(text).toBe(code);
    for (const word of words)
      expect(html).toMatch(new RegExp(`<span style="color:#[0-9A-F]{6}">\\s*${word}</span>`));
  });
});

describe('preview documents', () => {
  test('inline the CSS, escape the title and report the body height under the uuid', () => {
    const document = previewDocument({
      uuid: 'c0ffee00-0000-8000-8000-000000000000',
      name: 'Tables <with> "quotes"',
      html: '<div class="p-4"><img src="/images/catalog/marketing/logo.svg" alt="" width="10" height="10"></div>',
      css: '.p-4{padding:1rem}</style><script>',
    });
    expect(document).toContain('<title>Tables &lt;with&gt; &quot;quotes&quot;</title>');
    expect(document).toContain('<style>.p-4{padding:1rem}<\\/style><script></style>');
    expect(document).toContain('src="/images/catalog/marketing/logo.svg"');
    expect(document).toContain('const name = "c0ffee00-0000-8000-8000-000000000000";');
    expect(document).toContain('new ResizeObserver(report).observe(document.body);');
  });

  test('compile only the Tailwind classes the component uses', async () => {
    const document = await buildPreview({
      uuid: 'c0ffee00-0000-8000-8000-000000000000',
      name: 'Card',
      html: '<div class="rounded-lg bg-sky-500 p-[13px]">Hi</div>',
    });
    expect(document).toMatch(/\.bg-sky-500\{/);
    expect(document).toMatch(/\.p-\\\[13px\\\]\{padding:13px\}/);
    expect(document).not.toMatch(/\.bg-red-500\{/);
    // Nothing is fetched: the only URL is in Tailwind's licence comment.
    expect(document.match(/https?:\/\/[^\s"')]+/g)).toEqual(['https://tailwindcss.com']);
  });
});
