// Decision 040: a store taking test payments says so everywhere, marks what it sells as test, and
// a store switched to live on the same database counts none of it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedPageData } from '@tessera/pages';
import { TestBrowser } from '../../../test/browser.ts';
import { captureLogger, INERTIA, testApp } from '../../../test/helpers.ts';
import { listening, quoteFor } from '../../../test/payments.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../../test/services.ts';
import { createLicense } from '../../../test/teams.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import { loadClientAssets } from '../../http/ssr/assets.ts';
import { loadSsrRenderer } from '../../http/ssr/ssr.ts';
import { createMailer } from '../../mail/mailer.ts';
import { TEST_MODE_MAIL_LINE } from '../../mail/templates.ts';
import { TEST_CARDS } from '../payments/index.ts';
import { createPricing } from '../pricing/index.ts';
import { LICENSE_API_PATH, type LicenseValidation } from './controller/api.ts';

type App = Awaited<ReturnType<typeof testApp>>;
const PASSWORD = 'a-long-password-123';

let testStore: App;
let liveStore: App;
let server: Awaited<ReturnType<typeof listening>>;

beforeAll(async () => {
  testStore = await testApp({ env: { TRUST_PROXY: '1' } });
  // The same database, the store switched to live (a real provider in production): the
  // configuration is the only difference.
  liveStore = await testApp({
    config: { ...testStore.config, testMode: false },
    services: testStore.services,
  });
  server = await listening(testStore.app, testStore.services);
  await quoteFor(testStore.services, { slug: 'ecommerce', amount: 14_900 });
  await quoteFor(testStore.services, { slug: 'all-access', amount: 29_900 });
});
afterAll(async () => {
  await server?.close();
});

const db = () => testStore.services.database.db;

/** A customer buys Ecommerce with the sandbox's test card in the test store. */
async function boughtInTestMode() {
  const email = uniqueEmail('tester');
  const id = await createUser(testStore.services, email, PASSWORD);
  const quote = await quoteFor(testStore.services, { slug: 'ecommerce', amount: 14_900 });
  const started = await testStore.services.payments.checkouts.startCheckout(quote, { id, email });
  const frame = `/sandbox-checkout/${started.transactionId}`;
  const browser = new TestBrowser(testStore.app);
  await browser.submit('post', `${frame}/details`, { email, country: 'US', postcode: '10001' });
  const paid = await browser.submit('post', `${frame}/pay`, { card: TEST_CARDS[0].number });
  expect(paid.status).toBe(200);
  await testStore.services.payments.deliverer!.drain();
  const purchase = await db()
    .selectFrom('purchases')
    .select(['id', 'test_mode'])
    .where('provider_transaction_id', '=', started.transactionId)
    .executeTakeFirstOrThrow();
  const licence = await db()
    .selectFrom('licenses')
    .select(['id', 'key', 'test_mode', 'is_active'])
    .where('purchase_id', '=', purchase.id)
    .executeTakeFirstOrThrow();
  return { id, email, purchase, licence };
}

let addresses = 0;
function validate(app: App, key: string) {
  addresses += 1;
  return request(app.app)
    .post(LICENSE_API_PATH)
    .set('X-Forwarded-For', `203.0.113.${addresses}`)
    .set('Accept', 'application/json')
    .send({ license_key: key });
}

async function sharedAs(app: App, email: string): Promise<SharedPageData> {
  const browser = new TestBrowser(app.app);
  await browser.submit('post', '/login', { email, password: PASSWORD });
  expect(await browser.signedInAs()).toBe(email);
  const page = await browser.visit('/');
  return (page.body as { props: SharedPageData }).props;
}

describe(`test mode (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  it('marks a sandbox purchase and its licence test, and the licence e-mail says so', async () => {
    const { email, purchase, licence } = await boughtInTestMode();
    expect(purchase.test_mode).toBe(1);
    expect(licence).toMatchObject({ test_mode: 1, is_active: 1 });

    await testStore.services.mailQueue.drain();
    const mail = (await testStore.services.mailer.outbox!.list()).find((m) => m.to === email);
    expect(mail?.subject).toMatch(/^\[Test mode\] Your .* licence for Ecommerce$/);
    expect(mail?.text.startsWith(TEST_MODE_MAIL_LINE)).toBe(true);
    expect(mail?.html).toContain(TEST_MODE_MAIL_LINE);
    expect(mail?.text).toContain(licence.key);
  });

  it('answers test_mode on the licence API: valid in the test store, not in a live one', async () => {
    const { licence } = await boughtInTestMode();
    const inTest = await validate(testStore, licence.key).expect(200);
    expect(inTest.body as LicenseValidation).toMatchObject({
      valid: true,
      error: null,
      test_mode: true,
      license_key: { status: 'active' },
    });
    const inLive = await validate(liveStore, licence.key).expect(200);
    expect(inLive.body as LicenseValidation).toMatchObject({
      valid: false,
      error: 'test_license_in_live_store',
      test_mode: true,
    });
    // A licence bought for real is what a live store accepts.
    const real = await createLicense(testStore.services, { product: 'ecommerce' });
    expect((await validate(liveStore, real.key).expect(200)).body).toMatchObject({
      valid: true,
      error: null,
      test_mode: false,
    });
  });

  it('switched to live on the same database, a test licence grants nothing and credits nothing', async () => {
    const { id, email } = await boughtInTestMode();
    const licensed = (shared: SharedPageData) =>
      shared.products.find((product) => product.name === 'Ecommerce')?.isLicensed;
    expect(licensed(await sharedAs(testStore, email))).toBe(true);
    expect(licensed(await sharedAs(liveStore, email))).toBe(false);

    const quote = (testMode: boolean) =>
      createPricing({ db: db(), mode: { testMode } }).quote({
        userId: id,
        productSlug: 'all-access',
        kind: 'personal',
        now: new Date(),
      });
    expect(await quote(true)).toMatchObject({ ok: true, amount: 15_000, advertised: 29_900 });
    expect(await quote(false)).toMatchObject({ ok: true, amount: 29_900, creditedLicenseIds: [] });
  });

  it('shares testMode with every page, and the server-rendered HTML shows the banner only then', async () => {
    const dist = path.resolve(import.meta.dirname, '../../../../storefront/dist');
    const assets = await loadClientAssets(dist);
    const ssr = await loadSsrRenderer(dist);
    if (!assets || !ssr) throw new Error(`Build the storefront first: no SSR bundle in ${dist}`);
    const rendered = async (testMode: boolean) => {
      const store = await testApp({
        config: { ...testStore.config, testMode, storefrontDist: dist },
        services: testStore.services,
        assets,
        ssr,
      });
      return request(store.app).get('/login').set('Accept', 'text/html').expect(200);
    };
    const inTest = await rendered(true);
    expect(inTest.text).toMatch(/<div role="region" aria-label="Test mode"[^>]*>/);
    expect(inTest.text).toContain('This store takes test payments only');
    const inLive = await rendered(false);
    expect(inLive.text).not.toContain('aria-label="Test mode"');

    const visit = await request(testStore.app).get('/login').set(INERTIA).expect(200);
    expect((visit.body as { props: SharedPageData }).props.testMode).toBe(true);
    const live = await request(liveStore.app).get('/login').set(INERTIA).expect(200);
    expect((live.body as { props: SharedPageData }).props.testMode).toBe(false);
  });

  it('a live store sends mail unmarked; a test store marks every message', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tessera-test-mode-mail-'));
    try {
      const message = { to: 'a@example.com', subject: 'Hello', text: 'Body', html: '<p>Body</p>' };
      for (const testMode of [false, true]) {
        const mailer = createMailer({
          smtpUrl: undefined,
          from: 'Store <hello@example.com>',
          outboxDir: path.join(dir, String(testMode)),
          logger: captureLogger().logger,
          testMode,
        });
        await mailer.send(message);
        const [sent] = await mailer.outbox!.list();
        expect(sent!.subject).toBe(testMode ? '[Test mode] Hello' : 'Hello');
        expect(sent!.text.includes(TEST_MODE_MAIL_LINE)).toBe(testMode);
        mailer.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
