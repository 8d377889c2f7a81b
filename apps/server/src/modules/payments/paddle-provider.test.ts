import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { TEST_SECRET, testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import { signatureHeader } from './service/signature.ts';
import { ConfigError, derivedSandboxWebhookSecret, loadConfig } from '../../config.ts';
import { createPaddleProvider, paddleTransactionRequest } from './service/paddle-provider.ts';

const PADDLE_ENV = {
  PAYMENT_PROVIDER: 'paddle',
  PADDLE_API_KEY: 'pdl_sdbx_apikey_01abc',
  PADDLE_CLIENT_TOKEN: 'test_0123456789abcdef',
  PADDLE_WEBHOOK_SECRET: 'pdl_ntfset_01abc_secret',
  PADDLE_ENVIRONMENT: 'sandbox',
};

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('payment configuration', () => {
  it('uses the sandbox by default, with a webhook secret of its own derived from SESSION_SECRET', () => {
    const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 's'.repeat(40) });
    expect(config.payments).toMatchObject({
      provider: 'sandbox',
      webhookToleranceSeconds: 5,
      chaos: false,
      webhookUrl: null,
    });
    const secret = config.payments.provider === 'sandbox' ? config.payments.webhookSecret : '';
    expect(secret).toBe(derivedSandboxWebhookSecret('s'.repeat(40)));
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(secret).not.toContain('s'.repeat(8));
    expect(derivedSandboxWebhookSecret('t'.repeat(40))).not.toBe(secret);
    const chosen = loadConfig({
      NODE_ENV: 'test',
      SANDBOX_WEBHOOK_SECRET: 'w'.repeat(32),
      WEBHOOK_TOLERANCE_SECONDS: '30',
      SANDBOX_CHAOS: 'on',
    });
    expect(chosen.payments).toMatchObject({
      webhookSecret: 'w'.repeat(32),
      webhookToleranceSeconds: 30,
      chaos: true,
    });
  });

  it('stops the start naming every Paddle variable that is missing, never printing a secret', () => {
    expect(configError({ PAYMENT_PROVIDER: 'paddle' }).issues).toEqual([
      'PADDLE_API_KEY: is required when PAYMENT_PROVIDER is paddle',
      'PADDLE_CLIENT_TOKEN: is required when PAYMENT_PROVIDER is paddle',
      'PADDLE_WEBHOOK_SECRET: is required when PAYMENT_PROVIDER is paddle',
      'PADDLE_ENVIRONMENT: is required when PAYMENT_PROVIDER is paddle',
    ]);
    const { PADDLE_WEBHOOK_SECRET: _secret, ...withoutSecret } = PADDLE_ENV;
    expect(configError(withoutSecret).issues).toEqual([
      'PADDLE_WEBHOOK_SECRET: is required when PAYMENT_PROVIDER is paddle',
    ]);
    const wrong = configError({
      ...PADDLE_ENV,
      PADDLE_ENVIRONMENT: 'live',
      PAYMENT_PROVIDER: 'paddle',
    });
    expect(wrong.issues).toEqual([expect.stringMatching(/^PADDLE_ENVIRONMENT: .*\(got "live"\)$/)]);
    expect(configError({ PAYMENT_PROVIDER: 'stripe' }).issues[0]).toMatch(/^PAYMENT_PROVIDER:/);
    expect(configError({ WEBHOOK_TOLERANCE_SECONDS: '0' }).issues[0]).toMatch(
      /^WEBHOOK_TOLERANCE_SECONDS:/,
    );
    const short = configError({ SANDBOX_WEBHOOK_SECRET: 'short-secret' });
    expect(short.message).not.toContain('short-secret');
  });

  it('reads the Paddle settings, with the previous webhook secret during a rotation', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      ...PADDLE_ENV,
      PADDLE_WEBHOOK_SECRET_PREVIOUS: 'old_secret',
    });
    expect(config.payments).toEqual({
      provider: 'paddle',
      webhookToleranceSeconds: 5,
      apiKey: PADDLE_ENV.PADDLE_API_KEY,
      clientToken: PADDLE_ENV.PADDLE_CLIENT_TOKEN,
      webhookSecrets: [PADDLE_ENV.PADDLE_WEBHOOK_SECRET, 'old_secret'],
      environment: 'sandbox',
    });
  });

  it('warns a production test store that it takes no money; a live Paddle store is not one', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(40) };
    const config = loadConfig({ ...production, PAYMENTS_TEST_MODE: 'true' });
    expect(config.testMode).toBe(true);
    expect(config.warnings.join('\n')).toMatch(/^TEST MODE/);
    const sandboxed = loadConfig({ ...production, ...PADDLE_ENV, PAYMENTS_TEST_MODE: 'yes' });
    expect(sandboxed.testMode).toBe(true);
    const live = loadConfig({ ...production, ...PADDLE_ENV, PADDLE_ENVIRONMENT: 'production' });
    expect(live.testMode).toBe(false);
    expect(live.warnings).toEqual([]);
  });

  it('refuses a production store on a test provider without PAYMENTS_TEST_MODE', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(40) };
    expect(configError(production).issues).toEqual([
      expect.stringMatching(/^PAYMENT_PROVIDER: is sandbox: .*PAYMENTS_TEST_MODE=true/),
    ]);
    expect(configError({ ...production, ...PADDLE_ENV }).issues).toEqual([
      expect.stringMatching(/^PADDLE_ENVIRONMENT: is Paddle's sandbox: .*PAYMENTS_TEST_MODE=true/),
    ]);
    expect(configError({ ...production, PAYMENTS_TEST_MODE: 'false' }).issues).toHaveLength(1);
    // Outside production the sandbox needs no opt-in, and is still test mode.
    expect(loadConfig({ NODE_ENV: 'development' }).testMode).toBe(true);
  });
});

describe('Paddle provider (offline)', () => {
  const input = {
    checkoutHash: 'h'.repeat(32),
    productName: 'All-access',
    productSlug: 'all-access',
    kind: 'team' as const,
    amount: 79_900,
    currency: 'USD',
    email: null,
    customData: { checkout: 'h'.repeat(32), product: 'all-access', kind: 'team' },
  };

  it('fixes the server’s price in a one-off, tax-exclusive price of one unit', () => {
    expect(paddleTransactionRequest(input)).toEqual({
      items: [
        {
          quantity: 1,
          price: {
            name: 'All-access',
            description: 'All-access (team licence)',
            unitPrice: { amount: '79900', currencyCode: 'USD' },
            taxMode: 'external',
            quantity: { minimum: 1, maximum: 1 },
            product: {
              name: 'All-access',
              taxCategory: 'standard',
              customData: { slug: 'all-access' },
            },
            customData: { kind: 'team' },
          },
        },
      ],
      currencyCode: 'USD',
      collectionMode: 'automatic',
      customData: input.customData,
    });
  });

  it('opens Paddle.js with the client token and our receipt route', () => {
    const provider = createPaddleProvider({
      apiKey: 'k',
      clientToken: 'test_tok',
      environment: 'production',
      appUrl: 'https://store.example',
    });
    expect(provider.name).toBe('paddle');
    expect(provider.frame('txn_01')).toEqual({
      provider: 'paddle',
      transactionId: 'txn_01',
      clientToken: 'test_tok',
      environment: 'production',
    });
    expect(provider.receiptUrl('txn_01')).toBe('/receipts/txn_01');
  });
});

describe(`the store on Paddle (${TEST_DATABASE}, no call to Paddle)`, () => {
  it('verifies webhooks with the Paddle secrets, serves no sandbox, and guards the receipt route', async () => {
    const { app, services } = await testApp({
      env: { ...PADDLE_ENV, PADDLE_WEBHOOK_SECRET_PREVIOUS: 'previous_secret' },
    });
    expect(services.payments.provider.name).toBe('paddle');
    expect(services.payments.sandbox).toBeNull();
    const event = JSON.stringify({
      event_id: `evt_paddle_${Date.now()}`,
      event_type: 'subscription.created',
      occurred_at: new Date().toISOString(),
      data: { id: 'sub_1' },
    });
    const post = (header: string) =>
      request(app)
        .post('/webhooks/paddle')
        .set('Content-Type', 'application/json')
        .set('Paddle-Signature', header)
        .send(event);
    const now = Date.now() / 1000;
    expect((await post(signatureHeader(PADDLE_ENV.PADDLE_WEBHOOK_SECRET, event, now))).status).toBe(
      200,
    );
    expect((await post(signatureHeader('previous_secret', event, now))).status).toBe(200);
    expect(
      (await post(signatureHeader(derivedSandboxWebhookSecret(TEST_SECRET), event, now))).status,
    ).toBe(401);

    expect((await request(app).get(`/sandbox-checkout/txn_${'0'.repeat(26)}`)).status).toBe(404);
    const visitor = await request(app).get('/receipts/txn_01abc');
    expect(visitor.status).toBe(302);
    expect(visitor.headers.location).toBe('/login');
    const email = uniqueEmail('receipts');
    await createUser(services, email, 'a long password for tests');
    const browser = new TestBrowser(app);
    await browser.submit('post', '/login', { email, password: 'a long password for tests' });
    expect(await browser.signedInAs()).toBe(email);
    expect((await browser.visit('/receipts/txn_01abc')).status).toBe(404);
    expect((await browser.visit('/receipts/not-a-transaction')).status).toBe(404);
    // The sandbox's refund is not there either: refunds go through Paddle.
    expect(
      (await browser.submit('post', `/sandbox-receipts/txn_${'0'.repeat(26)}/refund`)).status,
    ).toBe(404);
  });
});
