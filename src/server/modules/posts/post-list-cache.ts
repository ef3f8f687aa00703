import type { PostStatus } from '../../../contracts/posts';
import type { Db } from '../../db/client';
import {
  type AnswerCache,
  type AnswerCacheBounds,
  type AnswerCacheStats,
  answerCachePerOwner,
  createAnswerCache,
} from '../../lib/answer-cache';
import type { EncodedBody } from '../../lib/encoded-body';

/**
 * The post lists this process has answered, as the JSON it sent, keyed by workspace, the
 * workspace's posts version and the normalised query. A signed-in list request still runs its
 * session query (which reads the version); on a hit it reads nothing else.
 *
 * Why a stale answer is impossible:
 * - Every insert, update, delete (and truncate) of a post bumps `workspaces.posts_version` by a
 *   trigger, in the same transaction as the write (migration 0004; once per statement since
 *   0019), whoever writes: this app,
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

export interface PostListCache {
  /** The cached list for `key` (lib/answer-cache.ts), else `load()`'s, as bytes in each encoding. */
  get(key: PostListCacheKey, load: () => Promise<string>): Promise<EncodedBody>;
  stats(): AnswerCacheStats;
}

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

export function createPostListCache(bounds: Partial<AnswerCacheBounds> = {}): PostListCache {
  return fromAnswerCache(createAnswerCache(bounds));
}

const fromAnswerCache = (answers: AnswerCache): PostListCache => ({
  get: (key, load) => answers.get(postListCacheKey(key), load),
  stats: () => answers.stats(),
});

const answerCacheOf = answerCachePerOwner<Db>();
/** The post lists' cache of this database handle, i.e. of this app (lib/answer-cache.ts). */
export function postListCacheFor(db: Db): PostListCache {
  return fromAnswerCache(answerCacheOf(db));
}
