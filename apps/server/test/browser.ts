import request from 'supertest';
import type { Express } from 'express';
import { INERTIA } from './helpers.ts';

function setCookies(response: request.Response): string[] {
  const header = response.headers['set-cookie'] as unknown;
  return Array.isArray(header) ? (header as string[]) : typeof header === 'string' ? [header] : [];
}

/**
 * A browser as far as the server can tell: keeps its cookies (supertest's agent) and sends the
 * XSRF-TOKEN cookie back as X-XSRF-TOKEN, the way the Inertia client does.
 */
export class TestBrowser {
  readonly agent: ReturnType<typeof request.agent>;
  cookies = new Map<string, string>();

  /** `app` in-process, or the URL of a listening server (for truly parallel requests). */
  constructor(app: Express | string) {
    this.agent = request.agent(app);
  }

  #remember(response: request.Response) {
    for (const cookie of setCookies(response)) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = decodeURIComponent(pair.slice(index + 1));
      if (/Max-Age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get xsrf(): string {
    return this.cookies.get('XSRF-TOKEN') ?? '';
  }

  async visit(url: string) {
    return this.#remember(await this.agent.get(url).set(INERTIA).set('X-Inertia-Version', ''));
  }

  async submit(method: 'post' | 'put' | 'patch' | 'delete', url: string, body: object = {}) {
    if (!this.xsrf) await this.visit('/');
    return this.#remember(
      await this.agent[method](url).set(INERTIA).set('X-XSRF-TOKEN', this.xsrf).send(body),
    );
  }

  /** The flashed errors and messages, as the next page shows them. */
  async errorsAfterRedirect(url: string) {
    const page = await this.visit(url);
    return (page.body as { props: { errors: Record<string, string> } }).props.errors;
  }

  async signedInAs(): Promise<string | null> {
    const page = await this.visit('/');
    const auth = (page.body as { props: { auth: { user: { email: string } } | null } }).props.auth;
    return auth?.user.email ?? null;
  }
}

/** A prop every page shares (a remembered preference), read from the next page's answer. */
export async function sharedProp(browser: TestBrowser, name: string): Promise<string> {
  return (await browser.visit('/components')).body.props[name] as string;
}
