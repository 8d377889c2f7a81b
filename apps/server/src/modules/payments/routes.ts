import { Router, type Request, type Response } from 'express';
import { NotFoundError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Db } from '../../db/database.ts';
import { requireUser } from '../auth/index.ts';
import type { CheckoutsService } from './checkouts.ts';
import { purchasesRepository } from './repository/purchases.ts';

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

  async function limited(req: Request, res: Response): Promise<boolean> {
    const result = await deps.limiter.consume(req.ip ?? 'unknown');
    if (result.allowed) return false;
    res
      .status(429)
      .set('Retry-After', String(result.retryAfterSeconds))
      .json({ message: 'Too many requests. Please try again in a moment.' });
    return true;
  }

  router.get('/paddle-purchases/:hash', async (req, res) => {
    if (await limited(req, res)) return;
    const status = await deps.checkouts.purchaseStatus(req.params.hash);
    if (!status) {
      // Not ready, or no such checkout: the same answer, so a guess learns nothing.
      res.status(404).json({ message: 'Not ready yet.' });
      return;
    }
    res.json(
      status.upgrade
        ? { license_key: status.license_key, upgrade: true }
        : { license_key: status.license_key },
    );
  });

  router.get('/thank-you', async (req, res) => {
    if (await limited(req, res)) return;
    const hash = typeof req.query.checkout === 'string' ? req.query.checkout : '';
    const checkout = await deps.checkouts.thankYou(hash);
    if (!checkout) throw new NotFoundError('No such checkout');
    await res.inertia('ThankYou', { hash, isUpgrade: checkout.isUpgrade });
  });

  const { invoiceUrl } = deps;
  if (invoiceUrl) {
    // The receipt link a Paddle purchase keeps: the buyer's own, signed in, sent on to Paddle.
    router.get('/receipts/:transactionId', requireUser, async (req, res) => {
      const id = String(req.params.transactionId);
      const user = req.user!;
      if (
        !/^txn_[a-z0-9]{1,64}$/.test(id) ||
        !(await purchasesRepository(deps.db).isReceiptOf(id, user))
      ) {
        throw new NotFoundError('No such receipt');
      }
      res.inertiaLocation(await invoiceUrl(id));
    });
  }

  return router;
}
