export {
  type Catalogue,
  type CodeJson,
  type ComponentPlace,
  type ProductJson,
  lazyCatalogue,
  missingImages,
} from './catalogue.ts';
export { commandPalette, commandPaletteRoutes } from './command-palette.ts';
export {
  currentComponentCount,
  presentComponent,
  presentTemplateSummary,
  versionPrefixOf,
} from './presenter.ts';
export { CATALOGUE_FILE_MOUNTS, catalogRoutes, homeCatalogue } from './routes.ts';
export { describePage, pageSeo, publicPaths, seoRoutes } from './seo.ts';
