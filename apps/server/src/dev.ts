import { createServer as createHttpServer } from 'node:http';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { createServer as createViteServer } from 'vite';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import type { Page } from './http/inertia/page.ts';
import { rendererFromModule } from './http/ssr/ssr.ts';
import type { ClientAssets, SsrRenderer } from './http/ssr/types.ts';
import { createLogger } from './logger.ts';
import { createShutdown, exitOnSignals, listen, serverUrl } from './server.ts';
import { createServices } from './services.ts';

// Development with hot reload: Vite serves the client (HMR included) from the storefront
// sources and renders SSR from them too, so no build is needed.
const STOREFRONT_ROOT = path.resolve(import.meta.dirname, '../../storefront');
const CLIENT_ENTRY = '/src/main.tsx';
const SSR_ENTRY = '/src/ssr.tsx';
// transformIndexHtml turns this into the HMR client, the React refresh preamble and the entry.
const HEAD_TEMPLATE = `<!DOCTYPE html><html><head><script type="module" src="${CLIENT_ENTRY}"></script></head><body></body></html>`;

function configOrExit(): Config {
  try {
    return loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' });
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
for (const warning of config.warnings) logger.warn(warning);

const httpServer = createHttpServer();
const vite = await createViteServer({
  root: STOREFRONT_ROOT,
  server: { middlewareMode: true, hmr: { server: httpServer } },
  appType: 'custom',
});

const ssr: SsrRenderer = {
  async render(page: Page) {
    try {
      const module = await vite.ssrLoadModule(SSR_ENTRY);
      return await rendererFromModule(module, SSR_ENTRY).render(page);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      throw error;
    }
  },
};

const assets: ClientAssets = {
  version: '',
  async headTags(url) {
    const html = await vite.transformIndexHtml(url, HEAD_TEMPLATE);
    return /<head>([\s\S]*)<\/head>/.exec(html)?.[1]?.trim() ?? '';
  },
};

const services = await createServices(config, logger);
const app = buildApp({
  config,
  logger,
  ssr,
  assets,
  services,
  vite: vite.middlewares as unknown as RequestHandler,
});
const server = await listen(app, config, httpServer).catch((error: unknown) => {
  logger.fatal({ err: error }, `Cannot listen on ${config.host}:${config.port}`);
  process.exit(1);
});
services.payments.listeningAt(serverUrl(server));
services.startWorkers();
exitOnSignals(
  createShutdown(server, {
    logger,
    onClosed: async () => {
      await vite.close();
      await services.close();
    },
  }),
  logger,
);
console.log(`${config.brandName} is running at ${serverUrl(server)} (development, hot reload)`);
