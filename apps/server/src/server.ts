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
  /**
   * How long requests are still served after the signal while readiness already says 503, so
   * the balancer's health checks take the instance out of rotation before the listener closes.
   */
  drainMs?: number;
  /** Counted from the signal: then open connections are cut and the shutdown completes anyway. */
  timeoutMs?: number;
  /** Runs at once, before the drain: readiness turns 503. */
  onDraining?: () => void;
  /** Runs after the server closed: release other resources (Vite, database). */
  onClosed?: () => void | Promise<void>;
}

/**
 * Graceful stop: readiness turns 503 at once (`onDraining`), requests are still served for
 * `drainMs`, then the listener stops accepting, in-flight requests finish, keep-alive sockets
 * close as soon as they go idle, and `timeoutMs` after the signal whatever is still open is cut.
 * Resolves `{ forced }`.
 */
export function createShutdown(
  server: Server,
  { logger, drainMs = 0, timeoutMs = 10_000, onDraining, onClosed }: ShutdownOptions,
): (reason: string) => Promise<{ forced: boolean }> {
  let closing: Promise<{ forced: boolean }> | undefined;

  // Responses started during shutdown tell the client not to reuse the connection, so the next
  // request opens a new one, which the balancer sends to an instance that stays.
  server.prependListener('request', (_req, res) => {
    if (closing && !res.headersSent) res.setHeader('Connection', 'close');
  });

  return (reason) => {
    closing ??= new Promise((resolve, reject) => {
      const started = Date.now();
      logger.info({ reason, drainMs, timeoutMs }, 'Shutting down: draining');
      onDraining?.();
      let forced = false;
      const deadline = setTimeout(() => {
        forced = true;
        logger.warn({ timeoutMs }, 'Shutdown timed out: closing open connections');
        server.closeAllConnections();
      }, timeoutMs);
      deadline.unref();
      const close = () => {
        logger.info('Drained: closing the listener, finishing in-flight requests');
        const sweep = setInterval(() => server.closeIdleConnections(), 100);
        server.close((error) => {
          clearInterval(sweep);
          clearTimeout(deadline);
          Promise.resolve(onClosed?.())
            .then(() => (error ? reject(error) : resolve({ forced })))
            .catch(reject);
        });
        server.closeIdleConnections();
      };
      const drainFor = Math.min(drainMs, timeoutMs - (Date.now() - started));
      if (drainFor <= 0) close();
      else setTimeout(close, drainFor).unref();
    });
    return closing;
  };
}

/** Past the shutdown's own deadline: what is still running (a stuck query) cannot keep us up. */
export const HARD_EXIT_GRACE_MS = 2000;

/**
 * SIGTERM/SIGINT run `shutdown` once, then exit (1 if it failed or had to force). Whatever
 * happens, the process is gone `hardDeadlineMs` after the signal.
 */
export function exitOnSignals(
  shutdown: (reason: string) => Promise<{ forced: boolean }>,
  logger: Logger,
  hardDeadlineMs = 10_000 + HARD_EXIT_GRACE_MS,
): void {
  const onSignal = (signal: NodeJS.Signals) => {
    setTimeout(() => {
      logger.error({ hardDeadlineMs }, 'Shutdown did not finish: exiting anyway');
      process.exit(1);
    }, hardDeadlineMs).unref();
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
