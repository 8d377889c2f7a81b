import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, storeSuite } from './support';

const { store, browser } = storeSuite({ seed: true });

const header = (page: Page) =>
  page.getByRole('banner').getByRole('group', { name: 'Colour scheme' });

/** The scheme drawn on <html>, and the page's background as the browser paints it. */
const drawn = (page: Page) =>
  page.evaluate(() => ({
    attribute: document.documentElement.dataset.colorScheme ?? null,
    scheme: getComputedStyle(document.documentElement).colorScheme,
    background: getComputedStyle(document.querySelector('[data-slot="app-layout"]')!)
      .backgroundColor,
  }));

describe('the store’s colour scheme', () => {
  it('follows the device, switches at once, and is drawn by the server on the next page', async () => {
    const context = await browser.newContext({
      viewport: { width: 1200, height: 900 },
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await page.goto(`${store.url}/`);
    await hydrated(page);
    // System: the device is dark, so the store is.
    const system = await drawn(page);
    expect(system.attribute).toBeNull();
    expect(
      await header(page).getByRole('button', { name: 'System' }).getAttribute('aria-pressed'),
    ).toBe('true');

    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        new URL(response.url()).pathname === '/color-scheme',
    );
    await header(page).getByRole('button', { name: 'Light' }).click();
    expect((await saved).status()).toBeLessThan(400);
    const light = await drawn(page);
    expect(light.attribute).toBe('light');
    expect(light.scheme).toBe('light');
    expect(light.background).not.toBe(system.background);

    // A page loaded afresh, without running its script: the server drew the choice.
    const plain = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark' });
    await plain.addCookies(await context.cookies());
    const noScript = await plain.newPage();
    await noScript.goto(`${store.url}/components`);
    expect(await noScript.evaluate(() => document.documentElement.dataset.colorScheme)).toBe(
      'light',
    );
    await plain.close();

    // Dark by keyboard: the buttons are reachable and pressed with Enter.
    await header(page).getByRole('button', { name: 'Light' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await drawn(page)).attribute).toBe('dark');
    await page.reload();
    await hydrated(page);
    expect((await drawn(page)).attribute).toBe('dark');
    await context.close();
  });
});
