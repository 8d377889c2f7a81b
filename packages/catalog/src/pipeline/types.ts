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
  /**
   * The newest `addedOn` among its non-archived components (null if none is named by a
   * release): the server shows New from it (docs/decisions/017-previews-and-new.md).
   */
  lastAddedOn: string | null;
  components: ComponentJson[];
};

export type ComponentJson = {
  /** Stable: derived from sha256 of `<product>/<category>/<subcategory>/<slug>`. */
  uuid: string;
  slug: string;
  name: string;
  order: number | null;
  /**
   * The date (YYYY-MM-DD) of the changelog release that added it (its `added:` list names the
   * component or its subcategory), null for components no release names.
   */
  addedOn: string | null;
  /** The name (file name without `.md`) of that release, null like `addedOn`. */
  addedIn: string | null;
  /** 1 when the component was added, one more for each change to its code since. */
  version: number;
  /** The date (YYYY-MM-DD) of its newest version. */
  updatedOn: string;
  /**
   * Every version, oldest first, with why it changed: public. The diffs of the code are gated
   * (dist/history/<uuid>.json, {@link HistoryJson}).
   */
  history: HistoryEntryJson[];
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
  /**
   * The preview document's height at the store's usual frame widths, light and dark, measured
   * in Chromium with the screenshots; the frame reserves it before the document reports its own.
   * Null like the dimensions above.
   */
  previewHeights: PreviewHeightJson[] | null;
  /** `/catalog/screenshots/<uuid>-sm.png` (375 px wide viewport) */
  smallScreenshotUrl: string;
  /** `/catalog/screenshots/<uuid>-lg.png` (1280 px wide viewport) */
  largeScreenshotUrl: string;
  /** `/catalog/screenshots/<uuid>-sm-dark.png`: the small screenshot in dark mode */
  smallDarkScreenshotUrl: string;
  /** `/catalog/screenshots/<uuid>-lg-dark.png` */
  largeDarkScreenshotUrl: string;
  /**
   * The images the component shows, as `<product>/<file>` under `/images/catalog/` (sorted):
   * they travel with its code (registry items, zips) to `public/images/catalog/`.
   */
  images: string[];
};

export type HistoryEntryJson = {
  version: number;
  /** YYYY-MM-DD */
  date: string;
  /** One line; version 1's says how the component was added. */
  reason: string;
  /** The changelog release (its file name without `.md`) that announced it, if one did. */
  release: string | null;
};

export type HistoryDiffJson = {
  language: SnippetLanguageName;
  label: 'HTML' | 'React' | 'Vue';
  /** A unified diff against the version before; null when this language's code is the same. */
  patch: string | null;
};

/**
 * dist/history/<uuid>.json, only for components changed since added — gated like the code:
 * each change (version 2 on) with its diff in each language.
 */
export type HistoryJson = { changes: Array<{ version: number; diffs: HistoryDiffJson[] }> };

export type PreviewHeightJson = { width: number; light: number; dark: number };

export type SnippetLanguageName = 'html' | 'react' | 'vue';

export type Snippet = {
  language: SnippetLanguageName;
  label: 'HTML' | 'React' | 'Vue';
  /** The code a customer copies. */
  snippet: string;
  /** Shiki-highlighted HTML of the snippet (`<pre class="shiki …">`). */
  highlight: string;
  /**
   * React only, when `snippet` is TypeScript (a hand-completed component): the same component
   * as JavaScript, what the `.jsx` download carries.
   */
  javascript?: string;
  /**
   * Files a TypeScript project needs beside the snippet, by name in {@link COMPANION_FILES}
   * (React: the types of the invoker-command attributes).
   */
  companions?: CompanionFileName[];
};

/** dist/code/<uuid>.json — gated by the server. */
export type CodeJson = { snippets: Snippet[] };

/**
 * `command` and `commandfor` (invoker commands, which open and close `<dialog>`s without
 * script) are passed through by React 19 but not yet typed by @types/react: a strict TypeScript
 * project needs this declaration beside a component that uses them.
 */
const INVOKER_COMMANDS_DTS = `// Types for the invoker-command attributes (\`<button command="show-modal" commandfor="id">\`),
// which React passes to the DOM but @types/react does not declare yet.
import 'react';

declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    command?: string;
    commandfor?: string;
  }
}
`;

/** Companion files by name: where they land (beside the components) and what they hold. */
export const COMPANION_FILES = {
  'invoker-commands.d.ts': INVOKER_COMMANDS_DTS,
} as const;

export type CompanionFileName = keyof typeof COMPANION_FILES;

/** Where the images a component shows go in a customer's project (served from the site root). */
export const IMAGE_PUBLIC_DIR = 'public/images/catalog';
