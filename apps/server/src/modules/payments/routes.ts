import express, { Router, type Request, type Response } from 'express';
import type { Db } from '../../db/database.ts';
import {
  HttpError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../http/errors.ts';
import { jsonErrors, jsonNotFound } from '../../http/error-handlers.ts';
import { answersJson } from '../../http/negotiation.ts';
import type { Logger } from '../../logger.ts';
import { findMalformedText } from '../../http/input-guard.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { signedIn, type SignedIn } from '../auth/index.ts';
import { purchasesRepository } from './repository/purchases.ts';
import { webhookEnvelope } from './schemas.ts';
import type { CheckoutsService } from './service/checkouts.ts';
import type { Fulfilment } from './service/fulfilment.ts';
import { SIGNATURE_HEADER, verifySignature } from './service/signature.ts';

/**
 * Where a buyer waits after paying: `GET /thank-you?checkout={hash}` (the ThankYou page) polls
 * `GET /paddle-purchases/{hash}` until the webhook has fulfilled the checkout. The hash (192
 * random bits, given only to the buyer's browser) is the only key; both are rate limited per
 * address, so polling is cheap and guessing is hopeless twice over.
 */
export function paymentRoutes(deps: {
  checkouts: CheckoutsService;
  limiter: RateLimiter;
  db: Db;
  /** Paddle: a fresh link to a transaction's invoice (its links expire); absent in the sandbox. */
  invoiceUrl?: (transactionId: string) => Promise<string>;
}): Router {
  const router = Router();

  async function perAddress(req: Request) {
    const result = await deps.limiter.consume(req.ip ?? 'unknown');
    if (!result.allowed) {
      throw new TooManyRequestsError(
        result.retryAfterSeconds,
        'Too many requests. Please try again in a moment.',
      );
    }
  }

  router.get('/paddle-purchases/:hash', answersJson, async (req, res) => {
    await perAddress(req);
    const status = await deps.checkouts.purchaseStatus(req.params.hash, req.user ?? null);
    // Not ready, or no such checkout: the same answer, so a guess learns nothing.
    if (!status) throw new NotFoundError('Not ready yet.');
    // The key is one buyer's: never stored by a cache on the way.
    res.set('Cache-Control', 'no-store');
    res.json({
      license_key: status.license_key,
      ...(status.upgrade ? { upgrade: true } : {}),
      ...(status.license_key === null ? { withheld: status.withheld } : {}),
    });
  });

  router.get('/thank-you', async (req, res) => {
    await perAddress(req);
    const hash = typeof req.query.checkout === 'string' ? req.query.checkout : '';
    const checkout = await deps.checkouts.thankYou(hash);
    if (!checkout) throw new NotFoundError('No such checkout');
    await res.inertia('ThankYou', { hash, isUpgrade: checkout.isUpgrade });
  });

  // Where the thank-you page goes once the purchase is ready: the landing the server decides
  // (the licence page, or home after an upgrade) with the message that says what happened.
  router.get('/thank-you/landing', async (req, res) => {
    await perAddress(req);
    const hash = typeof req.query.checkout === 'string' ? req.query.checkout : '';
    const landing = await deps.checkouts.landing(hash);
    if (!landing) {
      if (!(await deps.checkouts.thankYou(hash))) throw new NotFoundError('No such checkout');
      // Not ready yet: back to the wait.
      return res.redirect(`/thank-you?checkout=${encodeURIComponent(hash)}`);
    }
    await res.flash({ messages: { success: landing.message } });
    res.redirect(landing.url);
  });

  const { invoiceUrl } = deps;
  if (invoiceUrl) {
    // The receipt link a Paddle purchase keeps: the buyer's own, signed in, sent on to Paddle.
    router.get(
      '/receipts/:transactionId',
      signedIn(async (req: SignedIn<Request<{ transactionId: string }>>, res: Response) => {
        const id = req.params.transactionId;
        const { user } = req;
        if (
          !/^txn_[a-z0-9]{1,64}$/.test(id) ||
          !(await purchasesRepository(deps.db).isReceiptOf(id, user))
        ) {
          throw new NotFoundError('No such receipt');
        }
        res.inertiaLocation(await invoiceUrl(id));
      }),
    );
  }

  return router;
}

/** A delivery larger than this is not a Paddle notification. */
const MAX_BODY = '1mb';

/**
 * `POST /webhooks/paddle`: its own stack, mounted before the app's body parsers, session and
 * CSRF check. The signature over the raw bytes is the only credential; then the event is applied
 * (or held) exactly once. 400 for a malformed header or body, 401 for a missing or wrong
 * signature, 422/503 when the event could not be applied (the provider delivers it again),
 * nothing changed in each case.
 */
export function webhookRoutes(deps: {
  fulfilment: Fulfilment;
  secrets: () => readonly string[];
  toleranceSeconds: number;
  logger: Logger;
  now: () => number;
}): Router {
  const router = Router();
  router.post(
    '/webhooks/paddle',
    express.raw({ type: () => true, limit: MAX_BODY }),
    async (req, res) => {
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const check = verifySignature({
        rawBody,
        header: req.get(SIGNATURE_HEADER),
        secrets: deps.secrets(),
        toleranceSeconds: deps.toleranceSeconds,
        nowMs: deps.now(),
      });
      if (!check.ok) {
        if (check.reason === 'malformed') {
          throw new HttpError(400, `The ${SIGNATURE_HEADER} header is not "ts=…;h1=…".`, {
            code: 'malformed_signature',
          });
        }
        throw new UnauthorizedError(
          `The ${SIGNATURE_HEADER} header does not sign this body now (${check.reason}).`,
          { code: 'invalid_signature' },
        );
      }
      const text = rawBody.toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new HttpError(400, 'The body is not JSON.', { code: 'malformed_body' });
      }
      const envelope = webhookEnvelope.safeParse(json);
      const malformedText = findMalformedText(json);
      if (!envelope.success || malformedText !== null) {
        throw new HttpError(
          400,
          malformedText
            ? `The body has a character that is not allowed at ${malformedText}.`
            : 'The body is not a notification (event_id, event_type, occurred_at, data).',
          { code: 'malformed_body' },
        );
      }
      const result = await deps.fulfilment.receive(envelope.data, text);
      if (result.status !== 200) {
        // The provider delivers it again: 422 for an event we cannot apply, 503 for now.
        throw new HttpError(result.status, result.error, {
          code: 'not_applied',
          expose: true,
          headers: result.status === 503 ? { 'Retry-After': '30' } : {},
        });
      }
      res.status(200).json({ outcome: result.outcome, duplicate: result.duplicate });
    },
  );
  // Every other method and address under /webhooks: JSON too, never the page stack.
  router.all('/webhooks/paddle', jsonNotFound(['POST']));
  router.use('/webhooks', jsonNotFound());
  router.use('/webhooks', jsonErrors({ logger: deps.logger }));
  return router;
}
