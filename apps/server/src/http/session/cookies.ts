import type { Response } from 'express';

/** Parses a `Cookie` request header; the first occurrence of a name wins, as in browsers. */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const pair of header.split(';')) {
    const index = pair.indexOf('=');
    if (index <= 0) continue;
    const name = pair.slice(0, index).trim();
    if (!name || Object.hasOwn(cookies, name)) continue;
    let value = pair.slice(index + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // Kept as sent.
    }
    // A NUL would reach the database (a remember-me selector): such a cookie is no cookie.
    if (!value.includes('\0')) cookies[name] = value;
  }
  return cookies;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`];
  parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`);
  if (options.maxAgeSeconds <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (options.httpOnly ?? true) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  return parts.join('; ');
}

function setCookieHeaders(res: Response): string[] {
  const current = res.getHeader('Set-Cookie');
  if (current === undefined) return [];
  return Array.isArray(current) ? current : [String(current)];
}

/** Adds a `Set-Cookie`, replacing one for the same name set earlier in this response. */
export function setCookie(res: Response, name: string, serialized: string): void {
  const others = setCookieHeaders(res).filter((cookie) => !cookie.startsWith(`${name}=`));
  res.setHeader('Set-Cookie', [...others, serialized]);
}
