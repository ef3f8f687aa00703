import { LRUCache } from 'lru-cache';
import type { PostStatus } from '../../../contracts/posts';
import type { Db } from '../../db/client';

/**
 * The post lists this process has answered, as the JSON it sent, keyed by workspace, the
 * workspace's posts version and the normalised query. A signed-in list request still runs its
 * session query (which reads the version); on a hit it reads nothing else.
 *
 * Why a stale answer is impossible:
 * - Every insert, update, delete (and truncate) of a post bumps `workspaces.posts_version` by a
 *   trigger, in the same transaction as the write (migration 0004), whoever writes: this app,
 *   another web process, the publishing worker, an operator's SQL. The bump takes the workspace
 *   row's lock until commit, so versions of a workspace are committed in order, and a version is
 *   visible exactly when every post write that led to it is.
 * - A request reads the version first (in its session query) and the posts after (a later
 *   statement, so a snapshot at least as new). An entry stored under version v therefore holds
 *   posts at least as new as v: every write up to v, maybe some after it, never fewer.
 * - A reader that saw version v may be given any list at least as new as v; once a write commits,
 *   every later session query sees v + 1 or more and can only find entries stored under that.
 *   Entries of old versions are never read again and age out of the LRU.
 * Several processes on one PostgreSQL stay correct for the same reason, with no messages between
 * them: each keeps its own cache, and every request asks PostgreSQL for the current version in
 * the query it runs anyway. A rolled-back write leaves the version and the posts as they were.
 * (Requests that wait for the same key share one load: the same argument holds for them.)
 */

/** The filter of a list request, as the repository takes it. */
export interface PostListFilter {
  statuses?: PostStatus[];
  from?: Date;
  to?: Date;
  limit: number;
}

export interface PostListCacheKey extends PostListFilter {
  workspaceId: string;
  /** workspaces.posts_version as read before the posts (RequestAuth.postsVersion). */
  postsVersion: string;
}

export interface PostListCacheStats {
  hits: number;
  misses: number;
  entries: number;
  /** What the entries hold, counted as two bytes per UTF-16 code unit (an upper bound). */
  bytes: number;
}

export interface PostListCache {
  /** The cached answer for `key`, else `load()`'s, stored when it succeeds. */
  get(key: PostListCacheKey, load: () => Promise<string>): Promise<string>;
  stats(): PostListCacheStats;
}

/** Bounds: a 50-post list is ~30 KB, so this keeps ~1,000 of them; one huge list is not kept. */
const DEFAULTS = { maxEntries: 2_000, maxBytes: 32 * 1024 * 1024, maxEntryBytes: 2 * 1024 * 1024 };

/** One key per distinct answer: the same statuses in any order, the same instants however written. */
export function postListCacheKey(key: PostListCacheKey): string {
  const statuses = key.statuses ? [...new Set(key.statuses)].sort().join(',') : '*';
  return [
    key.workspaceId,
    key.postsVersion,
    statuses,
    key.from?.toISOString() ?? '',
    key.to?.toISOString() ?? '',
    key.limit,
  ].join('|');
}

export function createPostListCache(bounds: Partial<typeof DEFAULTS> = {}): PostListCache {
  const { maxEntries, maxBytes, maxEntryBytes } = { ...DEFAULTS, ...bounds };
  const answers = new LRUCache<string, string>({
    max: maxEntries,
    maxSize: maxBytes,
    maxEntrySize: maxEntryBytes,
    sizeCalculation: (json) => Math.max(1, json.length * 2),
  });
  /** Loads under way: 50 requests missing the same key at once run one query, not 50. */
  const loading = new Map<string, Promise<string>>();
  let hits = 0;
  let misses = 0;

  return {
    async get(key, load) {
      const id = postListCacheKey(key);
      const cached = answers.get(id);
      if (cached !== undefined) {
        hits++;
        return cached;
      }
      const pending = loading.get(id);
      if (pending) {
        hits++;
        return pending;
      }
      misses++;
      const loaded = load().then(
        (json) => {
          answers.set(id, json);
          loading.delete(id);
          return json;
        },
        (error: unknown) => {
          loading.delete(id);
          throw error;
        },
      );
      loading.set(id, loaded);
      return loaded;
    },
    stats: () => ({ hits, misses, entries: answers.size, bytes: answers.calculatedSize }),
  };
}

/**
 * One cache per database handle, i.e. per app: two apps built in one process (tests) keep
 * separate caches, as two processes would.
 */
const caches = new WeakMap<Db, PostListCache>();
export function postListCacheFor(db: Db): PostListCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createPostListCache();
    caches.set(db, cache);
  }
  return cache;
}
