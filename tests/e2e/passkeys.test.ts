import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  hydrated,
  JOURNEY,
  query,
  signIn,
  SLOW,
  storeSuite,
  watchConsole,
} from './support';

// Passkeys in a real browser (decision 052): Chromium's virtual authenticator (CDP WebAuthn
// domain) answers the browser's dialog as a platform authenticator with user verification would.
// The store runs on `localhost`: a passkey's relying party is a domain name, never an address.
const CUSTOMER = 'customer@example.com';

const { store, browser } = storeSuite({ seed: true, hostname: 'localhost' });

describe('passkeys in the browser', () => {
  it(
    'adds a passkey in Account settings, then finishes a later sign-in with it',
    async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const authenticator = await context.newCDPSession(page);
      await authenticator.send('WebAuthn.enable');
      const { authenticatorId } = (await authenticator.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      })) as { authenticatorId: string };
      const problems = watchConsole(page);

      await signIn(store, page, CUSTOMER);
      await page.goto(`${store.url}/account-settings`);
      await hydrated(page);
      const section = page.locator('[data-slot="passkeys"]');
      await section.getByRole('textbox', { name: 'Passkey name' }).fill('Virtual laptop');
      await section.getByRole('button', { name: 'Add a passkey' }).click();
      const list = section.getByRole('list', { name: 'Your passkeys' });
      await list.getByText('Virtual laptop').waitFor(SLOW);
      expect(await list.textContent()).toContain('Never used');
      // The authenticator made one credential for this store, and the store keeps it for this account.
      const { credentials } = (await authenticator.send('WebAuthn.getCredentials', {
        authenticatorId,
      })) as { credentials: { rpId?: string }[] };
      expect(credentials.map((credential) => credential.rpId)).toEqual(['localhost']);
      const stored = query<{ name: string }>(
        store,
        'SELECT c.name FROM webauthn_credentials c JOIN users u ON u.id = c.user_id WHERE u.email = ?',
        CUSTOMER,
      );
      expect(stored).toEqual([{ name: 'Virtual laptop' }]);

      // Signed out (the session cookie gone), the password now leads to the second step,
      // and the passkey finishes it.
      await context.clearCookies();
      await page.goto(`${store.url}/login`);
      await hydrated(page);
      await page.getByRole('textbox', { name: 'Email address' }).fill(CUSTOMER);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${store.url}/login/second-factor`, SLOW);
      await hydrated(page);
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      await page.waitForURL(`${store.url}/`, SLOW);
      expect(await page.getByRole('banner').getByRole('button', { name: 'Account' }).count()).toBe(
        1,
      );
      const used = query<{ method: string }>(
        store,
        'SELECT s.method FROM sign_ins s JOIN users u ON u.id = s.user_id WHERE u.email = ? ORDER BY s.id DESC LIMIT 1',
        CUSTOMER,
      );
      expect(used).toEqual([{ method: 'passkey' }]);
      await page.goto(`${store.url}/account-settings`);
      await hydrated(page);
      expect(await section.getByRole('list', { name: 'Your passkeys' }).textContent()).toContain(
        'Last used',
      );
      expect(problems).toEqual([]);
    },
    JOURNEY,
  );
});
