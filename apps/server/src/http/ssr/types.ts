import type { Page } from '../inertia/page.ts';

/** What the storefront's SSR entry returns (the shape of `@inertiajs/react`'s server render). */
export interface SsrResult {
  /** Head tags (`<title data-inertia="">…</title>`, meta) to put in `<head>`. */
  head: string[];
  /** `<script data-page="app" type="application/json">…</script><div data-server-rendered="true" id="app">…</div>` */
  body: string;
}

export interface SsrRenderer {
  render(page: Page): Promise<SsrResult>;
}

/** The client bundle as the HTML document needs it: the asset version and the tags that load it. */
export interface ClientAssets {
  /** Changes with every build; '' when unknown (no version checks then). */
  readonly version: string;
  /**
   * The text font's `<link rel="preload">`, `<link rel="stylesheet">` and the entry's
   * `<script type="module">`; no module preloads (decision 058), whatever the component.
   */
  headTags(url: string, component?: string): string | Promise<string>;
}
