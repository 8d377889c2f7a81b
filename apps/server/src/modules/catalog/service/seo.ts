// What search engines read: a description and canonical URL on every page (shared `seo`, put
// in the head by the storefront's layout), /sitemap.xml of every public page and /robots.txt.
import { Router, type Request } from 'express';
import { escapeHtml } from '../../../http/inertia/document.ts';
import type { Catalogue } from '../repository.ts';
import { versionPrefixOf } from '../presenter.ts';

const DEFAULT_DESCRIPTION =
  'Tailwind CSS components and templates in HTML, React and Vue. Buy once, use forever.';

const DESCRIPTION = Symbol('page description');

type Described = Request & { [DESCRIPTION]?: string };

/** The page's meta description; set by the route before it renders. */
export function describePage(req: Request, description: string): void {
  (req as Described)[DESCRIPTION] = description;
}

/**
 * The address search engines should index: our origin, the path without the legacy /v1 prefix,
 * no query string (`?include=archived` is the same page with more on it).
 */
export function canonicalUrl(appUrl: string, path: string): string {
  const unversioned = versionPrefixOf(path) ? path.slice('/v1'.length) || '/' : path;
  return `${appUrl}${unversioned}`;
}

export function pageSeo(req: Request, appUrl: string) {
  return {
    canonicalUrl: canonicalUrl(appUrl, req.path),
    description: (req as Described)[DESCRIPTION] ?? DEFAULT_DESCRIPTION,
  };
}

/** Every page a signed-out visitor can read, as paths. */
export function publicPaths(catalogue: Catalogue): string[] {
  return [
    '/',
    '/components',
    ...catalogue.subcategories().map((place) => place.subcategory.url),
    '/templates',
    ...catalogue.templates.map((template) => `/templates/${template.slug}`),
    '/preview',
    ...catalogue.docs.pages.map((page) => `/documentation/${page.slug}`),
    '/changelog',
    '/support',
    '/privacy-policy',
  ];
}

function sitemapXml(appUrl: string, paths: string[]): string {
  // The five entities HTML escaping produces are XML's own.
  const urls = paths.map((path) => `  <url><loc>${escapeHtml(appUrl + path)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function seoRoutes({
  catalogue,
  appUrl,
}: {
  catalogue: () => Catalogue;
  appUrl: string;
}): Router {
  const router = Router();
  let sitemap: string | undefined;
  router.get('/sitemap.xml', (_req, res) => {
    sitemap ??= sitemapXml(appUrl, publicPaths(catalogue()));
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('application/xml').send(sitemap);
  });
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').send(
      [
        'User-agent: *',
        // Private or per-visitor pages: nothing there for a search engine.
        'Disallow: /account-settings',
        'Disallow: /admin/',
        'Disallow: /catalog/previews/',
        'Disallow: /login',
        'Disallow: /password/',
        'Disallow: /templates/*/download',
        `Sitemap: ${appUrl}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });
  return router;
}
