import helmet from 'helmet';
import type { RequestHandler } from 'express';

export interface SecurityOptions {
  appUrl: string;
  /** The Vite dev server is mounted: allow its inline preamble and HMR websocket. */
  viteDev: boolean;
  /** Other origins our forms may post to (an external mailing-list form service). */
  formOrigins?: string[];
  /**
   * Paddle Billing's environment when it takes the money: Paddle.js comes from Paddle's CDN
   * (never self-hosted, Paddle's own rule) and its inline checkout is a frame from Paddle's
   * checkout origin, so those two are allowed; nothing of Paddle's otherwise.
   */
  paddle?: 'sandbox' | 'production' | null;
}

const PADDLE_CHECKOUT_ORIGIN = {
  sandbox: 'https://sandbox-buy.paddle.com',
  production: 'https://buy.paddle.com',
} as const;

export function contentSecurityPolicy({
  appUrl,
  viteDev,
  formOrigins = [],
  paddle = null,
}: SecurityOptions) {
  const https = appUrl.startsWith('https:');
  const paddleScript = paddle ? ['https://cdn.paddle.com'] : [];
  const paddleFrame = paddle ? [PADDLE_CHECKOUT_ORIGIN[paddle]] : [];
  return {
    'default-src': ["'self'"],
    // The page object is a `type="application/json"` script, which CSP does not block.
    'script-src': [...(viteDev ? ["'self'", "'unsafe-inline'"] : ["'self'"]), ...paddleScript],
    'script-src-attr': ["'none'"],
    // React `style` props become inline style attributes.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    // Component previews render in same-origin iframes.
    'frame-src': ["'self'", ...paddleFrame],
    'connect-src': viteDev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
    'form-action': ["'self'", ...formOrigins],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Browser features no page of the store uses are off for the page and every frame in it.
 * `payment` (the Payment Request API) stays open to our own origin, where the sandbox checkout
 * runs, and to Paddle's inline checkout frames, which need it for wallet payments (Apple Pay,
 * Google Pay): Paddle's iframe only gets it through this allowlist plus its `allow="payment"`.
 */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=(self "https://buy.paddle.com" "https://sandbox-buy.paddle.com")',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

export function securityHeaders(options: SecurityOptions): RequestHandler {
  const https = options.appUrl.startsWith('https:');
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    // Same-origin Referer is what `redirectBack` relies on after a failed form.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  return (req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    headers(req, res, next);
  };
}
