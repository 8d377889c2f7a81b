import { describe, expect, it } from 'vitest';
import { hydrated, storeSuite } from './support';

const { store, browser } = storeSuite();

describe('a visitor on the walking skeleton', () => {
  it('gets Home server-rendered, readable with JavaScript disabled', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(store.url);
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toMatch(/Tessera UI/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Beautiful UI, ready to paste into your project.',
    );
    expect(await page.getByRole('link', { name: 'Browse components' }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('opens the command palette with Ctrl+K', async () => {
    const page = await browser.newPage();
    await page.goto(store.url);
    await hydrated(page);
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect(dialog.getByRole('combobox').isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });

  it('navigates to Login without a full page reload', async () => {
    const page = await browser.newPage();
    await page.goto(store.url);
    await hydrated(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(`${store.url}/login`);
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await expect(page.title()).resolves.toBe('Sign in - Tessera UI');
    await page.close();
  });

  it('sees the footer directory with every list and its Browse all link', async () => {
    const page = await browser.newPage();
    await page.goto(store.url);
    const footer = page.getByRole('contentinfo');
    for (const href of [
      '/components/marketing/sections/heroes',
      '/components/application-ui/navigation/command-palettes',
      '/components/ecommerce/components/order-history',
      '/templates/keynote',
      '/components#product-marketing',
      '/templates',
      '/privacy-policy',
      '/changelog',
    ]) {
      expect(await footer.locator(`a[href="${href}"]`).count(), href).toBe(1);
    }
    expect(await footer.getByRole('link', { name: 'Browse all' }).count()).toBe(4);
    await page.close();
  });
});
