import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { Response } from 'express';
import { describe, expect, it } from 'vitest';
import { parseCookies, serializeCookie, setCookie } from './cookies.ts';

function response(): Response {
  return new ServerResponse(new IncomingMessage(new Socket())) as unknown as Response;
}

describe('parseCookies', () => {
  it('reads nothing from a missing or empty header', () => {
    expect(parseCookies(undefined)).toEqual({});
    expect(parseCookies('')).toEqual({});
  });

  it('reads each pair, trimming the spaces around names and values', () => {
    expect(parseCookies('a=1;b=2;  c = 3 ')).toEqual({ a: '1', b: '2', c: '3' });
  });

  it('keeps the first of two cookies with one name, as browsers send the most specific first', () => {
    expect(parseCookies('session=mine; session=planted')).toEqual({ session: 'mine' });
  });

  it('skips pairs without a name or an equals sign, and keeps equals signs inside a value', () => {
    expect(parseCookies('flag; =orphan; token=abc.def==; ;x=')).toEqual({
      token: 'abc.def==',
      x: '',
    });
  });

  it('takes names that are also Object.prototype properties as ordinary names', () => {
    expect(parseCookies('constructor=1; toString=2; hasOwnProperty=3')).toEqual({
      constructor: '1',
      toString: '2',
      hasOwnProperty: '3',
    });
  });

  it('unquotes a quoted value, but not a value with only an opening or a closing quote', () => {
    expect(parseCookies('a="quoted value"; b="open; c=""; d=close"')).toEqual({
      a: 'quoted value',
      b: '"open',
      c: '',
      d: 'close"',
    });
  });

  it('percent-decodes values and keeps a malformed encoding as sent', () => {
    expect(parseCookies('ok=%E2%9C%93%20yes; bad=%E0%A4%A; lone=%')).toEqual({
      ok: '✓ yes',
      bad: '%E0%A4%A',
      lone: '%',
    });
  });
});

describe('serializeCookie', () => {
  it('defaults to the whole site, HttpOnly and SameSite=Lax', () => {
    expect(serializeCookie('sid', 'abc', { maxAgeSeconds: 60 })).toBe(
      'sid=abc; Path=/; Max-Age=60; HttpOnly; SameSite=Lax',
    );
  });

  it('writes every option it is given', () => {
    expect(
      serializeCookie('XSRF-TOKEN', 't', {
        maxAgeSeconds: 3600,
        path: '/account',
        httpOnly: false,
        secure: true,
        sameSite: 'Strict',
      }),
    ).toBe('XSRF-TOKEN=t; Path=/account; Max-Age=3600; Secure; SameSite=Strict');
  });

  it('expires the cookie at once for a zero or negative age, and only then', () => {
    expect(serializeCookie('sid', '', { maxAgeSeconds: 0 })).toBe(
      'sid=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax',
    );
    expect(serializeCookie('sid', '', { maxAgeSeconds: -5 })).toContain(
      'Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    );
    expect(serializeCookie('sid', 'x', { maxAgeSeconds: 1 })).not.toContain('Expires');
    expect(serializeCookie('sid', 'x', { maxAgeSeconds: 59.9 })).toContain('Max-Age=59;');
  });

  it('encodes a value that would otherwise end the cookie or start another, and parses back', () => {
    const value = 'a;b=c, d "e" ✓ %';
    const serialized = serializeCookie('v', value, { maxAgeSeconds: 1 });
    expect(serialized.split('; ')[0]).toBe(`v=${encodeURIComponent(value)}`);
    expect(parseCookies(serialized.split('; ')[0])).toEqual({ v: value });
  });
});

describe('setCookie', () => {
  it('replaces an earlier cookie of the same name and keeps the others', () => {
    const res = response();
    setCookie(res, 'a', 'a=1');
    setCookie(res, 'b', 'b=2');
    setCookie(res, 'ab', 'ab=3');
    setCookie(res, 'a', 'a=4');
    expect(res.getHeader('Set-Cookie')).toEqual(['b=2', 'ab=3', 'a=4']);
  });

  it('keeps a cookie another middleware set as a single header string', () => {
    const res = response();
    res.setHeader('Set-Cookie', 'other=1; Path=/');
    setCookie(res, 'sid', 'sid=2');
    expect(res.getHeader('Set-Cookie')).toEqual(['other=1; Path=/', 'sid=2']);
  });
});
