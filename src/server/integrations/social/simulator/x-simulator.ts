import type { FastifyInstance, FastifyRequest } from 'fastify';
import { xWeightedLength } from '../../../../contracts/post-text';
import { type FaultCheck, type SimulatedAnswer, simulatedApi } from './sandbox-faults';
import { sandboxFollowers } from './sandbox-followers';
import { deleteSandboxPost, registerSandboxMediaRoute } from './sandbox-media';
import { newMetricsSeed } from './sandbox-metrics';
import {
  countLivePosts,
  countPostsCreatedSince,
  findContainers,
  findPublishedPosts,
  insertPostUnlessDuplicate,
} from './sandbox-posts';
import { findLiveGrant, newSnowflakeId, type SandboxAccount, type SandboxPost } from './sandbox-store';
import { HIDDEN, PUBLIC } from './simulator-routes';
import { registerXMediaSimulator } from './x-media-simulator';
import { registerXOAuthSimulator, type XSimulatorOptions } from './x-oauth-simulator';
import { registerXPublicPages } from './x-post-page';
import { registerXPostReadsSimulator } from './x-post-reads-simulator';
import {
  dailyCapHeaders,
  forbidden,
  invalidRequest,
  problem,
  rateLimitHeaders,
  X_BASE_PATH,
  X_MAX_WEIGHTED_LENGTH,
  X_PROBLEMS,
  type XApiRoute,
  type XCaller,
  type XDailyCap,
  xApiFaults,
} from './x-shapes';
import { replyMarker } from './x-threads';
import { chunkedUploadOf, processingInfoOf, X_VIDEO_RULES } from './x-video-rules';
import { registerXVideoUploadSimulator } from './x-video-upload-simulator';

/*
 * The pretend X (API v2 shapes from platforms.md): OAuth, the signed-in user (followers grow:
 * sandbox-followers.ts), image uploads (x-media-simulator.ts), posts (create with images, delete;
 * reads with metrics and a user's timeline: x-post-reads-simulator.ts), video uploads
 * (x-video-upload-simulator.ts) and a public page per post (x-post-page.ts). Served under
 * /sandbox/twitter; the real X adapter is pointed at it by base URL.
 */

export type { XSimulatorOptions } from './x-oauth-simulator';

const API = `${X_BASE_PATH}/api/2`;
const MAX_MEDIA = 4;
const DAY_MS = 24 * 60 * 60_000;
/**
 * X's 24-hour caps on `POST /2/tweets`: 2,400 posts a day per user (X Help Center, "About X
 * limits") and 10,000 per app (docs.x.com x-api/fundamentals/rate-limits, platforms.md X4); lower
 * tiers have lower caps (Free: 17 per 24 h, the user's and the app's alike). Configurable
 * (SANDBOX_X_USER_POSTS_PER_DAY, SANDBOX_X_APP_POSTS_PER_DAY).
 */
export const X_POSTS_PER_DAY = { user: 2400, app: 10_000 } as const;
/** The 15-minute window of `POST /2/tweets` (100 per user), reported beside the daily caps. */
const POSTS_PER_WINDOW = 100;
const WINDOW_MS = 15 * 60_000;

type Query = Record<string, string | undefined>;
type Caller = XCaller;

const fieldsOf = (value: string | undefined) => new Set((value ?? '').split(',').filter(Boolean));
const unauthorized = (): SimulatedAnswer => xApiFaults.unauthorized();
const permissionDenied = () => forbidden('You are not permitted to perform this action.');

export function registerXSimulator(app: FastifyInstance, options: XSimulatorOptions) {
  const { db, appUrl } = options;
  registerXOAuthSimulator(app, options);

  const avatarUrl = (account: SandboxAccount) => `${appUrl}${X_BASE_PATH}/avatars/${account.externalId}.svg`;

  /** The account behind the request's Bearer token, if the token is live. */
  async function callerOf(request: FastifyRequest): Promise<Caller | null> {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return null;
    const found = await findLiveGrant(db, 'twitter', 'access', match[1]);
    return found ? { account: found.account, scopes: found.grant.scopes, fault: null } : null;
  }

  /** A v2 API route: Bearer auth, the scopes it needs, fault injection (header or armed). */
  const apiRoute: XApiRoute = (scopes, kind, handle, withoutData) =>
    simulatedApi(
      { faults: options.faults, answers: xApiFaults, armed: options.armed, kind, withoutData },
      async (request, check: FaultCheck) => {
        const caller = await callerOf(request);
        if (!caller) return unauthorized();
        const fault = await check.forAccount(caller.account);
        if (fault) return fault;
        if (!scopes.every((scope) => caller.scopes.includes(scope))) return permissionDenied();
        return handle(request as never, { ...caller, fault: check.chosen() });
      },
    );
  registerXMediaSimulator(app, options, apiRoute);
  registerXVideoUploadSimulator(app, options, apiRoute);
  registerXPostReadsSimulator(app, options, apiRoute);
  registerSandboxMediaRoute(app, { platform: 'twitter', basePath: X_BASE_PATH, storage: options.storage });

  app.get(
    `${API}/users/me`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      ['users.read', 'tweet.read'],
      'read',
      async (request, { account }) => {
        const fields = fieldsOf((request.query as Query)['user.fields']);
        const user: Record<string, unknown> = {
          id: account.externalId,
          name: account.displayName,
          username: account.username,
        };
        if (fields.has('profile_image_url')) user.profile_image_url = avatarUrl(account);
        if (fields.has('created_at')) user.created_at = account.createdAt.toISOString();
        if (fields.has('public_metrics')) {
          const followers = sandboxFollowers(account, new Date());
          user.public_metrics = {
            followers_count: followers,
            following_count: Math.round(account.followers / 7) + 12,
            tweet_count: await countLivePosts(db, account.id),
            listed_count: Math.floor(followers / 400),
            like_count: Math.round(account.followers / 3),
          };
        }
        return { status: 200, body: { data: user } };
      },
      // No counts yet: the user without public_metrics.
      (answer) => {
        const { public_metrics: _, ...user } = (answer.body as { data: Record<string, unknown> }).data;
        return { ...answer, body: { data: user } };
      },
    ),
  );

  const postsPerDay = options.postsPerDay ?? X_POSTS_PER_DAY;
  /** The account's and the app's 24-hour caps as they stand: a slot frees 24 h after a post. */
  async function dailyCaps(account: SandboxAccount, now: Date): Promise<{ user: XDailyCap; app: XDailyCap }> {
    const since = new Date(now.getTime() - DAY_MS);
    const cap = (limit: number, used: { total: number; oldest: Date | null }): XDailyCap => ({
      limit,
      remaining: limit - used.total,
      resetAt: new Date((used.oldest ?? now).getTime() + DAY_MS),
    });
    return {
      user: cap(postsPerDay.user, await countPostsCreatedSince(db, 'twitter', since, account.id)),
      // The simulator's one client is the app: every account's posts count.
      app: cap(postsPerDay.app, await countPostsCreatedSince(db, 'twitter', since)),
    };
  }
  /** The 15-minute window's headers: far from its 100 posts, it is the daily cap that refuses. */
  const windowHeaders = (now: Date) =>
    rateLimitHeaders(new Date(now.getTime() + WINDOW_MS), POSTS_PER_WINDOW, POSTS_PER_WINDOW - 1);

  /**
   * The uploads a post attaches (`media.media_ids`): the caller's own, at most 4 images or 1 video,
   * never both (docs.x.com media best practices; OpenAPI CreatePostsMedia maxItems 4), a video
   * only once X has processed it, and no longer than an ordinary account may post.
   */
  async function attachedMedia(
    account: SandboxAccount,
    mediaIds: unknown,
  ): Promise<{ media: SandboxPost['media'] } | { refused: SimulatedAnswer }> {
    if (mediaIds === undefined) return { media: [] };
    const ids = Array.isArray(mediaIds) ? mediaIds : [mediaIds];
    const invalid = (message = 'Your media IDs are invalid.') => ({
      refused: invalidRequest(message, { 'media.media_ids': ids.map(String) }),
    });
    if (
      ids.length === 0 ||
      ids.length > MAX_MEDIA ||
      ids.some((id) => typeof id !== 'string' || !/^\d{1,19}$/.test(id)) ||
      new Set(ids).size !== ids.length
    ) {
      return invalid();
    }
    // Only the caller's own uploads can be attached, as on X.
    const uploads = new Map(
      (await findContainers(db, 'twitter', account.id, ids as string[])).map(
        (upload) => [upload.externalId, upload] as const,
      ),
    );
    const rows = (ids as string[]).map((id) => uploads.get(id));
    if (rows.some((row) => !row?.media[0])) return invalid();
    const now = Date.now();
    const videos = rows.flatMap((row) => {
      const upload = row ? chunkedUploadOf(row) : null;
      return upload ? [upload] : [];
    });
    // "up to 4 photos, 1 animated GIF or 1 video" (best practices); X's text for a mix is
    // UNCONFIRMED (research sheet 1.2).
    if (videos.length > 0 && rows.length > 1) {
      return invalid('A post may carry up to 4 images or 1 video, not both and not more.');
    }
    const [video] = videos;
    if (video) {
      if (video.chunked.expiresAt < now) return invalid();
      const state = processingInfoOf(video, now)?.state ?? 'not finalized';
      // A media id must reach `succeeded` before it is attached (docs.x.com media-upload-chunked).
      if (state !== 'succeeded')
        return invalid(`The media ${video.id} is not ready to be attached (${state}).`);
      const minutes = X_VIDEO_RULES.maxPostDurationMinutes;
      if ((video.chunked.facts?.durationMs ?? 0) > minutes * 60_000) {
        // Post-create limit, separate from the upload's (docs.x.com best practices, newer version).
        return {
          refused: forbidden(`This user is not allowed to post a video longer than ${minutes} minutes.`),
        };
      }
      const facts = video.chunked.facts;
      return {
        media: [
          {
            id: video.id,
            url: null,
            kind: 'video',
            ...(facts ? { durationMs: facts.durationMs, width: facts.width, height: facts.height } : {}),
          } as SandboxPost['media'][number],
        ],
      };
    }
    return { media: rows.map((row) => row?.media[0]) as SandboxPost['media'] };
  }

  /**
   * The post a reply answers (`reply.in_reply_to_tweet_id`, OpenAPI CreatePostsReply): one the
   * caller can see. A deleted or unknown one is X's 403 "You attempted to reply to a Tweet that is
   * deleted or not visible to you." (code 385; node-twitter-api-v2 issue #366). Since Feb 23 2026
   * a programmatic reply is only allowed where the parent's author "summoned" the replier
   * (docs.x.com changelog): the author themself (a self-thread) or an @mention of them; the exact
   * text of that refusal is UNCONFIRMED (research sheet 1.3).
   */
  async function replyParent(
    account: SandboxAccount,
    reply: { in_reply_to_tweet_id?: unknown },
  ): Promise<{ externalId: string } | { refused: SimulatedAnswer }> {
    const id = reply?.in_reply_to_tweet_id;
    if (typeof id !== 'string' || !/^\d{1,19}$/.test(id)) {
      return {
        refused: invalidRequest('$.reply.in_reply_to_tweet_id: is missing but it is required', {
          '$.reply': [JSON.stringify(reply ?? null)],
        }),
      };
    }
    const [parent] = await findPublishedPosts(db, 'twitter', [id], account.workspaceId);
    if (!parent) {
      return {
        refused: forbidden('You attempted to reply to a Tweet that is deleted or not visible to you.'),
      };
    }
    const summoned = new RegExp(`(^|[^A-Za-z0-9_])@${account.username}(?![A-Za-z0-9_])`, 'i').test(
      parent.post.text,
    );
    if (parent.account.id !== account.id && !summoned) {
      return {
        refused: forbidden(
          'Reply to this conversation is not allowed because you have not been mentioned or otherwise engaged by the author of the post you are replying to.',
        ),
      };
    }
    return { externalId: id };
  }

  app.post(
    `${API}/tweets`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(['tweet.write'], 'publish', async (request, { account }) => {
      const now = new Date();
      const caps = await dailyCaps(account, now);
      if (caps.user.remaining <= 0 || caps.app.remaining <= 0) {
        // X answers a spent daily cap with a plain 429; only the 24-hour headers say which cap
        // and when it lifts (docs.x.com x-api/fundamentals/rate-limits).
        return {
          ...problem(429, 'Too Many Requests', 'Too Many Requests'),
          headers: { ...windowHeaders(now), ...dailyCapHeaders(caps) },
        };
      }
      const body = request.body as
        | { text?: unknown; media?: { media_ids?: unknown }; reply?: { in_reply_to_tweet_id?: unknown } }
        | undefined;
      if (!body || typeof body !== 'object') return invalidRequest('The request body must be a JSON object.');
      const text = typeof body.text === 'string' ? body.text : '';
      const attached = await attachedMedia(account, body.media?.media_ids);
      if ('refused' in attached) return attached.refused;
      const media = attached.media;
      if (text.trim() === '' && media.length === 0)
        return invalidRequest('Text is required when no media is attached.', { text: [text] });
      if (xWeightedLength(text) > X_MAX_WEIGHTED_LENGTH) {
        return invalidRequest('The text of your post is too long.', { text: [text] });
      }
      if (body.reply !== undefined) {
        const parent = await replyParent(account, body.reply);
        if ('refused' in parent) return parent.refused;
        media.push(replyMarker(parent.externalId));
      }
      const post = await insertPostUnlessDuplicate(db, {
        platform: 'twitter',
        externalId: newSnowflakeId(),
        accountId: account.id,
        text,
        media,
        metricsSeed: newMetricsSeed(),
        publishedAt: new Date(),
      });
      if (!post) return forbidden('You are not allowed to create a Tweet with duplicate content.');
      return {
        status: 201,
        headers: {
          ...windowHeaders(now),
          ...dailyCapHeaders({
            user: { ...caps.user, remaining: caps.user.remaining - 1 },
            app: { ...caps.app, remaining: caps.app.remaining - 1 },
          }),
        },
        body: { data: { id: post.externalId, text, edit_history_post_ids: [post.externalId] } },
      };
    }),
  );

  app.delete(
    `${API}/tweets/:id`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(['tweet.write'], 'other', async (request, { account }) => {
      const { id } = request.params as { id: string };
      const [found] = await findPublishedPosts(db, 'twitter', [id], account.workspaceId);
      if (!found) {
        return problem(
          404,
          'Not Found Error',
          `Could not find tweet with id: [${id}].`,
          `${X_PROBLEMS}/resource-not-found`,
        );
      }
      if (found.account.id !== account.id) return forbidden('You are not allowed to delete this Tweet.');
      await deleteSandboxPost(options, found.post, request.log);
      return { status: 200, body: { data: { deleted: true } } };
    }),
  );

  registerXPublicPages(app, options);
}
