import path from 'node:path';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { AllAccessPricing, ComponentTaken, Money, ProductOffer } from '@tessera/pages';
import { plainErrors, plainNotFound } from '../../http/error-handlers.ts';
import { ForbiddenError } from '../../http/errors.ts';
import { requireUser } from '../auth/index.ts';
import type { Catalogue } from './repository.ts';
import {
  currentComponentCount,
  mayPreview,
  presentPlayground,
  presentSections,
  presentSubcategory,
  presentTemplate,
  presentTemplateSummary,
  versionPrefixOf,
} from './presenter.ts';
import { describePage } from './service/seo.ts';

export interface CatalogRoutesOptions {
  catalogue: () => Catalogue;
  /** Template prices come from the database (modules/pricing). */
  listPrice: (productSlug: string) => Promise<Money | null>;
  /**
   * What /components sells beside the all-access cards, for this customer (modules/pricing):
   * the team licence's price (null when they cannot buy it) and each package on its own.
   */
  offers: (req: Request) => Promise<{ team: AllAccessPricing | null; packages: ProductOffer[] }>;
  supportEmail: string;
  issueTrackerUrl: string;
  /** The site's own address: preview documents may load images from it and nowhere else. */
  appUrl: string;
  /**
   * What a signed-in user last copied or installed of these components (modules/updates,
   * decision 065), by uuid: their owned components' views say when one changed since.
   */
  takenBy?: (userId: number, uuids: string[]) => Promise<Map<string, ComponentTaken>>;
}

const PREVIEW_FILE = /^([0-9a-f-]{36})\.html$/;

/**
 * Where the catalogue's files are served (screenshots, previews, template demos, images):
 * nothing under these is a page, so a missing file is a plain 404 and costs no render.
 */
export const CATALOGUE_FILE_MOUNTS = ['/catalog', '/images/catalog'] as const;

/**
 * A preview document runs its own inline scripts (the height reporter, an interactive
 * component's behaviour) inside a `sandbox="allow-scripts"` frame of our pages only. Its images
 * are the catalogue's own, and so is its one web font (Inter, from `/catalog/fonts/`).
 */
export function previewCsp(appUrl: string): string {
  return [
    "default-src 'none'",
    "script-src 'unsafe-inline'",
    "style-src 'unsafe-inline'",
    // A sandboxed frame has an opaque origin, so 'self' would not match our own images.
    `img-src ${new URL(appUrl).origin}/images/catalog/ data:`,
    `font-src ${new URL(appUrl).origin}/catalog/fonts/`,
    "frame-ancestors 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * A request path a public folder may answer: plain names only, so the path the check sees is
 * the path the file server opens (no percent-encoding, no dot segments, no dotfiles).
 */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

/**
 * Public files that preview frames (opaque origins) also load: screenshots, images, demos.
 * Nothing sold lives in these folders; `extensions` is what each of them may send.
 */
function publicFiles(
  dir: () => string,
  maxAge: string,
  extensions: readonly string[],
  { cors = false }: { cors?: boolean } = {},
): RequestHandler {
  // Made on first use: the catalogue (and so the directory) is read lazily.
  let serve: RequestHandler | undefined;
  return (req, res, next) => {
    if (!PLAIN_PATH.test(req.path)) return next();
    if (!extensions.includes(path.extname(req.path).slice(1))) return next();
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    // Fonts are fetched in CORS mode, and a sandboxed preview's origin is opaque ("null").
    if (cors) res.setHeader('Access-Control-Allow-Origin', '*');
    serve ??= express.static(dir(), {
      maxAge,
      index: false,
      redirect: false,
      dotfiles: 'ignore',
    });
    return serve(req, res, next);
  };
}

export function catalogRoutes({
  catalogue,
  listPrice,
  supportEmail,
  issueTrackerUrl,
  appUrl,
  offers,
  takenBy,
}: CatalogRoutesOptions): Router {
  const router = Router();
  const csp = previewCsp(appUrl);

  router.use(
    '/catalog/screenshots',
    publicFiles(() => catalogue().dirs.screenshots, '1h', ['png']),
  );
  router.use(
    '/images/catalog',
    publicFiles(() => catalogue().dirs.images, '1d', ['svg', 'png', 'jpg', 'webp']),
  );
  // The previews' text face (public: the same font every page of the site loads).
  router.use(
    '/catalog/fonts',
    publicFiles(() => catalogue().dirs.fonts, '30d', ['woff2'], { cors: true }),
  );
  // A template's demo page and its pictures; its source archive is not in this folder.
  router.use(
    '/catalog/templates',
    publicFiles(() => catalogue().dirs.templates, '1h', ['html', 'png']),
  );

  // The live preview document: never for a viewer who may only see the screenshot.
  router.get('/catalog/previews/:file', async (req, res, next) => {
    const uuid = PREVIEW_FILE.exec(req.params.file)?.[1];
    const place = uuid ? catalogue().component(uuid) : undefined;
    if (!uuid || !place) return next();
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('Vary', 'Cookie');
    if (!mayPreview(place, await req.entitlements())) {
      throw new ForbiddenError('This preview is for customers who own the package.');
    }
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Robots-Tag', 'noindex');
    return res.sendFile(catalogue().previewFile(uuid), {
      headers: { 'Content-Type': 'text/html' },
    });
  });
  router.use([...CATALOGUE_FILE_MOUNTS], plainNotFound(), plainErrors());

  const showComponents = async (req: Request, res: Response) => {
    const prefix = versionPrefixOf(req.path);
    describePage(
      req,
      'Hundreds of Tailwind CSS components for marketing sites, application UIs and stores, in HTML, React and Vue.',
    );
    const onSale = await offers(req);
    return res.inertia('Components', {
      sections: presentSections(catalogue(), await req.entitlements(), prefix),
      teamPricing: onSale.team,
      packageOffers: onSale.packages,
      componentCount: currentComponentCount(catalogue()),
      supportEmail,
      issueTrackerUrl,
    });
  };
  router.get('/components', showComponents);
  router.get('/v1/components', showComponents);

  const showSubcategory = async (req: Request, res: Response, next: express.NextFunction) => {
    const { product, category, subcategory } = req.params as Record<string, string>;
    const place = catalogue().subcategory(`/components/${product}/${category}/${subcategory}`);
    if (!place) return next();
    describePage(req, place.subcategory.description);
    const presented = await presentSubcategory(catalogue(), place, await req.entitlements(), {
      prefix: versionPrefixOf(req.path),
      includeArchived: req.query.include === 'archived',
    });
    // Only an owner's view can say 'changed since you copied it': nobody else took the code.
    const owned = presented.components.filter((c) => c.viewType === 'downloadable');
    if (req.user && takenBy && owned.length > 0) {
      const taken = await takenBy(
        req.user.id,
        owned.map((c) => c.uuid),
      );
      for (const component of owned) {
        const take = taken.get(component.uuid);
        if (take) component.taken = take;
      }
    }
    return res.inertia('ComponentCategory', { subcategory: presented });
  };
  router.get('/components/:product/:category/:subcategory', showSubcategory);
  router.get('/v1/components/:product/:category/:subcategory', showSubcategory);

  router.get('/preview', async (req, res) => {
    describePage(req, 'Every kind of component, live and resizable, at any screen width.');
    return res.inertia('Preview', {
      components: await presentPlayground(catalogue(), await req.entitlements()),
    });
  });

  router.get('/templates', (req, res) => {
    describePage(
      req,
      'Complete Tailwind CSS site templates and UI kits built with React and Next.js.',
    );
    return res.inertia('Templates', {
      templates: catalogue().templates.map(presentTemplateSummary),
    });
  });

  router.get('/templates/:slug', async (req, res, next) => {
    const template = catalogue().template(req.params.slug);
    if (!template) return next();
    describePage(req, template.summary);
    return res.inertia('Template', {
      template: presentTemplate(template, await req.entitlements(), await listPrice(template.slug)),
    });
  });

  // The source archive: owners only, never a public URL.
  router.get('/templates/:slug/download', requireUser, async (req, res, next) => {
    const template = catalogue().template(String(req.params.slug));
    if (!template) return next();
    if (!(await req.entitlements()).has(template.slug)) {
      await res.flash({ messages: { error: `Buy ${template.name} to download its source.` } });
      return res.redirect(`/templates/${template.slug}`);
    }
    res.setHeader('Cache-Control', 'private, no-store');
    return res.download(catalogue().templateArchive(template), `${template.slug}.zip`);
  });

  return router;
}

/** Home's catalogue parts: component tabs per product and the template carousel. */
