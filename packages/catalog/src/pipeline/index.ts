// The catalogue build pipeline: HTML components in, snippets, highlighted code, preview
// documents and screenshots out (see build.ts for the output contract and types.ts for its shape).
export { buildCatalog, CatalogBuildError } from './build.ts';
export type { BuildFailure, BuildOptions, BuildResult, BuildStats } from './build.ts';
export { codeFingerprint, createCache, DEFAULT_CACHE_DIR, hashParts } from './cache.ts';
export type { Cache } from './cache.ts';
export {
  checkSnippet,
  compareHtml,
  FidelityError,
  renderReactSnippet,
  renderVueSnippet,
} from './fidelity.ts';
export type { CheckOptions, Difference, SnippetLanguage } from './fidelity.ts';
export {
  bundleFrameworkSnippets,
  compileVueModule,
  frameworkPreviewDocument,
} from './framework-preview.ts';
export { disposeHighlighter, highlight, HIGHLIGHT_THEME } from './highlight.ts';
export type { HighlightLanguage } from './highlight.ts';
export { componentUuid, loadCatalog } from './load.ts';
export type {
  CatalogSource,
  CategoryEntry,
  ComponentEntry,
  ProductEntry,
  SubcategoryEntry,
} from './load.ts';
export {
  BODY_HEIGHT,
  buildPreview,
  COLOR_SCHEME,
  COLOR_SCHEME_APPLIED,
  COLOR_SCHEMES,
  previewDocument,
} from './preview.ts';
export type { ColorScheme } from './preview.ts';
export {
  contrastRatio,
  darkModeProblems,
  readDarkPending,
  relativeLuminance,
} from './dark-mode.ts';
export { LARGE_WIDTH, launchScreenshotter, pngSize, SMALL_WIDTH } from './screenshots.ts';
export type { ColorProbe, ComponentShots, Screenshotter } from './screenshots.ts';
export { componentNameFromSlug, ConversionError, htmlToReact } from './to-react.ts';
export { htmlToVue } from './to-vue.ts';
export type * from './types.ts';
