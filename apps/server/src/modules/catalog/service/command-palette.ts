// The site header's command palette: every subcategory, template and documentation
// page of the built catalogue, plus the store's main pages. The client searches it (typo-
// tolerant, packages/ui/src/command-palette/search.ts) and visits the chosen item's url.
import { createHash } from 'node:crypto';
import type { CommandPaletteItem } from '@tessera/pages';
import { Router } from 'express';
import type { Catalogue } from '../repository.ts';

export const SITE_PAGES: readonly CommandPaletteItem[] = [
  { name: 'Components', keywords: ['catalogue', 'browse'], category: 'Pages', url: '/components' },
  { name: 'Templates', keywords: ['themes', 'sites'], category: 'Pages', url: '/templates' },
  { name: 'Preview', keywords: ['playground', 'responsive'], category: 'Pages', url: '/preview' },
  {
    name: 'Changelog',
    keywords: ['updates', 'releases', 'news'],
    category: 'Pages',
    url: '/changelog',
  },
  { name: 'Support', keywords: ['help', 'contact', 'email'], category: 'Pages', url: '/support' },
  {
    name: 'All-access',
    keywords: ['pricing', 'buy', 'purchase', 'license', 'team'],
    category: 'Pages',
    url: '/all-access',
  },
];

function words(...texts: string[]): string[] {
  return [...new Set(texts.flatMap((text) => text.toLowerCase().split(/[^a-z0-9]+/)))].filter(
    (word) => word.length > 1,
  );
}

export function buildCommandPaletteItems(catalogue: Catalogue): CommandPaletteItem[] {
  const subcategories = catalogue.subcategories().map(({ product, category, subcategory }) => ({
    name: subcategory.name,
    keywords: words(product.name, category.name),
    category: product.name,
    url: subcategory.url,
  }));
  const templates = catalogue.templates.map((template) => ({
    name: template.name,
    keywords: words('template', template.type),
    category: 'Templates',
    url: `/templates/${template.slug}`,
  }));
  const docs = catalogue.docs.pages.map((page) => ({
    name: page.title,
    keywords: words('docs documentation'),
    category: 'Documentation',
    url: `/documentation/${page.slug}`,
  }));
  return [...subcategories, ...templates, ...docs, ...SITE_PAGES];
}

/** The palette's items as the client fetches them: one JSON document, named by its hash. */
export interface CommandPaletteDocument {
  readonly items: readonly CommandPaletteItem[];
  readonly json: string;
  /** Of the JSON: names the document in its URL and is its ETag. */
  readonly hash: string;
  /** `/command-palette/{hash}.json`: the URL the shared page data gives every page. */
  readonly url: string;
}

export const COMMAND_PALETTE_PATH = '/command-palette';

function paletteDocument(items: readonly CommandPaletteItem[]): CommandPaletteDocument {
  const json = JSON.stringify(items);
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 16);
  return { items, json, hash, url: `${COMMAND_PALETTE_PATH}/${hash}.json` };
}

/** The catalogue does not change while the process runs: built once per catalogue. */
export function commandPalette(catalogue: () => Catalogue): () => CommandPaletteDocument {
  let cached: { for: Catalogue; document: CommandPaletteDocument } | undefined;
  return () => {
    const current = catalogue();
    if (cached?.for !== current) {
      cached = {
        for: current,
        document: paletteDocument(Object.freeze(buildCommandPaletteItems(current))),
      };
    }
    return cached.document;
  };
}

const DOCUMENT_NAME = /^([0-9a-f]{16})\.json$/;

/**
 * `GET /command-palette/{hash}.json`, a machine route (no session, no CSRF: the same public
 * document for everyone). The current hash is immutable and cached for a year, like a hashed
 * asset. A page from before a deploy asks for an older hash: it gets the current items, revalidated
 * on every use, so its palette still works and never pins stale items. Any other name is a 404.
 */
export function commandPaletteRoutes({ catalogue }: { catalogue: () => Catalogue }): Router {
  const palette = commandPalette(catalogue);
  const router = Router();
  router.get(`${COMMAND_PALETTE_PATH}/:name`, (req, res, next) => {
    const requested = DOCUMENT_NAME.exec(req.params.name ?? '');
    if (!requested) {
      next();
      return;
    }
    const document = palette();
    const current = requested[1] === document.hash;
    res.set({
      'Cache-Control': current ? 'public, max-age=31536000, immutable' : 'public, no-cache',
      'Content-Type': 'application/json; charset=utf-8',
      ETag: `"${document.hash}"`,
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.send(document.json);
  });
  return router;
}
