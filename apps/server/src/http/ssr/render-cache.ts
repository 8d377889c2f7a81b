import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Page } from '../inertia/page.ts';
import type { SsrRenderer, SsrResult } from './types.ts';

export interface RenderCacheOptions {
  /** The most the cached documents may weigh, in bytes (UTF-16 length × 2, near enough). */
  maxBytes?: number;
}

/**
 * Server rendering is a pure function of the page object (component, props, url, version), and
 * it is most of a full-page visit's cost: a catalogue page answers about six times faster as
 * Inertia JSON than as server-rendered HTML (`pnpm bench`). Pages that many visitors share
 * (every signed-out visit to a catalogue page) render once and are then served from memory.
 *
 * The key is a SHA-256 of the page object, so a page is only ever served to a request whose
 * page object is byte-for-byte the same: nothing of one viewer reaches another. Concurrent
 * misses for the same page share one render (`fetch` deduplicates them). lru-cache (isaacs) is
 * the cache: bounded by size, least recently used out first.
 */
export function cachedRenderer(
  renderer: SsrRenderer,
  { maxBytes = 32 * 1024 * 1024 }: RenderCacheOptions = {},
): SsrRenderer & { readonly size: number } {
  const cache = new LRUCache<string, SsrResult, Page>({
    maxSize: maxBytes,
    sizeCalculation: (result) =>
      Math.max(1, 2 * (result.body.length + result.head.reduce((sum, tag) => sum + tag.length, 0))),
    fetchMethod: (_key, _stale, { context }) => renderer.render(context),
  });
  return {
    async render(page) {
      const key = createHash('sha256').update(JSON.stringify(page)).digest('base64url');
      const result = await cache.fetch(key, { context: page });
      // fetchMethod never resolves undefined; a failed render rejects and is not cached.
      return result!;
    },
    get size() {
      return cache.size;
    },
  };
}
