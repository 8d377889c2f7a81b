import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, storeSuite } from './support';

const { store, browser } = storeSuite({ seed: true });

/** Inertia's developer overlay: a dialog holding the raw response in a sandboxed frame. */
async function overlayCount(page: Page): Promise<number> {
  return page.locator('dialog, iframe[sandbox]').count();
}

async function expectErrorPage(page: Page, heading = 'Page not found') {
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1, name: heading }).waitFor();
  expect(await page.getByRole('banner').getByRole('link', { name: 'Components' }).count()).toBe(1);
  expect(await main.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');
  expect(await overlayCount(page)).toBe(0);
}

describe('error pages', () => {
  it('a direct visit to a missing page is the styled ErrorPage in the site chrome', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const response = await page.goto(`${store.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await expectErrorPage(page);
    expect(await page.title()).toMatch(/^Page not found/);
    // Styled: the stylesheet applied (the primary link is a filled button, not a bare link).
    const background = await page
      .getByRole('main')
      .getByRole('link', { name: 'Go back home' })
      .evaluate((link) => getComputedStyle(link).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    await context.close();
  });

  it('an in-app visit that meets a 404 shows the ErrorPage, not the Inertia overlay', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${store.url}/`);
    await hydrated(page);
    const marker = await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
      return 42;
    });
    // The header's Components link leads, for this visit only, to a page that does not exist.
    await page.route(
      (url) => url.pathname.endsWith('/components'),
      async (route) => {
        const headers = route.request().headers();
        if (headers['x-inertia'] !== 'true') return route.continue();
        return route.continue({ url: `${store.url}/no-such-page` });
      },
    );
    const answered = page.waitForResponse((r) => r.request().headers()['x-inertia'] === 'true');
    await page.getByRole('banner').getByRole('link', { name: 'Components' }).first().click();
    const response = await answered;
    expect(response.status()).toBe(404);
    expect(response.headers()['x-inertia']).toBe('true');
    await expectErrorPage(page);
    expect(new URL(page.url()).pathname).toBe('/no-such-page');
    // Still the same document: the visit stayed in the app.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(
      marker,
    );
    await context.close();
  });

  it('a form sent after its token expired shows the Page expired page, not the overlay', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${store.url}/login`);
    await hydrated(page);
    // The token is gone, as after the cookie expired while the form stood open.
    await context.clearCookies({ name: 'XSRF-TOKEN' });
    await page.getByRole('textbox', { name: 'Email address' }).fill('customer@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/login',
    );
    await page.getByRole('button', { name: 'Sign in' }).click();
    const response = await answered;
    expect(response.status()).toBe(419);
    expect(response.headers()['x-inertia']).toBe('true');
    await expectErrorPage(page, 'Page expired');
    // A fresh token came with the answer: reloading the form and sending it again works.
    expect((await context.cookies()).some((cookie) => cookie.name === 'XSRF-TOKEN')).toBe(true);
    await context.close();
  });
});
