import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, storeSuite } from './support';

const { store, browser } = storeSuite({ seed: true });

const HEROES = '/components/marketing/sections/heroes';

/** The first component view's preset buttons, RTL toggle, resize handle and frame. */
function firstView(page: Page) {
  const view = page.locator('[data-slot="component-view"]').first();
  return {
    preset: (name: string) =>
      view.getByRole('group', { name: /preview width$/ }).getByRole('button', { name }),
    rtl: view.getByRole('button', { name: /^RTL: the .* preview right to left$/ }),
    handle: view.getByRole('separator', { name: /^Resize the .* preview$/ }),
    frameWidth: () =>
      view.locator('iframe').evaluate((frame) => Math.round(frame.getBoundingClientRect().width)),
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

/** The Heroes page at desktop width, hydrated, with its first component view. */
async function openHeroes() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${store.url}${HEROES}`);
  await hydrated(page);
  return { context, page, heroes: firstView(page) };
}

describe('the preview presets and direction', () => {
  it('a preset resizes the frame and is remembered after a reload; a drag leaves it', async () => {
    const { context, page, heroes } = await openHeroes();

    expect(await heroes.preset('Full width').getAttribute('aria-pressed')).toBe('true');
    const full = await heroes.frameWidth();
    expect(full).toBeGreaterThan(768);

    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        new URL(response.url()).pathname === '/preview-width',
    );
    await heroes.preset('md, 768 pixels').click();
    expect((await saved).status()).toBeLessThan(400);
    await expect.poll(() => heroes.frameWidth()).toBe(768);
    expect(await heroes.preset('md, 768 pixels').getAttribute('aria-pressed')).toBe('true');
    expect(await heroes.handle.getAttribute('aria-valuenow')).toBe('768');

    await page.reload();
    await hydrated(page);
    const again = firstView(page);
    expect(await again.preset('md, 768 pixels').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => again.frameWidth()).toBe(768);

    // The handle's keys move the frame off the preset: nothing pressed, nothing saved.
    let put = false;
    page.on('request', (request) => {
      if (request.method() === 'PUT') put = true;
    });
    await again.handle.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => again.frameWidth()).toBe(752);
    for (const name of ['Phone, 375 pixels', 'md, 768 pixels', 'Full width']) {
      expect(await again.preset(name).getAttribute('aria-pressed')).toBe('false');
    }
    expect(put).toBe(false);
    await context.close();
  });

  it('the RTL toggle sets dir="rtl" on the preview document, in place', async () => {
    const { context, page, heroes } = await openHeroes();
    const frame = await previewFrame(page);
    const direction = () => frame.evaluate(() => document.documentElement.dir);
    await expect.poll(direction).toBe('ltr');
    await frame.evaluate(() => {
      (window as never as { marker: boolean }).marker = true;
    });

    await heroes.rtl.focus();
    await page.keyboard.press('Enter');
    expect(await heroes.rtl.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(direction).toBe('rtl');
    // The same document (its marker survives): switched by message, not reloaded.
    expect(await frame.evaluate(() => (window as never as { marker?: boolean }).marker)).toBe(true);
    expect(await frame.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');

    await heroes.rtl.click();
    await expect.poll(direction).toBe('ltr');
    await context.close();
  });
});
