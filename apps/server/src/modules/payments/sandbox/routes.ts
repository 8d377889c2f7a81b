import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { User } from '../../../db/schema.ts';
import { escapeHtml, FAVICON_URL } from '../../../http/inertia/document.ts';
import { HttpError, NotFoundError } from '../../../http/errors.ts';
import { sendInvalid, validateBody, type Input } from '../../../http/validation.ts';
import { signedIn, type SignedIn } from '../../auth/index.ts';
import { creditedRefusal, type Refunds } from '../service/refunds.ts';
import { TEST_CARDS, type SandboxProvider, type SandboxTransaction } from './provider.ts';
import { SANDBOX_COUNTRIES } from './tax-rates.ts';

const MAX_ADDRESS = 500;

/** The card number the frame sends; the sandbox judges it (test cards, declines). */
const payBody = z.object({ card: z.unknown().optional() });
const businessAddressBody = z.object({ business_address: z.unknown().optional() });

/** What a refund asked for on the sandbox receipt carries as its reason. */
export const SANDBOX_REFUND_REASON = 'Refunded from the sandbox receipt';

/**
 * The sandbox checkout's own pages and JSON API (the page stack: session, CSRF, Inertia). The
 * frame's fetches carry the CSRF header like every other fetch of the store; the transaction id
 * (130 random bits) is the capability, as a Paddle checkout's is.
 */
export function sandboxRoutes(deps: {
  sandbox: SandboxProvider;
  /** The one refund path (decision 041): a credited purchase is refused here. */
  refunds: Refunds;
  brandName: string;
  /** The CSRF token this request's cookie holds (a new one when it has none), for plain forms. */
  csrfToken: (req: Request, res: Response) => string;
  /** Whether `user` bought the purchase of this transaction (the purchases repository). */
  isBuyer: (transactionId: string, user: { id: number; email: string }) => Promise<boolean>;
  /**
   * Whose receipt this page is, and whether it is a former marketplace's purchase: the page then
   * offers that marketplace's 'Generate' (an invoice with the business address), as the account's
   * help text says. Such a purchase was never made here, so it is never refunded here.
   */
  receiptOf: (
    transactionId: string,
  ) => Promise<
    { userId: number | null; buyerEmail: string | null; formerMarketplace: boolean } | undefined
  >;
  /**
   * Records an operator's edit of someone else's receipt in the audit trail (the back office's),
   * before it is made. Injected: this module does not write the audit trail itself.
   */
  auditOperatorEdit: (req: Request, operator: User, transactionId: string) => Promise<void>;
}): Router {
  const { sandbox } = deps;
  const router = Router();

  async function found(id: string): Promise<SandboxTransaction> {
    const txn = await sandbox.transaction(id);
    if (!txn) throw new NotFoundError('No such sandbox checkout');
    return txn;
  }

  router.get('/sandbox-checkout/:transactionId', async (req, res) => {
    const txn = await found(req.params.transactionId);
    await res.inertia('SandboxCheckout', {
      transactionId: txn.id,
      productName: txn.product_name,
      currency: txn.currency,
      subtotal: txn.amount,
      email: txn.email ?? txn.prefill_email,
      countries: SANDBOX_COUNTRIES,
      testCards: TEST_CARDS.map((card) => ({ ...card })),
      detailsUrl: `/sandbox-checkout/${txn.id}/details`,
      payUrl: `/sandbox-checkout/${txn.id}/pay`,
    });
  });

  router.post('/sandbox-checkout/:transactionId/details', async (req, res) => {
    const result = await sandbox.submitDetails(req.params.transactionId, req.body);
    if (!result) throw new NotFoundError('No such sandbox checkout');
    if (!result.ok) return sendInvalid(res, result.errors);
    res.json(result.prices);
  });

  // The frame's protocol answers (completed, declined, retry), as Paddle's inline checkout has.
  router.post('/sandbox-checkout/:transactionId/pay', validateBody(payBody), async (req, res) => {
    const result = await sandbox.pay(req.params.transactionId, req.body.card);
    if (!result) throw new NotFoundError('No such sandbox checkout');
    switch (result.status) {
      case 'completed':
        res.json({ status: 'completed' });
        return;
      case 'declined':
        res.status(402).json({ status: 'declined', message: result.message });
        return;
      case 'retry':
        res.status(409).json({ status: 'retry', message: result.message });
        return;
      case 'invalid':
        return sendInvalid(res, result.errors);
    }
  });

  /** Who may refund a sandbox payment: its signed-in buyer, or an operator (admin). */
  async function mayRefund(user: User | null, txn: SandboxTransaction): Promise<boolean> {
    if (!user || txn.status !== 'completed') return false;
    return user.is_admin === 1 || deps.isBuyer(txn.id, user);
  }

  /**
   * Who may see a receipt's billing details and edit its business address: its signed-in buyer,
   * or an operator (audited). The link alone is a bearer capability (it travels in e-mails and
   * over shoulders): it shows only what a receipt needs.
   */
  async function isBuyerOrOperator(user: User | null, txn: SandboxTransaction): Promise<boolean> {
    if (!user || txn.status !== 'completed') return false;
    if (user.is_admin === 1) return true;
    const receipt = await deps.receiptOf(txn.id);
    return (
      receipt !== undefined && (receipt.userId === user.id || receipt.buyerEmail === user.email)
    );
  }

  router.get('/sandbox-receipts/:transactionId', async (req, res) => {
    const txn = await found(req.params.transactionId);
    if (txn.status !== 'completed') throw new NotFoundError('This checkout has no receipt yet');
    const personal = await isBuyerOrOperator(req.user, txn);
    // A receipt is one buyer's: never indexed, never kept by a shared cache.
    res.set({ 'X-Robots-Tag': 'noindex', 'Referrer-Policy': 'no-referrer' });
    res.type('html').send(
      receiptHtml(txn, {
        brandName: deps.brandName,
        token: deps.csrfToken(req, res),
        personal,
        formerMarketplace: (await deps.receiptOf(txn.id))?.formerMarketplace ?? false,
        saved: personal && req.query.saved === '1',
        refundable: txn.refunded_at === null && (await mayRefund(req.user, txn)),
        refundRequested: req.query.refund === 'requested' && txn.refunded_at !== null,
        refusal: null,
      }),
    );
  });

  /**
   * The sandbox's stand-in for the provider's dashboard refund (decision 006): the buyer or an
   * admin refunds a sandbox payment in full; like Paddle's, the refund reaches the store only as
   * the signed `adjustment.created` webhook, which fulfilment applies (purchase refunded, licence
   * taken back). Exists only while PAYMENT_PROVIDER is sandbox: no real money moves there.
   */
  const refund = async (req: SignedIn<Request<{ transactionId: string }>>, res: Response) => {
    const txn = await found(req.params.transactionId);
    // Someone else's payment, or one not made: the same 404, so nothing is learnt.
    if (!(await mayRefund(req.user, txn))) throw new NotFoundError('No such receipt');
    // Asking twice refunds once (the sandbox marks the transaction by a conditional update).
    if (txn.refunded_at === null) {
      const answer = await deps.refunds.request({
        transactionId: txn.id,
        reason: SANDBOX_REFUND_REASON,
        overrideCredit: false,
      });
      if (answer.status === 'credited') {
        res
          .status(409)
          .type('html')
          .send(
            receiptHtml(txn, {
              brandName: deps.brandName,
              token: deps.csrfToken(req, res),
              personal: await isBuyerOrOperator(req.user, txn),
              formerMarketplace: false,
              saved: false,
              refundable: false,
              refundRequested: false,
              refusal: creditedRefusal(answer.upgrades),
            }),
          );
        return;
      }
      // The store's own pages say it too (decision 047): the receipt is a page of the provider's,
      // and the buyer goes back to the store from it.
      await res.flash({
        messages: {
          success: `Refund made: ${money(txn.amount + (txn.tax ?? 0), txn.currency)} for ${txn.product_name}. Its licence no longer gives access.`,
        },
      });
    }
    res.redirect(303, `/sandbox-receipts/${txn.id}?refund=requested`);
  };
  router.post('/sandbox-receipts/:transactionId/refund', signedIn(refund));

  const saveAddress = async (
    req: SignedIn<Input<z.output<typeof businessAddressBody>, { transactionId: string }>>,
    res: Response,
  ) => {
    const txn = await found(req.params.transactionId);
    // Someone else's receipt: the same 404 as none, so the link alone changes nothing.
    if (!(await isBuyerOrOperator(req.user, txn))) throw new NotFoundError('No such receipt');
    const given = req.body.business_address;
    const address = typeof given === 'string' ? given.trim() : '';
    if (address.length > MAX_ADDRESS) {
      throw new HttpError(422, `A business address has at most ${MAX_ADDRESS} characters.`);
    }
    const receipt = await deps.receiptOf(txn.id);
    const ownReceipt =
      receipt !== undefined &&
      (receipt.userId === req.user.id || receipt.buyerEmail === req.user.email);
    if (req.user.is_admin === 1 && !ownReceipt) {
      await deps.auditOperatorEdit(req, req.user, txn.id);
    }
    if (!(await sandbox.setBusinessAddress(txn.id, address))) {
      throw new NotFoundError('This checkout has no receipt yet');
    }
    res.redirect(303, `/sandbox-receipts/${txn.id}?saved=1`);
  };
  router.post(
    '/sandbox-receipts/:transactionId/business-address',
    validateBody(businessAddressBody),
    signedIn(saveAddress),
  );

  return router;
}

function money(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minor / 100);
}

/**
 * The sandbox's receipt: a plain HTML invoice with an 'Edit business address' form, and for its
 * buyer or an admin, the refund the provider's dashboard would offer.
 */
function receiptHtml(
  txn: SandboxTransaction,
  view: {
    brandName: string;
    token: string;
    /** The buyer or an operator: the billing details and the address form. */
    personal: boolean;
    /** A former marketplace's purchase: its receipt's 'Generate' makes the invoice. */
    formerMarketplace: boolean;
    saved: boolean;
    refundable: boolean;
    refundRequested: boolean;
    /** Why the refund asked for was refused (a credited purchase), shown as an alert. */
    refusal: string | null;
  },
) {
  const { brandName, token, saved } = view;
  const tax = txn.tax ?? 0;
  const country = SANDBOX_COUNTRIES.find((c) => c.code === txn.country);
  const date = new Date(txn.completed_at ?? txn.created_at).toISOString().slice(0, 10);
  const e = escapeHtml;
  const addressForm = (submit: string) =>
    `<form method="post" action="/sandbox-receipts/${e(txn.id)}/business-address">
<input type="hidden" name="_token" value="${e(token)}">
<label for="business_address">Business name, address and tax number</label>
<textarea id="business_address" name="business_address" maxlength="${MAX_ADDRESS}">${e(txn.business_address ?? '')}</textarea>
<button type="submit">${submit}</button>
</form>`;
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Receipt ${e(txn.id)} - ${e(brandName)}</title>
<link rel="icon" type="image/svg+xml" href="${FAVICON_URL}">
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#111827}table{width:100%;border-collapse:collapse}td,th{padding:.4rem 0;text-align:left}td.n,th.n{text-align:right}tfoot td{font-weight:600;border-top:1px solid #d1d5db}textarea{width:100%;min-height:5rem}.refunded{color:#b91c1c;font-weight:600}</style>
</head>
<body><main>
<h1>Receipt</h1>
<p>${e(brandName)} — sandbox payment (no money was taken)</p>
<dl>
<dt>Receipt number</dt><dd>${e(txn.id)}</dd>
<dt>Date paid</dt><dd>${e(date)}</dd>
${
  view.personal
    ? `<dt>Billed to</dt><dd>${e(txn.email ?? '')}${country ? `, ${e(country.name)}` : ''}${txn.postcode ? ` ${e(txn.postcode)}` : ''}</dd>`
    : country
      ? `<dt>Country of tax</dt><dd>${e(country.name)}</dd>`
      : ''
}
${txn.business_address ? `<dt>Business address</dt><dd style="white-space:pre-line">${e(txn.business_address)}</dd>` : ''}
</dl>
${txn.refunded_at ? `<p class="refunded">Refunded on ${e(new Date(txn.refunded_at).toISOString().slice(0, 10))}</p>` : ''}
<table>
<thead><tr><th>Item</th><th class="n">Amount</th></tr></thead>
<tbody><tr><td>${e(txn.product_name)} (${e(txn.kind)} licence)</td><td class="n">${e(money(txn.amount, txn.currency))}</td></tr>
<tr><td>Tax${country ? ` (${country.rate}%)` : ''}</td><td class="n">${e(money(tax, txn.currency))}</td></tr></tbody>
<tfoot><tr><td>Total paid</td><td class="n">${e(money(txn.amount + tax, txn.currency))}</td></tr></tfoot>
</table>
${saved ? `<p role="status">${view.formerMarketplace ? 'Invoice generated with your business address.' : 'Business address saved.'}</p>` : ''}
${view.refusal ? `<p role="alert" class="refunded">Not refunded. ${e(view.refusal)}</p>` : ''}
${view.refundRequested ? '<p role="status">Refund made. The store takes the licence back as soon as it hears of it.</p>' : ''}
${
  view.personal
    ? view.formerMarketplace
      ? `<section aria-labelledby="invoice-heading">
<h2 id="invoice-heading">Invoice</h2>
<p>Purchases made on our former marketplace have no invoice until you generate one: add your business name, address and tax number, then click Generate.</p>
${addressForm('Generate')}
</section>`
      : `<details${txn.business_address ? '' : ' open'}>
<summary>Edit business address</summary>
${addressForm('Save address')}
</details>`
    : `<p><a href="/login">Sign in</a> as the buyer to see the billing details or to edit the business address.</p>`
}
${
  view.refundable
    ? `<section aria-labelledby="refund-heading">
<h2 id="refund-heading">Refund (sandbox)</h2>
<p>Refunds this payment in full, as the payment provider's dashboard would. The store hears of it from the provider's refund webhook and takes the licence back.</p>
<form method="post" action="/sandbox-receipts/${e(txn.id)}/refund">
<input type="hidden" name="_token" value="${e(token)}">
<button type="submit">Refund this payment</button>
</form>
</section>`
    : ''
}
</main></body>
</html>`;
}
