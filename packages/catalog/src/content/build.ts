import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadChangelog, type ChangelogEntry } from './changelog.ts';
import { loadDocumentation, type Documentation } from './docs.ts';
import type { ContentOptions } from './options.ts';
import { loadPrivacyPolicy, type PrivacyPolicy } from './privacy.ts';
import { renderTemplateAssets, type TemplateAssetResult } from './template-assets.ts';
import { readTemplateSources, toTemplate, type Template } from './templates.ts';

/** outDir/content.json: everything the storefront shows, Markdown already rendered. */
export type ContentManifest = {
  templates: Template[];
  docs: Documentation;
  changelog: ChangelogEntry[];
  privacy: PrivacyPolicy;
};

export type BuildContentOptions = ContentOptions & {
  outDir: string;
  cacheDir: string;
  /** Take template screenshots that are not cached yet (needs Chromium). */
  screenshots: boolean;
  log?: (message: string) => void;
  /** Called with per-template asset results (which shots were rendered or cached). */
  onTemplateAssets?: (results: TemplateAssetResult[]) => void;
};

export async function buildContent(options: BuildContentOptions): Promise<ContentManifest> {
  const { outDir, cacheDir, screenshots, log = () => {} } = options;
  const time = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    log(`${label} in ${Math.round(performance.now() - started)} ms`);
    return result;
  };
  const [sources, docs, changelog, privacy] = await time('content read and rendered', () =>
    Promise.all([
      readTemplateSources(options),
      loadDocumentation(options),
      loadChangelog(options),
      loadPrivacyPolicy(options),
    ]),
  );
  const templates = await Promise.all(sources.map((source) => toTemplate(source, options)));
  const assets = await time('template demos, archives and screenshots', () =>
    renderTemplateAssets(sources, { outDir, cacheDir, screenshots, log }),
  );
  options.onTemplateAssets?.(assets);
  const manifest: ContentManifest = { templates, docs, changelog, privacy };
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'content.json'), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}
