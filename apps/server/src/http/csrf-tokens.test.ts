import { createHmac } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { beforeEach, describe, expect, it } from 'vitest';
import { CSRF_STATUS, createCsrf, XSRF_COOKIE } from './csrf.ts';
import { HttpError } from './errors.ts';

/**
 * The token itself, without an app: what makes one valid, which requests must carry one, where
 * it may come from, and the cookie it travels in. (csrf.test.ts proves the same through the
 * store's routes, with real sessions.)
 */
const SECRET = 'a session secret long enough for the tests';

function fakeRequest(options: {
  method?: string;
  userId?: number;
  cookie?: string;
  headers?: Record<string, string>;
  body?: unknown;
  noSession?: boolean;
}): Request {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.headers ?? {}))
    headers[name.toLowerCase()] = value;
  if (options.cookie !== undefined)
    headers.cookie = `${XSRF_COOKIE}=${encodeURIComponent(options.cookie)}`;
  return {
    method: options.method ?? 'POST',
    headers,
    body: options.body,
    session: options.noSession ? undefined : { userId: options.userId },
    get: (name: string) => headers[name.toLowerCase()],
  } as unknown as Request;
}

function fakeResponse() {
  const set: Record<string, unknown> = {};
  const res = {
    getHeader: (name: string) => set[name.toLowerCase()],
    setHeader: (name: string, value: unknown) => {
      set[name.toLowerCase()] = value;
    },
  } as unknown as Response;
  const cookies = () => (set['set-cookie'] as string[] | undefined) ?? [];
  return { res, cookies };
}

/** Runs the middleware: what it passed to `next` (undefined when the request goes on). */
function run(csrf: ReturnType<typeof createCsrf>, req: Request, res: Response) {
  let outcome: { error: unknown } | null = null;
  csrf.middleware(req, res, ((error?: unknown) => {
    outcome = { error };
  }) as NextFunction);
  if (!outcome) throw new Error('the middleware did not call next');
  return (outcome as { error: unknown }).error;
}

/** A token minted for `userId` (or a visitor) by the store's own rotation. */
function tokenFor(csrf: ReturnType<typeof createCsrf>, userId?: number) {
  return csrf.rotate(fakeRequest({ userId }), fakeResponse().res);
}

describe('CSRF tokens', () => {
  // Made before each test, so that what creating it runs counts toward that test.
  let csrf: ReturnType<typeof createCsrf>;
  beforeEach(() => {
    csrf = createCsrf({ secret: SECRET, secure: false });
  });

  it('takes a token only for the user (or visitor) it was made for', () => {
    const visitor = tokenFor(csrf);
    const one = tokenFor(csrf, 1);
    expect(csrf.isValid(visitor, fakeRequest({}))).toBe(true);
    expect(csrf.isValid(visitor, fakeRequest({ noSession: true }))).toBe(true);
    expect(csrf.isValid(one, fakeRequest({ userId: 1 }))).toBe(true);
    expect(csrf.isValid(one, fakeRequest({ userId: 2 }))).toBe(false);
    expect(csrf.isValid(one, fakeRequest({}))).toBe(false);
    expect(csrf.isValid(visitor, fakeRequest({ userId: 1 }))).toBe(false);
  });

  it('takes no token made with another secret', () => {
    const other = createCsrf({ secret: `${SECRET}!`, secure: false });
    expect(csrf.isValid(tokenFor(other, 1), fakeRequest({ userId: 1 }))).toBe(false);
  });

  it('mints a different token every time', () => {
    expect(tokenFor(csrf, 1)).not.toBe(tokenFor(csrf, 1));
  });

  it('refuses malformed tokens without throwing', () => {
    const good = tokenFor(csrf, 1);
    const [nonce, mac] = good.split('.');
    const req = fakeRequest({ userId: 1 });
    for (const token of [
      undefined,
      null,
      42,
      ['a', 'b'],
      '',
      '.',
      nonce!,
      `${nonce}.`,
      `.${mac}`,
      `${nonce}.${mac!.slice(1)}`,
      `${nonce}.${mac}x`,
      `${nonce}x.${mac}`,
      `${nonce}.${mac!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
    ])
      expect(csrf.isValid(token, req), String(token)).toBe(false);
  });

  it('refuses a correctly signed token longer than 200 characters, and takes one of 200', () => {
    // The documented form, `nonce.hmac(nonce, who)`, signed with the store's own key.
    const key = createHmac('sha256', SECRET).update('tessera:csrf:v1').digest();
    const sign = (nonce: string) =>
      `${nonce}.${createHmac('sha256', key).update(`${nonce}:1`).digest('base64url')}`;
    const req = fakeRequest({ userId: 1 });
    const macLength = sign('x').length - 2;
    expect(csrf.isValid(sign('n'.repeat(200 - macLength - 1)), req)).toBe(true);
    expect(sign('n'.repeat(200 - macLength - 1))).toHaveLength(200);
    expect(csrf.isValid(sign('n'.repeat(201 - macLength - 1)), req)).toBe(false);
    // An empty nonce would make one fixed token per user: never valid.
    expect(csrf.isValid(sign(''), req)).toBe(false);
  });

  it('sends the token in a cookie the page script can read, for a week, same-site', () => {
    const plain = fakeResponse();
    const token = csrf.rotate(fakeRequest({ userId: 1 }), plain.res);
    expect(plain.cookies()).toEqual([
      `${XSRF_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=604800; SameSite=Lax`,
    ]);
    const secure = fakeResponse();
    createCsrf({ secret: SECRET, secure: true }).rotate(fakeRequest({}), secure.res);
    expect(secure.cookies()[0]).toMatch(/; Secure; SameSite=Lax$/);
  });

  describe('the middleware', () => {
    it('lets reads through, minting a token only when the visitor has no valid one', () => {
      for (const method of ['GET', 'HEAD', 'OPTIONS']) {
        const fresh = fakeResponse();
        expect(run(csrf, fakeRequest({ method }), fresh.res)).toBeUndefined();
        expect(fresh.cookies()).toHaveLength(1);
        const kept = fakeResponse();
        expect(run(csrf, fakeRequest({ method, cookie: tokenFor(csrf) }), kept.res)).toBe(
          undefined,
        );
        expect(kept.cookies()).toEqual([]);
        const stale = fakeResponse();
        run(csrf, fakeRequest({ method, userId: 1, cookie: tokenFor(csrf) }), stale.res);
        expect(stale.cookies()).toHaveLength(1);
      }
    });

    it('refuses every other method without a matching token, with "page expired"', () => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const error = run(
          csrf,
          fakeRequest({ method, cookie: tokenFor(csrf) }),
          fakeResponse().res,
        );
        expect(error).toBeInstanceOf(HttpError);
        expect(error).toMatchObject({
          status: CSRF_STATUS,
          message: 'This page has expired. Please refresh the page and try again.',
        });
      }
    });

    it('takes the token from X-XSRF-TOKEN, X-CSRF-TOKEN or a form’s `_token`', () => {
      const token = tokenFor(csrf, 1);
      const sources: Record<string, string>[] = [
        { 'X-XSRF-TOKEN': token },
        { 'X-CSRF-TOKEN': token },
      ];
      for (const headers of sources) {
        const req = fakeRequest({ userId: 1, cookie: token, headers, body: { a: 1 } });
        const answer = fakeResponse();
        expect(run(csrf, req, answer.res)).toBeUndefined();
        expect(answer.cookies()).toEqual([]);
      }
      const body = { _token: token, name: 'Team' };
      const req = fakeRequest({ userId: 1, cookie: token, body });
      expect(run(csrf, req, fakeResponse().res)).toBeUndefined();
      // The token is not form data: the route never sees it.
      expect(req.body).toEqual({ name: 'Team' });
    });

    it('refuses a valid header without the same token in the cookie', () => {
      const token = tokenFor(csrf, 1);
      for (const cookie of [undefined, tokenFor(csrf, 1)]) {
        const req = fakeRequest({ userId: 1, cookie, headers: { 'X-XSRF-TOKEN': token } });
        expect(run(csrf, req, fakeResponse().res)).toMatchObject({ status: CSRF_STATUS });
      }
      // A form whose `_token` is not a string, or a body that is not a form, carries none.
      for (const body of [{ _token: 1 }, null, 'text', [token]]) {
        const req = fakeRequest({ userId: 1, cookie: token, body });
        expect(run(csrf, req, fakeResponse().res)).toMatchObject({ status: CSRF_STATUS });
      }
    });

    it('gives a refused request a fresh token only when its cookie is not valid', () => {
      const refusedWithout = fakeResponse();
      run(csrf, fakeRequest({ userId: 1 }), refusedWithout.res);
      const token = refusedWithout
        .cookies()[0]!
        .split(';')[0]!
        .slice(XSRF_COOKIE.length + 1);
      expect(csrf.isValid(decodeURIComponent(token), fakeRequest({ userId: 1 }))).toBe(true);

      const refusedWith = fakeResponse();
      run(csrf, fakeRequest({ userId: 1, cookie: tokenFor(csrf, 1) }), refusedWith.res);
      expect(refusedWith.cookies()).toEqual([]);
    });
  });

  it('`current` keeps a valid token and replaces any other', () => {
    const token = tokenFor(csrf, 1);
    const kept = fakeResponse();
    expect(csrf.current(fakeRequest({ userId: 1, cookie: token }), kept.res)).toBe(token);
    expect(kept.cookies()).toEqual([]);
    const replaced = fakeResponse();
    const fresh = csrf.current(fakeRequest({ userId: 2, cookie: token }), replaced.res);
    expect(fresh).not.toBe(token);
    expect(csrf.isValid(fresh, fakeRequest({ userId: 2 }))).toBe(true);
    expect(replaced.cookies()).toHaveLength(1);
  });
});
