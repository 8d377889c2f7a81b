import { describe, expect, it } from 'vitest';
import { hydrated, storeSuite } from './support';

const { store, browser } = storeSuite({ seed: true });

/** Is the element's top within the viewport (it was scrolled to)? */
function inView(box: { y: number; height: number } | null, viewportHeight: number): boolean {
  return box !== null && box.y >= -1 && box.y < viewportHeight;
}

describe('related components', () => {
  it('takes a visitor from a component to a related one in another package, and to a sibling by keyboard', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${store.url}/components/marketing/sections/stats`);
    await hydrated(page);

    const view = page.locator('[data-slot="component-view"]').first();
    const title = (await view.getByRole('heading', { level: 2 }).textContent())!;
    const related = view.getByRole('region', { name: `Related to ${title}` });
    const first = related.getByRole('link').first();
    const name = (await first.textContent())!;
    const href = (await first.getAttribute('href'))!;
    expect(href).toMatch(
      /^\/components\/application-ui\/data-display\/stats#component-[a-z0-9-]+$/,
    );

    await first.click();
    await page.waitForURL(`${store.url}${href}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Tailwind CSS Stats');
    const anchor = href.split('#')[1]!;
    const target = page.locator(`[id="${anchor}"]`);
    // The view it lands on is that component's, scrolled into sight.
    expect(await target.getByRole('heading', { level: 2 }).textContent()).toBe(name);
    await expect
      .poll(async () => inView(await target.boundingBox(), 900), { timeout: 10_000 })
      .toBe(true);
    // Scrolled past the page's heading and introduction to reach it.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    // A sibling on the same page, by keyboard: focus the link, press Enter.
    const landed = page.getByRole('region', { name, exact: true });
    const sibling = landed
      .getByRole('region', { name: `Related to ${name}` })
      .locator('a[href^="/components/application-ui/data-display/stats#"]')
      .first();
    const siblingName = (await sibling.textContent())!;
    const siblingHref = (await sibling.getAttribute('href'))!;
    const landedAt = await page.evaluate(() => window.scrollY);
    await sibling.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${store.url}${siblingHref}`);
    const siblingView = page.locator(`[id="${siblingHref.split('#')[1]}"]`);
    expect(await siblingView.getByRole('heading', { level: 2 }).textContent()).toBe(siblingName);
    await expect
      .poll(async () => inView(await siblingView.boundingBox(), 900), { timeout: 10_000 })
      .toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(landedAt);
    await page.close();
  });
});
