import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, storeSuite } from './support';

const { store, browser } = storeSuite({ seed: true });

/** The first component view's colour-scheme switch and its live preview frame, if any. */
function firstView(page: Page) {
  const view = page.locator('[data-slot="component-view"]').first();
  return {
    view,
    button: (name: 'Light' | 'Dark' | 'System') =>
      view.getByRole('group', { name: /preview colour scheme$/ }).getByRole('button', { name }),
  };
}

async function previewFrame(page: Page): Promise<Frame> {
  const handle = await page
    .locator('[data-slot="component-view"]')
    .first()
    .locator('iframe')
    .elementHandle();
  const frame = await handle!.contentFrame();
  await frame!.waitForLoadState('load');
  return frame!;
}

const isDark = (frame: Frame) =>
  frame.evaluate(() => document.documentElement.classList.contains('dark'));

describe('the preview colour scheme', () => {
  it('a visitor switches a preview to dark; the next subcategory opens in dark too', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${store.url}/components/marketing/sections/heroes`);
    await hydrated(page);

    const heroes = firstView(page);
    expect(await heroes.button('Light').getAttribute('aria-pressed')).toBe('true');
    const frame = await previewFrame(page);
    expect(await isDark(frame)).toBe(false);
    const background = () =>
      frame.evaluate(() => getComputedStyle(document.body.firstElementChild!).backgroundColor);
    const lightBackground = await background();
    await frame.evaluate(() => {
      (window as never as { marker: boolean }).marker = true;
    });

    // The choice is saved by a PUT; the next page is asked for once the server has it (on a
    // loaded machine a navigation right after the click could cancel the request in flight).
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        new URL(response.url()).pathname === '/preview-color-scheme',
    );
    await heroes.button('Dark').click();
    expect((await saved).status()).toBeLessThan(400);
    await expect.poll(() => heroes.button('Dark').getAttribute('aria-pressed')).toBe('true');
    // Switched in place by message: the same document (its marker survives), now dark.
    await expect.poll(() => isDark(frame)).toBe(true);
    expect(await frame.evaluate(() => (window as never as { marker?: boolean }).marker)).toBe(true);
    expect(await background()).not.toBe(lightBackground);

    // Another subcategory: the choice was saved (PUT /preview-color-scheme) and holds.
    await page.goto(`${store.url}/components/marketing/sections/feature-sections`);
    await hydrated(page);
    const features = firstView(page);
    expect(await features.button('Dark').getAttribute('aria-pressed')).toBe('true');
    expect(await isDark(await previewFrame(page))).toBe(true);

    // Interactive components show PNG previews: the dark screenshots.
    await page.goto(`${store.url}/components/application-ui/navigation/command-palettes`);
    await hydrated(page);
    const png = page.getByRole('img', { name: /^Screenshot of the / }).first();
    expect(await png.getAttribute('src')).toMatch(/-lg-dark\.png$/);
    const response = await page.request.get(
      new URL((await png.getAttribute('src'))!, store.url).href,
    );
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    await context.close();
  });
});
