import type { FastifyInstance } from 'fastify';
import type { Caller, FacebookGraphRoute, FacebookSimulatorOptions } from './facebook-oauth-simulator';
import {
  businessUsageHeader,
  FACEBOOK_BASE_PATH,
  FACEBOOK_GRAPH_PATH,
  FACEBOOK_GRAPH_VERSION,
  graphError,
  invalidParameter,
  missingObject,
} from './facebook-shapes';
import { findPageNamed, findPagePost, OBJECT_ID, PAGE_POST_ID, publishPagePost } from './facebook-store';
import { FORCED_FAILURE, PROCESSING_FAILED, progressOf, videoRuleBroken } from './facebook-video-rules';
import {
  type FacebookVideoItem,
  type FacebookVideoKind,
  findVideo,
  insertComment,
  insertVideo,
  photoWasPublished,
  reelsPublishedSince,
  updateVideo,
} from './facebook-video-store';
import type { SimulatedAnswer } from './sandbox-faults';
import { newMetricsSeed } from './sandbox-metrics';
import { findContainers } from './sandbox-posts';
import { newSnowflakeId, type SandboxAccount } from './sandbox-store';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';
import { downloadVideo } from './video-download';

/*
 * The pretend Facebook's video publishing, as strict as Facebook:
 * - feed videos: `POST /{page-id}/videos {file_url, description}` (Video API; Postiz);
 * - Reels: `POST /{page-id}/video_reels` upload_phase=start → the rupload host with a `file_url`
 *   header → upload_phase=finish, video_state=PUBLISHED (Reels Publishing API,
 *   developers.facebook.com/docs/video-api/guides/reels-publishing); 30 API-published Reels per
 *   Page in a moving 24 hours, enforced at `video_reels` when publishing (same guide, "Rate Limit");
 * - stories: `POST /{page-id}/photo_stories {photo_id}` with an unpublished photo, and
 *   `/video_stories` start → upload → finish (Page Stories API,
 *   developers.facebook.com/docs/page-stories-api); a photo already shown by a published post is
 *   refused ("A photo or video uploaded for a story must not have been used in a previously
 *   published post", same page, Limitations);
 * - comments: `POST /{object-id}/comments {message}` as the Page, which needs
 *   pages_manage_engagement (Graph API comments edge; platforms.md F3);
 * - a video's status: `GET /{video-id}?fields=status` (facebook-simulator.ts asks videoObject).
 *
 * Each video is downloaded from its URL and probed (video-download.ts), then "processed" for
 * `facebookVideoProcessingMs`; a video outside the spec of its kind (facebook-video-rules.ts)
 * fails processing, as Facebook reports it.
 */

const DAY_MS = 24 * 3_600_000;
/** Reels API: 30 API-published Reels within a 24-hour moving period (Reels guide, "Rate Limit"). */
export const FACEBOOK_REELS_PER_DAY = 30;
/** A video Facebook downloads: the sandbox stops at 1 GiB (contracts MAX_VIDEO_BYTES). */
const MAX_VIDEO_BYTES = 1024 * 1024 * 1024;
/** Whether the `video-processing-failed` sandbox fault is on for this call (FORCED_FAILURE). */
const forced = (caller: Caller) => caller.fault === 'video-processing-failed';

interface VideoHelpers {
  graphRoute: FacebookGraphRoute;
  pageCaller(caller: Caller, pageId: string, scopes: string[]): SimulatedAnswer | null;
}

/** The rupload host's error shape: `{"debug_info":{retriable, type, message}}`. */
const ruploadError = (status: number, type: string, message: string): SimulatedAnswer => ({
  status,
  body: { debug_info: { retriable: false, type, message } },
});

export function registerFacebookVideoSimulator(
  app: FastifyInstance,
  options: FacebookSimulatorOptions,
  { graphRoute, pageCaller }: VideoHelpers,
) {
  const { db, appUrl } = options;
  const PUBLISHING = ['pages_manage_posts', 'pages_read_engagement'];
  const uploadUrl = (videoId: string) =>
    `${appUrl}${FACEBOOK_BASE_PATH}/rupload/video-upload/${FACEBOOK_GRAPH_VERSION}/${videoId}`;

  const bodyOf = (body: unknown) =>
    body && typeof body === 'object' ? (body as Record<string, unknown>) : ({} as Record<string, unknown>);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');

  /** Downloads and probes a video: its facts, and the processing failure its kind's rules give. */
  async function fetchAndProbe(url: string, kind: FacebookVideoKind) {
    const download = await downloadVideo(options.mediaFetch, url, { maxBytes: MAX_VIDEO_BYTES });
    if (!download.ok) return download;
    await download.discard();
    const { durationMs, width, height, frameRate, videoCodec } = download.facts;
    const facts = { durationMs, width, height, frameRate, videoCodec };
    const broken = videoRuleBroken(kind, facts);
    return {
      ok: true as const,
      facts,
      error: broken ? { code: PROCESSING_FAILED, message: broken } : undefined,
    };
  }

  /** A feed video: downloaded from `file_url`, processed, then published with its description. */
  app.post(
    `${FACEBOOK_GRAPH_PATH}/:id/videos`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute('publish', async (request, caller) => {
      const { id } = request.params as { id: string };
      const page = await findPageNamed(db, id, caller.account);
      if (!page) return missingObject(id);
      const refused = pageCaller(caller, id, PUBLISHING);
      if (refused) return refused;
      const body = bodyOf(request.body);
      const fileUrl = text(body.file_url);
      if (fileUrl === '') {
        return invalidParameter('Invalid parameter: a video file (file_url or source) is required.');
      }
      const probed = await fetchAndProbe(fileUrl, 'video');
      // Graph's answer when it cannot fetch or read the video at the URL.
      if (!probed.ok) return graphError(400, 389, '(#389) Unable to fetch video file from URL.');
      const error = forced(caller) ? FORCED_FAILURE : probed.error;
      const videoId = newSnowflakeId();
      const availableAt = Date.now() + options.facebookVideoProcessingMs;
      const published = text(body.published) !== 'false';
      await insertVideo(db, page, {
        id: videoId,
        item: {
          id: videoId,
          url: fileUrl,
          kind: 'video',
          phase: published ? 'finished' : 'uploaded',
          availableAt,
          facts: probed.facts,
          ...(error ? { error } : {}),
        },
        description: text(body.description),
        // Published once processed; a video that fails processing never is.
        publishedAt: published && !error ? new Date(availableAt) : null,
      });
      return { status: 200, body: { id: videoId } };
    }),
  );

  for (const edge of ['video_reels', 'video_stories'] as const) {
    const kind: FacebookVideoKind = edge === 'video_reels' ? 'reel' : 'story-video';
    app.post(
      `${FACEBOOK_GRAPH_PATH}/:id/${edge}`,
      { config: PUBLIC, schema: HIDDEN },
      graphRoute('publish', async (request, caller) => {
        const { id } = request.params as { id: string };
        const page = await findPageNamed(db, id, caller.account);
        if (!page) return missingObject(id);
        const refused = pageCaller(caller, id, PUBLISHING);
        if (refused) return refused;
        const body = bodyOf(request.body);
        const phase = text(body.upload_phase).toLowerCase();
        if (phase === 'start') {
          const videoId = newSnowflakeId();
          await insertVideo(db, page, {
            id: videoId,
            item: {
              id: videoId,
              url: null,
              kind,
              phase: 'started',
              ...(forced(caller) ? { forcedFailure: true } : {}),
            },
            description: '',
            publishedAt: null,
          });
          return { status: 200, body: { video_id: videoId, upload_url: uploadUrl(videoId) } };
        }
        if (phase !== 'finish') {
          return invalidParameter('Invalid parameter: upload_phase must be one of start, finish.');
        }
        const videoId = text(body.video_id);
        if (videoId === '') return invalidParameter('Invalid parameter: video_id is required.');
        const found = OBJECT_ID.test(videoId) ? await findVideo(db, videoId) : undefined;
        if (!found || found.post.accountId !== page.id || found.item.kind !== kind) {
          return invalidParameter(`Invalid parameter: video_id ${videoId} is not an upload of this Page.`);
        }
        const { post } = found;
        let { item } = found;
        if (forced(caller) && item.phase === 'uploaded') {
          // The fault reached the finish: the uploaded video fails processing after all.
          item = { ...item, error: FORCED_FAILURE };
          await updateVideo(db, post, item);
        }
        if (item.phase === 'started') {
          return invalidParameter('Invalid parameter: the video has not been uploaded yet.', 1363037);
        }
        if (item.phase === 'finished') {
          return invalidParameter('Invalid parameter: this video was already published.');
        }
        return edge === 'video_reels'
          ? finishReel(page, post, item, body)
          : finishVideoStory(page, post, item);
      }),
    );
  }

  async function finishReel(
    page: SandboxAccount,
    post: Parameters<typeof updateVideo>[1],
    item: FacebookVideoItem,
    body: Record<string, unknown>,
  ): Promise<SimulatedAnswer> {
    const state = text(body.video_state).toUpperCase();
    if (!['PUBLISHED', 'DRAFT', 'SCHEDULED'].includes(state)) {
      return invalidParameter('Invalid parameter: video_state must be one of DRAFT, PUBLISHED, SCHEDULED.');
    }
    if (state !== 'PUBLISHED') {
      return invalidParameter(
        'Invalid parameter: the sandbox publishes Reels at once (video_state=PUBLISHED).',
      );
    }
    const now = Date.now();
    const recent = await reelsPublishedSince(db, page, new Date(now - DAY_MS));
    if (recent.count >= FACEBOOK_REELS_PER_DAY) {
      // The code Facebook answers is not documented (research sheet 3.7): Page-level throttling
      // (32), with the usage header saying when the oldest Reel leaves the 24-hour window.
      const resetAt = new Date((recent.oldest?.getTime() ?? now) + DAY_MS);
      return graphError(
        400,
        32,
        `Page request limit reached: a Page can publish ${FACEBOOK_REELS_PER_DAY} Reels through the API within 24 hours.`,
        { headers: businessUsageHeader(page.externalId, resetAt, now) },
      );
    }
    const finished: FacebookVideoItem = { ...item, phase: 'finished' };
    const description = text(body.description);
    if (finished.error) {
      await updateVideo(db, post, finished, { description });
    } else {
      await updateVideo(db, post, finished, {
        description,
        publishedAt: new Date(Math.max(now, finished.availableAt ?? now)),
        metricsSeed: newMetricsSeed(),
      });
    }
    return { status: 200, body: { success: true } };
  }

  async function finishVideoStory(
    page: SandboxAccount,
    post: Parameters<typeof updateVideo>[1],
    item: FacebookVideoItem,
  ): Promise<SimulatedAnswer> {
    const progress = progressOf(item, Date.now());
    if (progress === 'processing') {
      return invalidParameter('Invalid parameter: the video is still being processed.', 1363038);
    }
    if (progress === 'error') {
      return invalidParameter(
        `Invalid parameter: the video could not be processed. ${item.error?.message ?? ''}`,
      );
    }
    await updateVideo(db, post, { ...item, phase: 'finished' });
    const story = await publishPagePost(db, page, {
      text: '',
      media: [{ id: item.id, url: item.url, kind: 'story-video' }],
    });
    return { status: 200, body: { success: true, post_id: story.externalId } };
  }

  /** The rupload host: a hosted file by its `file_url` header (the sandbox takes no bytes). */
  app.post(
    `${FACEBOOK_BASE_PATH}/rupload/video-upload/${FACEBOOK_GRAPH_VERSION}/:videoId`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute('upload', async (request, caller) => {
      const { videoId } = request.params as { videoId: string };
      const found = OBJECT_ID.test(videoId) ? await findVideo(db, videoId) : undefined;
      if (!found || found.post.accountId !== caller.account.id) {
        return ruploadError(400, 'NotFoundError', `No upload session for video ${videoId}.`);
      }
      if (found.item.phase !== 'started') {
        return ruploadError(400, 'ProcessingFailedError', 'The video was already uploaded.');
      }
      const fileUrl = request.headers.file_url;
      if (typeof fileUrl !== 'string' || fileUrl === '') {
        return ruploadError(
          400,
          'ProcessingFailedError',
          'The sandbox takes hosted files only: send the file_url header.',
        );
      }
      const probed = await fetchAndProbe(fileUrl, found.item.kind);
      if (!probed.ok) {
        return ruploadError(
          400,
          'ProcessingFailedError',
          `Unable to fetch the video file from URL (${probed.reason}).`,
        );
      }
      const error = forced(caller) || found.item.forcedFailure ? FORCED_FAILURE : probed.error;
      await updateVideo(db, found.post, {
        ...found.item,
        url: fileUrl,
        phase: 'uploaded',
        availableAt: Date.now() + options.facebookVideoProcessingMs,
        facts: probed.facts,
        ...(error ? { error } : {}),
      });
      return { status: 200, body: { success: true } };
    }),
  );

  /** A photo story: an unpublished photo of the Page, never shown by a published post. */
  app.post(
    `${FACEBOOK_GRAPH_PATH}/:id/photo_stories`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute('publish', async (request, caller) => {
      const { id } = request.params as { id: string };
      const page = await findPageNamed(db, id, caller.account);
      if (!page) return missingObject(id);
      const refused = pageCaller(caller, id, PUBLISHING);
      if (refused) return refused;
      const photoId = text(bodyOf(request.body).photo_id);
      const [photo] = OBJECT_ID.test(photoId) ? await findContainers(db, 'facebook', page.id, [photoId]) : [];
      const image = photo?.media[0];
      if (!photo || image?.kind !== 'image') {
        return invalidParameter('Invalid parameter: photo_id must be an unpublished photo of this Page.');
      }
      if (await photoWasPublished(db, page, photoId)) {
        return invalidParameter('Invalid parameter: a photo used in a published post cannot be a story.');
      }
      const story = await publishPagePost(db, page, {
        text: '',
        media: [{ id: photoId, url: image.url, kind: 'story-photo' }],
      });
      return { status: 200, body: { success: true, post_id: story.externalId } };
    }),
  );

  /** A comment as the Page under one of its published posts, videos or Reels. */
  app.post(
    `${FACEBOOK_GRAPH_PATH}/:id/comments`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute('publish', async (request, caller) => {
      const { id } = request.params as { id: string };
      const workspace = caller.account.workspaceId;
      let pageId: string | null = null;
      let link: string | null = null;
      if (PAGE_POST_ID.test(id)) {
        const found = await findPagePost(db, id, workspace);
        if (found) {
          pageId = found.account.externalId;
          const [page, post] = id.split('_');
          link = `${appUrl}${FACEBOOK_BASE_PATH}/${page}/posts/pfbid${post}`;
        }
      } else if (OBJECT_ID.test(id)) {
        const found = await findVideo(db, id);
        const published =
          found?.post.state === 'published' && (found.post.publishedAt?.getTime() ?? 0) <= Date.now();
        if (found && published && found.post.accountId === caller.account.id) {
          pageId = caller.account.externalId;
          link =
            found.item.kind === 'reel'
              ? `${appUrl}${FACEBOOK_BASE_PATH}/reel/${id}`
              : `${appUrl}${FACEBOOK_BASE_PATH}/${pageId}/videos/${id}/`;
        }
      }
      if (!pageId || !link) return missingObject(id);
      const refused = pageCaller(caller, pageId, ['pages_manage_engagement']);
      if (refused) return refused;
      const body = bodyOf(request.body);
      const message = text(body.message);
      if (message.trim() === '') return invalidParameter('Missing message or attachment.');
      const commentId = `${id.split('_').at(-1)}_${newSnowflakeId()}`;
      await insertComment(db, caller.account, { id: commentId, parentId: id, message });
      const fields = new Set(text((request.query as Fields).fields ?? body.fields).split(','));
      return {
        status: 200,
        body: {
          id: commentId,
          ...(fields.has('permalink_url') ? { permalink_url: `${link}?comment_id=${commentId}` } : {}),
        },
      };
    }),
  );
}
