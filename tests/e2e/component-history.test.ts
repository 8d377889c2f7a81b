import { describe, expect, it } from 'vitest';
import { hydrated, signIn, storeSuite } from './support';

const { store, browser } = storeSuite({ seed: true });

const HEROES = '/components/marketing/sections/heroes';

describe("a component's history", () => {
  it('shows a visitor when and why a component changed, and its owner the diff too', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${store.url}${HEROES}`);
    await hydrated(page);
    const view = page
      .locator('[data-slot="component-view"]')
      .filter({ has: page.locator('[data-slot="component-history"]') })
      .first();
    expect(await view.locator('[data-slot="updated-on"]').textContent()).toMatch(
      /^Updated [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    await view.locator('summary', { hasText: 'What changed' }).click();
    const history = view.locator('[data-slot="component-history"]');
    await expect.poll(() => history.getByRole('listitem').count()).toBeGreaterThan(1);
    expect(await history.getByRole('listitem').first().textContent()).toMatch(/^Version \d+ · /);
    expect(await history.locator('pre').count()).toBe(0);
    expect(await history.textContent()).toContain(
      'Owners of this component see the code of each change.',
    );

    // The demo customer owns Marketing: the same disclosure carries the diff of each change.
    await signIn(store, page, 'customer@example.com');
    await page.goto(`${store.url}${HEROES}`);
    await hydrated(page);
    const owned = page
      .locator('[data-slot="component-view"]')
      .filter({ has: page.locator('[data-slot="component-history"]') })
      .first();
    await owned.locator('summary', { hasText: 'What changed' }).click();
    const diff = owned.locator('[data-slot="component-history"] pre').first();
    await expect.poll(() => diff.isVisible()).toBe(true);
    expect(await diff.textContent()).toMatch(/^--- v\d+\/[\w-]+\.html\+\+\+ v\d+\//);
    await context.close();
  });

  it('links a release on the changelog to the components it added', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${store.url}/changelog`);
    await hydrated(page);
    const added = page.getByRole('region', {
      name: 'Components added in Bento grids and page headings',
    });
    const link = added.getByRole('link').first();
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/components\/[a-z-]+\/[a-z-]+\/[a-z-]+#component-[0-9a-f-]{36}$/);
    await link.click();
    await page.waitForURL(`${store.url}${href}`);
    await expect.poll(() => page.locator(href.slice(href.indexOf('#'))).count()).toBe(1);
    await context.close();
  });
});
