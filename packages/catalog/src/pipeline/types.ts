// The build's output contract, consumed by the server (apps/server modules/catalog).

/** dist/catalog.json — public metadata only; code and live previews are gated elsewhere. */
export type CatalogJson = {
  /** sha256 over every input (component sources, overrides, metadata, images, pipeline version). */
  generatedFrom: string;
  products: ProductJson[];
};

export type ProductJson = {
  slug: string;
  name: string;
  description: string;
  /** `/components#product-<slug>` */
  url: string;
  categories: CategoryJson[];
};

export type CategoryJson = {
  slug: string;
  name: string;
  description: string;
  subcategories: SubcategoryJson[];
};

export type SubcategoryJson = {
  slug: string;
  name: string;
  description: string;
  introduction: string;
  /** `/components/<product>/<category>/<subcategory>` */
  url: string;
  /** Small screenshot of the first non-archived component (null if all are archived). */
  thumbnailUrl: string | null;
  /** Non-archived components. */
  componentCount: number;
  hasArchived: boolean;
  /** Any component is marked new. */
  isNew: boolean;
  components: ComponentJson[];
};

export type ComponentJson = {
  /** Stable: derived from sha256 of `<product>/<category>/<subcategory>/<slug>`. */
  uuid: string;
  slug: string;
  name: string;
  order: number | null;
  isNew: boolean;
  archived: boolean;
  requiresJavaScript: boolean;
  imageCreditsHtml: string | null;
  /** PNG dimensions in pixels; null only in a build run without screenshots and a cold cache. */
  smallWidth: number | null;
  smallHeight: number | null;
  largeWidth: number | null;
  largeHeight: number | null;
  /** Heights of the dark screenshots (same widths); null like the light ones. */
  smallDarkHeight: number | null;
  largeDarkHeight: number | null;
  /** `/catalog/screenshots/<uuid>-sm.png` (375 px wide viewport) */
  smallScreenshotUrl: string;
  /** `/catalog/screenshots/<uuid>-lg.png` (1280 px wide viewport) */
  largeScreenshotUrl: string;
  /** `/catalog/screenshots/<uuid>-sm-dark.png`: the small screenshot in dark mode */
  smallDarkScreenshotUrl: string;
  /** `/catalog/screenshots/<uuid>-lg-dark.png` */
  largeDarkScreenshotUrl: string;
};

export type SnippetLanguageName = 'html' | 'react' | 'vue';

export type Snippet = {
  language: SnippetLanguageName;
  label: 'HTML' | 'React' | 'Vue';
  /** The code a customer copies. */
  snippet: string;
  /** Shiki-highlighted HTML of the snippet (`<pre class="shiki …">`). */
  highlight: string;
};

/** dist/code/<uuid>.json — gated by the server. */
export type CodeJson = { snippets: Snippet[] };
