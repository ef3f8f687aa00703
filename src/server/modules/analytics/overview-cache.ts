import { type AnalyticsOverview, analyticsOverview } from '../../../contracts/analytics';
import type { Db } from '../../db/client';
import { answerCachePerOwner } from '../../lib/answer-cache';

/**
 * The analytics overviews this process has answered, as the JSON it sent (lib/answer-cache.ts),
 * keyed by workspace, its posts and analytics versions, and the view. Every row the overview reads
 * is of a table whose writes bump one of the two versions in the same transaction: `posts`
 * (posts_version, migrations 0004 and 0019), `social_accounts`, `post_metric_totals` and
 * `account_metrics` (analytics_version, migration 0020). The plan is checked from the session query
 * before the cache is asked. Both versions are read in the session query, before anything else,
 * so the argument of modules/posts/post-list-cache.ts holds: an entry stored under a pair of
 * versions holds data at least as new as they, and once a write commits every later request
 * looks under a newer pair.
 */
export interface OverviewCacheKey {
  workspaceId: string;
  postsVersion: string;
  analyticsVersion: string;
  from: string;
  to: string;
  timeZone: string;
  platform?: string | undefined;
  accountId?: string | undefined;
}

export function overviewCacheKey(key: OverviewCacheKey): string {
  return [
    key.workspaceId,
    key.postsVersion,
    key.analyticsVersion,
    key.from,
    key.to,
    key.timeZone,
    key.platform ?? '',
    key.accountId ?? '',
  ].join('|');
}

/** The bytes the route's response serializer would write (JSON.stringify of the encoded output). */
export function serializeOverview(overview: AnalyticsOverview): string {
  return JSON.stringify(analyticsOverview.encode(overview));
}

/** The overview caches of this database handle, i.e. of this app. */
export const overviewCacheFor = answerCachePerOwner<Db>();
