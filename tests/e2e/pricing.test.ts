import { describe, expect, it } from 'vitest';
import { hydrated, signIn, storeSuite } from './support';

const DAY = 24 * 60 * 60 * 1000;
// The Black Friday offer runs now, whatever today's date: the banner is part of the journey.
const now = Date.now();
const { store, browser } = storeSuite({
  env: {
    BLACK_FRIDAY_STARTS_AT: new Date(now - DAY).toISOString(),
    BLACK_FRIDAY_ENDS_AT: new Date(now + DAY).toISOString(),
  },
  seed: true,
});

describe('prices and offers', () => {
  it('takes a visitor from a locked component to the all-access prices and their checkouts', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${store.url}/components/application-ui/navigation/command-palettes`);
    await hydrated(page);
    await page.getByRole('link', { name: 'Get the code' }).first().click();
    await page.waitForURL(`${store.url}/all-access#pricing`);
    await expect
      .poll(() => page.title())
      .toBe('All-access: every component, template and UI kit - Tessera UI');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Buy once, use forever.',
    );
    const personal = page.getByRole('group', { name: 'Personal' });
    expect(await personal.getByText('$299', { exact: true }).count()).toBe(1);
    expect(await personal.getByRole('link', { name: 'Get all-access' }).getAttribute('href')).toBe(
      '/checkout/all-access',
    );
    const teams = page.getByRole('group', { name: 'Teams' });
    expect(await teams.getByText('$979', { exact: true }).count()).toBe(1);
    expect(
      await teams.getByRole('link', { name: 'Get all-access for your team' }).getAttribute('href'),
    ).toBe('/checkout/all-access?license=team');

    // The offer is on: its banner leads to the bundle's checkout, here and on Home.
    const banner = page.getByRole('complementary', { name: 'Black Friday offer' });
    expect(await banner.getByRole('link', { name: 'Get the bundle' }).getAttribute('href')).toBe(
      '/checkout/black-friday',
    );
    await page.getByRole('banner').getByRole('link', { name: 'Tessera UI' }).first().click();
    await page.waitForURL(`${store.url}/`);
    expect(await page.getByRole('complementary', { name: 'Black Friday offer' }).count()).toBe(1);
    await page.close();
  });

  it('has a way to buy every licence on sale: reduced licences, packages, the team licence', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${store.url}/all-access`);
    await hydrated(page);
    const others = page.getByRole('region', { name: 'Other licences' });
    const links = others.getByRole('link', { name: 'Buy' });
    const hrefs = await links.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('href')),
    );
    expect(hrefs).toEqual([
      '/checkout/all-access?license=restricted',
      '/checkout/all-access?license=classroom',
      '/checkout/marketing',
      '/checkout/application-ui',
      '/checkout/ecommerce',
    ]);
    await others.screenshot({ path: '/tmp/promises-pages-other-licences.png' });
    // Each leads to a checkout that sells it (the Restricted licence's asks for the confirmation).
    await links.first().click();
    await page.waitForURL(`${store.url}/checkout/all-access?license=restricted`);
    await page
      .getByText(/I confirm I am a student/)
      .first()
      .waitFor();

    await page.goto(`${store.url}/components`);
    await hydrated(page);
    expect(
      await page
        .getByRole('group', { name: 'Teams' })
        .getByRole('link', { name: 'Get all-access for your team' })
        .getAttribute('href'),
    ).toBe('/checkout/all-access?license=team');
    const packages = page.getByRole('region', { name: 'Or one package on its own' });
    expect(await packages.getByText('$149', { exact: true }).count()).toBe(3);
    await packages.getByRole('link', { name: 'Buy' }).first().click();
    await page.waitForURL(`${store.url}/checkout/marketing`);
    await page.close();
  });

  it('shows a customer who owns packages their price, and the way to upgrade', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // The demo customer owns Marketing and Application UI (Ecommerce was refunded).
    await signIn(store, page, 'customer@example.com');
    await page.goto(`${store.url}/all-access`);
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Upgrade for more components.',
    );
    const personal = page.getByRole('group', { name: 'Personal' });
    expect(await personal.getByText('Discounted — since you own other products.').count()).toBe(1);
    expect(await personal.locator('s').textContent()).toContain('$299');
    await personal.getByRole('link', { name: 'Upgrade to standard licence' }).click();
    await page.waitForURL(`${store.url}/upgrade`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Upgrade to the complete package',
    );
    const upgrade = page.getByRole('link', { name: 'Upgrade customer@example.com' });
    expect(await upgrade.getAttribute('href')).toMatch(/^\/checkout\/all-access\?upgrade=\d+$/);
    await context.close();
  });

  it('tells an all-access owner there is nothing left to upgrade', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(store, page, 'owner@example.com');
    await page.goto(`${store.url}/upgrade`);
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'You’ve got everything!',
    );
    await page.getByRole('link', { name: 'Go back' }).click();
    await page.waitForURL(`${store.url}/`);
    await page.goto(`${store.url}/all-access`);
    await hydrated(page);
    expect(await page.getByRole('button', { name: 'You already own this' }).count()).toBe(2);
    // No offer for someone who has all-access already.
    expect(await page.getByRole('complementary', { name: 'Black Friday offer' }).count()).toBe(0);
    await context.close();
  });
});
