/**
 * The Access tokens section of the AccountSettings container in the real Inertia client, against
 * a real HTTP server: what it sends, and that a new token's secret (in the answer's `page.flash`)
 * is shown once and never written into the browser's history (decision 014).
 */
import type { Page } from '@inertiajs/core';
import { createInertiaApp, router } from '@inertiajs/react';
import {
  createdAccessToken,
  createdAccessTokenRecord,
  customerSharedData,
  fixtureAccessTokens,
} from '@tessera/pages/fixtures';
import { NEW_ACCESS_TOKEN_FLASH } from '@tessera/pages/constants';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { layout, pageModuleKey, withLinks, type PageModule } from './app';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

declare const jsdom: { reconfigure(options: { url: string }): void };

const pages = import.meta.glob<PageModule>('./pages/*.tsx', { eager: true });

type Received = { method: string; path: string; body: Record<string, unknown> };
let server: Server;
let origin = '';
const received: Received[] = [];
let inflight = 0;
/** What the server answers the next visit with. */
let answer: Page;

beforeAll(async () => {
  server = createServer((req, res) => {
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
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
      });
      res.writeHead(200, { ...cors, 'Content-Type': 'application/json', 'X-Inertia': 'true' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let root: Root | null = null;
afterEach(async () => {
  await waitFor(() => expect(inflight).toBe(0));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  received.length = 0;
});

function accountPage(accessTokens: unknown[], flash: Record<string, string> = {}): Page {
  return {
    component: 'AccountSettings',
    url: '/account-settings',
    version: null,
    props: {
      errors: {},
      ...customerSharedData,
      email: 'jordan.lee@example.com',
      purchases: [],
      accessTokens,
    },
    flash,
  } as unknown as Page;
}

async function mount(page: Page) {
  jsdom.reconfigure({ url: `${origin}${page.url}` });
  answer = page;
  const el = document.createElement('div');
  el.id = 'app';
  document.body.append(el);
  await act(() =>
    createInertiaApp({
      page,
      layout,
      resolve: (name) => pages[pageModuleKey(name)]!.default,
      setup: ({ el: target, App, props: appProps }) => {
        root = createRoot(target!);
        root.render(withLinks(<App {...appProps} />));
      },
    }),
  );
  const region = await screen.findByRole('region', { name: 'Access tokens' }, { timeout: 10_000 });
  return within(region);
}

async function lastRequest() {
  await waitFor(() => expect(received.length).toBeGreaterThan(0), { timeout: 10_000 });
  return received.at(-1)!;
}

describe('AccountSettings: access tokens', () => {
  it('creates a token, shows its secret once, and keeps it out of the history', async () => {
    const section = await mount(accountPage([]));
    answer = accountPage([createdAccessTokenRecord], {
      [NEW_ACCESS_TOKEN_FLASH.secret]: createdAccessToken.secret,
      [NEW_ACCESS_TOKEN_FLASH.id]: String(createdAccessTokenRecord.id),
    });
    await userEvent.type(
      section.getByRole('textbox', { name: 'Token name' }),
      'Design system repo',
    );
    await userEvent.click(section.getByRole('button', { name: 'Create token' }));
    expect(await lastRequest()).toEqual({
      method: 'POST',
      path: '/account/tokens',
      body: { name: 'Design system repo', expires_in: '90' },
    });

    const secret = await screen.findByText(createdAccessToken.secret);
    expect(secret).toBeVisible();
    expect(screen.getByText(/You will not see it again/)).toBeVisible();
    // The name field is cleared for the next one.
    expect(screen.getByRole('textbox', { name: 'Token name' })).toHaveValue('');
    // What the browser keeps for Back/Forward and reloads holds the list, not the secret.
    expect(JSON.stringify(window.history.state)).toContain(createdAccessTokenRecord.prefix);
    expect(JSON.stringify(window.history.state)).not.toContain(createdAccessToken.secret);

    // The next visit's answer has no flash: the secret is gone from the page.
    answer = accountPage([createdAccessTokenRecord]);
    await act(() => new Promise<void>((resolve) => router.reload({ onFinish: () => resolve() })));
    await waitFor(() =>
      expect(screen.queryByText(createdAccessToken.secret)).not.toBeInTheDocument(),
    );
    expect(screen.getByText(`${createdAccessTokenRecord.prefix}…`)).toBeVisible();
  });

  it('revokes a token with DELETE after the confirmation', async () => {
    const section = await mount(accountPage([fixtureAccessTokens.laptop]));
    answer = accountPage([{ ...fixtureAccessTokens.laptop, state: 'revoked' }]);
    await userEvent.click(section.getByRole('button', { name: 'Revoke: Work laptop' }));
    expect(received).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke token' }));
    expect(await lastRequest()).toEqual({
      method: 'DELETE',
      path: `/account/tokens/${fixtureAccessTokens.laptop.id}`,
      body: {},
    });
  });
});
