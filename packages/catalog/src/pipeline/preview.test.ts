// The preview document in a sandboxed frame, as the component view embeds it: the parent
// switches its colour scheme by message, without a reload, and still learns its height.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildPreview, withDirectionSwitch } from './preview.ts';
import { launchChromium } from './screenshots.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const uuid = '00000000-0000-8000-8000-000000000001';
// Taller in dark mode, so a re-measured BODY_HEIGHT is visible.
const html =
  '<div class="bg-white p-4 text-gray-900 dark:bg-gray-900 dark:p-10 dark:text-white"><p>Plan</p></div>';

async function embed(page: Page, fragment = ''): Promise<void> {
  // As published: with the direction switch the build adds when it writes the file.
  const document = withDirectionSwitch(await buildPreview({ uuid, name: 'Plan', html }));
  await page.route('http://preview.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: route.request().url().includes('frame')
        ? document
        : `<!doctype html><iframe sandbox="allow-scripts" src="/frame${fragment}" style="width:600px"></iframe>
<iframe id="other" sandbox="allow-scripts" srcdoc="<p>other</p>"></iframe>
<script>
  window.heights = [];
  addEventListener('message', (event) => {
    if (event.source === document.querySelector('iframe').contentWindow && event.data.type === 'BODY_HEIGHT') heights.push(event.data.height);
  });
</script>`,
    }),
  );
  await page.goto('http://preview.test/');
  await expect
    .poll(() => page.evaluate(() => (window as never as { heights: number[] }).heights.length))
    .toBeGreaterThan(0);
}

const frameState = (page: Page) =>
  page.frames()[1]!.evaluate(() => ({
    dark: document.documentElement.classList.contains('dark'),
    background: getComputedStyle(document.body.firstElementChild!).backgroundColor,
    loads: performance.getEntriesByType('navigation').length,
    marker: (window as never as { marker?: number }).marker ?? null,
  }));

const post = (page: Page, scheme: unknown) =>
  page.evaluate((value) => {
    document
      .querySelector('iframe')!
      .contentWindow!.postMessage({ type: 'COLOR_SCHEME', scheme: value }, '*');
  }, scheme);

const lastHeight = (page: Page) =>
  page.evaluate(() => (window as never as { heights: number[] }).heights.at(-1));

describe('the preview document’s colour scheme', () => {
  test('switches on a COLOR_SCHEME message from its parent, in place, and reports its new height', async () => {
    const page = await browser.newPage();
    await embed(page);
    expect(await frameState(page)).toMatchObject({ dark: false });
    const lightHeight = await lastHeight(page);
    await page.frames()[1]!.evaluate(() => {
      (window as never as { marker: number }).marker = 1;
    });

    await post(page, 'dark');
    await expect.poll(() => frameState(page)).toMatchObject({ dark: true, marker: 1 });
    await expect.poll(() => lastHeight(page)).toBe(lightHeight! + 48);

    await post(page, 'light');
    await expect.poll(() => frameState(page)).toMatchObject({ dark: false, marker: 1 });
    await expect.poll(() => lastHeight(page)).toBe(lightHeight);
    await page.close();
  });

  test('system follows prefers-color-scheme, live', async () => {
    const page = await browser.newPage({ colorScheme: 'dark' });
    await embed(page);
    await post(page, 'system');
    await expect.poll(() => frameState(page)).toMatchObject({ dark: true });
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => frameState(page)).toMatchObject({ dark: false });
    await page.close();
  });

  test('starts in the scheme of its #color-scheme= fragment', async () => {
    const page = await browser.newPage();
    await embed(page, '#color-scheme=dark');
    expect(await frameState(page)).toMatchObject({ dark: true });
    await page.close();
  });

  test('ignores unknown schemes and messages from anyone but its parent', async () => {
    const page = await browser.newPage();
    await embed(page);
    const target = page.frames()[1]!;
    await target.evaluate(() => {
      const log: boolean[] = [];
      (window as never as { log: boolean[] }).log = log;
      addEventListener('colorschemeapplied', () =>
        log.push(document.documentElement.classList.contains('dark')),
      );
    });
    await page.frames()[2]!.evaluate(() => {
      // A sandboxed sibling can address the preview through their parent, but is not it.
      parent.frames[0]!.postMessage({ type: 'COLOR_SCHEME', scheme: 'dark' }, '*');
    });
    await post(page, 'sepia');
    await post(page, { toString: 'dark' });
    await post(page, 'light');
    const log = () => target.evaluate(() => (window as never as { log: boolean[] }).log);
    await expect.poll(async () => (await log()).at(-1)).toBe(false);
    expect(await log()).toEqual([false]);
    await page.close();
  });
});

describe('the preview document’s direction', () => {
  const direction = (page: Page) =>
    page.frames()[1]!.evaluate(() => ({
      dir: document.documentElement.dir,
      computed: getComputedStyle(document.body).direction,
      loads: performance.getEntriesByType('navigation').length,
      marker: (window as never as { marker?: number }).marker ?? null,
    }));
  const postDirection = (page: Page, value: unknown) =>
    page.evaluate((dir) => {
      document
        .querySelector('iframe')!
        .contentWindow!.postMessage({ type: 'DIRECTION', direction: dir }, '*');
    }, value);

  test('switches on a DIRECTION message from its parent, in place', async () => {
    const page = await browser.newPage();
    await embed(page);
    expect(await direction(page)).toMatchObject({ dir: '', computed: 'ltr' });
    await page.frames()[1]!.evaluate(() => {
      (window as never as { marker: number }).marker = 1;
    });
    await postDirection(page, 'rtl');
    await expect
      .poll(() => direction(page))
      .toEqual({ dir: 'rtl', computed: 'rtl', loads: 1, marker: 1 });
    await postDirection(page, 'ltr');
    await expect.poll(() => direction(page)).toMatchObject({ dir: 'ltr', computed: 'ltr' });
    await page.close();
  });

  test('starts right to left with #dir=rtl, beside the colour scheme', async () => {
    const page = await browser.newPage();
    await embed(page, '#color-scheme=dark&dir=rtl');
    expect(await direction(page)).toMatchObject({ dir: 'rtl', computed: 'rtl' });
    expect(await frameState(page)).toMatchObject({ dark: true });
    await page.close();
  });

  test('ignores unknown directions and messages from anyone but its parent', async () => {
    const page = await browser.newPage();
    await embed(page);
    await page.frames()[1]!.evaluate(() => {
      const seen: string[] = [];
      (window as never as { seen: string[] }).seen = seen;
      new MutationObserver(() => seen.push(document.documentElement.dir)).observe(
        document.documentElement,
        { attributes: true, attributeFilter: ['dir'] },
      );
    });
    await page.frames()[2]!.evaluate(() => {
      // A sandboxed sibling can address the preview through their parent, but is not it.
      parent.frames[0]!.postMessage({ type: 'DIRECTION', direction: 'rtl' }, '*');
    });
    await postDirection(page, 'RTL');
    await postDirection(page, 'auto');
    await postDirection(page, { toString: 'rtl' });
    // A known value posted last: once it is applied, the earlier ones have been handled.
    await postDirection(page, 'ltr');
    const seen = () =>
      page.frames()[1]!.evaluate(() => (window as never as { seen: string[] }).seen);
    await expect.poll(seen).toEqual(['ltr']);
    await page.close();
  });
});

describe('the preview document’s height handshake', () => {
  const heights = (page: Page) =>
    page.evaluate(() => (window as never as { heights: number[] }).heights.length);
  const ask = (page: Page) =>
    page.evaluate(() => {
      document
        .querySelector('iframe')!
        .contentWindow!.postMessage({ type: 'BODY_HEIGHT_REQUEST' }, '*');
    });

  test('reports its height again whenever its parent asks, even when unchanged', async () => {
    const page = await browser.newPage();
    await embed(page);
    // Settled: no more reports of their own.
    await expect.poll(() => lastHeight(page)).toBeGreaterThan(0);
    const before = await heights(page);
    await ask(page);
    await expect.poll(() => heights(page)).toBe(before + 1);
    await ask(page);
    await expect.poll(() => heights(page)).toBe(before + 2);
    expect(await lastHeight(page)).toBe(
      await page.frames()[1]!.evaluate(() => Math.ceil(document.body.scrollHeight)),
    );
    await page.close();
  });

  test('answers no one but its parent', async () => {
    const page = await browser.newPage();
    await embed(page);
    await expect.poll(() => lastHeight(page)).toBeGreaterThan(0);
    const before = await heights(page);
    await page.frames()[2]!.evaluate(() => {
      parent.frames[0]!.postMessage({ type: 'BODY_HEIGHT_REQUEST' }, '*');
    });
    // The parent's own request, sent after the sibling's, is answered once: the sibling's was not.
    await ask(page);
    await expect.poll(() => heights(page)).toBe(before + 1);
    // A round trip through the frame: anything queued for it before has been handled.
    await page.frames()[1]!.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(await heights(page)).toBe(before + 1);
    await page.close();
  });
});
