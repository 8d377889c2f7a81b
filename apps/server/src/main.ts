import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import path from 'node:path';
import { clientDir, loadClientAssets, NO_ASSETS, ssrEntryPath } from './http/ssr/assets.ts';
import { publishAssets } from './http/ssr/shared-assets.ts';
import { loadSsrRenderer } from './http/ssr/ssr.ts';
import type { Server } from 'node:http';
import { createMetrics, metricsHandler } from './http/metrics.ts';
import { createLogger, jsonOnly } from './logger.ts';
import { createLifecycle } from './http/health.ts';
import { createShutdown, exitOnSignals, HARD_EXIT_GRACE_MS, listen, serverUrl } from './server.ts';
import { createServices } from './services.ts';
import { BLACK_FRIDAY_SLUG } from '@tessera/pages/constants';
import { missingGoodsFiles } from './modules/downloads/index.ts';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = configOrExit();
const logger = await createLogger(config);
// Production output is for a log collector: JSON lines only, whoever prints.
if (config.isProduction) jsonOnly(logger);
for (const warning of config.warnings) logger.warn(warning);

// A store must never take money for what it cannot hand over: while the bundle is (or will be)
// on sale, its ebook's files must be there. After the offer, its buyers still need them: warn.
const missingGoods = await missingGoodsFiles(config.digitalGoodsDir, [BLACK_FRIDAY_SLUG]);
if (missingGoods.length > 0) {
  const where = config.digitalGoodsDir ?? 'DIGITAL_GOODS_DIR (not set)';
  const message = `The Black Friday bundle's files are missing from ${where}: ${missingGoods.join(', ')}`;
  if (config.isProduction && Date.now() < config.blackFriday.endsAt) {
    logger.fatal(
      { missing: missingGoods },
      `${message}. Add them, or end the offer (BLACK_FRIDAY_ENDS_AT), to start.`,
    );
    process.exit(1);
  }
  logger.warn({ missing: missingGoods }, message);
}

const assets = await loadClientAssets(config.storefrontDist);
if (!assets) {
  logger.warn(
    `No storefront build in ${config.storefrontDist}: pages are served without scripts or styles and SSR is off. ` +
      'Run "pnpm build" first (or "pnpm dev" to develop with hot reload).',
  );
}
if (assets && config.assets.dir) {
  // Before listening: the releases beside this one must find its scripts as soon as it serves.
  const published = await publishAssets({
    clientAssetsDir: path.join(clientDir(config.storefrontDist), 'assets'),
    assetsDir: config.assets.dir,
    version: assets.version,
    keep: config.assets.releasesKept,
  }).catch((error: unknown) => {
    logger.fatal({ err: error, assetsDir: config.assets.dir }, 'Cannot publish the assets');
    process.exit(1);
  });
  logger.info(
    { assetsDir: config.assets.dir, version: assets.version, ...published },
    'Assets published',
  );
}
let ssr = null;
if (config.ssr && assets) {
  // Its documents are kept, as bytes, by the Inertia layer's response cache.
  ssr = await loadSsrRenderer(config.storefrontDist);
  if (!ssr) {
    logger.warn(
      `No SSR bundle at ${ssrEntryPath(config.storefrontDist)}: pages render on the client only.`,
    );
  }
}

const services = await createServices(config, logger).catch((error: unknown) => {
  logger.fatal({ err: error }, 'Cannot open the database or the session store');
  process.exit(1);
});
if (services.mailer.outbox && !config.isDevelopment) {
  // No page lists these outside development: the operator reads them on disk.
  logger.warn(
    { outbox: services.mailer.outbox.dir },
    `SMTP_URL is not set: NO MAIL LEAVES THIS STORE. Every message, password reset links included, ` +
      `is written to ${services.mailer.outbox.dir} instead of being sent. Set SMTP_URL ` +
      '(smtp:// or smtps://) to send mail.',
  );
}
const lifecycle = createLifecycle();
const metrics = createMetrics({ poolStats: () => services.database.poolStats() });
const app = buildApp({
  config,
  logger,
  ssr,
  assets: assets ?? NO_ASSETS,
  services,
  lifecycle,
  metrics,
});
let metricsListener: Server | null = null;
if (config.metrics) {
  const { host, port, token } = config.metrics;
  metricsListener = await listen(metricsHandler(metrics, { token }), { host, port }).catch(
    (error: unknown) => {
      logger.fatal({ err: error }, `Cannot listen for metrics on ${host}:${port}`);
      process.exit(1);
    },
  );
  logger.info({ metrics: `${serverUrl(metricsListener)}/metrics` }, 'Metrics served');
}
const server = await listen(app, config).catch((error: unknown) => {
  logger.fatal({ err: error }, `Cannot listen on ${config.host}:${config.port}`);
  process.exit(1);
});
// The sandbox delivers its webhooks to this very server (unless SANDBOX_WEBHOOK_URL says where).
services.payments.listeningAt(serverUrl(server));
services.startWorkers();
const { drainMs, timeoutMs } = config.shutdown;
exitOnSignals(
  createShutdown(server, {
    logger,
    drainMs,
    timeoutMs,
    onDraining: () => lifecycle.startDraining(),
    onClosed: async () => {
      metricsListener?.close();
      await services.close();
    },
  }),
  logger,
  timeoutMs + HARD_EXIT_GRACE_MS,
);
const running = `${config.brandName} is running at ${serverUrl(server)}`;
// Whatever LOG_LEVEL says, the start is announced (as a JSON line in production).
if (config.isProduction)
  logger.child({}, { level: 'info' }).info({ url: serverUrl(server) }, running);
else console.log(running);
