import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SAMPLE_DIGITAL_GOODS_DIR } from './config.ts';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has working defaults for development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      isDevelopment: true,
      isProduction: false,
      host: '127.0.0.1',
      port: 3000,
      appUrl: 'http://127.0.0.1:3000',
      brandName: 'Tessera UI',
      logLevel: 'info',
      ssr: true,
      trustProxy: false,
    });
    expect(config.storefrontDist).toBe(path.resolve(import.meta.dirname, '../../storefront/dist'));
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('reads the Black Friday window, defaulting to 2026 and refusing one it cannot use', () => {
    expect(loadConfig({}).blackFriday).toMatchObject({
      endsAt: Date.parse('2026-11-28T12:00:00Z'),
      lastDay: '2026-11-27',
    });
    expect(
      loadConfig({
        BLACK_FRIDAY_STARTS_AT: '2027-11-22T00:00:00-05:00',
        BLACK_FRIDAY_ENDS_AT: '2027-11-27T00:00:00-05:00',
      }).blackFriday,
    ).toEqual({
      startsAt: Date.parse('2027-11-22T05:00:00Z'),
      endsAt: Date.parse('2027-11-27T05:00:00Z'),
      lastDay: '2027-11-26',
    });
    for (const env of [
      { BLACK_FRIDAY_ENDS_AT: '2026-11-28' } as Record<string, string>,
      { BLACK_FRIDAY_ENDS_AT: 'next friday' },
      { BLACK_FRIDAY_STARTS_AT: '2026-11-29T00:00:00Z' },
    ]) {
      expect(configError(env).issues.join()).toMatch(/^BLACK_FRIDAY_ENDS_AT: .*ISO 8601/);
    }
  });

  it('refuses a production store of several instances without SMTP: each would keep its own outbox', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'p'.repeat(48),
      PAYMENTS_TEST_MODE: 'true',
    };
    expect(configError({ ...production, INSTANCES: '3' }).issues).toEqual([
      'SMTP_URL: is required in production with INSTANCES above 1: without it every instance keeps its own mail outbox folder',
    ]);
    expect(configError({ ...production, INSTANCES: 'two' }).issues).toEqual([
      'INSTANCES: must be a whole number (got "two")',
    ]);
    expect(configError({ ...production, INSTANCES: '0' }).issues).toEqual([
      'INSTANCES: must be between 1 and 1000 (got "0")',
    ]);
    // One instance, or several with SMTP, or several outside production: fine.
    expect(loadConfig(production).smtpUrl).toBeUndefined();
    expect(loadConfig({ ...production, INSTANCES: '1' }).isProduction).toBe(true);
    const smtp = 'smtp://mail.example.com:587';
    expect(loadConfig({ ...production, INSTANCES: '3', SMTP_URL: smtp }).smtpUrl).toBe(smtp);
    expect(loadConfig({ INSTANCES: '3' }).smtpUrl).toBeUndefined();
  });

  it('warns about the development session secret in development only', () => {
    expect(loadConfig({}).warnings.join()).toContain('SESSION_SECRET');
    expect(loadConfig({ NODE_ENV: 'test' }).warnings).toEqual([]);
    expect(loadConfig({ SESSION_SECRET: 'a'.repeat(32) }).warnings).toEqual([]);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: '8080',
      APP_URL: 'https://store.example.com/',
      BRAND_NAME: 'Mosaic',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'p'.repeat(48),
      SSR: 'off',
      STOREFRONT_DIST: 'relative/dist',
      TRUST_PROXY: '1',
      PAYMENTS_TEST_MODE: 'on',
      DIGITAL_GOODS_DIR: 'relative/goods',
    });
    expect(config).toMatchObject({
      isProduction: true,
      host: '0.0.0.0',
      port: 8080,
      appUrl: 'https://store.example.com',
      brandName: 'Mosaic',
      logLevel: 'warn',
      sessionSecret: 'p'.repeat(48),
      ssr: false,
      storefrontDist: path.resolve('relative/dist'),
      trustProxy: 1,
      digitalGoodsDir: path.resolve('relative/goods'),
      // The only warning: the default payment provider takes no money (decisions 006, 040).
      testMode: true,
      warnings: [expect.stringMatching(/^TEST MODE/)],
    });
  });

  it('hands over the labelled sample ebook only where no real money is taken', () => {
    const paddle = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'p'.repeat(48),
      PAYMENT_PROVIDER: 'paddle',
      PADDLE_API_KEY: 'pdl_key',
      PADDLE_CLIENT_TOKEN: 'live_token',
      PADDLE_WEBHOOK_SECRET: 'pdl_ntfset_secret',
      PADDLE_ENVIRONMENT: 'production',
    };
    expect(loadConfig({}).digitalGoodsDir).toBe(SAMPLE_DIGITAL_GOODS_DIR);
    expect(loadConfig(paddle).digitalGoodsDir).toBeUndefined();
    expect(loadConfig({ ...paddle, DIGITAL_GOODS_DIR: '/srv/goods' }).digitalGoodsDir).toBe(
      '/srv/goods',
    );
    // A production store on the sandbox says it hands over the sample.
    const sandbox = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'p'.repeat(48),
      PAYMENTS_TEST_MODE: 'on',
    });
    expect(sandbox.digitalGoodsDir).toBe(SAMPLE_DIGITAL_GOODS_DIR);
    expect(sandbox.warnings.join('\n')).toContain('the bundle hands over the SAMPLE ebook');
  });

  it('refuses a production store that takes test payments unless PAYMENTS_TEST_MODE says so (decision 040)', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(48) };
    expect(configError(production).issues).toEqual([
      'PAYMENT_PROVIDER: is sandbox: a production store takes no test payments unless PAYMENTS_TEST_MODE=true says it is a test store (every page, e-mail and licence then says test mode); set PAYMENT_PROVIDER=paddle and the PADDLE_* variables to sell',
    ]);
    const paddleSandbox = {
      ...production,
      PAYMENT_PROVIDER: 'paddle',
      PADDLE_API_KEY: 'pdl_key',
      PADDLE_CLIENT_TOKEN: 'test_token',
      PADDLE_WEBHOOK_SECRET: 'pdl_ntfset_secret',
      PADDLE_ENVIRONMENT: 'sandbox',
    };
    expect(configError(paddleSandbox).issues).toEqual([
      'PADDLE_ENVIRONMENT: is Paddle\'s sandbox: a production store takes no test payments unless PAYMENTS_TEST_MODE=true says it is a test store (every page, e-mail and licence then says test mode); set PADDLE_ENVIRONMENT=production to sell (got "sandbox")',
    ]);
    // Opted in, each is a test store; Paddle's live environment is not, and needs no opt-in.
    expect(loadConfig({ ...production, PAYMENTS_TEST_MODE: 'true' }).testMode).toBe(true);
    expect(loadConfig({ ...paddleSandbox, PAYMENTS_TEST_MODE: 'true' }).testMode).toBe(true);
    const live = loadConfig({ ...paddleSandbox, PADDLE_ENVIRONMENT: 'production' });
    expect([live.testMode, live.warnings]).toEqual([false, []]);
    // Outside production the sandbox needs no opt-in, and is still test mode.
    expect(loadConfig({}).testMode).toBe(true);
    expect(loadConfig({ ...paddleSandbox, NODE_ENV: 'development' }).testMode).toBe(true);
  });

  it('derives APP_URL from host and port', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '4000' }).appUrl).toBe('http://localhost:4000');
    expect(loadConfig({ HOST: '::1', PORT: '4000' }).appUrl).toBe('http://[::1]:4000');
  });

  it('allows port 0 (tests) and treats empty values as unset', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({ PORT: '', BRAND_NAME: '' })).toMatchObject({
      port: 3000,
      brandName: 'Tessera UI',
    });
  });

  it('parses TRUST_PROXY as a flag, a hop count or a list', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe(
      'loopback, 10.0.0.0/8',
    );
  });

  it('stops on a bad PORT with a message naming the variable and the value', () => {
    const error = configError({ PORT: 'eighty' });
    expect(error.message).toContain('Invalid environment configuration');
    expect(error.message).toContain('PORT: must be an integer between 0 and 65535 (got "eighty")');
    expect(configError({ PORT: '70000' }).issues).toEqual([
      'PORT: must be an integer between 0 and 65535 (got "70000")',
    ]);
  });

  it('requires a session secret of 32+ characters in production and never prints it', () => {
    const production = { NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' };
    expect(configError(production).issues).toEqual(['SESSION_SECRET: is required in production']);
    const error = configError({ ...production, SESSION_SECRET: 'short-secret' });
    expect(error.issues).toEqual(['SESSION_SECRET: must be at least 32 characters in production']);
    expect(error.message).not.toContain('short-secret');
  });

  it('lists every bad variable at once', () => {
    const error = configError({
      NODE_ENV: 'staging',
      SSR: 'maybe',
      LOG_LEVEL: 'loud',
      APP_URL: 'ftp://x',
    });
    expect(error.issues.map((issue) => issue.split(':')[0])).toEqual(
      expect.arrayContaining(['NODE_ENV', 'SSR', 'LOG_LEVEL', 'APP_URL']),
    );
  });

  it('refuses an https APP_URL without TRUST_PROXY: the Secure session cookie would never be set', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      const env = {
        NODE_ENV,
        PAYMENTS_TEST_MODE: 'true',
        APP_URL: 'https://store.example.com',
        SESSION_SECRET: 's'.repeat(40),
      };
      const error = configError(env);
      expect(error.issues).toHaveLength(1);
      expect(error.issues[0]).toMatch(/^TRUST_PROXY: must be set when APP_URL is https/);
      expect(configError({ ...env, TRUST_PROXY: 'false' }).issues[0]).toMatch(/^TRUST_PROXY/);
      expect(configError({ ...env, TRUST_PROXY: '0' }).issues[0]).toMatch(/^TRUST_PROXY/);
      expect(loadConfig({ ...env, TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
      expect(loadConfig({ ...env, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    }
    expect(loadConfig({ APP_URL: 'http://store.example.com' }).trustProxy).toBe(false);
  });

  it('bounds session and limiter store operations, 1 s unless STORE_TIMEOUT_MS says otherwise', () => {
    expect(loadConfig({}).storeTimeoutMs).toBe(1000);
    expect(loadConfig({ STORE_TIMEOUT_MS: '250' }).storeTimeoutMs).toBe(250);
    expect(configError({ STORE_TIMEOUT_MS: '0' }).issues[0]).toMatch(/^STORE_TIMEOUT_MS/);
    expect(configError({ STORE_TIMEOUT_MS: 'soon' }).issues[0]).toMatch(/^STORE_TIMEOUT_MS/);
  });
});
