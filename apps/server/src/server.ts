import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from './logger.ts';

/** Listens on host:port (port 0 picks a free one) and resolves once the socket is bound. */
export function listen(
  handler: RequestListener,
  { host, port }: { host: string; port: number },
  server: Server = createServer(),
): Promise<Server> {
  server.on('request', handler);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** The URL a browser can open for a listening server. */
export function serverUrl(server: Server): string {
  const { address, port, family } = server.address() as AddressInfo;
  let host = address;
  if (address === '0.0.0.0' || address === '::') host = 'localhost';
  else if (family === 'IPv6') host = `[${address}]`;
  return `http://${host}:${port}`;
}

export interface ShutdownOptions {
  logger: Logger;
  /** After this, open connections are cut and the shutdown completes anyway. */
  timeoutMs?: number;
  /** Runs after the server closed: release other resources (Vite, database). */
  onClosed?: () => void | Promise<void>;
}

/**
 * Graceful shutdown: stop accepting, let in-flight requests finish, close keep-alive sockets
 * as soon as they go idle, and give up after `timeoutMs`. Resolves `{ forced }`.
 */
export function createShutdown(
  server: Server,
  { logger, timeoutMs = 10_000, onClosed }: ShutdownOptions,
): (reason: string) => Promise<{ forced: boolean }> {
  let closing: Promise<{ forced: boolean }> | undefined;

  // Responses started during shutdown tell the client not to reuse the connection.
  server.on('request', (_req, res) => {
    if (closing) res.setHeader('Connection', 'close');
  });

  return (reason) => {
    closing ??= new Promise((resolve, reject) => {
      logger.info({ reason }, 'Shutting down: finishing in-flight requests');
      let forced = false;
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      const deadline = setTimeout(() => {
        forced = true;
        logger.warn({ timeoutMs }, 'Shutdown timed out: closing open connections');
        server.closeAllConnections();
      }, timeoutMs);
      deadline.unref();
      server.close((error) => {
        clearInterval(sweep);
        clearTimeout(deadline);
        Promise.resolve(onClosed?.())
          .then(() => (error ? reject(error) : resolve({ forced })))
          .catch(reject);
      });
      server.closeIdleConnections();
    });
    return closing;
  };
}

/** SIGTERM/SIGINT run `shutdown` once, then exit (1 if it failed or had to force). */
export function exitOnSignals(
  shutdown: (reason: string) => Promise<{ forced: boolean }>,
  logger: Logger,
): void {
  const onSignal = (signal: NodeJS.Signals) => {
    shutdown(signal).then(
      ({ forced }) => {
        logger.info('Stopped');
        process.exit(forced ? 1 : 0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
