// What the store reads of the authored content while it runs (the `@tessera/catalog/content`
// entry point): the changelog, documentation and privacy policy it renders on first use, the
// templates' metadata, and the shape of the content build's manifest. The builders (Chromium,
// archives, screenshots) stay out of it, so the server never loads them.
export type { ContentManifest } from './build.ts';
export { loadChangelog, type ChangelogEntry } from './changelog.ts';
export { loadDocumentation, type Documentation } from './docs.ts';
/** Frees the highlighter once the start-time rendering is done (memory, issue 15). */
export { disposeHighlighter } from './highlight.ts';
export { DEFAULT_CONTENT_DIR } from './options.ts';
export { loadPrivacyPolicy, type PrivacyPolicy } from './privacy.ts';
export { parseTemplateMeta, TEMPLATE_SLUGS, type Template } from './templates.ts';
