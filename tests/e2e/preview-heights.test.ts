// Issue 14 #2 and #6: live previews get their height under load without moving the page, and a
// phone's preview frame is as wide as its column, without a handle claiming a minimum it breaks.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, storeSuite } from './support';

const { store, browser } = storeSuite({ seed: true });

type Shift = { value: number; sources: string[] };
declare global {
  interface Window {
    layoutShifts: Shift[];
  }
}

/**
 * A page on a CPU slowed down four times (Chromium's own throttling, through CDP), recording
 * every layout shift not caused by input from the first paint on.
 */
async function throttledPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: Array<{ node?: Node | null }>;
        }
      >) {
        if (entry.hadRecentInput) continue;
        window.layoutShifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((source) => {
            const node = source.node;
            return node instanceof Element
              ? `${node.tagName.toLowerCase()}${node.getAttribute('title') ? `[${node.getAttribute('title')}]` : ''}`
              : String(node?.nodeName);
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

const frames = (page: Page) => page.locator('[data-slot="component-view"] iframe');

/**
 * Brings each live preview into view in turn, waits until it has taken the height its document
 * reports, and checks that height against the document's own. Returns the heights.
 */
async function everyFrameGetsItsHeight(page: Page): Promise<number[]> {
  const count = await frames(page).count();
  expect(count).toBeGreaterThan(0);
  const heights: number[] = [];
  for (let index = 0; index < count; index++) {
    const frame = frames(page).nth(index);
    await frame.scrollIntoViewIfNeeded({ timeout: 60_000 });
    await frame.and(page.locator('[data-height-source="document"]')).waitFor({ timeout: 60_000 });
    const content = await (await frame.elementHandle())!.contentFrame();
    await content!.waitForLoadState('load');
    // The document's own measure (the reporter's), once its last report has been applied.
    const own = () =>
      content!.evaluate(() =>
        Math.ceil(
          Math.max(document.body.scrollHeight, document.body.getBoundingClientRect().height),
        ),
      );
    const shown = () => frame.evaluate((element) => element.getBoundingClientRect().height);
    await expect.poll(async () => (await shown()) - (await own()), { timeout: 30_000 }).toBe(0);
    heights.push(await shown());
  }
  return heights;
}

const cumulativeShift = (page: Page) =>
  page.evaluate(() => window.layoutShifts.reduce((sum, shift) => sum + shift.value, 0));

describe('live preview heights on a CPU slowed down 4×', () => {
  for (const path of ['/components/marketing/sections/heroes', '/preview']) {
    it(`${path}: every frame gets its document's height and nothing shifts (CLS ≤ 0.01)`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const page = await throttledPage(context);
        await page.goto(`${store.url}${path}`);
        await hydrated(page);
        const heights = await everyFrameGetsItsHeight(page);
        expect(Math.min(...heights)).toBeGreaterThan(0);
        const shifts = await page.evaluate(() => window.layoutShifts);
        const cls = await cumulativeShift(page);
        console.log(
          `${path}: ${heights.length} frames, heights ${heights.join(' ')}; CLS ${cls.toFixed(4)}`,
          shifts.filter((shift) => shift.value > 0.001),
        );
        expect(cls).toBeLessThanOrEqual(0.01);
      } finally {
        await context.close();
      }
    }, 600_000);
  }
});

describe('the preview frame on a phone', () => {
  it('at 390 px fills its column with no resize handle; at 430 px the handle keeps 360 px', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await context.newPage();
      await page.goto(`${store.url}/components/marketing/sections/heroes`);
      await hydrated(page);
      const preview = page.locator('[data-slot="resizable-preview"]').first();
      const frame = preview.locator('iframe');
      const width = (locator: typeof preview) =>
        locator.evaluate((element) => element.getBoundingClientRect().width);
      expect(await width(frame)).toBe(await width(preview));
      expect(await width(frame)).toBeLessThan(360);
      await expect.poll(() => preview.getByRole('separator').isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await frame.and(page.locator('[data-height-source="document"]')).waitFor();
      expect(
        await frame.evaluate((element) => element.getBoundingClientRect().height),
      ).toBeGreaterThan(0);

      await page.setViewportSize({ width: 430, height: 932 });
      const handle = preview.getByRole('separator');
      await expect.poll(() => handle.isVisible()).toBe(true);
      expect(await width(frame)).toBeGreaterThanOrEqual(360);
      expect(await width(frame)).toBe((await width(preview)) - 16);
      expect(await handle.getAttribute('aria-valuemin')).toBe('360');
      expect(Number(await handle.getAttribute('aria-valuenow'))).toBe(await width(frame));
    } finally {
      await context.close();
    }
  });
});
