import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { flattenToc, loadDocumentation, parseToc, type Documentation } from './docs.ts';

let docs: Documentation;

beforeAll(async () => {
  docs = await loadDocumentation();
});

describe('loadDocumentation', () => {
  it('has at least six pages, one for every table-of-contents entry, in reading order', () => {
    const entries = flattenToc(docs.toc);
    expect(docs.pages.length).toBeGreaterThanOrEqual(6);
    expect(docs.pages.map((page) => page.slug)).toEqual(entries.map((entry) => entry.slug));
    expect(new Set(entries.map((entry) => entry.slug)).size).toBe(entries.length);
  });

  it('nests children in the table of contents', () => {
    const gettingStarted = docs.toc.find((entry) => entry.slug === 'getting-started');
    expect(gettingStarted?.children.map((child) => child.slug)).toEqual([
      'installation-tailwind-v4',
      'installation-tailwind-v3',
    ]);
    const formats = docs.toc.find((entry) => entry.slug === 'using-the-code');
    expect(formats?.children.map((child) => child.slug)).toEqual([
      'using-html',
      'using-react',
      'using-vue',
    ]);
    for (const entry of flattenToc(docs.toc)) expect(Array.isArray(entry.children)).toBe(true);
  });

  it('covers installing and using the components with v4, v3, React, Vue and HTML', () => {
    const html = (slug: string) => docs.pages.find((page) => page.slug === slug)?.html ?? '';
    expect(html('installation-tailwind-v4')).toContain('@tailwindcss/vite');
    expect(html('installation-tailwind-v3')).toContain('tailwind.config.js');
    expect(html('using-react')).toContain('className');
    expect(html('using-vue')).toContain('v-for');
    expect(html('using-html')).toContain('viewport');
    expect(html('interactive-components')).toContain('popovertarget');
  });

  it('renders each page with a title, description, slugged headings and highlighted code', () => {
    for (const page of docs.pages) {
      expect(page.title, page.slug).toMatch(/\S/);
      expect(page.description, page.slug).toMatch(/\S/);
      expect(page.html, page.slug).toMatch(/<h2 id="[a-z0-9-]+">/);
      expect(page.html, page.slug).not.toContain('{{brand}}');
    }
    expect(docs.pages.filter((page) => page.html.includes('class="shiki')).length).toBeGreaterThan(
      5,
    );
  });
});

describe('parseToc', () => {
  it('rejects duplicate slugs, bad slugs and missing titles, naming the file', () => {
    expect(() => parseToc('- {slug: a, title: A}\n- {slug: a, title: B}', '_toc.yaml')).toThrow(
      "_toc.yaml: slug 'a' appears twice",
    );
    expect(() => parseToc('- {slug: Not OK, title: A}', '_toc.yaml')).toThrow('kebab-case');
    expect(() => parseToc('- {slug: a, children: []}', '_toc.yaml')).toThrow('.title');
  });
});

describe('the docs folder', () => {
  let contentDir = '';
  afterEach(() => rm(contentDir, { recursive: true, force: true }));

  async function fixture(files: Record<string, string>) {
    contentDir = await mkdtemp(join(tmpdir(), 'content-docs-'));
    await mkdir(join(contentDir, 'docs'));
    for (const [name, text] of Object.entries(files)) {
      await writeFile(join(contentDir, 'docs', name), text);
    }
  }
  const page = '---\ntitle: A\ndescription: B\n---\n\nBody\n';

  it('fails when a table-of-contents entry has no page', async () => {
    await fixture({ '_toc.yaml': '- {slug: a, title: A}\n- {slug: b, title: B}\n', 'a.md': page });
    await expect(loadDocumentation({ contentDir })).rejects.toThrow(/docs\/b\.md: missing/);
  });

  it('fails when a page is not in the table of contents', async () => {
    await fixture({ '_toc.yaml': '- {slug: a, title: A}\n', 'a.md': page, 'stray.md': page });
    await expect(loadDocumentation({ contentDir })).rejects.toThrow(/stray\.md: not listed/);
  });

  it('fails when a page has no description', async () => {
    await fixture({ '_toc.yaml': '- {slug: a, title: A}\n', 'a.md': '---\ntitle: A\n---\nBody' });
    await expect(loadDocumentation({ contentDir })).rejects.toThrow(
      /a\.md: 'description' must be a non-empty string/,
    );
  });
});
