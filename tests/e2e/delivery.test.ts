import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  fillDetails,
  hydrated,
  JOURNEY,
  outbox,
  pay,
  PURCHASE_POLL,
  signIn,
  SLOW,
  storeSuite,
  TEST_CARDS,
  watchConsole,
} from './support';

// The operator's files: random bytes, so the download is compared with exactly what was put there.
const goods = mkdtempSync(join(tmpdir(), 'tessera-e2e-goods-'));
const ebook = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(200_000)]);
writeFileSync(join(goods, 'design-ebook.pdf'), ebook);
writeFileSync(join(goods, 'design-ebook-videos.zip'), randomBytes(5_000));

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
const { store, browser } = storeSuite({
  env: {
    DIGITAL_GOODS_DIR: goods,
    // The Black Friday offer runs now, whatever today's date.
    BLACK_FRIDAY_STARTS_AT: new Date(now - DAY).toISOString(),
    BLACK_FRIDAY_ENDS_AT: new Date(now + DAY).toISOString(),
  },
  seed: true,
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  return context.newPage();
}

const keyOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

describe('what a buyer paid for is delivered', () => {
  it(
    'a signed-in customer buys a template and lands on a licence that reads as theirs, with word of it and the e-mail',
    async () => {
      const page = await newPage();
      const problems = watchConsole(page, [PURCHASE_POLL]);
      await signIn(store, page, 'customer@example.com', DEMO_PASSWORD);
      await page.goto(`${store.url}/checkout/salient`);
      await hydrated(page);
      await fillDetails(page, { country: 'Germany', postcode: '10115' });
      await pay(page, TEST_CARDS.success);

      await page.waitForURL(/\/licenses\/[A-Z0-9-]+$/, SLOW);
      await hydrated(page);
      const key = keyOf(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'Your licence is ready',
      );
      await page.getByText(/^Payment received: Salient is yours\.$/).waitFor(SLOW);
      expect(await page.getByText(/connected to your account/).textContent()).toContain(
        'customer@example.com',
      );
      expect(await page.getByRole('link', { name: 'See your licences' }).getAttribute('href')).toBe(
        '/license',
      );
      // Never the warning meant for a licence someone else redeemed.
      expect(await page.getByText(/already been redeemed/).count()).toBe(0);
      expect(await page.getByText(/redeem it yourself/).count()).toBe(0);

      await expect
        .poll(
          () =>
            outbox(store).filter(
              (mail) => mail.to === 'customer@example.com' && mail.text.includes(key),
            ).length,
          SLOW,
        )
        .toBe(1);
      expect(problems).toEqual([]);
    },
    JOURNEY,
  );

  it(
    'a visitor buys the Black Friday bundle, redeems it and downloads the ebook: byte for byte the configured file',
    async () => {
      const page = await newPage();
      const problems = watchConsole(page, [PURCHASE_POLL]);
      const email = 'ebook.reader@example.com';
      await page.goto(`${store.url}/checkout/black-friday`);
      await hydrated(page);
      await fillDetails(page, { email, country: 'Germany', postcode: '10115' });
      await pay(page, TEST_CARDS.success);

      await page.waitForURL(/\/licenses\/[A-Z0-9-]+$/, SLOW);
      await hydrated(page);
      const key = keyOf(page);
      await page
        .getByText(/^Payment received: your All-access \+ design ebook licence is ready\./)
        .waitFor(SLOW);

      // The licence e-mail links the files (downloaded signed in).
      await expect
        .poll(
          () => outbox(store).filter((m) => m.to === email && m.text.includes(key)).length,
          SLOW,
        )
        .toBe(1);
      const mail = outbox(store).find((m) => m.to === email && m.text.includes(key))!;
      expect(mail.text).toContain(`${store.url}/digital-goods/design-ebook/design-ebook.pdf`);

      // Redeemed with a new account: the licence, and the ebook with it, are theirs.
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel(/^Password/).fill('a long enough password 42');
      await page.getByRole('button', { name: 'Create account and redeem' }).click();
      await page.waitForURL(`${store.url}/license`, SLOW);
      await hydrated(page);
      const files = page.getByRole('region', { name: 'Your files' });
      await files
        .getByText(`design-ebook.pdf · ${Math.round(ebook.length / 1000)} KB`)
        .waitFor(SLOW);

      const [download] = await Promise.all([
        page.waitForEvent('download', SLOW),
        files.getByRole('link', { name: /^Download The ebook/ }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('design-ebook.pdf');
      const saved = readFileSync((await download.path())!);
      expect(saved.length).toBe(ebook.length);
      expect(Buffer.compare(saved, ebook)).toBe(0);

      // Someone else signed in gets no byte of it.
      const other = await newPage();
      await signIn(store, other, 'customer@example.com', DEMO_PASSWORD);
      const refused = await other.request.get(
        `${store.url}/digital-goods/design-ebook/design-ebook.pdf`,
      );
      expect(refused.status()).toBe(403);
      expect(problems).toEqual([]);
    },
    JOURNEY,
  );
});
