import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sandboxPosts } from '../../../db/schema';
import { registerGoogleOAuthSimulator } from './google-oauth-simulator';
import { renderPostPage, sendMissingPostPage, sendPostPage } from './post-page';
import { registerSandboxAvatarRoute } from './sandbox-avatars';
import { simulatedApi } from './sandbox-faults';
import { sandboxFollowers } from './sandbox-followers';
import { postMetricsOf } from './sandbox-metrics';
import { MEMBER_PAGE, pageViewer } from './sandbox-page';
import { countLivePosts, findTimeline } from './sandbox-posts';
import { findAccountsByIds, findLiveGrant, type SandboxAccount } from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { HIDDEN, PUBLIC } from './simulator-routes';
import { videoResource } from './youtube-resources';
import {
  authError,
  badRequest,
  CHANNEL_ID,
  insufficientScope,
  notFound,
  READ_SCOPES,
  VIDEO_ID,
  type YouTubeRoute,
  YT_API_PATH,
  YT_BASE_PATH,
  YT_LABEL,
  YT_LOGO,
  YT_SCOPES,
  youtubeFaults,
} from './youtube-shapes';
import { videoOf } from './youtube-store';
import { registerYouTubeUploadRoutes } from './youtube-upload-simulator';

/*
 * The pretend YouTube (YouTube Data API v3, issue 28): Google's sign-in (google-oauth-simulator.ts)
 * under /sandbox/youtube; channels.list, videos.list and playlistItems.list under
 * /sandbox/youtube/api/youtube/v3; uploads and thumbnails (youtube-upload-simulator.ts); a page per
 * video (`/watch?v=…`, `/shorts/…`). Shapes: developers.google.com/youtube/v3/docs.
 */

const V3 = `${YT_API_PATH}/youtube/v3`;
const KNOWN_PARTS = new Set(['snippet', 'status', 'statistics', 'processingDetails', 'contentDetails', 'id']);

/** `part` as YouTube reads it: a comma-separated list, required, of known parts. */
function partsOf(request: FastifyRequest): Set<string> | null {
  const raw = (request.query as Record<string, string | undefined>).part ?? '';
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length > 0 && parts.every((part) => KNOWN_PARTS.has(part)) ? new Set(parts) : null;
}
const badPart = () =>
  badRequest('unknownPart', 'The request specifies an invalid part parameter value.', 'youtube.part');

export function registerYouTubeSimulator(sandbox: FastifyInstance, shared: SimulatorContext) {
  const { db, appUrl } = shared;
  registerGoogleOAuthSimulator(sandbox, shared, {
    platform: 'youtube',
    label: YT_LABEL,
    logo: YT_LOGO,
    basePath: YT_BASE_PATH,
    scopes: YT_SCOPES,
  });
  const avatarUrl = (account: SandboxAccount) => `${appUrl}${YT_BASE_PATH}/avatars/${account.externalId}.svg`;

  async function callerOf(request: FastifyRequest) {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return null;
    const found = await findLiveGrant(db, 'youtube', 'access', token);
    return found ? { account: found.account, scopes: found.grant.scopes } : null;
  }

  const route: YouTubeRoute = (scopes, kind, handle, withoutData) =>
    simulatedApi(
      { faults: shared.faults, answers: youtubeFaults, armed: shared.armed, kind, withoutData },
      async (request, check) => {
        const caller = await callerOf(request);
        if (!caller) return authError();
        const fault = await check.forAccount(caller.account);
        if (fault) return fault;
        if (!scopes.some((scope) => caller.scopes.includes(scope))) return insufficientScope();
        return handle(request, caller, check);
      },
    );

  const list = (kind: string, items: unknown[]) => ({
    status: 200,
    body: {
      kind: `youtube#${kind}ListResponse`,
      pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      items,
    },
  });

  // channels.list: `mine=true` (the only filter the sandbox serves). Under `no-data` the
  // subscriber count is hidden, as a channel that hides it answers (hiddenSubscriberCount).
  sandbox.get(
    `${V3}/channels`,
    { config: PUBLIC, schema: HIDDEN },
    route(
      READ_SCOPES,
      'read',
      async (request, { account }) => {
        const parts = partsOf(request);
        if (!parts) return badPart();
        if ((request.query as Record<string, string | undefined>).mine !== 'true') {
          return badRequest(
            'missingRequiredParameter',
            'The sandbox serves channels.list with mine=true only.',
            'youtube.parameter',
          );
        }
        const channel: Record<string, unknown> = { kind: 'youtube#channel', id: account.externalId };
        if (parts.has('snippet')) {
          const url = avatarUrl(account);
          channel.snippet = {
            title: account.displayName,
            description: '',
            customUrl: `@${account.username.toLowerCase()}`,
            publishedAt: account.createdAt.toISOString(),
            thumbnails: { default: { url, width: 88, height: 88 }, medium: { url, width: 240, height: 240 } },
          };
        }
        if (parts.has('statistics')) {
          channel.statistics = {
            viewCount: '0',
            subscriberCount: String(sandboxFollowers(account, new Date())),
            hiddenSubscriberCount: false,
            videoCount: String(await countLivePosts(db, account.id)),
          };
        }
        if (parts.has('contentDetails')) {
          channel.contentDetails = {
            relatedPlaylists: { likes: '', uploads: account.externalId.replace(/^UC/, 'UU') },
          };
        }
        return list('channel', [channel]);
      },
      (answer) => {
        const body = answer.body as { items: Array<Record<string, unknown>> };
        const items = body.items.map((item) =>
          item.statistics
            ? {
                ...item,
                statistics: {
                  ...(item.statistics as object),
                  subscriberCount: '0',
                  hiddenSubscriberCount: true,
                },
              }
            : item,
        );
        return { ...answer, body: { ...body, items } };
      },
    ),
  );

  // videos.list `id=a,b,…` (at most 50): the caller's videos only; unknown ids are left out.
  sandbox.get(
    `${V3}/videos`,
    { config: PUBLIC, schema: HIDDEN },
    route(
      READ_SCOPES,
      'read',
      async (request, { account }) => {
        const parts = partsOf(request);
        if (!parts) return badPart();
        const ids = ((request.query as Record<string, string | undefined>).id ?? '')
          .split(',')
          .filter(Boolean);
        if (ids.length === 0)
          return badRequest(
            'missingRequiredParameter',
            'No filter selected. Expected one of: id, myRating, chart',
            'youtube.parameter',
          );
        if (ids.length > 50)
          return badRequest('invalidValue', 'Too many ids: at most 50.', 'youtube.parameter');
        const rows = await db
          .select()
          .from(sandboxPosts)
          .where(
            and(
              eq(sandboxPosts.platform, 'youtube'),
              eq(sandboxPosts.accountId, account.id),
              eq(sandboxPosts.state, 'published'),
              inArray(
                sandboxPosts.externalId,
                ids.filter((id) => VIDEO_ID.test(id)),
              ),
            ),
          );
        const now = Date.now();
        return list(
          'video',
          rows.map((row) => videoResource(row, account, parts, now)),
        );
      },
      (answer) => {
        const body = answer.body as { items: Array<Record<string, unknown>> };
        return { ...answer, body: { ...body, items: body.items.map(({ statistics: _, ...item }) => item) } };
      },
    ),
  );

  // playlistItems.list of the caller's uploads playlist (`UU…`), newest first, 50 at most.
  sandbox.get(
    `${V3}/playlistItems`,
    { config: PUBLIC, schema: HIDDEN },
    route(READ_SCOPES, 'read', async (request, { account }) => {
      const query = request.query as Record<string, string | undefined>;
      if (!partsOf(request)) return badPart();
      if (query.playlistId !== account.externalId.replace(/^UC/, 'UU')) {
        return notFound(
          'playlistNotFound',
          "The playlist identified with the request's playlistId parameter cannot be found.",
          'youtube.playlistItem',
        );
      }
      const limit = Math.min(50, Math.max(1, Number(query.maxResults ?? 5) || 5));
      const { posts } = await findTimeline(db, 'youtube', account.id, { offset: 0, limit });
      const items = posts.map((row, position) => {
        const video = videoOf(row);
        return {
          kind: 'youtube#playlistItem',
          id: `${query.playlistId}.${video.id}`,
          snippet: {
            publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
            channelId: account.externalId,
            title: video.title,
            description: video.description,
            playlistId: query.playlistId,
            position,
            resourceId: { kind: 'youtube#video', videoId: video.id },
          },
        };
      });
      return list('playlistItem', items);
    }),
  );

  registerYouTubeUploadRoutes(sandbox, shared, route);
  registerSandboxAvatarRoute(sandbox, db, {
    platform: 'youtube',
    basePath: YT_BASE_PATH,
    externalId: CHANNEL_ID,
  });

  // `https://www.youtube.com/watch?v={id}` and `/shorts/{id}`: a video's page, for members of the
  // owning workspace.
  const watchPage = async (request: FastifyRequest, reply: FastifyReply, id: string) => {
    const viewer = pageViewer(request);
    const [row] = VIDEO_ID.test(id)
      ? await db
          .select()
          .from(sandboxPosts)
          .where(
            and(
              eq(sandboxPosts.platform, 'youtube'),
              eq(sandboxPosts.externalId, id),
              eq(sandboxPosts.state, 'published'),
            ),
          )
      : [];
    const [account] = row && viewer ? await findAccountsByIds(db, 'youtube', [row.accountId], viewer) : [];
    if (!row || !account) return sendMissingPostPage(reply, { platformLabel: YT_LABEL, logo: YT_LOGO });
    const video = videoOf(row);
    const metrics = postMetricsOf(row, account, Date.now());
    const shape = video.width && video.height ? `${video.width}×${video.height}` : 'unknown size';
    const seconds = video.durationMs === null ? '?' : (video.durationMs / 1000).toFixed(1);
    return sendPostPage(
      reply,
      renderPostPage({
        platformLabel: YT_LABEL,
        logo: YT_LOGO,
        author: {
          displayName: account.displayName,
          username: account.username,
          avatarUrl: avatarUrl(account),
        },
        text: [
          video.title,
          row.text,
          `Video: ${shape}, ${seconds} s · ${video.privacyStatus}${video.madeForKids ? ' · made for kids' : ''}`,
          video.failure ? `Processing failed: ${video.failure}` : null,
        ]
          .filter(Boolean)
          .join('\n\n'),
        appUrl,
        publishedAt: row.publishedAt ?? row.createdAt,
        stats: [
          { label: 'Views', value: metrics.impressions },
          { label: 'Likes', value: metrics.likes },
          { label: 'Comments', value: metrics.replies },
        ],
      }),
    );
  };
  sandbox.get(`${YT_BASE_PATH}/watch`, { config: MEMBER_PAGE, schema: HIDDEN }, (request, reply) =>
    watchPage(request, reply, String((request.query as Record<string, unknown>).v ?? '')),
  );
  sandbox.get(`${YT_BASE_PATH}/shorts/:id`, { config: MEMBER_PAGE, schema: HIDDEN }, (request, reply) =>
    watchPage(request, reply, (request.params as { id: string }).id),
  );
}
