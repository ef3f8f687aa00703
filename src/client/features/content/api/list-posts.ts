import { type Post, type PostStatus, postListResponse } from '../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';

/** What GET /api/posts filters on (contracts' listPostsQuery, as the client sends it). */
export interface PostListFilter {
  /** ISO instants; the server filters on the post's date (published, else scheduled, else created). */
  from?: string;
  to?: string;
  status?: readonly PostStatus[];
  /** At most MAX_POSTS_PER_PAGE; the server's default is 50. */
  limit?: number;
}

/**
 * GET /api/posts: the workspace's posts, filtered. The one client call of this endpoint: the
 * calendar, the Needs approval queue and the dashboard each pass their own filter.
 */
export function listPosts({ from, to, status, limit }: PostListFilter): Promise<Post[]> {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  if (status?.length) query.set('status', status.join(','));
  if (limit !== undefined) query.set('limit', String(limit));
  const search = query.toString();
  return apiRequest('GET', search ? `/api/posts?${search}` : '/api/posts', postListResponse);
}
