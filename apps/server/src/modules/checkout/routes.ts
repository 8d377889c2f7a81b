import type { CheckoutProduct } from '@tessera/pages';
import { ALL_ACCESS_URL, UPGRADE_URL } from '@tessera/pages/constants';
import { Router, type Request, type Response } from 'express';
import { NotFoundError, TooManyRequestsError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { backUrl } from '../../http/redirect-back.ts';
import { describePage } from '../catalog/index.ts';
import { LICENSE_KIND_LABELS } from '../licensing/index.ts';
import type { CheckoutsService } from '../payments/index.ts';
import { parseCheckoutRequest, type Pricing, type QuoteRefusal } from '../pricing/index.ts';

export interface CheckoutRoutesOptions {
  pricing: Pricing;
  checkouts: CheckoutsService;
  /** Per address: each visit opens a provider transaction, so a crawler or a loop is bounded. */
  limiter: RateLimiter;
}

/** Where a refused checkout sends the buyer, with the quote's reason as the flash. */
function refusalTarget(refusal: QuoteRefusal): string | null {
  switch (refusal.reason) {
    case 'unknown-product':
    case 'not-for-sale':
      return null;
    case 'invalid-upgrade':
      return UPGRADE_URL;
    case 'sign-in-required':
      return '/login';
    default:
      // 'already-owned', 'offer-ended': the all-access page says what is for sale now.
      return ALL_ACCESS_URL;
  }
}

/** 'Packages' in the breadcrumb: the page the buyer came from on this site, unless it was this. */
function packagesUrl(req: Request): string | null {
  const back = backUrl(req, '');
  return back && !back.startsWith('/checkout/') ? back : null;
}

/**
 * `GET /checkout/{product}?license=…&upgrade=…` (the addresses `checkoutUrl` writes): the price
 * is decided here, by the pricing module for this buyer, and fixed in the provider's transaction
 * before the page (and its frame) is sent, so nothing the browser does can change what is
 * charged. A refused quote never reaches the provider.
 */
export function checkoutRoutes({ pricing, checkouts, limiter }: CheckoutRoutesOptions): Router {
  const router = Router();

  async function refuse(req: Request, res: Response, refusal: QuoteRefusal) {
    const target = refusalTarget(refusal);
    if (target === null) throw new NotFoundError(refusal.message);
    await res.flash({ messages: { error: refusal.message } });
    res.redirect(target);
  }

  router.get('/checkout/:slug', async (req, res) => {
    const limit = await limiter.consume(req.ip ?? 'unknown');
    if (!limit.allowed) {
      throw new TooManyRequestsError(
        limit.retryAfterSeconds,
        'Too many checkouts opened from this address. Please try again in a moment.',
      );
    }
    const request = parseCheckoutRequest(String(req.params.slug), req.query);
    if (!request.ok) throw new NotFoundError(request.message);
    const customer = pricing.forRequest(req);
    const quote = await customer.quote(request.productSlug, request.kind, request.upgradeLicenseId);
    if (!quote.ok) return refuse(req, res, quote);

    const user = req.user;
    const started = await checkouts.startCheckout(
      { ...quote },
      user ? { id: user.id, email: user.email, holdings: await customer.holdings() } : null,
    );
    describePage(req, `Buy ${quote.productName}: a one-time payment with lifetime access.`);
    // A checkout page is one buyer's transaction: never indexed, never cached.
    res.set('X-Robots-Tag', 'noindex');
    const product: CheckoutProduct = {
      name: quote.productName,
      license: LICENSE_KIND_LABELS[quote.kind],
      kind: quote.kind,
      description: quote.description,
      price: { amount: quote.amount, currency: quote.currency },
      backUrl: packagesUrl(req),
      includesEbook: quote.includesEbook,
    };
    await res.inertia('Checkout', {
      product,
      frame: started.frame,
      thankYouUrl: `/thank-you?checkout=${started.hash}`,
    });
  });

  return router;
}
