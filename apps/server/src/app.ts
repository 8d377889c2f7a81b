import express, { type Express, type RequestHandler } from 'express';
import type { Config } from './config.ts';
import { privateByDefault } from './http/cache-control.ts';
import { errorHandler, notFound } from './http/errors.ts';
import { createLifecycle, healthRoutes, type Lifecycle } from './http/health.ts';
import { rejectMalformedText } from './http/input-guard.ts';
import type { Metrics } from './http/metrics.ts';
import { createInertia } from './http/inertia/inertia.ts';
import { requestLogger } from './http/request-logger.ts';
import { securityHeaders } from './http/security.ts';
import { createCsrf } from './http/csrf.ts';
import { flash, type FlashStore } from './http/session/flash.ts';
import { createSessionFlashStore } from './http/session/session-flash-store.ts';
import { sessions } from './http/session/session.ts';
import { ASSET_BASE, staticAssets } from './http/ssr/assets.ts';
import { sharedAssetFiles } from './http/ssr/shared-assets.ts';
import type { ClientAssets, SsrRenderer } from './http/ssr/types.ts';
import type { Logger } from './logger.ts';
import { isLoopbackUrl, outboxRoutes } from './mail/outbox-routes.ts';
import { accessPolicy } from './modules/access/policy.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { accessTokensService } from './modules/tokens/service.ts';
import { impersonation } from './modules/admin/impersonation.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import type { BackOfficeSeams } from './modules/admin/service.ts';
import { paymentSeams } from './modules/payments/back-office.ts';
import { previewColorSchemeRoutes } from './modules/account/preview-color-scheme.ts';
import { snippetLanguageRoutes } from './modules/account/snippet-language.ts';
import { pageViewBeacons } from './modules/analytics/routes.ts';
import { commandPaletteRoutes } from './modules/catalog/command-palette.ts';
import { registryRoutes } from './modules/registry/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { downloadsFor } from './modules/downloads/archive.ts';
import { downloadRoutes } from './modules/downloads/routes.ts';
import { newsletterRoutes } from './modules/newsletter/routes.ts';
import { secretGuesses } from './modules/access/secret-guesses.ts';
import { licenseApiRoutes } from './modules/licenses/api.ts';
import { licenseRoutes } from './modules/licenses/routes.ts';
import { licensesService } from './modules/licenses/service.ts';
import { teamRoutes } from './modules/teams/routes.ts';
import { teamsService } from './modules/teams/service.ts';
import { authService } from './modules/auth/auth-service.ts';
import { loadUser } from './modules/auth/middleware.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { homeRoutes } from './modules/home/routes.ts';
import { lazyCatalogue, missingImages, type Catalogue } from './modules/catalog/catalogue.ts';
import { CATALOGUE_FILE_MOUNTS, catalogRoutes, homeCatalogue } from './modules/catalog/routes.ts';
import { seoRoutes } from './modules/catalog/seo.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { pricingRoutes } from './modules/pricing/routes.ts';
import { createPricing } from './modules/pricing/service.ts';
import { sharedPageData, storeFreePageData } from './modules/shared/shared-page-data.ts';
import { purchasesRepository } from './modules/payments/repository.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { sandboxRoutes } from './modules/payments/sandbox/routes.ts';
import { webhookRoutes } from './modules/payments/webhook-routes.ts';
import { parseCookies } from './http/session/cookies.ts';
import { XSRF_COOKIE } from './http/csrf.ts';
import type { Services } from './services.ts';

export interface AppDeps {
  config: Config;
  logger: Logger;
  /** In-process SSR of the storefront; null (or `config.ssr` off) renders on the client only. */
  ssr: SsrRenderer | null;
  /** The client bundle: asset version and the tags that load it. */
  assets: ClientAssets;
  /** Database, session store, mailer and rate limiters (`createServices`). */
  services: Services;
  /** Where flash lives between requests; the server-side session unless given. */
  flashStore?: FlashStore;
  /** Development: Vite's middleware serves the client (and HMR) instead of the built files. */
  vite?: RequestHandler;
  /** The built catalogue; read from `config.catalogDist` on first use unless given. */
  catalogue?: () => Catalogue;
  /**
   * What the back office asks of the payments module: refund a purchase through its provider,
   * replay a stored webhook event. Until connected, both answer "not connected".
   */
  backOffice?: BackOfficeSeams;
  now?: () => Date;
  /** Draining after SIGTERM (main.ts): readiness answers 503. */
  lifecycle?: Lifecycle;
  /** Request counters and latency for /metrics (served on its own listener by main.ts). */
  metrics?: Metrics;
}

/** Builds the whole app from its dependencies; listening is `main.ts`'s business. */
export function buildApp(deps: AppDeps): Express {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  if (deps.metrics) app.use(deps.metrics.middleware);
  app.use(requestLogger(logger));
  app.use(
    securityHeaders({
      appUrl: config.appUrl,
      viteDev: Boolean(deps.vite),
      paddle: config.payments.provider === 'paddle' ? config.payments.environment : null,
      formOrigins: config.newsletterFormUrl.startsWith('https:')
        ? [new URL(config.newsletterFormUrl).origin]
        : [],
    }),
  );
  app.use(privateByDefault());
  // Readiness (/healthz) for the balancer and liveness (/livez) for a supervisor.
  app.use(
    healthRoutes({ health: deps.services.health, lifecycle: deps.lifecycle ?? createLifecycle() }),
  );
  if (deps.vite) app.use(deps.vite);
  else {
    const shared = config.assets.dir ? sharedAssetFiles(config.assets.dir) : undefined;
    app.use('/build', staticAssets(config.storefrontDist, shared));
  }

  const { services } = deps;
  const catalogue =
    deps.catalogue ??
    lazyCatalogue(config.catalogDist, (loaded) => {
      // The pages show a named placeholder for each, so the store still serves; say it once.
      const missing = missingImages(loaded);
      if (missing.length === 0) return;
      const message = `The catalogue build lacks ${missing.length} image(s) the pages show, e.g. ${missing[0]}: rebuild it with Chromium (\`npm start\` or \`node scripts/build.mjs\`)`;
      if (config.isProduction)
        logger.error({ missing: missing.length, example: missing[0] }, message);
      else logger.warn({ missing: missing.length, example: missing[0] }, message);
    });
  // Production refuses to start without a built catalogue rather than failing on first visit.
  if (config.isProduction) catalogue();
  const now = () => (deps.now ? deps.now().getTime() : Date.now());

  // Machine routers: callers that are not a page in a browser (beacons, the payment provider's
  // webhooks, a token API). Each brings its own stack (body parser, limits, authentication) and
  // answers before the browser stack below runs: no session, no CSRF, no Inertia, no global body
  // parser (a webhook needs the raw body for its signature). Mount new ones here, e.g.
  // `app.use(paddleWebhooks(…))` for `POST /webhooks/paddle`.
  const { payments } = services;
  // The provider's webhooks: raw body, signature, no session, no CSRF.
  app.use(
    webhookRoutes({
      fulfilment: payments.fulfilment,
      secrets: () => payments.webhookSecrets,
      toleranceSeconds: payments.toleranceSeconds,
      now: payments.now,
    }),
  );
  // The command palette's items (public, the same for everyone): fetched on its first open.
  app.use(commandPaletteRoutes({ catalogue }));
  // The licence-key API for tools: JSON in and out, its own limits (decision 016).
  app.use(
    licenseApiRoutes({
      db: services.database.db,
      appUrl: config.appUrl,
      limiters: {
        address: services.limiters.licenseApiAddress,
        key: services.limiters.licenseApiKey,
      },
      guesses: secretGuesses(services.limiters.secretGuesses),
      logger,
      now,
    }),
  );
  app.use(
    pageViewBeacons({
      db: services.database.db,
      now,
      appUrl: config.appUrl,
      limiter: services.limiters.pageViews,
      catalogue,
    }),
  );

  // The shadcn registry: a personal access token (Bearer), JSON errors, no session.
  app.use(
    registryRoutes({
      db: services.database.db,
      catalogue,
      appUrl: config.appUrl,
      brandName: config.brandName,
      guesses: services.limiters.secretGuesses,
      tokenRequests: services.limiters.registryTokens,
      now,
    }),
  );

  // The browser stack: every page and form below gets parsed bodies, the session, flash, the
  // signed-in user, a CSRF check on every state change, and Inertia.
  app.use(express.urlencoded({ extended: false, limit: '100kb' }));
  app.use(express.json({ limit: '100kb' }));
  const secure = config.appUrl.startsWith('https:');
  const csrf = createCsrf({ secret: config.sessionSecret, secure });
  const cookies = { secure, production: config.isProduction, csrf };
  app.use(
    sessions({
      store: services.sessionStore,
      secret: config.sessionSecret,
      secure,
      production: config.isProduction,
    }),
  );
  app.use(flash(deps.flashStore ?? createSessionFlashStore()));
  const auth = authService({
    config,
    database: services.database,
    sessionStore: services.sessionStore,
    mailer: services.mailer,
    logger,
    now,
  });
  app.use(loadUser(auth, cookies));
  // After loadUser: an operator acting as a customer becomes that customer for everything after.
  app.use(impersonation(services.database.db));
  app.use(accessPolicy(services.database.db));
  // After loadUser: a token is bound to who the request is, including a remembered user.
  app.use(csrf.middleware);

  const pricing = createPricing({
    db: services.database.db,
    blackFriday: config.blackFriday,
    now: deps.now,
  });

  const inertia = createInertia({
    appUrl: config.appUrl,
    assets: deps.assets,
    ssr: config.ssr ? deps.ssr : null,
    logger,
    title: config.brandName,
    flash: (req) => req.readFlash(),
  });
  inertia.share(
    sharedPageData({
      db: services.database.db,
      brandName: config.brandName,
      appUrl: config.appUrl,
      catalogue,
      pricing,
      now: deps.now,
    }),
  );
  app.use(inertia.middleware);
  app.use(rejectMalformedText());

  app.use(
    adminRoutes({
      database: services.database,
      sessionStore: services.sessionStore,
      seams: deps.backOffice ?? paymentSeams(services.payments),
      appUrl: config.appUrl,
      logger,
      auth,
      limiters: services.limiters,
      cookies,
      now,
    }),
  );
  const homeParts = homeCatalogue(catalogue);
  app.use(
    homeRoutes(async (req) => {
      const customer = pricing.forRequest(req);
      const [parts, offers, blackFriday] = await Promise.all([
        homeParts(req),
        customer.allAccessOffers(),
        customer.blackFriday(),
      ]);
      return { ...parts, teamPricing: offers.team.price, blackFriday };
    }),
  );
  app.use(pricingRoutes({ pricing, catalogue }));
  app.use(
    checkoutRoutes({
      pricing,
      checkouts: services.payments.checkouts,
      limiter: services.limiters.purchaseStatus,
    }),
  );
  app.use(
    catalogRoutes({
      catalogue,
      listPrice: (slug) => pricing.listPrice(slug),
      supportEmail: config.supportEmail,
      issueTrackerUrl: config.issueTrackerUrl,
      appUrl: config.appUrl,
    }),
  );
  app.use(seoRoutes({ catalogue, appUrl: config.appUrl }));
  app.use(authRoutes({ auth, limiters: services.limiters, cookies }));
  app.use(
    accountRoutes({
      db: services.database.db,
      auth,
      limiters: services.limiters,
      tokens: accessTokensService(services.database, now),
    }),
  );
  app.use(
    downloadRoutes({
      catalogue,
      limiter: services.limiters.downloads,
      appUrl: config.appUrl,
      brandName: config.brandName,
      logger,
      now,
    }),
  );
  const guesses = secretGuesses(services.limiters.secretGuesses);
  app.use(
    licenseRoutes({
      licenses: licensesService({ database: services.database, auth, now }),
      auth,
      cookies,
      guesses,
      supportEmail: config.supportEmail,
      downloads: async (req) => downloadsFor(catalogue(), await req.entitlements()),
    }),
  );
  app.use(
    teamRoutes({
      teams: teamsService({ database: services.database, auth, appUrl: config.appUrl, now }),
      auth,
      cookies,
      guesses,
      supportEmail: config.supportEmail,
    }),
  );
  app.use(snippetLanguageRoutes({ db: services.database.db }));
  app.use(previewColorSchemeRoutes({ db: services.database.db }));
  app.use(newsletterRoutes({ db: services.database.db, now }));
  const { provider } = payments;
  app.use(
    paymentRoutes({
      checkouts: payments.checkouts,
      limiter: services.limiters.purchaseStatus,
      db: services.database.db,
      invoiceUrl: provider.invoiceUrl?.bind(provider),
    }),
  );
  if (payments.sandbox) {
    app.use(
      sandboxRoutes({
        sandbox: payments.sandbox,
        brandName: config.brandName,
        csrfToken: (req, res) => {
          const token = parseCookies(req.headers.cookie)[XSRF_COOKIE];
          return csrf.isValid(token, req) ? token : csrf.rotate(req, res);
        },
        isBuyer: (transactionId, user) =>
          purchasesRepository(services.database.db).isReceiptOf(transactionId, user),
      }),
    );
  }
  app.use(
    contentRoutes({
      brandName: config.brandName,
      appUrl: config.appUrl,
      supportEmail: config.supportEmail,
      issueTrackerUrl: config.issueTrackerUrl,
      newsletterFormUrl: config.newsletterFormUrl,
      communityUrl: config.communityUrl,
      preload: config.isProduction,
      onPreloadError: (error) => logger.error({ err: error }, 'Cannot render the content pages'),
    }),
  );
  // Lists every reset link: development only, whatever the address. A production store without
  // SMTP keeps the messages on disk for its operator (main.ts says where, loudly).
  if (config.isDevelopment && services.mailer.outbox && isLoopbackUrl(config.appUrl)) {
    app.use(outboxRoutes(services.mailer.outbox));
  }

  app.use(notFound());
  app.use(
    errorHandler({
      logger,
      debug: config.isDevelopment,
      brandName: config.brandName,
      plainPaths: [ASSET_BASE, ...CATALOGUE_FILE_MOUNTS],
      pages: {
        inertia,
        storeFree: storeFreePageData({
          brandName: config.brandName,
          appUrl: config.appUrl,
          catalogue,
          now: deps.now,
        }),
      },
    }),
  );
  return app;
}
