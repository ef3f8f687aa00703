import type { FastifyInstance } from 'fastify';
import type { SimulatedAnswer } from './sandbox-faults';
import { postMetricsOf } from './sandbox-metrics';
import { findPublishedPosts, findTimeline } from './sandbox-posts';
import { findAccountByExternalId, type SandboxAccount, type SandboxPost } from './sandbox-store';
import { HIDDEN, PUBLIC } from './simulator-routes';
import type { XSimulatorOptions } from './x-oauth-simulator';
import {
  invalidRequest,
  problem,
  X_BASE_PATH,
  X_PROBLEMS,
  type XApiRoute,
  type XCaller,
  xDisplayText,
} from './x-shapes';
import { xAttachedMedia, xReplyTarget } from './x-threads';

/*
 * The pretend X's post reads (API v2 shapes, platforms.md): posts by id with their metrics
 * (`GET /2/tweets?ids=…&tweet.fields=public_metrics`, a 200 with partial `errors[]` for ids it
 * does not know) and a user's timeline. Metrics grow with the post's age (sandbox-metrics.ts).
 * Under the `no-data` fault, posts come back without their metrics, as X answers a post it has
 * no counts for yet.
 */

const API = `${X_BASE_PATH}/api/2`;
const MAX_IDS = 100;

type Query = Record<string, string | undefined>;

const fieldsOf = (value: string | undefined) => new Set((value ?? '').split(',').filter(Boolean));

/** The `no-data` answer of a post read: every post (and its media) as it was, without any metrics. */
function withoutMetrics(answer: SimulatedAnswer): SimulatedAnswer {
  const body = answer.body as
    | { data?: Array<Record<string, unknown>>; includes?: { media?: Array<Record<string, unknown>> } }
    | undefined;
  if (!Array.isArray(body?.data)) return answer;
  const data = body.data.map(({ public_metrics: _, non_public_metrics: __, ...post }) => post);
  const media = body.includes?.media?.map(({ public_metrics: _, ...item }) => item);
  return { ...answer, body: { ...body, data, ...(media ? { includes: { media } } : {}) } };
}

/**
 * Share of a video post's impressions that count as views: X counts a view once the video played
 * 2 seconds at 50% in view, so fewer than the post's impressions.
 */
const VIEWS_PER_IMPRESSION = 0.4;

/**
 * `includes.media` of a post read with `expansions=attachments.media_keys`: each attached image or
 * video (data dictionary, media object: `media_key`, `type` by default; `duration_ms`, `width`,
 * `height`, `alt_text`, and for a video `public_metrics.view_count` when asked in `media.fields`).
 */
function mediaIncludes(
  rows: Array<{ post: SandboxPost; account: SandboxAccount }>,
  fields: Set<string>,
  now: number,
): Array<Record<string, unknown>> {
  return rows.flatMap(({ post, account }) =>
    xAttachedMedia(post).map((item) => {
      const facts = item as { durationMs?: number; width?: number; height?: number; altText?: string };
      const video = item.kind === 'video';
      const media: Record<string, unknown> = {
        media_key: `${video ? 7 : 3}_${item.id}`,
        type: video ? 'video' : item.kind === 'gif' ? 'animated_gif' : 'photo',
      };
      if (fields.has('duration_ms') && video && facts.durationMs !== undefined)
        media.duration_ms = facts.durationMs;
      if (fields.has('width') && facts.width !== undefined) media.width = facts.width;
      if (fields.has('height') && facts.height !== undefined) media.height = facts.height;
      if (fields.has('alt_text') && facts.altText) media.alt_text = facts.altText;
      if (fields.has('public_metrics') && video) {
        const { impressions } = postMetricsOf(post, account, now);
        media.public_metrics = { view_count: Math.floor(impressions * VIEWS_PER_IMPRESSION) };
      }
      return media;
    }),
  );
}

export function registerXPostReadsSimulator(
  app: FastifyInstance,
  options: XSimulatorOptions,
  apiRoute: XApiRoute,
) {
  const { db } = options;

  app.get(
    `${API}/tweets`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      ['tweet.read', 'users.read'],
      'read',
      async (request, caller) => {
        const query = request.query as Query;
        const ids = (query.ids ?? '').split(',').filter(Boolean);
        if (ids.length === 0 || ids.length > MAX_IDS || ids.some((id) => !/^\d{1,19}$/.test(id))) {
          return invalidRequest(`The \`ids\` query parameter value [${query.ids ?? ''}] is not valid.`, {
            ids: [query.ids ?? ''],
          });
        }
        const fields = fieldsOf(query['tweet.fields']);
        const found = new Map(
          (await findPublishedPosts(db, 'twitter', ids, caller.account.workspaceId)).map(
            (row) => [row.post.externalId, row] as const,
          ),
        );
        const now = Date.now();
        const data: Array<Record<string, unknown>> = [];
        const errors: Array<Record<string, unknown>> = [];
        for (const id of ids) {
          const row = found.get(id);
          if (!row) {
            errors.push({
              value: id,
              detail: `Could not find tweet with ids: [${id}].`,
              title: 'Not Found Error',
              resource_type: 'tweet',
              parameter: 'ids',
              resource_id: id,
              type: `${X_PROBLEMS}/resource-not-found`,
            });
            continue;
          }
          data.push(tweetObject(row.post, row.account, fields, caller, now));
        }
        const includes = fieldsOf(query.expansions).has('attachments.media_keys')
          ? mediaIncludes([...found.values()], fieldsOf(query['media.fields']), now)
          : [];
        return {
          status: 200,
          body: {
            ...(data.length > 0 ? { data } : {}),
            ...(includes.length > 0 ? { includes: { media: includes } } : {}),
            ...(errors.length > 0 ? { errors } : {}),
          },
        };
      },
      withoutMetrics,
    ),
  );

  // A user's posts, newest first (reconciliation reads it to find a post whose answer was lost).
  app.get(
    `${API}/users/:id/tweets`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      ['tweet.read', 'users.read'],
      'read',
      async (request, caller) => {
        const { id } = request.params as { id: string };
        const query = request.query as Query;
        const author = /^\d{1,19}$/.test(id)
          ? await findAccountByExternalId(db, 'twitter', id, caller.account.workspaceId)
          : undefined;
        if (!author) {
          return problem(
            404,
            'Not Found Error',
            `Could not find user with id: [${id}].`,
            `${X_PROBLEMS}/resource-not-found`,
          );
        }
        const maxResults = Number(query.max_results ?? 10);
        if (!Number.isInteger(maxResults) || maxResults < 5 || maxResults > 100) {
          return invalidRequest(
            `The \`max_results\` query parameter value [${query.max_results}] is not between 5 and 100`,
            {
              max_results: [String(query.max_results)],
            },
          );
        }
        const time = (name: 'start_time' | 'end_time') => {
          const value = query[name];
          if (value === undefined) return { ok: true as const, date: undefined };
          const date = new Date(value);
          return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/.test(value) &&
            !Number.isNaN(date.getTime())
            ? { ok: true as const, date }
            : { ok: false as const };
        };
        const start = time('start_time');
        const end = time('end_time');
        if (!start.ok || !end.ok) {
          return invalidRequest('Invalid start_time or end_time: use YYYY-MM-DDTHH:mm:ssZ.', {
            start_time: [String(query.start_time)],
          });
        }
        const offset = query.pagination_token
          ? Number(Buffer.from(query.pagination_token, 'base64url').toString())
          : 0;
        if (!Number.isInteger(offset) || offset < 0) {
          return invalidRequest('The pagination token is invalid.', {
            pagination_token: [String(query.pagination_token)],
          });
        }
        const { posts, more } = await findTimeline(db, 'twitter', author.id, {
          since: start.date,
          until: end.date,
          offset,
          limit: maxResults,
        });
        const fields = fieldsOf(query['tweet.fields']);
        const now = Date.now();
        const data = posts.map((post) => tweetObject(post, author, fields, caller, now));
        const meta: Record<string, unknown> = { result_count: data.length };
        if (posts.length > 0) {
          meta.newest_id = posts[0]?.externalId;
          meta.oldest_id = posts.at(-1)?.externalId;
        }
        if (more) meta.next_token = Buffer.from(String(offset + posts.length)).toString('base64url');
        return { status: 200, body: { ...(data.length > 0 ? { data } : {}), meta } };
      },
      withoutMetrics,
    ),
  );
}

function tweetObject(
  post: SandboxPost,
  author: SandboxAccount,
  fields: Set<string>,
  caller: XCaller,
  now: number,
): Record<string, unknown> {
  const metrics = postMetricsOf(post, author, now);
  const media = xAttachedMedia(post);
  const tweet: Record<string, unknown> = {
    id: post.externalId,
    text: xDisplayText(post.text, media.length > 0 ? post.externalId : null),
    edit_history_post_ids: [post.externalId],
  };
  if (fields.has('author_id')) tweet.author_id = author.externalId;
  if (fields.has('attachments') && media.length > 0) {
    // media_key prefixes: 3_ a photo, 7_ a video (X's media keys).
    tweet.attachments = { media_keys: media.map((item) => `${item.kind === 'video' ? 7 : 3}_${item.id}`) };
  }
  const parent = xReplyTarget(post);
  if (fields.has('referenced_tweets') && parent)
    tweet.referenced_tweets = [{ type: 'replied_to', id: parent }];
  if (fields.has('created_at')) tweet.created_at = (post.publishedAt ?? post.createdAt).toISOString();
  if (fields.has('public_metrics')) {
    tweet.public_metrics = {
      retweet_count: metrics.reposts,
      reply_count: metrics.replies,
      like_count: metrics.likes,
      quote_count: metrics.quotes,
      bookmark_count: metrics.bookmarks,
      impression_count: metrics.impressions,
    };
  }
  // Non-public metrics: only the author's own token sees them.
  if (fields.has('non_public_metrics') && caller.account.id === author.id) {
    tweet.non_public_metrics = {
      impression_count: metrics.impressions,
      url_link_clicks: metrics.clicks,
      user_profile_clicks: Math.floor(metrics.clicks / 2),
      engagements: metrics.likes + metrics.replies + metrics.reposts + metrics.quotes + metrics.clicks,
    };
  }
  return tweet;
}
