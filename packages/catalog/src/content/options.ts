import { resolve } from 'node:path';

const DEFAULT_BRAND = 'Tessera UI';

/** Where the authored content lives: packages/catalog/content. */
export const DEFAULT_CONTENT_DIR = resolve(import.meta.dirname, '../../content');

export type ContentOptions = {
  /** Root holding templates/, docs/, changelog/ and privacy/ (tests point it at fixtures). */
  contentDir?: string;
  /** Replaces `{{brand}}` in Markdown and YAML copy; the store's brand is configurable. */
  brand?: string;
  /** Replaces `{{origin}}`: the store's address (APP_URL), for copy that shows URLs. */
  origin?: string;
};

/** `{{origin}}` where the store's address is not known (the catalogue build). */
export const DEFAULT_ORIGIN = 'https://tessera.example';

export function contentDirOf(options: ContentOptions | undefined): string {
  return options?.contentDir ?? DEFAULT_CONTENT_DIR;
}

export function withBrand(text: string, options: ContentOptions | undefined): string {
  return text
    .replaceAll('{{brand}}', options?.brand ?? DEFAULT_BRAND)
    .replaceAll('{{origin}}', options?.origin ?? DEFAULT_ORIGIN);
}
