import { describe, expect, it } from 'vitest';
import { hydrated, query, rewrite, signIn, SLOW, storeSuite, watchConsole } from './support';

// 'Your updates' (decision 065) in Chromium: a copy of an owned component is recorded, the page
// then says everything is up to date; once the record is older than the component (written into
// the database, as if the customer had copied it before the store changed it), the component's
// view and the page both say what changed since.
const { store, browser } = storeSuite({ seed: true });

const CUSTOMER = 'customer@example.com';
const HEROES = '/components/marketing/sections/heroes';
const UP_TO_DATE = 'Everything you have copied or installed is up to date.';

describe('your updates', () => {
  it('records a copy, then shows what changed since on the component and on Your updates', async () => {
    const context = await browser.newContext({
      permissions: ['clipboard-read', 'clipboard-write'],
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    const problems = watchConsole(page);
    // The demo customer owns Marketing.
    await signIn(store, page, CUSTOMER);
    await page.goto(`${store.url}/your-updates`);
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your updates');
    expect(await page.getByText('Nothing copied or installed yet.', { exact: false }).count()).toBe(
      1,
    );

    // A hero changed at least once: copy its code as it is now.
    await page.goto(`${store.url}${HEROES}`);
    await hydrated(page);
    const item = page
      .locator('li[id^="component-"]')
      .filter({ has: page.locator('[data-slot="component-history"]') })
      .first();
    const uuid = (await item.getAttribute('id'))!.slice('component-'.length);
    const view = item.locator('[data-slot="component-view"]');
    const name = (await view.getByRole('heading').first().textContent())!;
    await view.scrollIntoViewIfNeeded();
    await view.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => view.getByRole('status').textContent(), SLOW).toBe('Copied!');
    const recorded = () =>
      query<{ version: number; how: string }>(
        store,
        'SELECT t.version, t.how FROM components_taken t JOIN users u ON u.id = t.user_id WHERE u.email = ? AND t.component_uuid = ?',
        CUSTOMER,
        uuid,
      );
    await expect.poll(recorded, SLOW).toHaveLength(1);
    const [taken] = recorded();
    if (!taken) throw new Error('the copy was not recorded');
    const { version, how } = taken;
    expect(how).toBe('copy');
    expect(version).toBeGreaterThan(1);
    expect(await view.locator('[data-slot="taken-notice"]').count()).toBe(0);

    await page.goto(`${store.url}/your-updates`);
    await hydrated(page);
    expect(await page.getByText(UP_TO_DATE).count()).toBe(1);

    // As if the customer had copied its first version long ago.
    expect(
      rewrite(
        store,
        'UPDATE components_taken SET version = 1, taken_at = ? WHERE component_uuid = ? AND user_id = (SELECT id FROM users WHERE email = ?)',
        Date.parse('2026-01-05T09:00:00Z'),
        uuid,
        CUSTOMER,
      ),
    ).toBe(1);

    await page.goto(`${store.url}${HEROES}#component-${uuid}`);
    await hydrated(page);
    const changed = page.locator(`[id="component-${uuid}"] [data-slot="component-view"]`);
    const notice = changed.locator('[data-slot="taken-notice"]');
    await notice.waitFor(SLOW);
    expect(await notice.textContent()).toBe(
      `Changed since you copied version 1 on Jan 5, 2026. See what changed in ${name}`,
    );
    await changed.scrollIntoViewIfNeeded();
    await notice.getByRole('link', { name: /See what changed/ }).click();
    await expect
      .poll(() => changed.locator('[data-slot="component-history"]').getAttribute('open'))
      .toBe('');
    expect(await changed.getByText(/new since you copied it/).count()).toBe(version - 1);

    await page.goto(`${store.url}/your-updates`);
    await hydrated(page);
    const entry = page.getByRole('listitem', { name });
    expect(await entry.textContent()).toContain('Copied version 1 on Jan 5, 2026');
    expect(await entry.textContent()).toContain(`now version ${version}`);
    await entry.getByRole('link', { name }).click();
    await page.waitForURL(new RegExp(`${HEROES}#component-`), SLOW);
    expect(problems).toEqual([]);
    await context.close();
  });
});
