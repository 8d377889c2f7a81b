import { unzipSync } from 'fflate';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTemplateCss, demoDocument, templateArchive } from './template-assets.ts';
import {
  loadTemplates,
  parseTemplateMeta,
  readTemplateSources,
  REQUIRED_SOURCE_FILES,
  STYLESHEET_LINK,
  type Template,
  type TemplateSource,
} from './templates.ts';

const LISTED_TEMPLATES = [
  'catalyst',
  'spotlight',
  'salient',
  'protocol',
  'commit',
  'primer',
  'studio',
  'transmit',
  'pocket',
  'syntax',
  'keynote',
];

let templates: Template[];
let sources: TemplateSource[];

beforeAll(async () => {
  [templates, sources] = await Promise.all([loadTemplates(), readTemplateSources()]);
});

describe('loadTemplates', () => {
  it('has the eleven templates the store lists, in order', () => {
    expect(templates.map((template) => template.slug)).toEqual(LISTED_TEMPLATES);
    expect(templates.map((template) => template.order)).toEqual(
      LISTED_TEMPLATES.map((_, index) => index + 1),
    );
  });

  it('fills every required field of every template', () => {
    for (const template of templates) {
      expect(template.name, template.slug).toMatch(/\S/);
      expect(template.type, template.slug).toMatch(/\S/);
      expect(template.summary, template.slug).toMatch(/\S/);
      expect(template.summary, template.slug).not.toContain('\n');
      expect(template.descriptionHtml, template.slug).toMatch(/^<p>/);
      expect(template.technologies.length, template.slug).toBeGreaterThan(0);
      expect(template.technologies[0], template.slug).toEqual({
        name: 'Tailwind CSS',
        version: 'v4.3',
      });
      expect(template.faq.length, template.slug).toBeGreaterThanOrEqual(3);
      for (const entry of template.faq) {
        expect(entry.question).toMatch(/\?$/);
        expect(entry.answerHtml).toMatch(/^<p>/);
      }
      expect(template.price.currency).toBe('USD');
      expect(Number.isInteger(template.price.amount)).toBe(true);
      expect(template.price.amount).toBeGreaterThan(0);
      expect(template.imageUrl).toBe(`/catalog/templates/${template.slug}/image.png`);
      expect(template.bannerUrl).toBe(`/catalog/templates/${template.slug}/banner.png`);
      expect(template.previewUrl).toBe(`/catalog/templates/${template.slug}/demo.html`);
      expect(template.downloadPath).toBe(`private/templates/${template.slug}.zip`);
    }
  });

  it('types Catalyst as the UI kit the header links to', () => {
    expect(templates.find((template) => template.slug === 'catalyst')?.type).toBe('UI kit');
  });

  it('replaces {{brand}} with the configured brand', async () => {
    const [catalyst] = await loadTemplates({ brand: 'Mosaic Kit' });
    const answers = catalyst?.faq.map((entry) => entry.answerHtml).join('') ?? '';
    expect(answers).toContain('Mosaic Kit component library');
    expect(answers).not.toContain('{{brand}}');
  });
});

describe('template sources', () => {
  it('ship a demo page, README, package.json and Tailwind entry CSS', () => {
    for (const source of sources) {
      const paths = source.files.map((file) => file.path);
      for (const required of REQUIRED_SOURCE_FILES) expect(paths, source.slug).toContain(required);
    }
  });

  it('have demo pages that load nothing from other hosts', () => {
    for (const source of sources) {
      const html = new TextDecoder().decode(
        source.files.find((file) => file.path === 'index.html')?.bytes,
      );
      expect(html, source.slug).toContain(STYLESHEET_LINK);
      expect(html, source.slug).toMatch(/<meta name="viewport"/);
      expect(html, source.slug).not.toMatch(/\s(?:src|srcset|poster|data)="(?:https?:)?\/\//i);
      expect(html, source.slug).not.toMatch(/<link[^>]+href="(?:https?:)?\/\//i);
      expect(html, source.slug).not.toMatch(/url\((['"]?)(?:https?:)?\/\//i);
      expect(html, source.slug).not.toMatch(/<script/i);
      expect(html, source.slug).not.toMatch(/lorem ipsum/i);
      expect(html.split('\n').length, source.slug).toBeGreaterThanOrEqual(90);
    }
  });

  it('compile their own entry CSS, @theme included', async () => {
    const salient = sources.find((source) => source.slug === 'salient');
    if (!salient) throw new Error('salient missing');
    const css = await buildTemplateCss(salient, { minify: false });
    expect(css).toContain('--font-display');
    expect(css).toMatch(/\.font-display\s*\{/);
    expect(css).toMatch(/\.bg-blue-600\s*\{/);
  });
});

describe('template archives', () => {
  it('contain every source file byte for byte, plus the built CSS', async () => {
    for (const source of sources) {
      const css = await buildTemplateCss(source, { minify: false });
      const entries = unzipSync(templateArchive(source, css));
      const names = Object.keys(entries);
      expect(names, source.slug).toEqual(
        [
          ...source.files.map((file) => `${source.slug}/${file.path}`),
          `${source.slug}/dist/styles.css`,
        ].sort(),
      );
      for (const file of source.files) {
        expect(entries[`${source.slug}/${file.path}`], `${source.slug}/${file.path}`).toEqual(
          file.bytes,
        );
      }
      expect(new TextDecoder().decode(entries[`${source.slug}/dist/styles.css`])).toBe(css);
    }
  });

  it('are byte-for-byte identical when built twice', async () => {
    const source = sources[0];
    if (!source) throw new Error('no templates');
    const css = await buildTemplateCss(source, { minify: false });
    expect(templateArchive(source, css)).toEqual(templateArchive(source, css));
  });
});

describe('demo documents', () => {
  it('inline the compiled CSS in place of the stylesheet link', async () => {
    const source = sources.find((candidate) => candidate.slug === 'catalyst');
    if (!source) throw new Error('catalyst missing');
    const css = await buildTemplateCss(source, { minify: true });
    const demo = demoDocument(source, css);
    expect(demo).not.toContain(STYLESHEET_LINK);
    expect(demo).toContain(`<style>${css}</style>`);
    expect(css).toContain('.bg-indigo-600');
  });
});

describe('template.yaml validation', () => {
  const valid = {
    name: 'Example',
    type: 'Website template',
    summary: 'One line.',
    description: 'Some **Markdown**.',
    order: 1,
    accent: 'sky',
    price: { currency: 'USD', amount: 9900 },
    technologies: [{ name: 'Tailwind CSS', version: 'v4.3' }, { name: 'HTML' }],
    faq: [{ question: 'Why?', answer: 'Because.' }],
  };
  const yaml = (value: object) => JSON.stringify(value);

  it('accepts a complete file and defaults a missing version to null', () => {
    const meta = parseTemplateMeta(yaml(valid), 'example/template.yaml');
    expect(meta.technologies[1]).toEqual({ name: 'HTML', version: null });
  });

  it.each([
    [
      { ...valid, summary: undefined },
      "example/template.yaml: 'summary' must be a non-empty string",
    ],
    [{ ...valid, summary: 'Two\nlines' }, "'summary' must be one line"],
    [{ ...valid, price: { currency: 'USD', amount: 99.5 } }, "'price' must be"],
    [{ ...valid, faq: [{ question: 'Why?' }] }, "faq[0]: 'answer' must be a non-empty string"],
    [{ ...valid, technologies: [] }, "'technologies' must be a non-empty list"],
    [{ ...valid, accent: 'brand' }, "'accent' must be one of"],
    [{ ...valid, colour: 'red' }, "unknown field 'colour'"],
  ])('rejects a broken file with an error naming it (%#)', (value, message) => {
    expect(() => parseTemplateMeta(yaml(value), 'example/template.yaml')).toThrow(message);
  });

  describe('the templates folder', () => {
    let contentDir: string;
    beforeAll(async () => {
      contentDir = await mkdtemp(join(tmpdir(), 'content-templates-'));
    });
    afterAll(() => rm(contentDir, { recursive: true, force: true }));

    it('must not hold templates the store does not list', async () => {
      await mkdir(join(contentDir, 'templates', 'unknown-template'), { recursive: true });
      await expect(readTemplateSources({ contentDir })).rejects.toThrow(
        /templates\/unknown-template: not one of the templates/,
      );
    });

    it('must hold every template', async () => {
      await rm(join(contentDir, 'templates', 'unknown-template'), { recursive: true });
      await expect(readTemplateSources({ contentDir })).rejects.toThrow(
        /templates\/catalyst: missing template/,
      );
    });
  });
});
