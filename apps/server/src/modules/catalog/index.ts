// The catalogue: the built components, templates and documentation, who sees which code and
// previews, the command palette, and the pages' titles and descriptions (SEO).
export {
  currentComponentCount,
  homeCatalogue,
  presentComponent,
  presentTemplateSummary,
  releaseComponents,
  versionPrefixOf,
  viewTypeFor,
} from './presenter.ts';
export {
  builtCatalogue,
  lazyCatalogue,
  missingImages,
  type Catalogue,
  type CodeJson,
  type ComponentPlace,
  type ProductJson,
} from './repository.ts';
export { CATALOGUE_FILE_MOUNTS, catalogRoutes } from './routes.ts';
export { commandPalette, commandPaletteRoutes } from './service/command-palette.ts';
export { describePage, pageSeo, publicPaths, seoRoutes } from './service/seo.ts';
