import type { CheckoutPageProps, FlashMessages, SharedPageData } from '@tessera/pages';
import { checkoutUrl } from '@tessera/pages/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/sign-in.ts';
import { TestBrowser } from '../../../test/browser.ts';
import { testApp } from '../../../test/helpers.ts';
import { listening } from '../../../test/payments.ts';
import { grant } from '../../../test/pricing-fixtures.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import { TEST_CARDS } from '../payments/index.ts';

type App = Awaited<ReturnType<typeof testApp>>;
type Page = { component: string; props: CheckoutPageProps & SharedPageData; flash: FlashMessages };

const PASSWORD = 'a-long-password-123';
// Inside the default Black Friday window (decision 007).
const DURING_BLACK_FRIDAY = new Date('2026-11-25T12:00:00Z');
const AFTER_BLACK_FRIDAY = new Date('2026-12-01T12:00:00Z');

let app: App;
let server: Awaited<ReturnType<typeof listening>>;
let clock = DURING_BLACK_FRIDAY;

beforeAll(async () => {
  app = await testApp({ now: () => clock });
  server = await listening(app.app, app.services);
});
afterAll(async () => {
  await server?.close();
});

async function checkoutPage(browser: TestBrowser, url: string): Promise<Page> {
  const response = await browser.visit(url);
  expect(response.status, url).toBe(200);
  const page = response.body as Page;
  expect(page.component).toBe('Checkout');
  return page;
}

async function pendingCheckouts() {
  return app.services.database.db.selectFrom('checkouts').selectAll().orderBy('id').execute();
}

/** Pays in the sandbox frame as a buyer would, then lets the webhooks land. */
async function pay(browser: TestBrowser, page: Page, email: string) {
  if (page.props.frame.provider !== 'sandbox') throw new Error('sandbox expected');
  const frame = page.props.frame.url;
  await browser.submit('post', `${frame}/details`, { email, country: 'US', postcode: '10001' });
  const paid = await browser.submit('post', `${frame}/pay`, { card: TEST_CARDS[0].number });
  expect(paid.status).toBe(200);
  await app.services.payments.deliverer!.drain();
  const hash = new URL(page.props.thankYouUrl, 'http://x').searchParams.get('checkout')!;
  const status = await browser.visit(`/paddle-purchases/${hash}`);
  expect(status.status).toBe(200);
  return (status.body as { license_key: string }).license_key;
}

describe(`GET /checkout/{product} (${TEST_DATABASE})`, () => {
  it('prices all-access on the server and fixes it in a pending checkout before the frame opens', async () => {
    const before = (await pendingCheckouts()).length;
    const page = await checkoutPage(new TestBrowser(app.app), checkoutUrl('all-access'));
    expect(page.props.product).toMatchObject({
      name: 'All-access',
      license: 'Personal licence',
      kind: 'personal',
      price: { amount: 29_900, currency: 'USD' },
      includesEbook: false,
    });
    expect(page.props.frame.provider).toBe('sandbox');
    expect(page.props.thankYouUrl).toMatch(/^\/thank-you\?checkout=[A-Za-z0-9_-]{32}$/);
    const rows = await pendingCheckouts();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ amount: 29_900, status: 'pending', user_id: null });
  });

  it('sells the team licence at its own price, and a template by its slug', async () => {
    const team = await checkoutPage(new TestBrowser(app.app), checkoutUrl('all-access', 'team'));
    expect(team.props.product).toMatchObject({ kind: 'team', license: 'Team licence' });
    const list = await app.services.database.db
      .selectFrom('prices')
      .innerJoin('products', 'products.id', 'prices.product_id')
      .select('prices.amount')
      .where('products.slug', '=', 'all-access')
      .where('prices.kind', '=', 'team')
      .executeTakeFirstOrThrow();
    expect(team.props.product.price.amount).toBe(list.amount);
    const template = await checkoutPage(new TestBrowser(app.app), checkoutUrl('salient'));
    expect(template.props.product.name).toMatch(/salient/i);
  });

  it('answers 404 for a product that does not exist or is not sold that way, and opens no transaction', async () => {
    const before = (await pendingCheckouts()).length;
    const browser = new TestBrowser(app.app);
    for (const url of [
      '/checkout/no-such-product',
      '/checkout/marketing?license=team',
      '/checkout/all-access?license=platinum',
      '/checkout/all-access?license=team&license=personal',
      '/checkout/all-access?upgrade=-1',
      '/checkout/ALL-ACCESS',
      '/checkout/all-access%00',
    ]) {
      const response = await browser.visit(url);
      expect([404, 422], url).toContain(response.status);
    }
    expect((await pendingCheckouts()).length).toBe(before);
  });

  it('sells the Black Friday bundle inside its window with an all-access licence, and says it has ended after', async () => {
    clock = DURING_BLACK_FRIDAY;
    const browser = new TestBrowser(app.app);
    const bundle = await checkoutPage(browser, '/checkout/black-friday');
    expect(bundle.props.product.includesEbook).toBe(true);
    const email = uniqueEmail('bundle');
    const key = await pay(browser, bundle, email);
    const licence = await app.services.database.db
      .selectFrom('licenses')
      .innerJoin('products', 'products.id', 'licenses.product_id')
      .select(['products.slug', 'licenses.buyer_email'])
      .where('licenses.key', '=', key)
      .executeTakeFirstOrThrow();
    expect(licence).toEqual({ slug: 'all-access', buyer_email: email });

    clock = AFTER_BLACK_FRIDAY;
    try {
      const before = (await pendingCheckouts()).length;
      const ended = await browser.visit('/checkout/black-friday');
      expect(ended.status).toBe(302);
      expect(ended.headers.location).toBe('/all-access');
      const allAccess = await browser.visit('/all-access');
      expect((allAccess.body as Page).flash.error).toMatch(/ended/i);
      expect((await pendingCheckouts()).length).toBe(before);
    } finally {
      clock = DURING_BLACK_FRIDAY;
    }
  });

  it('gives an owner of packages the discounted price, and refuses all-access to its holder', async () => {
    const email = uniqueEmail('owner');
    const userId = await createUser(app.services, email, PASSWORD);
    await grant(app.services.database.db, { userId, productSlug: 'marketing', paid: 14_900 });
    const browser = await signIn(app.app, email, PASSWORD, { confirm: true });
    const page = await checkoutPage(browser, checkoutUrl('all-access'));
    expect(page.props.product.price.amount).toBe(29_900 - 14_900);
    expect((await pendingCheckouts()).at(-1)).toMatchObject({
      user_id: userId,
      amount: 15_000,
      advertised: 29_900,
    });

    const holderEmail = uniqueEmail('holder');
    const holderId = await createUser(app.services, holderEmail, PASSWORD);
    await grant(app.services.database.db, {
      userId: holderId,
      productSlug: 'all-access',
      paid: 29_900,
    });
    const holder = await signIn(app.app, holderEmail, PASSWORD, { confirm: true });
    const refused = await holder.visit(checkoutUrl('all-access'));
    expect(refused.status).toBe(302);
    expect(refused.headers.location).toBe('/all-access');
    expect((await holder.visit('/all-access')).body).toMatchObject({
      flash: { error: expect.any(String) },
    });
  });

  it('a signed-in buyer of a package gets its code at once after paying', async () => {
    const email = uniqueEmail('buyer');
    await createUser(app.services, email, PASSWORD);
    const browser = await signIn(app.app, email, PASSWORD, { confirm: true });
    const page = await checkoutPage(browser, checkoutUrl('ecommerce'));
    await pay(browser, page, email);
    const home = await browser.visit('/');
    const products = (home.body as Page).props.products;
    expect(products.find((product) => product.url.endsWith('ecommerce'))?.isLicensed).toBe(true);
  });
});
