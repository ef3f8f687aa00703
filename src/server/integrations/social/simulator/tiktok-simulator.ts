import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderPostPage, sendMissingPostPage, sendPostPage } from './post-page';
import { registerSandboxAvatarRoute } from './sandbox-avatars';
import { simulatedApi } from './sandbox-faults';
import { postMetricsOf } from './sandbox-metrics';
import { html, MEMBER_PAGE, pageViewer } from './sandbox-page';
import { findPublishedPosts, findTimeline } from './sandbox-posts';
import { findLiveGrant, type SandboxAccount } from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { HIDDEN, PUBLIC } from './simulator-routes';
import { registerTikTokOAuthSimulator } from './tiktok-oauth-simulator';
import { registerTikTokPublishRoutes } from './tiktok-publish-simulator';
import {
  creatorSettingsOf,
  invalidParams,
  invalidToken,
  rateLimited,
  scopeMissing,
  type TikTokRoute,
  TT_API_PATH,
  TT_BASE_PATH,
  TT_LABEL,
  TT_LOGO,
  TT_RATE_LIMITS,
  ttData,
  ttFaults,
} from './tiktok-shapes';
import { findPublish, materializePost } from './tiktok-store';

/*
 * The pretend TikTok (open.tiktokapis.com v2, platforms.md "TikTok"): Login Kit
 * (tiktok-oauth-simulator.ts), user info, creator info, the Content Posting API
 * (tiktok-publish-simulator.ts), the status of a publish, the creator's videos and their counts,
 * and a public page per video. Served under /sandbox/tiktok. Sources: [TT-USER]
 * developers.tiktok.com/doc/tiktok-api-v2-get-user-info, [TT-CREATOR] …/doc/content-posting-api-reference-query-creator-info,
 * [TT-STATUS] …/doc/content-posting-api-reference-get-video-status, [TT-LIST] …/doc/tiktok-api-v2-video-list,
 * [TT-QUERY] …/doc/tiktok-api-v2-video-query.
 */

type Json = Record<string, unknown>;

/** Fields of user info and the scope each needs [TT-USER]. */
const USER_FIELDS: Record<string, string> = {
  open_id: 'user.info.basic',
  union_id: 'user.info.basic',
  avatar_url: 'user.info.basic',
  display_name: 'user.info.basic',
  username: 'user.info.profile',
  bio_description: 'user.info.profile',
  follower_count: 'user.info.stats',
  following_count: 'user.info.stats',
  likes_count: 'user.info.stats',
  video_count: 'user.info.stats',
};
const VIDEO_FIELDS = new Set([
  'id',
  'title',
  'video_description',
  'create_time',
  'share_url',
  'duration',
  'view_count',
  'like_count',
  'comment_count',
  'share_count',
]);
const fieldsOf = (value: unknown) =>
  String(value ?? '')
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);

export function registerTikTokSimulator(
  app: FastifyInstance,
  shared: SimulatorContext,
  options: { audited?: boolean } = {},
) {
  const { db, appUrl } = shared;
  registerTikTokOAuthSimulator(app, shared);
  registerSandboxAvatarRoute(app, db, {
    platform: 'tiktok',
    basePath: TT_BASE_PATH,
    externalId: /[-\w]{8,64}/,
  });
  const avatarUrl = (account: SandboxAccount) => `${appUrl}${TT_BASE_PATH}/avatars/${account.externalId}.svg`;
  const videoUrl = (account: SandboxAccount, id: string) =>
    `${appUrl}${TT_BASE_PATH}/@${account.username}/video/${id}`;

  /** Calls per token and limit in the current minute (one process's view: the sandbox accepts that). */
  const calls = new Map<string, { minute: number; count: number }>();
  function overLimit(token: string, limit: keyof typeof TT_RATE_LIMITS): boolean {
    const minute = Math.floor(Date.now() / 60_000);
    const key = `${limit}:${token}`;
    const seen = calls.get(key);
    const count = seen && seen.minute === minute ? seen.count + 1 : 1;
    calls.set(key, { minute, count });
    if (calls.size > 10_000) calls.clear();
    return count > TT_RATE_LIMITS[limit];
  }

  const route: TikTokRoute = (kind, anyScope, limit, handle) =>
    simulatedApi(
      { faults: shared.faults, answers: ttFaults, armed: shared.armed, kind },
      async (request, check) => {
        const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
        const found = token ? await findLiveGrant(db, 'tiktok', 'access', token) : undefined;
        if (!token || !found) return invalidToken();
        const fault = await check.forAccount(found.account);
        if (fault) return fault;
        if (!anyScope.some((scope) => found.grant.scopes.includes(scope)))
          return scopeMissing(anyScope.join(' or '));
        if (limit && overLimit(token, limit)) return rateLimited();
        const body = request.body && typeof request.body === 'object' ? (request.body as Json) : {};
        return handle(
          { account: found.account, scopes: found.grant.scopes, token, fault: check.chosen() },
          body,
          request,
        );
      },
    );

  app.get(
    `${TT_API_PATH}/v2/user/info/`,
    { config: PUBLIC, schema: HIDDEN },
    route('read', ['user.info.basic'], null, async (caller, _body, request) => {
      const fields = fieldsOf((request.query as Json).fields);
      if (fields.length === 0) return invalidParams('fields is required.');
      const values: Json = {
        open_id: caller.account.externalId,
        union_id: `u${caller.account.externalId}`,
        avatar_url: avatarUrl(caller.account),
        display_name: caller.account.displayName,
        username: caller.account.username,
        bio_description: '',
        follower_count: caller.account.followers,
        following_count: 12,
        likes_count: caller.account.followers * 3,
        video_count: 0,
      };
      const user: Json = {};
      for (const field of fields) {
        const scope = USER_FIELDS[field];
        if (!scope) return invalidParams(`Invalid field: ${field}.`);
        if (!caller.scopes.includes(scope)) return scopeMissing(scope);
        // The no-data fault: TikTok answers without the counts.
        if (caller.fault === 'no-data' && scope === 'user.info.stats') continue;
        user[field] = values[field];
      }
      return ttData({ user });
    }),
  );

  app.post(
    `${TT_API_PATH}/v2/post/publish/creator_info/query/`,
    { config: PUBLIC, schema: HIDDEN },
    route('read', ['video.publish'], 'creator', async ({ account }) => {
      const settings = creatorSettingsOf(account);
      return ttData({
        creator_avatar_url: avatarUrl(account),
        creator_username: account.username,
        creator_nickname: account.displayName,
        privacy_level_options: settings.privacyLevelOptions,
        comment_disabled: settings.commentDisabled,
        duet_disabled: settings.duetDisabled,
        stitch_disabled: settings.stitchDisabled,
        max_video_post_duration_sec: settings.maxVideoPostDurationSec,
      });
    }),
  );

  app.post(
    `${TT_API_PATH}/v2/post/publish/status/fetch/`,
    { config: PUBLIC, schema: HIDDEN },
    route('read', ['video.publish', 'video.upload'], 'status', async ({ account }, body) => {
      if (typeof body.publish_id !== 'string') return invalidParams('publish_id is required.');
      const found = await findPublish(db, account, body.publish_id);
      if (!found) return invalidParams('publish_id does not exist.');
      const { publish } = found;
      const uploaded = { uploaded_bytes: publish.received };
      if (publish.availableAt === null || Date.now() < publish.availableAt) {
        return ttData({
          status: publish.mediaType === 'photo' ? 'PROCESSING_DOWNLOAD' : 'PROCESSING_UPLOAD',
          ...uploaded,
        });
      }
      if (publish.failReason)
        return ttData({ status: 'FAILED', fail_reason: publish.failReason, ...uploaded });
      if (publish.mode === 'inbox') return ttData({ status: 'SEND_TO_USER_INBOX', ...uploaded });
      await materializePost(db, account, publish);
      // Ids as strings: a 19-digit int64 does not survive JSON.parse as a number (decision 089).
      return ttData({
        status: 'PUBLISH_COMPLETE',
        publicaly_available_post_id: [publish.postId],
        ...uploaded,
      });
    }),
  );

  function videoOf(
    post: {
      externalId: string;
      text: string;
      publishedAt: Date | null;
      createdAt: Date;
      metricsSeed: number;
      media: Array<Record<string, unknown>>;
    },
    account: SandboxAccount,
    fields: string[],
  ) {
    const metrics = postMetricsOf(post, account, Date.now());
    const values: Json = {
      id: post.externalId,
      title: post.text.slice(0, 150),
      video_description: post.text,
      create_time: Math.floor((post.publishedAt ?? post.createdAt).getTime() / 1000),
      share_url: videoUrl(account, post.externalId),
      duration: Math.round(Number(post.media[0]?.durationMs ?? 0) / 1000),
      view_count: metrics.impressions,
      like_count: metrics.likes,
      comment_count: metrics.replies,
      share_count: metrics.reposts,
    };
    return Object.fromEntries(fields.map((field) => [field, values[field]]));
  }

  app.post(
    `${TT_API_PATH}/v2/video/list/`,
    { config: PUBLIC, schema: HIDDEN },
    route('read', ['video.list'], null, async ({ account }, body, request) => {
      const fields = fieldsOf((request.query as Json).fields);
      const unknown = fields.find((field) => !VIDEO_FIELDS.has(field));
      if (fields.length === 0 || unknown) return invalidParams(`Invalid fields: ${unknown ?? '(none)'}.`);
      const max = body.max_count === undefined ? 10 : Number(body.max_count);
      if (!Number.isInteger(max) || max < 1 || max > 20) return invalidParams('max_count must be 1 to 20.');
      const cursor = body.cursor === undefined ? undefined : Number(body.cursor);
      if (cursor !== undefined && !Number.isFinite(cursor)) return invalidParams('cursor must be a number.');
      const page = await findTimeline(db, 'tiktok', account.id, {
        until: cursor ? new Date(cursor) : undefined,
        offset: 0,
        limit: max,
      });
      const last = page.posts.at(-1);
      return ttData({
        videos: page.posts.map((post) => videoOf(post, account, fields)),
        cursor: last ? (last.publishedAt ?? last.createdAt).getTime() : (cursor ?? 0),
        has_more: page.more,
      });
    }),
  );

  app.post(
    `${TT_API_PATH}/v2/video/query/`,
    { config: PUBLIC, schema: HIDDEN },
    route('read', ['video.list'], null, async ({ account, fault }, body, request) => {
      const fields = fieldsOf((request.query as Json).fields);
      const unknown = fields.find((field) => !VIDEO_FIELDS.has(field));
      if (fields.length === 0 || unknown) return invalidParams(`Invalid fields: ${unknown ?? '(none)'}.`);
      const ids = (body.filters as { video_ids?: unknown } | undefined)?.video_ids;
      if (
        !Array.isArray(ids) ||
        ids.length === 0 ||
        ids.length > 20 ||
        ids.some((id) => typeof id !== 'string')
      ) {
        return invalidParams('filters.video_ids takes 1 to 20 ids.');
      }
      const found = await findPublishedPosts(db, 'tiktok', ids as string[], account.workspaceId);
      const counts = new Set(['view_count', 'like_count', 'comment_count', 'share_count']);
      const shown = fault === 'no-data' ? fields.filter((field) => !counts.has(field)) : fields;
      return ttData({
        videos: found
          .filter((row) => row.account.id === account.id)
          .map((row) => videoOf(row.post, account, shown)),
      });
    }),
  );

  registerTikTokPublishRoutes(app, { ...shared, audited: options.audited ?? false }, route);

  // A video's (or photo post's) public page (share_url).
  const postPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const { username, id } = request.params as { username: string; id: string };
    const viewer = pageViewer(request);
    const [found] =
      viewer && /^\d{1,25}$/.test(id) ? await findPublishedPosts(db, 'tiktok', [id], viewer) : [];
    if (!found || found.account.username !== username)
      return sendMissingPostPage(reply, { platformLabel: TT_LABEL, logo: TT_LOGO });
    const metrics = postMetricsOf(found.post, found.account, Date.now());
    const video = found.post.media[0] as { durationMs?: number; width?: number; height?: number } | undefined;
    const photos = found.post.media.filter((item) => item.kind === 'image').map((item) => item.url);
    return sendPostPage(
      reply,
      renderPostPage({
        platformLabel: TT_LABEL,
        logo: TT_LOGO,
        author: {
          displayName: found.account.displayName,
          username: found.account.username,
          avatarUrl: avatarUrl(found.account),
        },
        text: found.post.text,
        images: photos,
        appUrl,
        publishedAt: found.post.publishedAt ?? found.post.createdAt,
        stats: [
          { label: 'Views', value: metrics.impressions },
          { label: 'Likes', value: metrics.likes },
          { label: 'Comments', value: metrics.replies },
          { label: 'Shares', value: metrics.reposts },
        ],
        ...(video?.durationMs
          ? {
              after: html`<p class="post-video">▶ Video (${(video.durationMs / 1000).toFixed(1)} s, ${video.width ?? 0}×${video.height ?? 0}; the sandbox shows no player)</p>`,
            }
          : {}),
      }),
    );
  };
  app.get(`${TT_BASE_PATH}/@:username/video/:id`, { config: MEMBER_PAGE, schema: HIDDEN }, postPage);
  app.get(`${TT_BASE_PATH}/@:username/photo/:id`, { config: MEMBER_PAGE, schema: HIDDEN }, postPage);
}
