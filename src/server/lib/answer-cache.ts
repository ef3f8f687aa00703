import { LRUCache } from 'lru-cache';
import { type EncodedBody, encodeBody } from './encoded-body';

/*
 * Answers this process has sent, as the UTF-8 bytes it sent, under a key that names the data
 * version they were read at (a workspace's posts or analytics version, bumped by triggers in the
 * same transaction as every write): a key whose version moved on is never asked for again and ages
 * out. Why such a key can never give a stale answer is told where each cache is made
 * (modules/posts/post-list-cache.ts). An answer is kept as bytes and compressed (lib/encoded-body.ts):
 * a hit is sent without encoding or compressing 30–50 KB of text again, and a browser gets a
 * fraction of the bytes.
 */

export interface AnswerCacheStats {
  hits: number;
  misses: number;
  entries: number;
  /** The bytes the entries hold, every encoding counted. */
  bytes: number;
}

export interface AnswerCache {
  /** The cached answer for `key`, else `load()`'s, stored when it succeeds. */
  get(key: string, load: () => Promise<string>): Promise<EncodedBody>;
  stats(): AnswerCacheStats;
}

export interface AnswerCacheBounds {
  maxEntries: number;
  maxBytes: number;
  /** A bigger answer is sent, never kept. */
  maxEntryBytes: number;
}

/** Bounds: a 50-post list is ~30–50 KB, so this keeps ~1,000 of them; one huge answer is not kept. */
const DEFAULTS: AnswerCacheBounds = {
  maxEntries: 2_000,
  maxBytes: 32 * 1024 * 1024,
  maxEntryBytes: 2 * 1024 * 1024,
};

export function createAnswerCache(bounds: Partial<AnswerCacheBounds> = {}): AnswerCache {
  const { maxEntries, maxBytes, maxEntryBytes } = { ...DEFAULTS, ...bounds };
  const answers = new LRUCache<string, EncodedBody>({
    max: maxEntries,
    maxSize: maxBytes,
    maxEntrySize: maxEntryBytes,
    sizeCalculation: (body) => Math.max(1, body.identity.length + body.br.length + body.gzip.length),
  });
  /** Loads under way: 50 requests missing the same key at once run one query, not 50. */
  const loading = new Map<string, Promise<EncodedBody>>();
  let hits = 0;
  let misses = 0;

  return {
    async get(key, load) {
      const cached = answers.get(key);
      if (cached !== undefined) {
        hits++;
        return cached;
      }
      const pending = loading.get(key);
      if (pending) {
        hits++;
        return pending;
      }
      misses++;
      const loaded = load()
        .then(encodeBody)
        .then(
          (body) => {
            answers.set(key, body);
            loading.delete(key);
            return body;
          },
          (error: unknown) => {
            loading.delete(key);
            throw error;
          },
        );
      loading.set(key, loaded);
      return loaded;
    },
    stats: () => ({ hits, misses, entries: answers.size, bytes: answers.calculatedSize }),
  };
}

/**
 * One cache per `owner` (a database handle, i.e. an app): two apps built in one process (tests)
 * keep separate caches, as two processes would.
 */
export function answerCachePerOwner<O extends object>(): (owner: O) => AnswerCache {
  const caches = new WeakMap<O, AnswerCache>();
  return (owner) => {
    let cache = caches.get(owner);
    if (!cache) {
      cache = createAnswerCache();
      caches.set(owner, cache);
    }
    return cache;
  };
}
