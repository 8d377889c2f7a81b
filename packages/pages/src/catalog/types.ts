import type { SnippetLanguage } from '../shared/shared-page-data';

/**
 * How the viewer may see a component: `downloadable` gives the live
 * preview and the code; `htmlPreview` the live preview only; `pngPreview` a screenshot only.
 * The server decides per viewer: code and live HTML of a locked component never leave it.
 */
export type ComponentViewType = 'downloadable' | 'htmlPreview' | 'pngPreview';

/** One language's code for a component, highlighted at build time. */
export type ComponentSnippet = {
  language: SnippetLanguage;
  /** What the language switch shows, e.g. 'React'. */
  label: string;
  /** Shiki's `<pre class="shiki">…</pre>`; trusted build output, rendered as HTML. */
  highlight: string;
  /** The raw source, what the copy button writes to the clipboard. */
  snippet: string;
};

/** A preview's content height at one frame width, in each mode (measured by the build). */
export type PreviewHeight = { width: number; light: number; dark: number };

/** One language's diff of a change to a component. */
export type ComponentDiff = {
  language: SnippetLanguage;
  label: string;
  /** A unified diff against the version before; null when this language's code did not change. */
  patch: string | null;
};

/** One version of a component: when, and why its code changed. */
export type ComponentChange = {
  version: number;
  /** YYYY-MM-DD */
  date: string;
  /** One line; the first version's says how the component was added. */
  reason: string;
  /**
   * The code's diff in each language against the version before: only for a viewer who owns the
   * component (null otherwise) and never for the first version (empty).
   */
  diffs: ComponentDiff[] | null;
};

/** One component of the catalogue, as a page receives it. */
export type CatalogComponent = {
  uuid: string;
  name: string;
  archived: boolean;
  isNew: boolean;
  requiresJavaScript: boolean;
  viewType: ComponentViewType;
  /** The live preview document; null for `pngPreview`. */
  previewUrl: string | null;
  /**
   * The preview document inline, rendered with `srcdoc` instead of
   * loading `previewUrl`. Stories use it so screenshots never touch the network.
   */
  iframeHtml?: string | null;
  /** The preview's height at the small (375px) and large (1280px) screenshot widths. */
  smallHeight: number;
  largeHeight: number;
  smallWidth: number;
  largeWidth: number;
  /**
   * The live preview's height at the store's usual frame widths, which its frame reserves until
   * the document reports its own (no shift when it does). Without it, the screenshots' heights.
   */
  previewHeights?: PreviewHeight[] | null;
  smallScreenshotUrl: string;
  largeScreenshotUrl: string;
  /** The same screenshots in dark mode (same widths). */
  smallDarkScreenshotUrl: string;
  largeDarkScreenshotUrl: string;
  /** Credits for photos or illustrations, as trusted HTML (may contain links). */
  imageCreditsHtml: string | null;
  /** Empty unless `viewType` is `downloadable`. */
  snippets: ComponentSnippet[];
  /** The id of its view on its subcategory's page: where a related link lands. */
  anchor?: string;
  /** Other components worth a look (its subcategory's page only); public facts, never code. */
  related?: RelatedComponent[];
  /** 1 when added, one more for each change to its code. */
  version?: number;
  /** The date (YYYY-MM-DD) of its newest version. */
  updatedOn?: string;
  /** Its versions, newest first. */
  changes?: ComponentChange[];
  /**
   * What the signed-in owner last copied or installed of it (decision 065); absent for visitors,
   * for viewers without the package and for a component they never took.
   */
  taken?: ComponentTaken;
};

/** The version of a component a customer last copied (its page) or installed (the registry). */
export type ComponentTaken = {
  version: number;
  /** YYYY-MM-DD (UTC) */
  on: string;
  how: 'copy' | 'install';
};

/**
 * Another component related to one (the same purpose in another category, or the same
 * subcategory), as a link: its name, where it lives and its card picture when it has one.
 */
export type RelatedComponent = {
  name: string;
  /** Its view: the subcategory's page and the component's anchor. */
  url: string;
  product: string;
  category: string;
  subcategory: string;
  /** Its subcategory's card picture (840 × 570) when that picture shows it; else null. */
  imageUrl: string | null;
};

/** A subcategory as a card in the catalogue. */
export type SubcategorySummary = {
  name: string;
  description: string;
  url: string;
  /** A thumbnail at 560×380. */
  imageUrl: string;
  componentCount: number;
  isNew: boolean;
  /** The viewer gets PNG previews only until they buy the package. */
  isLocked: boolean;
};

export type CatalogCategory = {
  name: string;
  subcategories: SubcategorySummary[];
};

/** One product's part of the catalogue, e.g. Marketing. */
export type CatalogProductSection = {
  name: string;
  /** The section's id without '#', e.g. 'product-marketing'. */
  anchor: string;
  description: string;
  categories: CatalogCategory[];
};

/** A product on the home page's component tabs: a few of its subcategories and a link to all. */
export type FeaturedProduct = {
  name: string;
  /** The catalogue section's id, e.g. 'product-application-ui'. */
  anchor: string;
  description: string;
  /** How many components the product has, for the 'Browse all' link. */
  componentCount: number;
  subcategories: SubcategorySummary[];
};

export type CatalogLink = { name: string; url: string };

/** A subcategory with its components: the props of the ComponentCategory page. */
export type Subcategory = {
  name: string;
  description: string;
  /** Two or three sentences shown to signed-out visitors under 'Tailwind CSS {name}'. */
  introduction: string;
  url: string;
  category: CatalogLink & { product: CatalogLink };
  components: CatalogComponent[];
  /** Archived examples exist (shown with `?include=archived`). */
  hasArchived: boolean;
  /** The list includes the archived examples. */
  showingArchived: boolean;
};

/** A component with where it lives in the catalogue (the Preview page's breadcrumbs). */
export type PlaygroundComponent = CatalogComponent & {
  product: CatalogLink;
  category: CatalogLink;
  subcategory: CatalogLink;
};

/** Money in integer minor units plus an ISO 4217 currency. */
export type Money = { currency: string; amount: number };

/** A template as the listing, the home carousel and the all-access page show it. */
export type TemplateSummary = {
  name: string;
  slug: string;
  /** What kind of template it is, e.g. 'Application UI kit'. */
  type: string;
  summary: string;
  /** Displayed at 560×380 (TEMPLATE_IMAGE_SIZE). */
  imageUrl: string;
  url: string;
  /** The listing's id for this template, without '#'. */
  anchor: string;
};

export type TemplateTechnology = { name: string; version: string | null };

export type TemplateFaqEntry = { question: string; answerHtml: string };

/** A template product, as the Template page receives it. */
export type TemplateDetail = TemplateSummary & {
  descriptionHtml: string;
  technologies: TemplateTechnology[];
  faq: TemplateFaqEntry[];
  /** Displayed at 1600×1280 (TEMPLATE_BANNER_SIZE). */
  bannerUrl: string;
  /** Further screenshots, shown at the banner's proportions. */
  images: { url: string; alt: string }[];
  /** The live demo. */
  previewUrl: string;
  /** The list price (from the store's database); null when it is sold only in all-access. */
  price: Money | null;
  /** Its checkout (`checkoutUrl` in ../constants); null when `price` is. */
  checkoutUrl: string | null;
  /** Only for owners: where the zip is downloaded. */
  downloadUrl: string | null;
  isLicensed: boolean;
};

/** The Black Friday bundle: all-access and the design ebook at one price, for a limited time. */
export type BlackFridayOffer = {
  /** The checkout path with the offer's id. */
  checkoutUrl: string;
  currency: string;
  /** The bundle's regular price, struck through (minor units). */
  retail: number;
  /** The bundle price (minor units). */
  price: number;
  /** The last day of the offer, 'YYYY-MM-DD', as its copy names it ('until November 27th'). */
  endsOn: string;
};
