import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { FlashData } from '../session/flash.ts';
import { Representation, sendRepresentation } from '../compression.ts';
import {
  responseCache,
  UncachedResponse,
  type ResponseCache,
  type ResponseCacheOptions,
} from '../ssr/render-cache.ts';
import type { ClientAssets, SsrRenderer, SsrResult } from '../ssr/types.ts';
import { COMPRESSIBLE_PAGES } from './compressible-pages.ts';
import { clientRenderedBody, renderDocument } from './document.ts';
import type { FlashMessages } from '@tessera/pages';
import { stringifyPage } from './raw-json.ts';
import type { Errors, Page, PageProps } from './page.ts';
import { always, resolveProps, specialKind, type PropsInput } from './props.ts';

/** Header names exactly as `@inertiajs/core` 3.x sends and reads them. */
export const INERTIA_HEADERS = {
  inertia: 'X-Inertia',
  version: 'X-Inertia-Version',
  location: 'X-Inertia-Location',
  partialComponent: 'X-Inertia-Partial-Component',
  partialData: 'X-Inertia-Partial-Data',
  partialExcept: 'X-Inertia-Partial-Except',
  errorBag: 'X-Inertia-Error-Bag',
  exceptOnceProps: 'X-Inertia-Except-Once-Props',
} as const;

export interface InertiaRenderOptions {
  status?: number;
  /** Ask the client to clear its encrypted history (after sign-out). */
  clearHistory?: boolean;
  encryptHistory?: boolean;
  /**
   * The page's URL when it is not the request's: a form answered with a page (not a redirect)
   * names the page it shows, so a reload asks for that page, not the form's address.
   */
  url?: string;
  /**
   * One-time data for this answer only, beside the flashed messages: the client never writes
   * `page.flash` into its history, so a reload or Back cannot show it again (a new secret).
   */
  flash?: FlashMessages;
}

/** Shared props: computed per request, merged under each page's own props (page props win). */
export type SharedPropsFactory = (req: Request) => PropsInput | Promise<PropsInput>;

export interface InertiaOptions {
  /** The store's public origin (APP_URL): absolute URLs are built from it, never from `Host`. */
  appUrl: string;
  assets: ClientAssets;
  /** In-process server-side renderer; null renders on the client only. */
  ssr?: SsrRenderer | null;
  logger: Logger;
  /** `<title>` of a client-rendered document (the brand name). */
  title: string;
  /** The flash left by the previous request (errors, error bag, messages). */
  flash?: (req: Request, res: Response) => FlashData | null | Promise<FlashData | null>;
  encryptHistory?: boolean;
  /** Finished responses kept in memory (./../ssr/render-cache.ts); its size bound. */
  responseCache?: ResponseCacheOptions;
  /**
   * Pages whose responses may be compressed: none that carries a secret of its viewer (BREACH,
   * docs/decisions/019-server-performance.md).
   */
  compressible?: ReadonlySet<string>;
  /**
   * The CSRF token a native form post carries (`_token`), sent as the `csrfToken` prop of every
   * page outside `compressible`: a token is the viewer's secret, so it never rides in a body
   * that is compressed beside reflected input (BREACH) or kept in the shared response cache.
   */
  formToken?: (req: Request, res: Response) => string;
}

const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

/** What a page needs when the stores behind the shared props and the flash may be down. */
interface StandaloneRenderOptions {
  status: number;
  /** Stands in for the shared props; the flash is not read. */
  shared: PropsInput;
}

export interface Inertia {
  /** Mount before the routes: adds `res.inertia`, `res.inertiaLocation`, version checks, 303s. */
  middleware: RequestHandler;
  share(factory: SharedPropsFactory): void;
  /**
   * What `res.inertia` does, for a request the middleware may not have seen (an error raised
   * before it): a page object for an Inertia visit, a document otherwise, with the shared props.
   */
  render(
    req: Request,
    res: Response,
    component: string,
    props: PropsInput,
    options?: InertiaRenderOptions,
  ): Promise<void>;
  /**
   * Like `render`, with `shared` instead of the shared props and no flash: it reads no store.
   * For error pages when the stores behind the shared props are down.
   */
  renderStandalone(
    req: Request,
    res: Response,
    component: string,
    props: PropsInput,
    options: StandaloneRenderOptions,
  ): Promise<void>;
}

export function isInertiaRequest(req: Request): boolean {
  return req.get(INERTIA_HEADERS.inertia) === 'true';
}

function csv(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function fullUrl(appUrl: string, req: Request): string {
  return `${appUrl}${req.originalUrl}`;
}

function errorsFor(flash: FlashData, requestedBag: string | undefined): Errors {
  const errors = flash.errors ?? {};
  if (Object.keys(errors).length === 0) return {};
  const bag = flash.errorBag || requestedBag;
  return bag ? { [bag]: errors } : errors;
}

function isSsrResult(value: unknown): value is SsrResult {
  const result = value as SsrResult | null;
  return (
    typeof result === 'object' &&
    result !== null &&
    typeof result.body === 'string' &&
    Array.isArray(result.head)
  );
}

const REDIRECT_AS_SEE_OTHER = new Set(['PUT', 'PATCH', 'DELETE']);

export function createInertia(options: InertiaOptions): Inertia {
  const factories: SharedPropsFactory[] = [];
  const { assets, logger } = options;
  const ssr = options.ssr ?? null;
  const compressible = options.compressible ?? COMPRESSIBLE_PAGES;
  // Two caches, one key: the page object's JSON (a prefixed key would copy it per request).
  const documents = responseCache({ maxBytes: 32 * 1024 * 1024, ...options.responseCache });
  const pageObjects = responseCache({ maxBytes: 16 * 1024 * 1024, ...options.responseCache });

  async function buildPage(
    req: Request,
    res: Response,
    component: string,
    pageProps: PropsInput,
    renderOptions: InertiaRenderOptions,
    standaloneShared?: PropsInput,
  ): Promise<Page> {
    const inertia = isInertiaRequest(req);
    const partial = inertia && req.get(INERTIA_HEADERS.partialComponent) === component;

    const shared: PropsInput = { ...standaloneShared };
    if (!standaloneShared) {
      for (const factory of factories) Object.assign(shared, await factory(req));
      if (options.formToken && !compressible.has(component)) {
        shared.csrfToken = options.formToken(req, res);
      }
    }

    const flash = (standaloneShared ? null : await options.flash?.(req, res)) ?? {};
    const input: PropsInput = {
      errors: errorsFor(
        flash,
        req.get(INERTIA_HEADERS.errorBag) ?? (res.locals.formErrorBag as string | undefined),
      ),
      ...shared,
      ...pageProps,
    };
    // `errors` is always sent, even on a partial reload that did not ask for it.
    if (specialKind(input.errors) === null) input.errors = always(input.errors);

    const { props, onceProps } = await resolveProps(input, {
      partial,
      only: partial ? csv(req.get(INERTIA_HEADERS.partialData)) : [],
      except: partial ? csv(req.get(INERTIA_HEADERS.partialExcept)) : [],
      exceptOnce: inertia ? csv(req.get(INERTIA_HEADERS.exceptOnceProps)) : [],
    });

    const sharedKeys = Object.keys(shared).filter((key) => !(key in pageProps));
    const page: Page = {
      component,
      props: { ...props, errors: (props.errors ?? {}) as Errors } as PageProps,
      url: renderOptions.url ?? req.originalUrl,
      version: assets.version,
      clearHistory: renderOptions.clearHistory ?? false,
      encryptHistory: renderOptions.encryptHistory ?? options.encryptHistory ?? false,
      flash: { ...flash.messages, ...renderOptions.flash },
    };
    if (sharedKeys.length > 0) page.sharedProps = sharedKeys;
    if (Object.keys(onceProps).length > 0) page.onceProps = onceProps;
    return page;
  }

  /** The document for `page`; an SSR failure is logged, sent client-rendered and not kept. */
  async function renderHtml(req: Request, page: Page, isCompressible: boolean) {
    const document = (head: string[], body: string) =>
      renderDocument({
        head,
        body,
        assets: headTags,
        fallbackTitle: options.title,
        colorScheme: page.props.colorScheme,
      });
    const headTags = await assets.headTags(req.originalUrl, page.component);
    if (!ssr) {
      return new Representation(document([], clientRenderedBody(page)), HTML, {
        compressible: isCompressible,
      });
    }
    try {
      const result: unknown = await ssr.render(page);
      if (!isSsrResult(result)) throw new TypeError('SSR render() must return { head, body }');
      return new Representation(document(result.head, result.body), HTML, {
        compressible: isCompressible,
      });
    } catch (err) {
      const log = (req.log as Logger | undefined) ?? logger;
      log.error(
        { err, component: page.component, url: page.url },
        `SSR failed for ${page.component}; falling back to client-side rendering`,
      );
      throw new UncachedResponse(
        new Representation(document([], clientRenderedBody(page)), HTML, {
          compressible: isCompressible,
        }),
      );
    }
  }

  async function render(
    req: Request,
    res: Response,
    component: string,
    props: PropsInput,
    renderOptions: InertiaRenderOptions = {},
  ): Promise<void> {
    const page = await buildPage(req, res, component, props, renderOptions);
    await send(req, res, page, renderOptions.status ?? 200);
  }

  async function send(req: Request, res: Response, page: Page, status: number): Promise<void> {
    const { key, json: pageJson } = stringifyPage(page);
    // Only the public pages (the compressible list) are kept: a page that shows a secret (a new
    // access token, a licence key, an invite link) is built for its one answer and never held
    // in the process's memory, where it would outlive the answer.
    const isCompressible = compressible.has(page.component);
    const kept = async (cache: ResponseCache, build: () => Promise<Representation>) => {
      if (isCompressible) return cache.get(key, build);
      try {
        return await build();
      } catch (error) {
        if (error instanceof UncachedResponse) return error.representation;
        throw error;
      }
    };
    if (isInertiaRequest(req)) {
      res.set(INERTIA_HEADERS.inertia, 'true');
      const json = await kept(
        pageObjects,
        async () => new Representation(pageJson(), JSON_TYPE, { compressible: isCompressible }),
      );
      await sendRepresentation(req, res, json, status);
      return;
    }
    const html = await kept(documents, () => renderHtml(req, page, isCompressible));
    await sendRepresentation(req, res, html, status);
  }

  const middleware: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    const inertia = isInertiaRequest(req);
    res.vary(INERTIA_HEADERS.inertia);

    if (
      inertia &&
      req.method === 'GET' &&
      (req.get(INERTIA_HEADERS.version) ?? '') !== assets.version
    ) {
      // A new build is out: the client reloads the whole document from this URL.
      res.status(409).set(INERTIA_HEADERS.location, fullUrl(options.appUrl, req)).end();
      return;
    }

    if (inertia && REDIRECT_AS_SEE_OTHER.has(req.method)) {
      // A 302 after PUT/PATCH/DELETE would be replayed with the same method by XHR; 303 makes it a GET.
      const writeHead = res.writeHead;
      res.writeHead = function (this: Response, statusCode: number, ...rest: unknown[]) {
        const status = statusCode === 302 ? 303 : statusCode;
        return (writeHead as (...args: unknown[]) => Response).call(this, status, ...rest);
      } as Response['writeHead'];
    }

    // The protocol takes any page; the store's page contract types the callers (express.d.ts).
    res.inertia = ((
      component: string,
      props: PropsInput = {},
      renderOptions: InertiaRenderOptions = {},
    ) => render(req, res, component, props, renderOptions)) as Response['inertia'];

    res.inertiaLocation = (url: string) => {
      if (inertia) {
        res.status(409).set(INERTIA_HEADERS.location, url).end();
      } else {
        res.redirect(url);
      }
    };

    next();
  };

  return {
    middleware,
    share(factory) {
      factories.push(factory);
    },
    async render(req, res, component, props, options) {
      res.vary(INERTIA_HEADERS.inertia);
      await render(req, res, component, props, options);
    },
    async renderStandalone(req, res, component, props, { status, shared }) {
      res.vary(INERTIA_HEADERS.inertia);
      const page = await buildPage(req, res, component, props, {}, shared);
      await send(req, res, page, status);
    },
  };
}
