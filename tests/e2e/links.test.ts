// Link integrity (issue 14 #4): no link, image or frame the store shows points at a page or file
// that does not exist. As a visitor and as the demo customer, the crawl starts from every place a
// person starts from — the sitemap, the header (desktop and the phone's menu), the footer, the
// account menu and every item of the command palette — and follows the site's own links
// breadth-first, two levels deep, which reaches every page type (categories, subcategories,
// templates, documentation, the changelog, the licence and account pages). Each distinct URL is
// fetched once, over HTTP with the person's cookies: the server renders every page (SSR), so its
// HTML holds the links and images a browser would show; only the roots need Chromium (menus and
// the palette exist once opened). Every failure is listed with the page it was found on.
//
// Skipped, and only these: other origins (external links, e.g. where /discord redirects to),
// `mailto:`/`tel:`/`javascript:` links, in-page fragments (`#…`; the path before them is
// checked), and signing out (`/logout`, a form's POST that would end the crawl's session).
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, hydrated, signIn, SLOW, storeSuite } from './support';

// The demo world's customer (apps/server/src/db/seed.ts): licences, purchases, a team.
const CUSTOMER = 'customer@example.com';

/** Pages whose links are followed: the roots (0) and the pages they link to (1). */
const EXPAND_BELOW_DEPTH = 2;
/** Requests in flight at once: enough to finish quickly, few enough for a 2-core machine. */
const CONCURRENCY = 6;
const SKIPPED_PATHS = new Set(['/logout']);
/**
 * Files that are the same for everyone (built assets, catalogue screenshots, previews, images):
 * once one crawl has found them answering, the other does not fetch them again.
 */
const SHARED_FILE = /^\/(build|catalog|images)\//;
const filesFound = new Set<string>();

type Kind = 'page' | 'image' | 'frame' | 'asset';
type Target = { url: string; from: string; kind: Kind; depth: number };
type Broken = { url: string; status: number | string; from: string };

const { store, browser } = storeSuite({ seed: true });

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return match ? decode(match[1] ?? match[2] ?? '') : null;
}

function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean);
}

/** What an HTML document points at: links, images (src and srcset), frames and its assets. */
function references(html: string): { url: string; kind: Kind }[] {
  const found: { url: string; kind: Kind }[] = [];
  for (const [tag, name] of html.matchAll(/<(a|img|source|iframe|link|script)\b[^>]*>/gi)) {
    const element = name!.toLowerCase();
    if (element === 'a') {
      const href = attribute(tag, 'href');
      if (href !== null) found.push({ url: href, kind: 'page' });
    } else if (element === 'img' || element === 'source') {
      const src = attribute(tag, 'src');
      if (src) found.push({ url: src, kind: 'image' });
      const srcset = attribute(tag, 'srcset');
      if (srcset) for (const url of srcsetUrls(srcset)) found.push({ url, kind: 'image' });
    } else if (element === 'iframe') {
      const src = attribute(tag, 'src');
      if (src) found.push({ url: src, kind: 'frame' });
    } else if (element === 'link') {
      const rel = attribute(tag, 'rel') ?? '';
      const href = attribute(tag, 'href');
      if (href && /\b(icon|stylesheet|modulepreload|preload)\b/i.test(rel)) {
        found.push({ url: href, kind: 'asset' });
      }
    } else {
      const src = attribute(tag, 'src');
      if (src) found.push({ url: src, kind: 'asset' });
    }
  }
  return found;
}

/** The path and query of a same-site URL worth fetching, or null for what the crawl skips. */
function internal(raw: string, base: string): string | null {
  if (/^(mailto|tel|javascript|data|blob):/i.test(raw.trim())) return null;
  const url = new URL(raw, base);
  if (url.origin !== new URL(store.url).origin) return null;
  if (SKIPPED_PATHS.has(url.pathname)) return null;
  return url.pathname + url.search;
}

/** The Inertia page object the server embedded in a first load. */
async function pageData(page: Page): Promise<{ props: Record<string, unknown> }> {
  const json = await page.locator('script[data-page]').first().textContent();
  return JSON.parse(json ?? '{}') as { props: Record<string, unknown> };
}

/**
 * The urls of palette items (objects with a `name`, a `category` and a `url`) anywhere in a JSON
 * value: the page data's `commandPalette`, or whatever response brings the items to a palette
 * that loads them when opened (a list, `{ items }`, a partial reload's page object).
 */
function paletteUrls(value: unknown, depth = 0): string[] {
  if (depth > 4 || typeof value !== 'object' || value === null) return [];
  const item = value as { name?: unknown; category?: unknown; url?: unknown };
  if (typeof item.name === 'string' && typeof item.category === 'string') {
    return typeof item.url === 'string' ? [item.url] : [];
  }
  return Object.values(value).flatMap((child) => paletteUrls(child, depth + 1));
}

async function hrefs(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('href') ?? ''));
}

/**
 * The crawl's starting points, as this person sees them on the home page: the header (wide, and
 * the phone's menu), the footer, the account menu when signed in, and the command palette's items
 * (from the page data, or from the response that brings them once the palette opens).
 */
async function roots(context: BrowserContext, signedIn: boolean): Promise<Target[]> {
  const page = await context.newPage();
  const lazyPaletteItems: string[] = [];
  page.on('response', async (response) => {
    if (!(response.headers()['content-type'] ?? '').includes('application/json')) return;
    lazyPaletteItems.push(...paletteUrls(await response.json().catch(() => null)));
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${store.url}/`);
  await hydrated(page);
  const targets: Target[] = [];
  const add = (urls: string[], from: string) => {
    for (const url of urls) targets.push({ url, from, kind: 'page', depth: 0 });
  };

  add(await hrefs(page, 'header a[href]'), 'the header');
  add(await hrefs(page, 'footer a[href]'), 'the footer');
  if (signedIn) {
    await page.getByRole('button', { name: 'Account' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor(SLOW);
    const items = await hrefs(page, '[role="menu"] a[href]');
    expect(items.length, 'the account menu has links').toBeGreaterThan(0);
    add(items, 'the account menu');
    await page.keyboard.press('Escape');
  }

  await page.getByRole('button', { name: 'Search' }).first().click();
  await page.getByRole('combobox', { name: 'Search' }).waitFor(SLOW);
  await page.waitForLoadState('networkidle');
  const palette = [
    ...paletteUrls((await pageData(page)).props.commandPalette),
    ...lazyPaletteItems,
  ];
  expect(palette.length, 'the command palette has items').toBeGreaterThan(50);
  add(palette, 'the command palette');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open main menu' }).click();
  const mobile = page.getByRole('dialog');
  await mobile.waitFor(SLOW);
  add(await hrefs(page, '[role="dialog"] a[href]'), 'the header’s phone menu');
  await page.close();
  return targets;
}

async function sitemap(): Promise<Target[]> {
  const response = await fetch(`${store.url}/sitemap.xml`);
  expect(response.status).toBe(200);
  const xml = await response.text();
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => decode(url!));
  expect(urls.length, 'the sitemap lists pages').toBeGreaterThan(50);
  return [
    ...urls.map((url): Target => ({ url, from: '/sitemap.xml', kind: 'page', depth: 0 })),
    // The /v1 pages (old bookmarks) have their own header, whose links carry the prefix.
    { url: '/v1/components', from: 'old /v1 bookmarks', kind: 'page', depth: 0 },
  ];
}

/**
 * Fetches every target once (following this site's redirects, up to five), collects what each
 * expanded page points at, and returns every URL that answered 4xx/5xx with where it was found.
 */
async function crawl(start: Target[], cookie: string) {
  const seen = new Set<string>();
  const queue: Target[] = [];
  const broken: Broken[] = [];
  let active = 0;

  const enqueue = (raw: string, from: string, kind: Kind, depth: number, base = store.url) => {
    let path: string | null;
    try {
      path = internal(raw, base);
    } catch {
      broken.push({ url: raw, status: 'not a URL', from });
      return;
    }
    if (path === null || seen.has(path)) return;
    seen.add(path);
    if (filesFound.has(path)) return;
    queue.push({ url: path, from, kind, depth });
  };
  for (const target of start) enqueue(target.url, target.from, target.kind, target.depth);

  async function visit(target: Target) {
    let path = target.url;
    let response: Response | undefined;
    for (let hop = 0; hop <= 5; hop++) {
      response = await fetch(`${store.url}${path}`, {
        redirect: 'manual',
        headers: { cookie, accept: target.kind === 'page' ? 'text/html' : '*/*' },
      });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) break;
      await response.body?.cancel();
      const next = internal(location, `${store.url}${path}`);
      if (next === null) return; // on to another site (the community chat's invite)
      path = next;
    }
    if (!response) return;
    if (response.status >= 400 || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel();
      broken.push({ url: target.url, status: response.status, from: target.from });
      return;
    }
    if (SHARED_FILE.test(target.url)) filesFound.add(target.url);
    const html = (response.headers.get('content-type') ?? '').includes('text/html');
    const expand =
      html &&
      (target.kind === 'frame' || (target.kind === 'page' && target.depth < EXPAND_BELOW_DEPTH));
    if (!expand) {
      await response.body?.cancel();
      return;
    }
    const base = `${store.url}${path}`;
    for (const reference of references(await response.text())) {
      // A component preview's own links go nowhere on purpose (`#`); its images and assets count.
      if (target.kind === 'frame' && reference.kind === 'page') continue;
      enqueue(reference.url, path, reference.kind, target.depth + 1, base);
    }
  }

  const workers = Array.from({ length: CONCURRENCY }, async () => {
    for (;;) {
      const target = queue.shift();
      if (!target) {
        // Another worker may still be adding the links of the page it is reading.
        if (active === 0) return;
        await new Promise((r) => setTimeout(r, 10));
        continue;
      }
      active++;
      try {
        await visit(target);
      } catch (error) {
        broken.push({ url: target.url, status: String(error), from: target.from });
      } finally {
        active--;
      }
    }
  });
  await Promise.all(workers);
  return { broken, checked: seen.size, seen };
}

function report(broken: Broken[]): string {
  return broken.map(({ url, status, from }) => `${status} ${url} (found on ${from})`).join('\n');
}

describe('link integrity', () => {
  it('finds no broken link, image or frame as a visitor', async () => {
    const context = await browser.newContext();
    const start = [...(await sitemap()), ...(await roots(context, false))];
    await context.close();
    const { broken, checked, seen } = await crawl(start, '');
    expect(report(broken)).toBe('');
    // The crawl reached every kind of page (a crawl that stopped early would pass vacuously).
    for (const path of [
      '/components',
      '/templates/catalyst',
      '/documentation/getting-started',
      '/changelog',
      '/license',
      '/all-access',
    ]) {
      expect(seen.has(path), `${path} was checked`).toBe(true);
    }
    expect([...seen].some((path) => /^\/components\/[^/]+\/[^/]+\/[^/]+$/.test(path))).toBe(true);
    expect([...seen].some((path) => path.startsWith('/catalog/previews/'))).toBe(true);
    expect(checked).toBeGreaterThan(300);
  }, 180_000);

  it('finds no broken link, image or frame as a signed-in customer', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(store, page, CUSTOMER, DEMO_PASSWORD);
    await page.close();
    const start = [...(await sitemap()), ...(await roots(context, true))];
    const cookie = (await context.cookies(store.url))
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
    await context.close();
    const { broken, seen } = await crawl(start, cookie);
    expect(report(broken)).toBe('');
    // Signed in, the crawl reaches the customer's own pages through the account menu.
    expect(seen.has('/account-settings')).toBe(true);
    // …and the receipts of their purchase history (the demo purchases' sandbox receipts).
    expect([...seen].some((path) => path.startsWith('/sandbox-receipts/'))).toBe(true);
  }, 180_000);
});
