import type { RedeemLicensePageProps } from '@tessera/pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backOfficeApp } from '../../../test/back-office.ts';
import { TestBrowser } from '../../../test/browser.ts';
import {
  deliver,
  listening,
  quoteFor,
  refundEvent,
  transactionCompleted,
  webhookSecret,
} from '../../../test/payments.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../../test/services.ts';
import { uniqueEmail } from '../../../test/users.ts';
import { refundMail, teamReadyMail } from '../../mail/templates.ts';

/**
 * Every money event tells the person: a message where they land (the one flash road) and an
 * e-mail in the outbox (the durable mail queue), for a purchase, an upgrade, a refund and a team
 * licence set up.
 */

const store = await backOfficeApp();
const { db, services } = store;
let server: Awaited<ReturnType<typeof listening>>;
beforeAll(async () => {
  server = await listening(store.app, services);
});
afterAll(async () => {
  await server.close();
});

type Flash = { success?: string; error?: string };
type Page = { component: string; props: Record<string, unknown>; flash: Flash };

async function pay(
  options: Parameters<typeof quoteFor>[1],
  buyer: { id: number; email: string } | null,
) {
  const quote = await quoteFor(services, options);
  const started = await services.payments.checkouts.startCheckout(quote, buyer);
  const paid = await deliver(
    server.url,
    webhookSecret(services),
    transactionCompleted(started.transactionId, { subtotal: options?.amount ?? 29_900 }),
  );
  expect(paid.status).toBe(200);
  return started;
}

/** The thank-you page's next step once the purchase is ready: where it lands, what it says. */
async function land(browser: TestBrowser, hash: string) {
  const response = await browser.visit(`/thank-you/landing?checkout=${hash}`);
  expect(response.status).toBe(302);
  const url = response.headers.location as string;
  const page = (await browser.visit(url)).body as Page;
  return { url, page };
}

const mailsTo = (recipient: string, template: string) =>
  db
    .selectFrom('mail_jobs')
    .select(['payload'])
    .where('recipient', '=', recipient)
    .where('template', '=', template)
    .execute()
    .then((rows) => rows.map((row) => JSON.parse(row.payload) as Record<string, unknown>));

describe(`money events tell the person (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  it('a signed-in purchase lands on its licence, which reads as theirs, with a message and the e-mail', async () => {
    const buyer = await store.person('template-buyer');
    const browser = await store.signIn(buyer.email);
    const { hash } = await pay({ slug: 'salient', amount: 9_900 }, buyer);

    const { url, page } = await land(browser, hash);
    expect(url).toMatch(/^\/licenses\/[A-Z0-9-]+$/);
    expect(page.component).toBe('RedeemLicense');
    expect(page.flash.success).toMatch(/^Payment received: .+ is yours\.$/);
    const props = page.props as unknown as RedeemLicensePageProps;
    // Theirs: the page shows success, never "already redeemed … didn't redeem it yourself?".
    expect(props.heldByViewer).toBe(true);
    expect(props.license).toMatchObject({ isActive: true, isRedeemable: false });
    expect(props.license.user?.email).toBe(buyer.email);
    // Seen again (a reload), the message is gone: it was said once.
    expect(((await browser.visit(url)).body as Page).flash.success).toBeUndefined();

    // Someone else holding the key sees it taken, as before.
    const other = await store.signIn((await store.person('someone-else')).email);
    const theirs = (await other.visit(url)).body as Page;
    expect((theirs.props as unknown as RedeemLicensePageProps).heldByViewer).toBe(false);
    const visitor = (await new TestBrowser(store.app).visit(url)).body as Page;
    expect((visitor.props as unknown as RedeemLicensePageProps).heldByViewer).toBe(false);

    const [mail] = await mailsTo(buyer.email, 'license');
    expect(mail).toMatchObject({ upgrade: false, activationUrl: expect.stringContaining(url) });
  });

  it('an upgrade lands home with word of what happened, and the e-mail says it upgraded', async () => {
    const buyer = await store.person('upgrader');
    const browser = await store.signIn(buyer.email);
    const first = await pay({ slug: 'application-ui', amount: 14_900 }, buyer);
    const old = await db
      .selectFrom('licenses')
      .innerJoin('purchases', 'purchases.id', 'licenses.purchase_id')
      .innerJoin('checkouts', 'checkouts.id', 'purchases.checkout_id')
      .select('licenses.id')
      .where('checkouts.hash', '=', first.hash)
      .executeTakeFirstOrThrow();
    const upgrade = await pay({ amount: 15_000, upgradeLicenseId: old.id }, buyer);

    const { url, page } = await land(browser, upgrade.hash);
    expect(url).toBe('/');
    expect(page.flash.success).toBe(
      'Upgrade complete: you now have All-access, and your previous licence is replaced. We’ve e-mailed you the new key.',
    );
    const mails = await mailsTo(buyer.email, 'license');
    expect(mails.map((mail) => mail.upgrade)).toEqual([false, true]);
  });

  it('a refund e-mails the buyer what was refunded and that the licence no longer gives access', async () => {
    const email = uniqueEmail('refunded-visitor');
    const { transactionId } = await pay({ slug: 'marketing', amount: 14_900 }, null);
    await db
      .updateTable('purchases')
      .set({ buyer_email: email })
      .where('provider_transaction_id', '=', transactionId)
      .execute();
    const key = await db
      .selectFrom('licenses')
      .innerJoin('purchases', 'purchases.id', 'licenses.purchase_id')
      .select('licenses.key')
      .where('purchases.provider_transaction_id', '=', transactionId)
      .executeTakeFirstOrThrow();
    expect(await mailsTo(email, 'refund')).toEqual([]);

    const event = refundEvent(transactionId);
    await deliver(server.url, webhookSecret(services), event);
    // Redelivered: still one message.
    await deliver(server.url, webhookSecret(services), event);
    const mails = await mailsTo(email, 'refund');
    expect(mails).toEqual([
      {
        productName: 'Marketing',
        licenseKey: key.key,
        amount: '$149',
        licenseUrl: `${store.config.appUrl}/license`,
      },
    ]);
    const message = refundMail({
      brandName: 'Tessera UI',
      ...(mails[0] as Omit<Parameters<typeof refundMail>[0], 'brandName'>),
    });
    expect(message.subject).toBe('Your Tessera UI purchase of Marketing was refunded');
    expect(message.text).toContain(`Its licence (${key.key}) no longer gives access`);
  });

  it('a team licence lands on its set-up with a message; naming the team flashes and e-mails its owner', async () => {
    const buyer = await store.person('team-buyer');
    const browser = await store.signIn(buyer.email);
    const { hash } = await pay({ kind: 'team', amount: 97_900 }, buyer);

    const { url, page } = await land(browser, hash);
    expect(page.flash.success).toBe(
      'Payment received: your All-access licence is ready. Name your team below to set it up.',
    );
    expect((page.props as unknown as RedeemLicensePageProps).license.isRedeemable).toBe(true);

    const made = await browser.submit('patch', url, { team_name: 'Money Events Ltd' });
    expect(made.status).toBe(303);
    const team = (await browser.visit(made.headers.location as string)).body as Page;
    expect(team.flash.success).toBe(
      'Money Events Ltd is ready. Share the invite link with the people who should join it.',
    );
    const mails = await mailsTo(buyer.email, 'team-ready');
    expect(mails).toEqual([
      {
        teamName: 'Money Events Ltd',
        productName: 'All-access',
        teamUrl: `${store.config.appUrl}${made.headers.location as string}`,
        seats: 25,
      },
    ]);
    const message = teamReadyMail({
      brandName: 'Tessera UI',
      ...(mails[0] as Omit<Parameters<typeof teamReadyMail>[0], 'brandName'>),
    });
    expect(message.subject).toBe('Your Tessera UI team Money Events Ltd is ready');
  });

  it('sends a buyer whose purchase is not ready back to wait; an unknown checkout is a 404', async () => {
    const quote = await quoteFor(services, { slug: 'ecommerce', amount: 14_900 });
    const { hash } = await services.payments.checkouts.startCheckout(quote, null);
    const browser = new TestBrowser(store.app);
    const waiting = await browser.visit(`/thank-you/landing?checkout=${hash}`);
    expect([waiting.status, waiting.headers.location]).toEqual([
      302,
      `/thank-you?checkout=${hash}`,
    ]);
    for (const guess of ['x'.repeat(32), '', hash.toUpperCase(), 'a'.repeat(5000)]) {
      const response = await browser.visit(`/thank-you/landing?checkout=${guess}`);
      expect([guess.slice(0, 12), response.status]).toEqual([guess.slice(0, 12), 404]);
    }
    // A NUL is refused before any route.
    expect((await browser.visit(`/thank-you/landing?checkout=${hash}%00`)).status).toBe(422);
  });

  it('answers hostile checkout addresses clearly: encodings, case, NUL, repeats, overlong; never a 5xx', async () => {
    const buyer = await store.person('hostile-landing');
    const browser = await store.signIn(buyer.email);
    const { hash } = await pay({ slug: 'salient', amount: 9_900 }, buyer);
    const plain = await browser.visit(`/thank-you/landing?checkout=${hash}`);
    expect(plain.status).toBe(302);
    const landsOn = plain.headers.location as string;
    expect(landsOn).toMatch(/^\/licenses\/[A-Z0-9-]+$/);

    // Every character percent-encoded is the same address once decoded: the same landing.
    const encoded = [...hash].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
    const same = await browser.visit(`/thank-you/landing?checkout=${encoded}`);
    expect([same.status, same.headers.location]).toEqual([302, landsOn]);

    const notFound: Record<string, string> = {
      // Encoded twice: decoded once it reads "%41%42…", not a checkout.
      'double-encoded': encoded.replace(/%/g, '%25'),
      'upper case': hash.toUpperCase() === hash ? `${hash.slice(1)}a` : hash.toUpperCase(),
      'lower case': hash.toLowerCase() === hash ? `${hash.slice(1)}A` : hash.toLowerCase(),
      'an encoded NUL, encoded again': `${hash}%2500`,
      'a space': `${hash}%20`,
      'one character short': hash.slice(1),
      'one character more': `${hash}a`,
      'given twice': `${hash}&checkout=${hash}`,
      'as an object': `x&checkout[a]=${hash}`,
    };
    for (const [name, query] of Object.entries(notFound)) {
      const response = await browser.visit(`/thank-you/landing?checkout=${query}`);
      expect([name, response.status]).toEqual([name, 404]);
    }
    // Bracketed names are other parameters (the plain query parser), so no checkout is given.
    for (const name of ['array-only', 'object-only']) {
      const query = name === 'array-only' ? `checkout[]=${hash}` : `checkout[k]=${hash}`;
      const response = await browser.visit(`/thank-you/landing?${query}`);
      expect([name, response.status]).toEqual([name, 404]);
    }

    // A NUL, raw or inside the hash, is refused before any route: a 422, not a lookup.
    for (const query of [`${hash}%00`, `%00${hash}`, `${hash.slice(0, 8)}%00${hash.slice(8)}`]) {
      expect((await browser.visit(`/thank-you/landing?checkout=${query}`)).status).toBe(422);
    }

    // Overlong (up to what the HTTP parser lets through): no checkout, never a lookup or a 5xx.
    for (const query of [hash.repeat(100), 'a'.repeat(12_000), encoded.repeat(40)]) {
      const response = await browser.visit(`/thank-you/landing?checkout=${query}`);
      expect([query.length, response.status]).toEqual([query.length, 404]);
    }

    // After all that the real address still lands where it did.
    const again = await browser.visit(`/thank-you/landing?checkout=${hash}`);
    expect([again.status, again.headers.location]).toEqual([302, landsOn]);
  });
});
