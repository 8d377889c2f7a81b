import express, { type Express, type RequestHandler } from 'express';
import type { Config } from './config.ts';
import { errorHandler, notFound } from './http/errors.ts';
import { createInertia } from './http/inertia/inertia.ts';
import { requestLogger } from './http/request-logger.ts';
import { securityHeaders } from './http/security.ts';
import { createCookieFlashStore } from './http/session/cookie-flash-store.ts';
import { flash, type FlashStore } from './http/session/flash.ts';
import { staticAssets } from './http/ssr/assets.ts';
import type { ClientAssets, SsrRenderer } from './http/ssr/types.ts';
import type { Logger } from './logger.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { homeRoutes } from './modules/home/routes.ts';
import { sharedPageData } from './modules/shared/shared-page-data.ts';

export interface AppDeps {
  config: Config;
  logger: Logger;
  /** In-process SSR of the storefront; null (or `config.ssr` off) renders on the client only. */
  ssr: SsrRenderer | null;
  /** The client bundle: asset version and the tags that load it. */
  assets: ClientAssets;
  /** Where flash lives between requests; a signed cookie unless given. */
  flashStore?: FlashStore;
  /** Development: Vite's middleware serves the client (and HMR) instead of the built files. */
  vite?: RequestHandler;
  now?: () => Date;
}

/** Builds the whole app from its dependencies; listening is `main.ts`'s business. */
export function buildApp(deps: AppDeps): Express {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(requestLogger(logger));
  app.use(securityHeaders({ appUrl: config.appUrl, viteDev: Boolean(deps.vite) }));
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  if (deps.vite) app.use(deps.vite);
  else app.use('/build', staticAssets(config.storefrontDist));

  app.use(express.urlencoded({ extended: false, limit: '100kb' }));
  app.use(express.json({ limit: '100kb' }));

  const flashStore =
    deps.flashStore ??
    createCookieFlashStore({
      secret: config.sessionSecret,
      secure: config.appUrl.startsWith('https:'),
      onOversize: (bytes) =>
        logger.warn({ bytes }, 'Flash data too large for a cookie; old input dropped'),
    });
  app.use(flash(flashStore));

  const inertia = createInertia({
    assets: deps.assets,
    ssr: config.ssr ? deps.ssr : null,
    logger,
    title: config.brandName,
    flash: (req) => req.readFlash(),
  });
  inertia.share(sharedPageData({ brandName: config.brandName, now: deps.now }));
  app.use(inertia.middleware);

  app.use(homeRoutes());
  app.use(authRoutes());

  app.use(notFound());
  app.use(errorHandler({ logger, debug: config.isDevelopment, brandName: config.brandName }));
  return app;
}
