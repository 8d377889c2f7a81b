import { LRUCache } from 'lru-cache';
import type { Representation } from '../compression.ts';

export interface ResponseCacheOptions {
  /** The most the cached responses may weigh, in bytes (keys, bodies and their codings). */
  maxBytes?: number;
}

/** Thrown by a build that must not be kept (an SSR failure): carries what to send this once. */
export class UncachedResponse extends Error {
  readonly representation: Representation;
  constructor(representation: Representation) {
    super('not cached');
    this.representation = representation;
  }
}

/**
 * Finished responses of the Inertia pages, as bytes: the server-rendered document and the
 * Inertia JSON of a page object, each with its entity tag and its br/gzip codings once asked
 * for (docs/decisions/019-server-performance.md).
 *
 * A response is a pure function of the page object (component, props, url, version), so the
 * page object's JSON is the key: a response is only ever served to a request whose page object
 * is byte-for-byte the same, and nothing of one viewer reaches another. The key is the JSON
 * itself, not a digest of it (no hashing per request; V8 compares long keys with memcmp).
 * Concurrent misses for the same key share one build (lru-cache's `fetch` deduplicates them).
 * Bounded by size, least recently used out first; per process, so N instances are N caches of
 * the same pure function.
 */
export function responseCache({ maxBytes = 32 * 1024 * 1024 }: ResponseCacheOptions = {}) {
  const cache = new LRUCache<string, Representation, () => Promise<Representation>>({
    maxSize: maxBytes,
    // Codings are made later; count room for them now (brotli and gzip: about ¼ each).
    sizeCalculation: (representation, key) =>
      Math.max(1, key.length + Math.ceil(representation.body.length * 1.5)),
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  return {
    /** The cached response for `key`, or `build`'s (kept unless it throws). */
    async get(key: string, build: () => Promise<Representation>): Promise<Representation> {
      const hit = cache.get(key);
      if (hit) return hit;
      try {
        return (await cache.fetch(key, { context: build }))!;
      } catch (error) {
        if (error instanceof UncachedResponse) return error.representation;
        throw error;
      }
    },
    get size() {
      return cache.size;
    },
  };
}

export type ResponseCache = ReturnType<typeof responseCache>;
