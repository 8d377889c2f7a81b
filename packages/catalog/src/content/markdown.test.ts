import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadChangelog } from './changelog.ts';
import { loadDocumentation } from './docs.ts';
import { renderMarkdown } from './markdown.ts';
import { loadPrivacyPolicy } from './privacy.ts';

const hostile = `# Welcome

<script>alert('raw script')</script>

Inline <img src="x" onerror="alert('onerror')"> and <a href="#" onclick="alert('click')">a link</a>.

[A javascript link](javascript:alert('link')) and ![an image](javascript:alert('image')).

<iframe src="https://evil.example/frame"></iframe>

<p style="background:url(javascript:alert('style'))">styled</p>
`;

function expectNothingExecutable(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<iframe/i);
  expect(html).not.toMatch(/\son[a-z]+=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/\sstyle="background/i);
  expect(html).not.toContain('alert(');
}

describe('renderMarkdown', () => {
  it('removes script tags, event handler attributes, javascript: URLs and iframes', async () => {
    const html = await renderMarkdown(hostile);
    expectNothingExecutable(html);
    expect(html).toContain('<h1 id="welcome">Welcome</h1>');
    expect(html).toContain('A javascript link');
  });

  it('keeps safe links and images', async () => {
    const html = await renderMarkdown(
      '[Docs](https://example.com/docs) [Mail](mailto:hi@example.com) ![Logo](/images/logo.svg)',
    );
    expect(html).toContain('<a href="https://example.com/docs">Docs</a>');
    expect(html).toContain('<a href="mailto:hi@example.com">Mail</a>');
    expect(html).toContain('<img src="/images/logo.svg" alt="Logo">');
  });

  it('gives headings slug ids, de-duplicated', async () => {
    const html = await renderMarkdown('## Install the package\n\ntext\n\n## Install the package\n');
    expect(html).toContain('<h2 id="install-the-package">Install the package</h2>');
    expect(html).toContain('<h2 id="install-the-package-1">Install the package</h2>');
  });

  it('renders GitHub-flavoured tables and task lists', async () => {
    const html = await renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n');
    expect(html).toContain('<table>');
    expect(html).toContain('<td>2</td>');
    expect(html).toContain('<input type="checkbox" checked disabled>');
  });

  it('highlights fenced code with Shiki and keeps code text escaped', async () => {
    const html = await renderMarkdown(
      '```html\n<div class="p-4"></div>\n<script>alert(\'in code\')</script>\n```\n',
    );
    expect(html).toMatch(
      /^<pre class="shiki github-dark" style="[^"]+" tabindex="0" data-language="html">/,
    );
    expect(html).toContain('<span style="color:');
    // The code's own <script> is text, shown escaped, never an element.
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&#x3C;');
    expect(html).toContain('script');
  });

  it('falls back to plain text for unknown or missing languages', async () => {
    const unknown = await renderMarkdown('```brainfuck\n++>\n```\n');
    expect(unknown).toContain('data-language="text"');
    expect(unknown).toContain('++>');
    const bare = await renderMarkdown('```\nplain words\n```\n');
    expect(bare).toContain('class="shiki');
    expect(bare).toContain('plain words');
  });

  it('cannot be tricked into emitting markup through a code block', async () => {
    const html = await renderMarkdown('```js\n</code></pre><img src=x onerror=alert(1)>\n```\n');
    expect(html).not.toMatch(/<img/i);
    expect(html.match(/<\/pre>/g)).toHaveLength(1);
  });
});

describe('a script tag in authored content never reaches a page', () => {
  let contentDir: string;

  beforeAll(async () => {
    contentDir = await mkdtemp(join(tmpdir(), 'content-xss-'));
    await mkdir(join(contentDir, 'docs'));
    await mkdir(join(contentDir, 'changelog'));
    await mkdir(join(contentDir, 'privacy'));
    await writeFile(join(contentDir, 'docs', '_toc.yaml'), '- slug: intro\n  title: Intro\n');
    await writeFile(
      join(contentDir, 'docs', 'intro.md'),
      `---\ntitle: Intro\ndescription: Test page\n---\n\n${hostile}`,
    );
    await writeFile(
      join(contentDir, 'changelog', '2025-01-02-release.md'),
      `---\ntitle: Release\n---\n\n${hostile}`,
    );
    await writeFile(
      join(contentDir, 'privacy', 'privacy-policy.md'),
      `---\nlastUpdated: '2021-11-02'\n---\n\n${hostile}`,
    );
  });

  afterAll(() => rm(contentDir, { recursive: true, force: true }));

  it('in documentation, changelog and privacy policy', async () => {
    const docs = await loadDocumentation({ contentDir });
    const changelog = await loadChangelog({ contentDir });
    const privacy = await loadPrivacyPolicy({ contentDir });
    for (const html of [docs.pages[0]?.html, changelog[0]?.html, privacy.html]) {
      expect(html).toContain('Welcome');
      expectNothingExecutable(html ?? '');
    }
  });
});
