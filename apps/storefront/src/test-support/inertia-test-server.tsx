/**
 * The storefront's containers in the real Inertia client, against a real HTTP server on
 * loopback: the server records what each visit sends (method, path, JSON body) and answers with
 * the page object the test sets, so a test reads the contract with the server as it is spoken.
 * Call `inertiaTestServer()` once at the top of a test file: it starts the server before the
 * file's tests, unmounts the app and clears the record after each, and stops the server after
 * the last.
 */
import type { Page } from '@inertiajs/core';
import { createInertiaApp } from '@inertiajs/react';
import { act, configure, waitFor } from '@testing-library/react';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { layout, pageModuleKey, withLinks, type PageModule } from '../app';

declare const jsdom: { reconfigure(options: { url: string }): void };

// Keyed as start.tsx keys them ('./pages/Name.tsx'), so `pageModuleKey` finds each page.
const pages = Object.fromEntries(
  Object.entries(import.meta.glob<PageModule>('../pages/*.tsx', { eager: true })).map(
    ([path, module]) => [path.replace(/^\.\.\//, './'), module],
  ),
);

export type ReceivedRequest = { method: string; path: string; body: Record<string, unknown> };

export type InertiaTestServer = {
  /** Every request since the test began, oldest first. */
  readonly received: ReceivedRequest[];
  /** What the server answers every visit with; `mount` starts it at the first page. */
  answer: Page;
  /** Renders the storefront's app on `page`, as the browser would on a first visit to its URL. */
  mount(page: Page): Promise<void>;
  /** The newest request, once there is one. */
  lastRequest(): Promise<ReceivedRequest>;
};

export function inertiaTestServer({
  answerDelayMs = 0,
}: {
  /** Answers late, so the states that last while a request is in flight can be seen. */
  answerDelayMs?: number;
} = {}): InertiaTestServer {
  // A loaded machine renders slowly: every find waits up to 10 s.
  configure({ asyncUtilTimeout: 10_000 });
  vi.setConfig({ testTimeout: 30_000 });

  let server: Server;
  let origin = '';
  /** Requests not answered yet: a test ends only once its last visit has come back. */
  let inflight = 0;
  let root: Root | null = null;

  const handle: InertiaTestServer = {
    received: [],
    answer: undefined as unknown as Page,
    async mount(page) {
      jsdom.reconfigure({ url: `${origin}${page.url}` });
      handle.answer = page;
      const el = document.createElement('div');
      el.id = 'app';
      document.body.append(el);
      await act(() =>
        createInertiaApp({
          page,
          layout,
          resolve: (name) => pages[pageModuleKey(name)]!.default,
          setup: ({ el: target, App, props }) => {
            root = createRoot(target!);
            root.render(withLinks(<App {...props} />));
          },
        }),
      );
    },
    async lastRequest() {
      await waitFor(() => expect(handle.received.length).toBeGreaterThan(0), { timeout: 10_000 });
      return handle.received.at(-1)!;
    },
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      // jsdom's XHR treats the test page as another origin: answer its CORS checks.
      const cors = {
        'Access-Control-Allow-Origin': req.headers.origin ?? '*',
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
        'Access-Control-Expose-Headers': 'X-Inertia',
      };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors).end();
        return;
      }
      inflight += 1;
      res.on('close', () => (inflight -= 1));
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        handle.received.push({
          method: req.method ?? '',
          path: req.url ?? '',
          body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
        });
        setTimeout(() => {
          res.writeHead(200, { ...cors, 'Content-Type': 'application/json', 'X-Inertia': 'true' });
          res.end(JSON.stringify(handle.answer));
        }, answerDelayMs);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  afterEach(async () => {
    // A visit still in flight would land in the next test's app (the Inertia router is one per
    // page): let it come back first.
    await waitFor(() => expect(inflight).toBe(0));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
    handle.received.length = 0;
  });

  return handle;
}
