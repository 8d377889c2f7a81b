/**
 * The Access tokens section of the AccountSettings container in the real Inertia client, against
 * a real HTTP server: what it sends, and that a new token's secret (in the answer's `page.flash`)
 * is shown once and never written into the browser's history (decision 014).
 */
import type { Page } from '@inertiajs/core';
import { router } from '@inertiajs/react';
import {
  createdAccessToken,
  createdAccessTokenRecord,
  customerSharedData,
  fixtureAccessTokens,
  twoFactorOff,
} from '@tessera/pages/fixtures';
import { NEW_ACCESS_TOKEN_FLASH } from '@tessera/pages/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inertiaTestServer } from './test-support/inertia-test-server';

const inertia = inertiaTestServer();
const { received, lastRequest } = inertia;

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
      twoFactor: twoFactorOff,
      passkeys: [],
    },
    flash,
  } as unknown as Page;
}

async function mount(page: Page) {
  await inertia.mount(page);
  const region = await screen.findByRole('region', { name: 'Access tokens' }, { timeout: 10_000 });
  return within(region);
}

describe('AccountSettings: access tokens', () => {
  it('creates a token, shows its secret once, and keeps it out of the history', async () => {
    const section = await mount(accountPage([]));
    inertia.answer = accountPage([createdAccessTokenRecord], {
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
    inertia.answer = accountPage([createdAccessTokenRecord]);
    await act(() => new Promise<void>((resolve) => router.reload({ onFinish: () => resolve() })));
    await waitFor(() =>
      expect(screen.queryByText(createdAccessToken.secret)).not.toBeInTheDocument(),
    );
    expect(screen.getByText(`${createdAccessTokenRecord.prefix}…`)).toBeVisible();
  });

  it('revokes a token with DELETE after the confirmation', async () => {
    const section = await mount(accountPage([fixtureAccessTokens.laptop]));
    inertia.answer = accountPage([{ ...fixtureAccessTokens.laptop, state: 'revoked' }]);
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
