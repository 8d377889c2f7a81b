import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { redactUrl, type Logger } from '../logger.ts';

const REQUEST_ID = /^[\w.-]{1,100}$/;

/** The URL as the client asked for it: a mounted router rewrites `req.url` while it runs. */
function urlOf(req: IncomingMessage): string {
  return (req as Partial<Request>).originalUrl ?? req.url ?? '';
}

/**
 * One log line per request with a request id (taken from a well-formed `X-Request-Id`, else
 * new) that is echoed in the response and attached to every log line of the request, the
 * client's address (as the trusted proxy reports it: `TRUST_PROXY`) and, once known, the
 * signed-in user's id (and the operator's, while they impersonate someone).
 * Headers are not logged at all, and secrets in URLs are masked.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    serializers: {
      req: (req: { id: unknown; method: string; url: string; originalUrl?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.originalUrl ?? req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customProps(req) {
      const request = req as Request;
      return {
        clientAddress: request.ip,
        ...(request.user ? { userId: request.user.id } : {}),
        ...(request.impersonator ? { impersonatorId: request.impersonator.id } : {}),
      };
    },
    customLogLevel(_req, res, err) {
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    customSuccessMessage: (req, res, responseTime) =>
      `${req.method} ${redactUrl(urlOf(req))} ${res.statusCode} ${Math.round(responseTime)}ms`,
    customErrorMessage: (req, res) =>
      `${req.method} ${redactUrl(urlOf(req))} ${res.statusCode} failed`,
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/livez' },
  }) as unknown as RequestHandler;
}
