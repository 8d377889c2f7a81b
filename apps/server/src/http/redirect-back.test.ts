import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '../modules/auth/index.ts';
import { HOST, HOSTILE_REFERERS } from '../../test/hostile-referers.ts';
import { backUrl, safePath } from './redirect-back.ts';

/** Every spelling of "somewhere else" we know of; none may come out of the gate. */
const HOSTILE = [
  '//evil.example',
  '//evil.example/path',
  '/\\evil.example',
  '\\/evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  'https://evil.example/',
  'http:evil.example',
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  ' /components',
  '/%2F%2Fevil.example',
  '/%2f%2fevil.example',
  '/%2F/evil.example',
  '/%5Cevil.example',
  '/%5cevil.example',
  '/%252F%252Fevil.example',
  '/%25252F%25252Fevil.example',
  '/%255Cevil.example',
  '/components\u0000',
  '/components%00',
  '/components\r\nLocation: https://evil.example',
  '/components%0d%0aSet-Cookie:%20a=b',
  '/components\t',
  '/a b',
  '/components\u2028',
  '/components\u2029',
  '/components\u007f',
  '/components\u0085',
  '/components\u009f',
  '/components\\evil.example',
  '/components%5Cevil.example',
  '/%E0%A4%A',
  '/components/%',
  'components',
  '',
  `/${'a'.repeat(2048)}`,
];

const SAFE = [
  '/',
  '/components',
  '/components/marketing/sections/heroes?lang=vue',
  '/documentation/getting-started#install',
  '/search?q=%2Fslash',
  '/licenses/ABCD-EFGH',
  '/caf%C3%A9',
  '/components\u00a0',
  `/${'a'.repeat(2047)}`,
  // Three encodings deep is still decoded to the end, and is still this site.
  '/search?q=%252541',
];

describe('safePath', () => {
  it.each(HOSTILE)('refuses %j', (value) => {
    expect(safePath(value)).toBeNull();
    expect(safeRedirectPath(value, '/fallback')).toBe('/fallback');
  });

  it.each(SAFE)('keeps the same-site path %j as it is', (value) => {
    expect(safePath(value)).toBe(value);
  });

  it('refuses a path that is still encoded after four decodings', () => {
    // `/aA` encoded four times: the gate does not decode forever.
    expect(safePath('/a%25252541')).toBeNull();
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 1, ['/'], { path: '/' }])
      expect(safePath(value)).toBeNull();
  });
});

describe('backUrl', () => {
  const from = (referer: string | undefined, host = HOST) =>
    ({
      get: (name: string) => ({ referer, host })[name.toLowerCase()],
    }) as unknown as Request;

  it('goes back to a page of this host, over http or https, with its query', () => {
    expect(backUrl(from(`http://${HOST}/components?lang=vue`))).toBe('/components?lang=vue');
    expect(backUrl(from(`https://${HOST}/licenses`))).toBe('/licenses');
  });

  it('goes to the fallback, or home, for anything else', () => {
    for (const referer of [...HOSTILE_REFERERS, undefined, '', 'not a url']) {
      expect(backUrl(from(referer)), referer).toBe('/');
      expect(backUrl(from(referer), '/cart'), referer).toBe('/cart');
    }
    expect(backUrl(from(`http://${HOST}/components`, 'other.example'))).toBe('/');
  });
});
