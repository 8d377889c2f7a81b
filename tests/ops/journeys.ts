// A buyer's journey through the balancer, as the browser and the Inertia client make it:
// document loads fetch every script, stylesheet and preload they link, then the store's code and
// the page's chunk as the entry imports them; Inertia visits carry
// the client's asset version and load the page's chunk of that client's build; a 409 is a
// full reload. Buy in the sandbox → thank-you poll → redeem as a team (a new account) → a
// second person joins through the invite link.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import type { Release } from './cluster.ts';

/** What every request did: the drill's figures and its 5xx rule are read from these. */
export interface RequestRecord {
  method: string;
  path: string;
  status: number;
  started: number;
  ended: number;
}

export interface Figures {
  requests: RequestRecord[];
  navigations: number;
  documentLoads: number;
  conflicts: number;
  assetsFetched: number;
  /** Navigations whose page lacked a script, stylesheet or chunk it needs (any non-200). */
  withoutScripts: { page: string; asset: string; status: number }[];
  journeys: number;
  /** Journeys that could not finish: why, and the request that failed when it was one. */
  failures: { message: string; request?: RequestRecord }[];
  /** What each finished purchase was: checked against the database at the end. */
  purchases: { transactionId: string; email: string; licenseKey: string; teamId: number }[];
}

export function newFigures(): Figures {
  return {
    requests: [],
    navigations: 0,
    documentLoads: 0,
    conflicts: 0,
    assetsFetched: 0,
    withoutScripts: [],
    journeys: 0,
    failures: [],
    purchases: [],
  };
}

interface Manifest {
  [key: string]: { file: string; imports?: string[]; css?: string[] };
}

/** Each release's client, by asset version: which chunks a page component needs. */
export class Clients {
  #byVersion = new Map<string, Manifest>();
  add(release: Release) {
    const text = readFileSync(join(release.storefrontDist, 'client/.vite/manifest.json'), 'utf8');
    // The server's asset version (apps/server/src/http/ssr/assets.ts): a hash of the manifest.
    const version = createHash('sha256').update(text).digest('hex').slice(0, 20);
    this.#byVersion.set(version, JSON.parse(text) as Manifest);
  }
  /**
   * The files the client of `version` fetches to show `component` (its chunk and imports); on a
   * document load also the store's code, which the entry imports after the first paint.
   */
  chunks(version: string, component: string, documentLoad = false): string[] {
    const manifest = this.#byVersion.get(version);
    if (!manifest) throw new Error(`unknown client version ${version}`);
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    if (documentLoad) visit('src/start.tsx');
    visit(`src/pages/${component}.tsx`);
    return [...files].map((file) => `/build/${file}`);
  }
}

interface PageObject {
  component: string;
  props: Record<string, unknown>;
  url: string;
  version: string;
}

class JourneyError extends Error {
  request?: RequestRecord;
  constructor(message: string, request?: RequestRecord) {
    super(message);
    this.request = request;
  }
}

/** One visitor: cookies, the XSRF token, the page on screen and its client's asset version. */
export class VirtualBrowser {
  #cookies: Map<string, string>;
  readonly base: string;
  readonly figures: Figures;
  readonly clients: Clients;
  page: PageObject | null = null;
  /** The last answer: a failed step names it. */
  last: RequestRecord | undefined;

  /** Who the visitor is to the store: the balancer forwards it (X-Forwarded-For). */
  readonly address: string;

  constructor(
    base: string,
    figures: Figures,
    clients: Clients,
    cookies = new Map<string, string>(),
    address = `198.18.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`,
  ) {
    this.address = address;
    this.base = base;
    this.figures = figures;
    this.clients = clients;
    this.#cookies = cookies;
  }

  /** A frame in this page: its own document, the same origin's cookies. */
  frame(): VirtualBrowser {
    return new VirtualBrowser(this.base, this.figures, this.clients, this.#cookies, this.address);
  }

  async #fetch(
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: string } = {},
  ) {
    const started = Date.now();
    const cookie = [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method,
        redirect: 'manual',
        headers: {
          'X-Forwarded-For': this.address,
          ...(cookie ? { Cookie: cookie } : {}),
          ...init.headers,
        },
        body: init.body,
        signal: AbortSignal.timeout(60_000),
      });
    } catch (error) {
      const record = { method, path, status: 0, started, ended: Date.now() };
      this.figures.requests.push(record);
      throw new JourneyError(`${method} ${path}: ${(error as Error).message}`, record);
    }
    const text = await response.text();
    const record = { method, path, status: response.status, started, ended: Date.now() };
    this.figures.requests.push(record);
    this.last = record;
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (/max-age=0/i.test(line) || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    return { status: response.status, headers: response.headers, text };
  }

  get #xsrf(): string {
    return decodeURIComponent(this.#cookies.get('XSRF-TOKEN') ?? '');
  }

  async #assets(page: string, urls: string[]) {
    await Promise.all(
      urls.map(async (asset) => {
        const { status } = await this.#fetch('GET', asset, {
          headers: { 'Accept-Encoding': 'br' },
        });
        this.figures.assetsFetched += 1;
        if (status !== 200) this.figures.withoutScripts.push({ page, asset, status });
      }),
    );
  }

  /** A full page load: the document, then everything it links under /build/. */
  async load(path: string): Promise<PageObject> {
    this.figures.navigations += 1;
    this.figures.documentLoads += 1;
    const response = await this.#fetch('GET', path, { headers: { Accept: 'text/html' } });
    if (response.status !== 200) {
      throw new JourneyError(`GET ${path} answered ${response.status}`, this.last);
    }
    const html = response.text;
    const linked = [
      ...html.matchAll(/<script type="module" src="([^"]+)"/g),
      ...html.matchAll(/<link rel="(?:stylesheet|modulepreload)" href="([^"]+)"/g),
    ].map((match) => match[1]!.replaceAll('&amp;', '&'));
    if (!linked.some((url) => url.endsWith('.js'))) {
      this.figures.withoutScripts.push({ page: path, asset: '(no entry script)', status: 0 });
    }
    await this.#assets(
      path,
      linked.filter((url) => url.startsWith('/build/')),
    );
    const data = /<script data-page="app" type="application\/json">([\s\S]*?)<\/script/.exec(html);
    if (!data) throw new JourneyError(`GET ${path}: no page data`);
    const page = JSON.parse(data[1]!) as PageObject;
    // Then the entry imports the store's code and the page's chunk, from the same build.
    await this.#assets(path, this.clients.chunks(page.version, page.component, true));
    this.page = page;
    return page;
  }

  /** An Inertia visit (or a form's answer): JSON, or 409 and a full reload, as the client does. */
  async visit(path: string, method = 'GET', body?: object): Promise<PageObject> {
    if (!this.page) return this.load(path);
    this.figures.navigations += 1;
    const response = await this.#fetch(method, path, {
      headers: {
        'X-Inertia': 'true',
        'X-Requested-With': 'XMLHttpRequest',
        'X-Inertia-Version': this.page.version,
        Accept: 'text/html, application/xhtml+xml',
        ...(method !== 'GET'
          ? { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': this.#xsrf }
          : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (response.status === 409) {
      this.figures.conflicts += 1;
      const location = response.headers.get('X-Inertia-Location');
      if (!location) throw new JourneyError(`${method} ${path}: 409 without a location`);
      this.figures.navigations -= 1;
      return this.load(new URL(location, this.base).pathname + new URL(location, this.base).search);
    }
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('Location')!;
      this.figures.navigations -= 1;
      return this.visit(
        new URL(location, this.base).pathname + new URL(location, this.base).search,
      );
    }
    if (response.status !== 200) {
      throw new JourneyError(
        `${method} ${path} answered ${response.status}: ${response.text.slice(0, 200)}`,
        this.last,
      );
    }
    const page = JSON.parse(response.text) as PageObject;
    // The client imports the page's component from its own build.
    await this.#assets(path, this.clients.chunks(this.page.version, page.component));
    this.page = page;
    return page;
  }

  /** A JSON call of a page's own script (the sandbox frame's details and payment). */
  async json(method: string, path: string, body?: object) {
    const response = await this.#fetch(method, path, {
      headers: {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        ...(body ? { 'Content-Type': 'application/json' } : {}),
        ...(method !== 'GET' ? { 'X-XSRF-TOKEN': this.#xsrf } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return {
      status: response.status,
      body: response.text ? (JSON.parse(response.text) as Record<string, unknown>) : {},
    };
  }
}

const PASSWORD = 'ops drill passphrase 2026';

/** One whole journey; resolves with the purchase it made, or records why it could not. */
export async function journey(base: string, figures: Figures, clients: Clients, n: number) {
  const tag = `${Date.now().toString(36)}-${n}-${randomBytes(3).toString('hex')}`;
  const buyer = `buyer-${tag}@example.com`;
  const member = `member-${tag}@example.com`;
  try {
    const browser = new VirtualBrowser(base, figures, clients);
    await browser.load('/all-access');
    const checkout = await browser.visit('/checkout/all-access?license=team');
    const frame = checkout.props.frame as { url: string; transactionId: string };
    const thankYou = checkout.props.thankYouUrl as string;
    // The sandbox's frame: its own page, then its details and payment calls.
    const framePage = browser.frame();
    await framePage.load(frame.url);
    const details = await framePage.json('POST', `${frame.url}/details`, {
      email: buyer,
      country: 'US',
      postcode: '10001',
    });
    if (details.status !== 200) throw new JourneyError(`details answered ${details.status}`);
    let paid = await framePage.json('POST', `${frame.url}/pay`, { card: '4242 4242 4242 4242' });
    // "retry": the provider asks for the same payment again (a transient refusal).
    for (let i = 0; paid.status === 409 && i < 3; i += 1) {
      paid = await framePage.json('POST', `${frame.url}/pay`, { card: '4242 4242 4242 4242' });
    }
    if (paid.status !== 200) throw new JourneyError(`payment answered ${paid.status}`);

    await browser.visit(thankYou);
    const hash = new URL(thankYou, base).searchParams.get('checkout')!;
    let licenseKey = '';
    // The thank-you page polls, 2 s apart, 30 times; the drill waits as long as a buyer would.
    for (let i = 0; i < 30 && !licenseKey; i += 1) {
      const status = await browser.json('GET', `/paddle-purchases/${hash}`);
      if (status.status === 200) licenseKey = String(status.body.license_key);
      else await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    if (!licenseKey) throw new JourneyError('the purchase never became a licence (60 s)');

    // The buyer makes an account and a team with the key (signed out: the key is the proof).
    await browser.visit(`/licenses/${licenseKey}`);
    const team = await browser.visit(`/licenses/${licenseKey}`, 'PATCH', {
      team_name: `Team ${tag}`,
      email: buyer,
      password: PASSWORD,
    });
    if (team.component !== 'TeamSettings') throw new JourneyError(`redeemed to ${team.component}`);
    const teamProps = team.props.team as { id: number; inviteUrl?: string; invite_url?: string };
    const invite = new URL(teamProps.inviteUrl ?? teamProps.invite_url ?? '', base);

    const joiner = new VirtualBrowser(base, figures, clients);
    await joiner.load(invite.pathname + invite.search);
    const joined = await joiner.visit(invite.pathname, 'POST', {
      invite_token: invite.searchParams.get('invite_token'),
      email: member,
      password: PASSWORD,
    });
    if (joined.component !== 'TeamSettings')
      throw new JourneyError(`joined to ${joined.component}`);
    figures.journeys += 1;
    figures.purchases.push({
      transactionId: frame.transactionId,
      email: buyer,
      licenseKey,
      teamId: teamProps.id,
    });
  } catch (error) {
    figures.failures.push({
      message: `journey ${n}: ${(error as Error).message}`,
      request: error instanceof JourneyError ? error.request : undefined,
    });
    // A journey that failed fast must not spin: a person would not retry at once either.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Runs journeys `concurrency` at a time until `until()` says stop; resolves when all ended. */
export async function runJourneys(
  base: string,
  figures: Figures,
  clients: Clients,
  options: { concurrency: number; until: () => boolean; start: number },
) {
  let n = options.start;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (!options.until()) await journey(base, figures, clients, n++);
    }),
  );
}
