import { describe, expect, it } from 'vitest';
import { storeSuite } from './support';

const { store, browser } = storeSuite();

describe('the header on a phone', () => {
  for (const width of [360, 390]) {
    it(`keeps the whole logo clear of the search button at ${width} px, with no keyboard hint`, async () => {
      const context = await browser.newContext({
        viewport: { width, height: 800 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await page.goto(store.url);
      const header = page.getByRole('banner');
      const brand = header.getByText('Tessera UI', { exact: true });
      const search = header.locator('[data-slot="command-palette-trigger"]');
      const [logo, trigger] = [await brand.boundingBox(), await search.boundingBox()];
      expect(logo && trigger).toBeTruthy();
      expect(logo!.x).toBeGreaterThanOrEqual(0);
      expect(logo!.x + logo!.width).toBeLessThanOrEqual(trigger!.x);
      // The wordmark is drawn whole, not clipped or ellipsised.
      expect(await brand.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      expect(await search.locator('kbd').isVisible()).toBe(false);
      // Nothing sticks out of the page sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await context.close();
    });
  }
});
