import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security.ts';

describe('the content security policy', () => {
  it('allows nothing of Paddle while the sandbox takes the money', () => {
    const csp = contentSecurityPolicy({ appUrl: 'http://127.0.0.1:3000', viteDev: false });
    expect(JSON.stringify(csp)).not.toContain('paddle');
    expect(csp['script-src']).toEqual(["'self'"]);
  });

  it("allows Paddle.js from Paddle's CDN and the checkout frame of the configured environment only", () => {
    const sandbox = contentSecurityPolicy({
      appUrl: 'https://store.example',
      viteDev: false,
      paddle: 'sandbox',
    });
    expect(sandbox['script-src']).toEqual(["'self'", 'https://cdn.paddle.com']);
    expect(sandbox['frame-src']).toEqual(["'self'", 'https://sandbox-buy.paddle.com']);
    const live = contentSecurityPolicy({
      appUrl: 'https://store.example',
      viteDev: false,
      paddle: 'production',
    });
    expect(live['frame-src']).toEqual(["'self'", 'https://buy.paddle.com']);
    expect(live['connect-src']).toEqual(["'self'"]);
  });
});
