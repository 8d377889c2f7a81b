import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, signIn, storeSuite } from './support';

const { store, browser } = storeSuite({ seed: true });

/** The component view (a `section` named by its title) of the component called `name`. */
function componentView(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

describe('browsing the catalogue', () => {
  it('walks a customer from Home to code in the language they chose, kept on the next page', async () => {
    const context = await browser.newContext({
      permissions: ['clipboard-read', 'clipboard-write'],
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    // The demo customer owns Marketing and Application UI.
    await signIn(store, page, 'customer@example.com');

    await page.getByRole('banner').getByRole('link', { name: 'Components', exact: true }).click();
    await page.waitForURL(`${store.url}/components`);
    await page
      .locator('#product-marketing')
      .getByRole('link', { name: /^Heroes/ })
      .first()
      .click();
    await page.waitForURL(`${store.url}/components/marketing/sections/heroes`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Heroes');

    const first = page.locator('[data-slot="component-view"]').first();
    const name = (await first.getAttribute('aria-labelledby'))!;
    const title = (await page.locator(`[id="${name}"]`).textContent())!;
    const view = componentView(page, title);
    await view.getByRole('tab', { name: 'Code' }).click();
    await view.getByRole('combobox', { name: 'Code language' }).click();
    await page.getByRole('option', { name: 'React' }).click();
    await expect.poll(() => view.getByRole('region', { name: /React code/ }).count()).toBe(1);
    await view.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => view.getByRole('status').textContent()).toBe('Copied!');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/export default function \w+\(\)/);
    expect(copied).toContain('className=');

    // The choice was saved: the next page opens in React.
    await page.getByRole('link', { name: 'Marketing' }).first().click();
    await page.waitForURL(`${store.url}/components#product-marketing`);
    await page
      .locator('#product-marketing')
      .getByRole('link', { name: /^Feature Sections/ })
      .first()
      .click();
    await page.waitForURL(/\/components\/marketing\/sections\/feature-sections$/);
    const next = page.locator('[data-slot="component-view"]').first();
    await next.getByRole('tab', { name: 'Code' }).click();
    expect(await next.getByRole('combobox', { name: 'Code language' }).textContent()).toBe('React');
    // …and a full reload agrees: it is on the account, not just in the page.
    await page.reload();
    await hydrated(page);
    const reloaded = page.locator('[data-slot="component-view"]').first();
    await reloaded.getByRole('tab', { name: 'Code' }).click();
    expect(await reloaded.getByRole('combobox', { name: 'Code language' }).textContent()).toBe(
      'React',
    );
    await context.close();
  });

  it('shows a visitor live previews to resize, archived examples and PNG-only previews', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${store.url}/components/marketing/sections/heroes`);
    await hydrated(page);
    // Server-rendered for search engines: title, description, canonical address.
    expect(await page.title()).toBe('Tailwind CSS Heroes - Tessera UI');
    // The subcategory's own description from the catalogue, not the site's default.
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
      'Opening sections with a headline, supporting copy, calls to action and a product image.',
    );
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `${store.url}/components/marketing/sections/heroes`,
    );

    const view = page.locator('[data-slot="component-view"]').first();
    expect(await view.getAttribute('data-view-type')).toBe('htmlPreview');
    expect(await view.getByRole('tab', { name: 'Code' }).count()).toBe(0);
    expect(await view.getByRole('link', { name: 'Get the code' }).count()).toBe(1);
    // The frame reports its height (BODY_HEIGHT) and the page sizes it to the content.
    const frame = view.locator('iframe');
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    await expect
      .poll(async () => (await frame.boundingBox())?.height ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(300);

    // Its pictures load under the preview's policy, which names our own /images/catalog/ only.
    const pictured = page.locator('[data-slot="component-view"]').nth(1);
    await pictured.scrollIntoViewIfNeeded();
    const picture = pictured.locator('iframe').contentFrame().locator('img').first();
    expect(await picture.getAttribute('src')).toMatch(/^\/images\/catalog\//);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    await view.scrollIntoViewIfNeeded();

    const handle = view.getByRole('separator');
    const before = Number(await handle.getAttribute('aria-valuenow'));
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x - 400, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    const after = Number(await handle.getAttribute('aria-valuenow'));
    expect(after).toBeLessThan(before - 300);
    expect(Math.round((await frame.boundingBox())!.width)).toBeLessThanOrEqual(after);
    // Never narrower than 360 px.
    await handle.focus();
    await page.keyboard.press('Home');
    expect(await handle.getAttribute('aria-valuenow')).toBe('360');

    await page.getByRole('link', { name: /Show archived examples/ }).click();
    await page.waitForURL(/\?include=archived$/);
    expect(await page.getByText('Simple left-aligned (v1)').count()).toBeGreaterThan(0);

    // Interactive components: a screenshot only, no live document to look inside.
    await page.goto(`${store.url}/components/application-ui/navigation/command-palettes`);
    await hydrated(page);
    const locked = page.locator('[data-slot="component-view"]').first();
    expect(await locked.getAttribute('data-view-type')).toBe('pngPreview');
    expect(await locked.getByText('PNG Preview').count()).toBe(1);
    expect(await locked.locator('iframe').count()).toBe(0);
    const image = locked.locator('img').first();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await page.close();
  });

  it('finds a page from the command palette despite a typo', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${store.url}/`);
    await hydrated(page);
    await page.keyboard.press('Control+k');
    const search = page.getByRole('combobox', { name: 'Search' });
    await search.fill('dialgs');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${store.url}/components/application-ui/overlays/dialogs`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Dialogs');

    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Search' }).fill('catalist');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${store.url}/templates/catalyst`);
    await page.close();
  });
});
