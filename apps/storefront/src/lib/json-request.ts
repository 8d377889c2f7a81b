/**
 * JSON calls outside Inertia visits (the sandbox checkout frame, the thank-you page's polling).
 * State-changing ones carry the CSRF token the way the Inertia client does: the server's
 * readable XSRF-TOKEN cookie echoed in the X-XSRF-TOKEN header (apps/server/src/http/csrf.ts).
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** The XSRF-TOKEN cookie's value, decoded, or null. */
export function xsrfToken(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== XSRF_COOKIE) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

export type JsonResponse = { status: number; ok: boolean; data: unknown };

export type JsonRequest = {
  method?: 'GET' | 'POST';
  body?: unknown;
  signal?: AbortSignal;
};

/** Sends a same-origin JSON request; `data` is the parsed body, or null when it is not JSON. */
export async function requestJson(
  url: string,
  { method = 'GET', body, signal }: JsonRequest = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    const token = xsrfToken(document.cookie);
    if (token) headers[XSRF_HEADER] = token;
  }
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
  let data: unknown = null;
  if (response.headers.get('Content-Type')?.includes('application/json')) {
    data = await response.json().catch(() => null);
  }
  return { status: response.status, ok: response.ok, data };
}
