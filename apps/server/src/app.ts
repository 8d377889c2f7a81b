import express, { type Express, type RequestHandler } from 'express';
import type { Config } from './config.ts';
import { privateByDefault } from './http/cache-control.ts';
import { createCsrf } from './http/csrf.ts';
import { notFound, pageErrors } from './http/error-handlers.ts';
import { NotFoundError } from './http/errors.ts';
import { nativeFormControls } from './http/form-controls.ts';
import { createLifecycle, healthRoutes, type Lifecycle } from './http/health.ts';
import type { Metrics } from './http/metrics.ts';
import { createInertia } from './http/inertia/inertia.ts';
import { rejectMalformedText } from './http/input-guard.ts';
import { requestLogger } from './http/request-logger.ts';
import { securityHeaders } from './http/security.ts';
import { flash, type FlashStore } from './http/session/flash.ts';
import { createSessionFlashStore } from './http/session/session-flash-store.ts';
import { sessions } from './http/session/session.ts';
import { ASSET_BASE, staticAssets } from './http/ssr/assets.ts';
import { sharedAssetFiles } from './http/ssr/shared-assets.ts';
import type { ClientAssets, SsrRenderer } from './http/ssr/types.ts';
import type { Logger } from './logger.ts';
import { isLoopbackUrl, outboxRoutes } from './mail/outbox-routes.ts';
import { accountRoutes } from './modules/account/index.ts';
import {
  adminRoutes,
  impersonation,
  impersonationPolicy,
  operatorActs,
  type BackOfficeSeams,
} from './modules/admin/index.ts';
import { pageViewBeacons } from './modules/analytics/index.ts';
import { authRoutes, authService, loadUser } from './modules/auth/index.ts';
import {
  builtCatalogue,
  CATALOGUE_FILE_MOUNTS,
  catalogRoutes,
  commandPaletteRoutes,
  seoRoutes,
  type Catalogue,
  releaseComponents,
} from './modules/catalog/index.ts';
import { checkoutRoutes } from './modules/checkout/index.ts';
import { contentRoutes } from './modules/content/index.ts';
import {
  downloadRoutes,
  downloadsFor,
  goodsDownloads,
  goodsRoutes,
} from './modules/downloads/index.ts';
import { homeRoutes } from './modules/home/index.ts';
import { sharedPageData, storeFreePageData } from './modules/layout/index.ts';
import {
  accessPolicy,
  licenseApiRoutes,
  licenseOperations,
  licensingRoutes,
  secretGuesses,
} from './modules/licensing/index.ts';
import { newsletterRoutes } from './modules/newsletter/index.ts';
import {
  backOfficeSeams,
  paymentRoutes,
  purchaseOperations,
  sandboxRoutes,
  webhookRoutes,
} from './modules/payments/index.ts';
import { createPricing, pricingRoutes } from './modules/pricing/index.ts';
import { registryRoutes } from './modules/registry/index.ts';
import { accessTokensService } from './modules/tokens/index.ts';
import { componentsTaken, updatesRoutes } from './modules/updates/index.ts';
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
   * replay a stored webhook event. The payments module's own unless given (tests).
   */
  backOffice?: BackOfficeSeams;
  now?: () => Date;
  /** Draining after SIGTERM (main.ts): readiness answers 503. */
  lifecycle?: Lifecycle;
  /** Request counters and latency for /metrics (served on its own listener by main.ts). */
  metrics?: Metrics;
}

/**
 * Builds the whole app from its dependencies: wiring only. Each module brings its routers and
 * middleware through its index.ts; listening is `main.ts`'s business.
 */
export function buildApp(deps: AppDeps): Express {
  const { config, logger, services } = deps;
  const { payments, limiters } = services;
  const db = services.database.db;
  const now = () => (deps.now ? deps.now().getTime() : Date.now());
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

  const catalogue =
    deps.catalogue ??
    builtCatalogue({ dir: config.catalogDist, logger, production: config.isProduction });
  // Production refuses to start without a built catalogue rather than failing on first visit.
  if (config.isProduction) catalogue();
  const guesses = secretGuesses(limiters.secretGuesses);
  const taken = componentsTaken(db, now);

  // Machine routers: callers that are not a page in a browser (the provider's webhooks, the
  // palette's items, the licence-key API, beacons, the shadcn registry). Each brings its own
  // stack (body parser, limits, authentication, JSON errors) and answers before the browser
  // stack below runs: no session, no CSRF, no Inertia, no global body parser (a webhook needs
  // the raw body for its signature).
  app.use(
    webhookRoutes({
      fulfilment: payments.fulfilment,
      secrets: () => payments.webhookSecrets,
      toleranceSeconds: payments.toleranceSeconds,
      logger,
      now: payments.now,
    }),
  );
  app.use(commandPaletteRoutes({ catalogue }));
  app.use(
    licenseApiRoutes({
      db,
      appUrl: config.appUrl,
      mode: { testMode: config.testMode },
      limiters: { address: limiters.licenseApiAddress, key: limiters.licenseApiKey },
      guesses,
      logger,
      now,
    }),
  );
  app.use(
    pageViewBeacons({
      db,
      now,
      appUrl: config.appUrl,
      limiter: limiters.pageViews,
      catalogue,
      logger,
    }),
  );
  app.use(
    registryRoutes({
      db,
      mode: { testMode: config.testMode },
      catalogue,
      appUrl: config.appUrl,
      brandName: config.brandName,
      guesses: limiters.secretGuesses,
      tokenRequests: limiters.registryTokens,
      logger,
      now,
      onInstalled: taken.installed,
    }),
  );

  // The browser stack: every page and form below gets parsed bodies, the session, flash, the
  // signed-in user (or the customer an operator acts as), the access policy, a CSRF check on
  // every state change, and Inertia.
  app.use(express.urlencoded({ extended: false, limit: '100kb' }));
  app.use(express.json({ limit: '100kb' }));
  // A form posted without JavaScript: its `_method` and `_error_bag` fields.
  app.use(nativeFormControls());
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
  app.use(impersonation(db));
  app.use(accessPolicy(db, { testMode: config.testMode }));
  // After loadUser: a token is bound to who the request is, including a remembered user.
  app.use(csrf.middleware);
  // What an operator acting as a customer may do: refused or audited, one table (decision 042).
  app.use(impersonationPolicy({ database: services.database, now }));

  const pricing = createPricing({
    db,
    blackFriday: config.blackFriday,
    mode: { testMode: config.testMode },
    now: deps.now,
  });
  const inertia = createInertia({
    appUrl: config.appUrl,
    assets: deps.assets,
    ssr: config.ssr ? deps.ssr : null,
    logger,
    title: config.brandName,
    flash: (req) => req.readFlash(),
    formToken: csrf.current,
  });
  inertia.share(
    sharedPageData({
      db,
      brandName: config.brandName,
      appUrl: config.appUrl,
      catalogue,
      pricing,
      testMode: config.testMode,
      now: deps.now,
    }),
  );
  app.use(inertia.middleware);
  app.use(rejectMalformedText());

  app.use(
    adminRoutes({
      database: services.database,
      sessionStore: services.sessionStore,
      seams: deps.backOffice ?? backOfficeSeams(payments),
      queues: [
        { name: 'mail', label: 'Mail', subject: 'mail_job', queue: services.mailQueue },
        ...(payments.deliverer
          ? [
              {
                name: 'webhooks' as const,
                label: 'Webhook deliveries',
                subject: 'webhook_delivery' as const,
                queue: payments.deliverer,
              },
            ]
          : []),
      ],
      appUrl: config.appUrl,
      logger,
      auth,
      limiters,
      cookies,
      now,
    }),
  );
  app.use(homeRoutes({ catalogue, pricing }));
  app.use(pricingRoutes({ pricing, catalogue }));
  app.use(
    checkoutRoutes({ pricing, checkouts: payments.checkouts, limiter: limiters.purchaseStatus }),
  );
  app.use(
    catalogRoutes({
      catalogue,
      listPrice: (slug) => pricing.listPrice(slug),
      offers: async (req) => {
        const customer = pricing.forRequest(req);
        const [{ team }, packages] = await Promise.all([
          customer.allAccessOffers(),
          customer.packageOffers(),
        ]);
        return { team: team.purchaseable ? team.price : null, packages };
      },
      supportEmail: config.supportEmail,
      issueTrackerUrl: config.issueTrackerUrl,
      appUrl: config.appUrl,
      takenBy: taken.byComponent,
    }),
  );
  app.use(updatesRoutes({ db, catalogue, limiter: limiters.componentCopies, now }));
  app.use(seoRoutes({ catalogue, appUrl: config.appUrl }));
  app.use(authRoutes({ auth, limiters, cookies }));
  app.use(
    accountRoutes({
      db,
      auth,
      limiters,
      tokens: accessTokensService(services.database, now),
      database: services.database,
      now,
      brandName: config.brandName,
      logger,
    }),
  );
  app.use(
    downloadRoutes({
      catalogue,
      limiter: limiters.downloads,
      appUrl: config.appUrl,
      brandName: config.brandName,
      logger,
      now,
    }),
  );
  const goodsHeldBy = (userId: number) => licenseOperations.goodsHeldBy(db, userId);
  app.use(
    goodsRoutes({
      dir: config.digitalGoodsDir,
      heldBy: goodsHeldBy,
      limiter: limiters.downloads,
      logger,
    }),
  );
  app.use(
    licensingRoutes({
      database: services.database,
      auth,
      cookies,
      guesses,
      appUrl: config.appUrl,
      supportEmail: config.supportEmail,
      downloads: async (req) => downloadsFor(catalogue(), await req.entitlements()),
      digitalGoods: async (userId) =>
        goodsDownloads(config.digitalGoodsDir, await goodsHeldBy(userId)),
      onRedeemed: purchaseOperations.adopt,
      now,
    }),
  );
  app.use(newsletterRoutes({ db, now }));
  const { provider } = payments;
  app.use(
    paymentRoutes({
      checkouts: payments.checkouts,
      limiter: limiters.purchaseStatus,
      db,
      invoiceUrl: provider.invoiceUrl?.bind(provider),
    }),
  );
  if (payments.sandbox) {
    app.use(
      sandboxRoutes({
        sandbox: payments.sandbox,
        refunds: payments.refunds,
        brandName: config.brandName,
        csrfToken: csrf.current,
        isBuyer: (transactionId, user) => purchaseOperations.isReceiptOf(db, transactionId, user),
        receiptOf: async (transactionId) => {
          const purchase = await purchaseOperations.ofSandboxReceipt(db, transactionId);
          return (
            purchase && {
              userId: purchase.user_id,
              buyerEmail: purchase.buyer_email,
              formerMarketplace: purchase.source === 'gumroad',
            }
          );
        },
        auditOperatorEdit: async (req, operator, transactionId) => {
          const purchase = await purchaseOperations.ofSandboxReceipt(db, transactionId);
          // No purchase yet (its webhook is on the way): nothing an operator may edit.
          if (!purchase) throw new NotFoundError('No such receipt');
          await operatorActs(services.database, now)(req, operator, {
            action: 'purchase.business_address',
            subject: { type: 'purchase', id: purchase.id },
            customerId: purchase.user_id,
            details: { purchase: purchase.id },
          });
        },
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
      releaseComponents: () => releaseComponents(catalogue()),
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
    pageErrors({
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
          testMode: config.testMode,
          now: deps.now,
        }),
      },
    }),
  );
  return app;
}
