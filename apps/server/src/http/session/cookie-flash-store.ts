import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FlashData, FlashStore } from './flash.ts';
import { isCookieSet, parseCookies, serializeCookie, setCookie } from './cookies.ts';

export interface CookieFlashStoreOptions {
  /** SESSION_SECRET. */
  secret: string;
  /** Send the cookie over HTTPS only (true when the store is served over https). */
  secure: boolean;
  name?: string;
  /** Flash is for the very next request; anything older is dropped. */
  maxAgeSeconds?: number;
  now?: () => number;
  /** Called when a flash had to be shrunk or dropped to fit in a cookie. */
  onOversize?: (bytes: number) => void;
}

// Browsers keep at least 4096 bytes per cookie, name and attributes included.
const MAX_COOKIE_BYTES = 4000;

interface Envelope {
  /** Expiry, epoch milliseconds. */
  e: number;
  d: FlashData;
}

/**
 * Flash in a signed cookie: `base64url(json).base64url(hmac-sha256)`, HttpOnly, SameSite=Lax,
 * short-lived, cleared as soon as it is read. The signing key is derived from SESSION_SECRET
 * for this purpose only, so a signature here is worthless anywhere else.
 */
export function createCookieFlashStore(options: CookieFlashStoreOptions): FlashStore {
  const name = options.name ?? 'tessera_flash';
  const maxAgeSeconds = options.maxAgeSeconds ?? 60;
  const now = options.now ?? Date.now;
  const key = createHmac('sha256', options.secret).update('tessera:flash-cookie:v1').digest();
  const attributes = { secure: options.secure, httpOnly: true, sameSite: 'Lax' as const };

  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest();

  function encode(data: FlashData): string {
    const payload = Buffer.from(
      JSON.stringify({ e: now() + maxAgeSeconds * 1000, d: data } satisfies Envelope),
    ).toString('base64url');
    return `${payload}.${sign(payload).toString('base64url')}`;
  }

  function decode(value: string): FlashData | null {
    const dot = value.indexOf('.');
    if (dot <= 0) return null;
    const payload = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), 'base64url');
    const expected = sign(payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const envelope = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Envelope;
      if (typeof envelope.e !== 'number' || envelope.e < now()) return null;
      return typeof envelope.d === 'object' && envelope.d !== null ? envelope.d : null;
    } catch {
      return null;
    }
  }

  return {
    read(req, res) {
      const value = parseCookies(req.headers.cookie)[name];
      if (value === undefined) return null;
      // A flash this response already wrote for the next request must survive the read.
      if (!isCookieSet(res, name)) {
        setCookie(res, name, serializeCookie(name, '', { ...attributes, maxAgeSeconds: 0 }));
      }
      return decode(value);
    },
    write(res, data) {
      let serialized = serializeCookie(name, encode(data), { ...attributes, maxAgeSeconds });
      if (serialized.length > MAX_COOKIE_BYTES && data.old) {
        options.onOversize?.(serialized.length);
        const { old: _old, ...withoutOld } = data;
        serialized = serializeCookie(name, encode(withoutOld), { ...attributes, maxAgeSeconds });
      }
      if (serialized.length > MAX_COOKIE_BYTES) {
        options.onOversize?.(serialized.length);
        return;
      }
      setCookie(res, name, serialized);
    },
  };
}
