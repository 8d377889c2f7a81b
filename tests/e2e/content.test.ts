import { describe, expect, it } from 'vitest';
import { hydrated, storeSuite } from './support';

const { store, browser } = storeSuite();

describe('the content pages', () => {
  it('subscribes a reader to the changelog and shows the thank-you page', async () => {
    const page = await browser.newPage();
    await page.goto(`${store.url}/changelog`);
    await hydrated(page);
    expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(10);
    await page.getByRole('textbox', { name: 'Email address' }).fill('reader@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(`${store.url}/newsletter/thank-you`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('You’re subscribed');
    await page.close();
  });

  it('renders the privacy policy and a documentation page on the server', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${store.url}/privacy-policy`);
    expect(await page.getByText(/2 November 2021|November 2, 2021/).count()).toBeGreaterThan(0);
    await page.goto(`${store.url}/documentation`);
    // The first page of the table of contents (content/docs/_toc.yaml).
    expect(page.url()).toBe(`${store.url}/documentation/getting-started`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Getting started');
    const contents = page.getByRole('navigation', { name: 'Documentation' });
    expect(await contents.locator('[aria-current="page"]').textContent()).toBe('Getting started');
    await context.close();
  });
});
