import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LicensePageProps } from '@tessera/pages';
import { BLACK_FRIDAY_SLUG, DIGITAL_GOODS } from '@tessera/pages/constants';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backOfficeApp, PEOPLE_PASSWORD } from '../../../test/back-office.ts';
import { TestBrowser } from '../../../test/browser.ts';
import { captureLogger } from '../../../test/helpers.ts';
import {
  deliver,
  listening,
  quoteFor,
  refundEvent,
  transactionCompleted,
  webhookSecret,
} from '../../../test/payments.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../../test/services.ts';
import { SAMPLE_DIGITAL_GOODS_DIR } from '../../config.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { licenseOperations } from '../licensing/index.ts';
import { missingGoodsFiles } from './goods.ts';
import { GOODS_IMPERSONATION_REFUSAL, GOODS_REFUSAL, goodsRoutes } from './routes.ts';

const PDF = '/digital-goods/design-ebook/design-ebook.pdf';
const VIDEOS = '/digital-goods/design-ebook/design-ebook-videos.zip';
const sample = (name: string) => readFileSync(path.join(SAMPLE_DIGITAL_GOODS_DIR, name));

const store = await backOfficeApp();
const { db, services } = store;
let server: Awaited<ReturnType<typeof listening>>;
beforeAll(async () => {
  server = await listening(store.app, services);
});
afterAll(async () => {
  await server.close();
});

/** A signed-in buyer's bundle checkout, paid: its licence is all-access, its goods the ebook. */
async function buyBundle(buyer: { id: number; email: string }) {
  const allAccess = await db
    .selectFrom('products')
    .select('id')
    .where('slug', '=', 'all-access')
    .executeTakeFirstOrThrow();
  const quote = await quoteFor(services, { slug: BLACK_FRIDAY_SLUG, amount: 29_900 });
  const { transactionId } = await services.payments.checkouts.startCheckout(
    { ...quote, licenseProductId: allAccess.id },
    buyer,
  );
  const event = transactionCompleted(transactionId);
  const first = await deliver(server.url, webhookSecret(services), event);
  expect(first.status).toBe(200);
  const purchase = await db
    .selectFrom('purchases')
    .select('id')
    .where('provider_transaction_id', '=', transactionId)
    .executeTakeFirstOrThrow();
  return { transactionId, event, purchaseId: purchase.id };
}

async function download(browser: TestBrowser, url: string, headers: Record<string, string> = {}) {
  return browser.agent
    .get(url)
    .set(headers)
    .buffer(true)
    .parse((response, callback) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => callback(null, Buffer.concat(chunks)));
    });
}

describe(`digital goods: the bundle's ebook (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  it('gives the ebook with the licence in the purchase, exactly once, and a refund takes it back', async () => {
    const buyer = await store.person('bundle-buyer');
    const { transactionId, event, purchaseId } = await buyBundle(buyer);

    const goods = await licenseOperations.goodsOfPurchase(db, purchaseId);
    expect(goods).toHaveLength(1);
    const [given] = goods;
    const license = await db
      .selectFrom('licenses')
      .innerJoin('products', 'products.id', 'licenses.product_id')
      .select(['licenses.id', 'licenses.created_at', 'licenses.user_id', 'products.slug'])
      .where('licenses.purchase_id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    // With the licence, in the same transaction (same instant), on the buyer's all-access licence.
    expect(given).toMatchObject({
      license_id: license.id,
      goods: 'design-ebook',
      created_at: license.created_at,
      revoked_at: null,
    });
    expect(license).toMatchObject({ user_id: buyer.id, slug: 'all-access' });
    expect(await licenseOperations.goodsHeldBy(db, buyer.id)).toEqual(['design-ebook']);

    // The same event again, and another event completing the same transaction: nothing more.
    expect(await deliver(server.url, webhookSecret(services), event)).toMatchObject({
      status: 200,
      body: { duplicate: true },
    });
    const again = await deliver(
      server.url,
      webhookSecret(services),
      transactionCompleted(transactionId),
    );
    expect(again).toMatchObject({ status: 200, body: { outcome: 'ignored' } });
    expect(await licenseOperations.goodsOfPurchase(db, purchaseId)).toHaveLength(1);

    // The licence e-mail links the files (a signed-in download).
    const mail = await db
      .selectFrom('mail_jobs')
      .select(['template', 'payload'])
      .where('recipient', '=', buyer.email)
      .where('template', '=', 'license')
      .executeTakeFirstOrThrow();
    const payload = JSON.parse(mail.payload) as { downloads?: { url: string }[] };
    expect(payload.downloads?.map((file) => file.url)).toEqual([
      `${store.config.appUrl}${PDF}`,
      `${store.config.appUrl}${VIDEOS}`,
    ]);

    const refunded = await deliver(server.url, webhookSecret(services), refundEvent(transactionId));
    expect(refunded).toMatchObject({ status: 200, body: { outcome: 'applied' } });
    const [after] = await licenseOperations.goodsOfPurchase(db, purchaseId);
    expect(after?.revoked_at).not.toBeNull();
    expect(await licenseOperations.goodsHeldBy(db, buyer.id)).toEqual([]);

    // The refund tells the person.
    const refundMail = await db
      .selectFrom('mail_jobs')
      .select('payload')
      .where('recipient', '=', buyer.email)
      .where('template', '=', 'refund')
      .execute();
    expect(refundMail).toHaveLength(1);
    expect(JSON.parse(refundMail[0]!.payload)).toMatchObject({
      productName: 'All-access + design ebook',
      amount: '$299',
    });
  });

  it("an operator's resend of the licence e-mail links the goods it still hands over", async () => {
    const buyer = await store.person('resend-bundle');
    const { purchaseId, transactionId } = await buyBundle(buyer);
    const [given] = await licenseOperations.goodsOfPurchase(db, purchaseId);
    const licenseId = given!.license_id;
    const operator = await store.admin();
    const resent = async () => {
      await operator.browser.submit('post', `/admin/licenses/${licenseId}/resend`);
      const jobs = await db
        .selectFrom('mail_jobs')
        .select('payload')
        .where('recipient', '=', buyer.email)
        .where('template', '=', 'license')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return (JSON.parse(jobs.payload) as { downloads?: { url: string }[] }).downloads;
    };
    expect((await resent())?.map((file) => file.url)).toEqual([
      `${store.config.appUrl}${PDF}`,
      `${store.config.appUrl}${VIDEOS}`,
    ]);
    expect(await licenseOperations.goodsOfLicense(db, licenseId)).toEqual(['design-ebook']);
    await deliver(server.url, webhookSecret(services), refundEvent(transactionId));
    expect(await licenseOperations.goodsOfLicense(db, licenseId)).toEqual([]);
  });

  it('gives nothing but code with a product that has no goods', async () => {
    const buyer = await store.person('all-access-buyer');
    const quote = await quoteFor(services, { slug: 'all-access' });
    const { transactionId } = await services.payments.checkouts.startCheckout(quote, buyer);
    await deliver(server.url, webhookSecret(services), transactionCompleted(transactionId));
    expect(await licenseOperations.goodsHeldBy(db, buyer.id)).toEqual([]);
  });

  it('streams the configured file to its holder only: lists it with sizes on /license; visitors sign in, others are refused', async () => {
    const buyer = await store.person('bundle-holder');
    const { transactionId } = await buyBundle(buyer);
    const holder = await store.signIn(buyer.email);

    const licencePage = await holder.visit('/license');
    const props = (licencePage.body as { props: LicensePageProps }).props;
    expect(props.digitalGoods).toEqual([
      {
        name: DIGITAL_GOODS['design-ebook'].name,
        files: [
          {
            name: 'design-ebook.pdf',
            label: DIGITAL_GOODS['design-ebook'].files[0].label,
            url: PDF,
            size: sample('design-ebook.pdf').length,
          },
          {
            name: 'design-ebook-videos.zip',
            label: DIGITAL_GOODS['design-ebook'].files[1].label,
            url: VIDEOS,
            size: sample('design-ebook-videos.zip').length,
          },
        ],
      },
    ]);

    for (const [url, file] of [
      [PDF, 'design-ebook.pdf'],
      [VIDEOS, 'design-ebook-videos.zip'],
    ] as const) {
      const response = await download(holder, url);
      expect(response.status, url).toBe(200);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${file}"`);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(Buffer.compare(response.body as Buffer, sample(file))).toBe(0);
    }
    expect((await download(holder, PDF)).headers['content-type']).toBe('application/pdf');
    // A range: the rest of a long file resumes.
    const part = await download(holder, PDF, { Range: 'bytes=0-7' });
    expect(part.status).toBe(206);
    expect((part.body as Buffer).toString('latin1')).toBe('%PDF-1.4');

    // A visitor is sent to sign in and back; someone without the goods, and an operator, refused.
    const visitor = new TestBrowser(store.app);
    await visitor.visit('/');
    const asVisitor = await download(visitor, PDF);
    expect([asVisitor.status, asVisitor.headers.location]).toEqual([302, '/login']);
    const signedIn = await visitor.submit('post', '/login', {
      email: buyer.email,
      password: PEOPLE_PASSWORD,
    });
    expect([signedIn.status, signedIn.headers.location]).toEqual([302, PDF]);
    const stranger = await store.signIn((await store.person('no-bundle')).email);
    const refused = await stranger.agent.get(PDF).set('Accept', 'text/html');
    expect(refused.status).toBe(403);
    expect(refused.text).toContain(GOODS_REFUSAL.slice(0, 40));
    const strangerPage = (await stranger.visit('/license')).body as { props: LicensePageProps };
    expect(strangerPage.props.digitalGoods).toEqual([]);
    const operator = await store.admin();
    expect((await download(operator.browser, PDF)).status).toBe(403);

    // An operator acting as the holder sees the list as they do, but does not take the files.
    const acting = await store.admin();
    const start = await acting.browser.submit('post', `/admin/users/${buyer.id}/impersonate`, {
      password: PEOPLE_PASSWORD,
    });
    expect(start.status).toBe(302);
    expect(await acting.browser.signedInAs()).toBe(buyer.email);
    const asHolder = (await acting.browser.visit('/license')).body as { props: LicensePageProps };
    expect(asHolder.props.digitalGoods?.[0]?.files).toHaveLength(2);
    const impersonated = await acting.browser.agent.get(PDF).set('Accept', 'text/html');
    expect(impersonated.status).toBe(403);
    expect(impersonated.text).toContain('You are impersonating this customer');
    expect(GOODS_IMPERSONATION_REFUSAL).toContain('You are impersonating this customer');

    // A team member holds the goods of their team's licence.
    const member = await store.person('team-member');
    const licence = await db
      .selectFrom('licenses')
      .innerJoin('purchases', 'purchases.id', 'licenses.purchase_id')
      .select('licenses.id')
      .where('purchases.provider_transaction_id', '=', transactionId)
      .executeTakeFirstOrThrow();
    const at = Date.now();
    const team = await db
      .insertInto('teams')
      .values({
        name: 'Ebook readers',
        license_id: licence.id,
        seats: 25,
        member_count: 1,
        invite_token: `token-${at}`,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('team_members')
      .values({ team_id: team.id, user_id: member.id, role: 'member', created_at: at })
      .execute();
    await db
      .updateTable('licenses')
      .set({ team_id: team.id })
      .where('id', '=', licence.id)
      .execute();
    const teamMember = await store.signIn(member.email);
    expect((await download(teamMember, PDF)).status).toBe(200);

    // The refund: the very next request is refused.
    await deliver(server.url, webhookSecret(services), refundEvent(transactionId));
    expect((await download(holder, PDF)).status).toBe(403);
    expect((await download(teamMember, PDF)).status).toBe(403);
  });

  it('never leaves the folder: only the configured names, in their one spelling', async () => {
    const buyer = await store.person('hostile-paths');
    await buyBundle(buyer);
    const holder = await store.signIn(buyer.email);
    expect((await download(holder, PDF)).status).toBe(200);
    const hostile = [
      // In the sample folder, but not a configured file.
      '/digital-goods/design-ebook/README.md',
      '/digital-goods/design-ebook/../../package.json',
      '/digital-goods/design-ebook/..%2f..%2fpackage.json',
      '/digital-goods/design-ebook/%2e%2e%2f%2e%2e%2fconfig.ts',
      '/digital-goods/design-ebook/design-ebook%2epdf',
      '/digital-goods/design-ebook/DESIGN-EBOOK.PDF',
      '/digital-goods/design-%65book/design-ebook.pdf',
      '/digital-goods/design-ebook/design-ebook.pdf/',
      '/digital-goods/design-ebook/%252e%252e%252fpackage.json',
      '/digital-goods/other/design-ebook.pdf',
      `/digital-goods/design-ebook/${'a'.repeat(5000)}.pdf`,
      '/digital-goods/design-ebook/.env',
    ];
    for (const url of hostile) {
      const response = await download(holder, url);
      expect([url, response.status]).toEqual([url, 404]);
      expect(response.headers['content-disposition'], url).toBeUndefined();
    }
    // A NUL is refused before any route (the store's input guard): no file either.
    for (const url of [
      '/digital-goods/design-ebook/design-ebook.pdf%00.txt',
      '/digital-goods/design-ebook/design-ebook.pdf%00',
      '/digital-goods/design-ebook%00/design-ebook.pdf',
    ]) {
      const response = await download(holder, url);
      expect([url, response.status]).toEqual([url, 422]);
      expect(response.headers['content-disposition'], url).toBeUndefined();
    }
  });

  it('serves from a folder anywhere (a hidden one too); a file missing there is a 404, logged, never a broken download', async () => {
    const hidden = mkdtempSync(path.join(tmpdir(), '.tessera-goods-'));
    try {
      writeFileSync(path.join(hidden, 'design-ebook.pdf'), '%PDF-1.4 the operator’s ebook');
      const { logger, lines } = captureLogger();
      const app = express();
      app.use((req, _res, next) => {
        Object.assign(req, { user: { id: 1 }, impersonator: null });
        next();
      });
      app.use(
        goodsRoutes({
          dir: hidden,
          heldBy: () => Promise.resolve(['design-ebook']),
          limiter: { consume: () => Promise.resolve({ allowed: true }) } as unknown as RateLimiter,
          logger,
        }),
      );
      const ok = await request(app).get(PDF);
      expect([ok.status, ok.headers['content-disposition']]).toEqual([
        200,
        'attachment; filename="design-ebook.pdf"',
      ]);
      const missing = await request(app).get(VIDEOS);
      expect(missing.status).toBe(404);
      expect(missing.headers['content-disposition']).toBeUndefined();
      expect(lines.some((line) => line.msg.includes('missing from DIGITAL_GOODS_DIR'))).toBe(true);
    } finally {
      rmSync(hidden, { recursive: true, force: true });
    }
  });

  it('names the files a folder lacks; the shipped sample is complete and says what it is', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'tessera-goods-'));
    try {
      expect(await missingGoodsFiles(empty, [BLACK_FRIDAY_SLUG])).toEqual([
        'design-ebook.pdf',
        'design-ebook-videos.zip',
      ]);
      writeFileSync(path.join(empty, 'design-ebook.pdf'), '%PDF-1.4 mine');
      expect(await missingGoodsFiles(empty, [BLACK_FRIDAY_SLUG])).toEqual([
        'design-ebook-videos.zip',
      ]);
      expect(await missingGoodsFiles(undefined, [BLACK_FRIDAY_SLUG])).toHaveLength(2);
      expect(await missingGoodsFiles(undefined, ['all-access'])).toEqual([]);
      expect(await missingGoodsFiles(SAMPLE_DIGITAL_GOODS_DIR, [BLACK_FRIDAY_SLUG])).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
    // The shipped sample says what it is.
    expect(sample('design-ebook.pdf').toString('latin1')).toContain(
      'Sample \x97 replace with your ebook',
    );
  });
});
