import { z } from 'zod';
import { listPostsQuery, MAX_POSTS_PER_PAGE, type Post, type PostStatus } from '../../../contracts/posts';
import type { AppContext } from '../../context';
import { getPostMetrics } from '../analytics';
import { getBrandKit } from '../brand-kit';
import { requirePlanFeature } from '../plans';
import { listPostsJson } from '../posts';
import { listAccounts } from '../social-accounts';
import { defineTool, type McpCaller, readOnly } from './mcp-tool';

/*
 * The tools that read: the workspace's accounts, posts, a post's numbers and the brand kit,
 * through the services of GET /api/user/social-accounts, /api/posts, /api/analytics/posts and
 * /api/user/brand-kit (the analytics plan gate included).
 */

const limit = z
  .number()
  .int()
  .min(1)
  .max(MAX_POSTS_PER_PAGE)
  .default(50)
  .describe(`How many posts at most (1-${MAX_POSTS_PER_PAGE}, default 50).`);

/** The posts as GET /api/posts answers them (its service and its cache, keyed by the posts version). */
async function listPosts(
  ctx: AppContext,
  caller: McpCaller,
  filter: { status: PostStatus[]; from?: string; to?: string; limit: number },
): Promise<Post[]> {
  const query = listPostsQuery.parse({ ...filter, status: filter.status.join(',') });
  const body = await listPostsJson(ctx.database.db, caller, query, caller.postsVersion);
  return JSON.parse(body.identity.toString('utf8')) as Post[];
}

export const listAccountsTool = defineTool({
  name: 'list_accounts',
  title: 'List social accounts',
  description:
    "Lists the workspace's connected social accounts (X, LinkedIn, Facebook, Instagram): id, platform, username, status (connected, or needs_reauth when someone must reconnect it in Kitepost) and followers. Use an account's id as socialAccountId when creating or scheduling posts. Answers { accounts }.",
  permission: 'workspace.read',
  input: z.object({}),
  annotations: readOnly,
  run: async (ctx, caller) => ({ accounts: await listAccounts(ctx, caller.workspaceId) }),
});

export const listUpcomingPostsTool = defineTool({
  name: 'list_upcoming_posts',
  title: 'List upcoming posts',
  description:
    'Lists the posts planned from now on: scheduled, approved, and waiting for approval (pending_approval), the soonest first. Answers { posts }, each with its id, platform, content, status and scheduledAt.',
  permission: 'workspace.read',
  input: z.object({
    to: z.iso
      .datetime({ offset: true, message: 'to must be an ISO date-time, e.g. 2026-12-31T23:59:59Z' })
      .optional()
      .describe('Only posts planned up to this ISO 8601 date-time.'),
    limit,
  }),
  annotations: readOnly,
  run: async (ctx, caller, input) => {
    const posts = await listPosts(ctx, caller, {
      status: ['scheduled', 'approved', 'pending_approval'],
      from: new Date().toISOString(),
      to: input.to,
      limit: MAX_POSTS_PER_PAGE,
    });
    const soonestFirst = posts.sort((a, b) => (a.scheduledAt ?? '').localeCompare(b.scheduledAt ?? ''));
    return { posts: soonestFirst.slice(0, input.limit) };
  },
});

export const listFailedPostsTool = defineTool({
  name: 'list_failed_posts',
  title: 'List failed posts',
  description:
    'Lists the posts that did not go out: failed (the network refused it or an error occurred; failureReason says why) and missed (its time passed while it could not be sent). Answers { posts }, the newest first. They can be fixed and scheduled again with schedule_post.',
  permission: 'workspace.read',
  input: z.object({ limit }),
  annotations: readOnly,
  run: async (ctx, caller, input) => ({
    posts: await listPosts(ctx, caller, { status: ['failed', 'missed'], limit: input.limit }),
  }),
});

export const getPostMetricsTool = defineTool({
  name: 'get_post_metrics',
  title: "Read a post's metrics",
  description:
    "Reads a published post's latest numbers from its network: impressions, reach, likes, comments, shares, clicks, views, engagements and engagement rate (null where the network does not report one), the visits its short links brought (linkClicks, uniqueVisitors, clickThroughRate; null when the post has no short link), and when they were read (syncedAt). Needs a plan with analytics. Answers the post's metrics.",
  permission: 'workspace.read',
  input: z.object({ postId: z.uuid({ message: 'Not a post id' }).describe('The published post.') }),
  annotations: readOnly,
  run: async (ctx, caller, input) => {
    const db = ctx.database.db;
    await requirePlanFeature(db, caller.workspaceId, 'analytics');
    return getPostMetrics(db, caller.workspaceId, input.postId);
  },
});

export const getBrandKitTool = defineTool({
  name: 'get_brand_kit',
  title: 'Read the brand kit',
  description:
    "Reads the workspace's brand kit: brand name, voice, default tone, audience, keywords, banned words, required hashtags, emoji policy, and its public face (logo media id, colours, description) used by the bio page. Write posts that follow it: Kitepost flags posts with banned words or without the required hashtags.",
  permission: 'workspace.read',
  input: z.object({}),
  annotations: readOnly,
  run: async (ctx, caller) => getBrandKit(ctx.database.db, caller.workspaceId),
});
