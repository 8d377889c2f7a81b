import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';

export type ContentCoding = 'br' | 'gzip' | 'identity';

/** Our order of preference when the client likes several codings equally. */
const PREFERENCE: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

/** Below this a coded body saves less than its headers and framing cost. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

/**
 * The coding to send for an `Accept-Encoding` header (RFC 9110 §12.5.3), among `available`
 * (identity is always available). q-values and `*` count; ties go to br, then gzip. No header:
 * identity. When even identity is refused (`identity;q=0`, `*;q=0`), identity all the same: a
 * body the client may decode beats a 406 for a page.
 */
export function negotiateEncoding(
  header: string | undefined,
  available: readonly ContentCoding[] = ['br', 'gzip'],
): ContentCoding {
  if (header === undefined) return 'identity';
  // Browsers send a handful of distinct headers: parse each once.
  const key = `${available.join(',')}|${header}`;
  let coding = negotiated.get(key);
  if (coding === undefined) {
    coding = negotiate(header, available);
    if (negotiated.size >= 256) negotiated.clear();
    negotiated.set(key, coding);
  }
  return coding;
}

const negotiated = new Map<string, ContentCoding>();

function negotiate(header: string, available: readonly ContentCoding[]): ContentCoding {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((item) => item.trim());
      if (key?.toLowerCase() !== 'q') continue;
      const parsed = Number(value);
      q = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value ?? '') ? parsed : 0;
    }
    // A coding named twice keeps its best weight.
    weights.set(name, Math.max(q, weights.get(name) ?? 0));
  }
  const star = weights.get('*');
  // Identity unnamed is acceptable, but no more than what the client did name (as negotiator
  // does): `gzip;q=0.8` still means gzip.
  const named = [...weights.values()].filter((weight) => weight > 0);
  const identityByDefault = named.length > 0 ? Math.min(...named) : 1;
  const weightOf = (coding: ContentCoding) => {
    const given = weights.get(coding === 'gzip' && !weights.has('gzip') ? 'x-gzip' : coding);
    if (given !== undefined) return given;
    if (star !== undefined) return star;
    return coding === 'identity' ? identityByDefault : 0;
  };
  let best: ContentCoding = 'identity';
  let bestWeight = 0;
  for (const coding of PREFERENCE) {
    if (coding !== 'identity' && !available.includes(coding)) continue;
    const weight = weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function compress(body: Buffer, coding: Exclude<ContentCoding, 'identity'>) {
  return coding === 'br'
    ? brotli(body, {
        params: {
          // Compressed once and kept (render cache, build step): worth more than the default 4…
          [constants.BROTLI_PARAM_QUALITY]: 9,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: 9 });
}

/** A strong validator: the same bytes, the same tag; a coded body has its own (RFC 9110 §8.8.3). */
export function entityTag(body: Buffer | string): string {
  return createHash('sha1').update(body).digest('base64url').slice(0, 27);
}

export function etagFor(tag: string, coding: ContentCoding): string {
  return coding === 'identity' ? `"${tag}"` : `"${tag}-${coding === 'br' ? 'br' : 'gz'}"`;
}

/** Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 §13.1.2 asks for GET). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/**
 * One response body with its content type and entity tag, and its br and gzip codings made
 * once, on first demand, off the main thread; kept for as long as the representation is.
 */
export class Representation {
  readonly body: Buffer;
  readonly type: string;
  readonly tag: string;
  readonly compressible: boolean;
  #coded = new Map<'br' | 'gzip', Promise<Buffer>>();

  constructor(body: Buffer | string, type: string, { compressible = true } = {}) {
    this.body = typeof body === 'string' ? Buffer.from(body) : body;
    this.type = type;
    this.tag = entityTag(this.body);
    this.compressible = compressible && this.body.length >= MIN_COMPRESSIBLE_BYTES;
  }

  coded(coding: 'br' | 'gzip'): Promise<Buffer> {
    let coded = this.#coded.get(coding);
    if (!coded) {
      coded = compress(this.body, coding);
      this.#coded.set(coding, coded);
      coded.catch(() => this.#coded.delete(coding));
    }
    return coded;
  }

  /** Bytes held: the body and whichever codings are done (for a cache's size bound). */
  get weight(): number {
    return this.body.length * (1 + this.#coded.size);
  }
}

/**
 * Sends `representation` with the coding the client prefers: `Vary: Accept-Encoding`, a strong
 * ETag per coding, 304 for a matching `If-None-Match` (GET and HEAD, 2xx only), no body for HEAD.
 * Range is not offered (`Accept-Ranges: none`): these are pages, not downloads.
 */
export async function sendRepresentation(
  req: Request,
  res: Response,
  representation: Representation,
  status = 200,
): Promise<void> {
  res.vary('Accept-Encoding');
  const coding = representation.compressible
    ? negotiateEncoding(req.headers['accept-encoding'])
    : 'identity';
  const body = coding === 'identity' ? representation.body : await representation.coded(coding);
  const etag = etagFor(representation.tag, coding);
  res.setHeader('ETag', etag);
  res.setHeader('Accept-Ranges', 'none');
  const cacheable = (req.method === 'GET' || req.method === 'HEAD') && status === 200;
  if (cacheable && matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
    res.status(304).end();
    return;
  }
  res.status(status);
  res.setHeader('Content-Type', representation.type);
  if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
  res.setHeader('Content-Length', body.length);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}
