export { buildContent, type BuildContentOptions, type ContentManifest } from './build.ts';
export { loadChangelog, type ChangelogEntry } from './changelog.ts';
export { loadDocumentation, type DocPage, type Documentation, type TocEntry } from './docs.ts';
export { renderMarkdown } from './markdown.ts';
export { DEFAULT_BRAND, type ContentOptions } from './options.ts';
export { readPngSize } from './png.ts';
export { loadPrivacyPolicy, PRIVACY_POLICY_LAST_UPDATED, type PrivacyPolicy } from './privacy.ts';
export {
  BANNER_SIZE,
  IMAGE_SIZE,
  renderTemplateAssets,
  type TemplateAssetOptions,
  type TemplateAssetResult,
} from './template-assets.ts';
export {
  loadTemplates,
  readTemplateSources,
  TEMPLATE_SLUGS,
  type Price,
  type Template,
  type TemplateFaqEntry,
  type TemplateSlug,
  type TemplateSource,
  type TemplateTechnology,
} from './templates.ts';
