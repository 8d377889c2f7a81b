import { unzipSync } from 'fflate';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContent, type ContentManifest } from './build.ts';
import { readPngSize } from './png.ts';
import type { TemplateAssetResult } from './template-assets.ts';
import { readTemplateSources, type TemplateSource } from './templates.ts';

// One real build with Chromium into a fresh output and cache directory, then a second build that
// must come entirely from the cache.
let root: string;
let outDir: string;
let cacheDir: string;
let manifest: ContentManifest;
let first: TemplateAssetResult[] = [];
let second: TemplateAssetResult[] = [];
let sources: TemplateSource[];
let firstImages: Buffer[];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'content-build-'));
  outDir = join(root, 'dist');
  cacheDir = join(root, 'cache');
  sources = await readTemplateSources();
  manifest = await buildContent({
    outDir,
    cacheDir,
    screenshots: true,
    onTemplateAssets: (results) => (first = results),
  });
  firstImages = await Promise.all(
    sources.map((source) => readFile(join(outDir, 'templates', source.slug, 'image.png'))),
  );
  // Where archives were built before they moved out of the public folder.
  await writeFile(join(outDir, 'templates', sources[0]!.slug, `${sources[0]!.slug}.zip`), 'PK');
  await buildContent({
    outDir,
    cacheDir,
    screenshots: true,
    onTemplateAssets: (results) => (second = results),
  });
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('buildContent', () => {
  it('writes content.json with templates, docs, changelog and privacy policy', async () => {
    const written = JSON.parse(await readFile(join(outDir, 'content.json'), 'utf8'));
    expect(written).toEqual(JSON.parse(JSON.stringify(manifest)));
    expect(manifest.templates).toHaveLength(11);
    expect(manifest.docs.pages.length).toBeGreaterThanOrEqual(6);
    expect(manifest.changelog.length).toBeGreaterThanOrEqual(10);
    expect(manifest.privacy.lastUpdated).toBe('2021-11-02');
    expect(JSON.stringify(manifest)).not.toMatch(/<script|javascript:/i);
  });

  it('shoots every template at exactly 560x380 and 1600x1280', async () => {
    expect(first.map((result) => result.screenshots)).toEqual(sources.map(() => 'rendered'));
    for (const template of manifest.templates) {
      const dir = join(outDir, 'templates', template.slug);
      expect(readPngSize(await readFile(join(dir, 'image.png'))), template.slug).toEqual({
        width: 560,
        height: 380,
      });
      expect(readPngSize(await readFile(join(dir, 'banner.png'))), template.slug).toEqual({
        width: 1600,
        height: 1280,
      });
    }
  });

  it('writes a self-contained demo page per template', async () => {
    for (const template of manifest.templates) {
      const demo = await readFile(join(outDir, 'templates', template.slug, 'demo.html'), 'utf8');
      expect(demo, template.slug).toMatch(/^<!doctype html>/);
      expect(demo, template.slug).toContain('<style>');
      expect(demo, template.slug).not.toMatch(/<link[^>]+stylesheet/);
    }
  });

  it('writes archives that contain the template sources byte for byte, in no public folder', async () => {
    const published = await readdir(join(outDir, 'templates'), { recursive: true });
    expect(published.filter((file) => file.endsWith('.zip'))).toEqual([]);
    for (const source of sources) {
      const template = manifest.templates.find((candidate) => candidate.slug === source.slug);
      expect(template?.downloadPath).toBe(`private/templates/${source.slug}.zip`);
      const zip = await readFile(join(outDir, template?.downloadPath ?? 'missing'));
      const entries = unzipSync(new Uint8Array(zip));
      for (const file of source.files) {
        expect(entries[`${source.slug}/${file.path}`], `${source.slug}/${file.path}`).toEqual(
          file.bytes,
        );
      }
      expect(Object.keys(entries)).toContain(`${source.slug}/dist/styles.css`);
    }
  });

  it('reuses cached screenshots for unchanged templates', async () => {
    expect(second.map((result) => result.screenshots)).toEqual(sources.map(() => 'cached'));
    const images = await Promise.all(
      sources.map((source) => readFile(join(outDir, 'templates', source.slug, 'image.png'))),
    );
    expect(images).toEqual(firstImages);
  });

  it('skips screenshots without Chromium when asked and nothing is cached', async () => {
    let results: TemplateAssetResult[] = [];
    await buildContent({
      outDir: join(root, 'dist-no-shots'),
      cacheDir: join(root, 'empty-cache'),
      screenshots: false,
      onTemplateAssets: (value) => (results = value),
    });
    expect(results.map((result) => result.screenshots)).toEqual(sources.map(() => 'skipped'));
    expect(results.every((result) => result.imageFile === null)).toBe(true);
  });
});
