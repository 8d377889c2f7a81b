import type { RequestHandler } from 'express';

export interface Health {
  ok: boolean;
  checks: { database: 'ok' | 'down'; sessionStore: 'ok' | 'down' };
}

/** Readiness for a load balancer: 503, naming what is down, when this instance cannot serve. */
export function healthCheck(health: () => Promise<Health>): RequestHandler {
  return async (_req, res) => {
    const { ok, checks } = await health();
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unavailable', ...checks });
  };
}
