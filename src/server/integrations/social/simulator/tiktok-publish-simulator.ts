import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sandboxAccounts, sandboxPosts } from '../../../db/schema';
import { probeVideo, videoToolPaths } from '../../video/ffmpeg-tools';
import { downloadMedia } from './media-download';
import { type SimulatedAnswer, simulatedApi } from './sandbox-faults';
import { newSnowflakeId, type SandboxAccount } from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { HIDDEN, PUBLIC } from './simulator-routes';
import {
  creatorSettingsOf,
  invalidParams,
  MAX_PHOTOS,
  TITLE_MAX,
  type TikTokRoute,
  TT_API_PATH,
  TT_UPLOAD_PATH,
  ttData,
  ttError,
  ttFaults,
} from './tiktok-shapes';
import { findPublish, insertPublish, newPublishId, savePublish, type TikTokPublish } from './tiktok-store';

/*
 * The pretend TikTok's Content Posting API. Sources: [TT-DIRECT] developers.tiktok.com/doc/content-posting-api-reference-direct-post,
 * [TT-INBOX] …/doc/content-posting-api-reference-upload-video, [TT-PHOTO] …/doc/content-posting-api-reference-photo-post,
 * [TT-TRANSFER] …/doc/content-posting-api-media-transfer-guide (chunks; PULL_FROM_URL needs a
 * verified URL prefix: the sandbox app has verified the app's own origin, nothing else),
 * [TT-STATUS] …/doc/content-posting-api-reference-get-video-status.
 */

const MB = 1024 * 1024;
const CHUNKS_ROOT = join(tmpdir(), 'kitepost-tiktok-sandbox-uploads');
const fileOf = (publishId: string) => join(CHUNKS_ROOT, publishId.replace(/[^\w.-]/g, '_'));
/** How long the pretend TikTok processes a post: short, for the sandbox. */
const PROCESSING_MS = 1_200;

type Json = Record<string, unknown>;
const objectOf = (value: unknown): Json | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;

/** [TT-TRANSFER] chunk rules for FILE_UPLOAD; a message when broken. */
function chunkRulesBroken(size: number, chunk: number, count: number): string | undefined {
  if (!Number.isInteger(size) || size <= 0) return 'video_size must be a positive integer.';
  if (!Number.isInteger(chunk) || chunk <= 0) return 'chunk_size must be a positive integer.';
  if (size < 5 * MB) {
    if (chunk !== size || count !== 1)
      return 'A video under 5 MB is uploaded whole: chunk_size = video_size, total_chunk_count = 1.';
    return undefined;
  }
  if (chunk < 5 * MB || chunk > 64 * MB) return 'chunk_size must be between 5 MB and 64 MB.';
  if (count !== Math.floor(size / chunk))
    return 'total_chunk_count must be video_size / chunk_size rounded down.';
  if (count < 1 || count > 1000) return 'total_chunk_count must be between 1 and 1000.';
  if (size - (count - 1) * chunk > 128 * MB) return 'The final chunk may be at most 128 MB.';
  return undefined;
}

/** The post_info rules shared by direct posts [TT-DIRECT, TT-PHOTO]; a refusal or undefined. */
function postInfoRefusal(account: SandboxAccount, info: Json, audited: boolean): SimulatedAnswer | undefined {
  const privacy = info.privacy_level;
  const settings = creatorSettingsOf(account);
  if (typeof privacy !== 'string') return invalidParams('post_info.privacy_level is required.');
  if (!settings.privacyLevelOptions.includes(privacy)) {
    return ttError(
      400,
      'privacy_level_option_mismatch',
      'privacy_level is not one of the creator’s privacy_level_options.',
    );
  }
  if (!audited && privacy !== 'SELF_ONLY') {
    return ttError(
      403,
      'unaudited_client_can_only_post_to_private_accounts',
      'Unaudited clients can only post to a private account (privacy_level SELF_ONLY).',
    );
  }
  if (info.brand_content_toggle === true && privacy === 'SELF_ONLY') {
    return invalidParams('Branded content cannot be posted with privacy_level SELF_ONLY.');
  }
  return undefined;
}

export function registerTikTokPublishRoutes(
  app: FastifyInstance,
  options: SimulatorContext & { audited: boolean },
  route: TikTokRoute,
) {
  const { db, appUrl } = options;
  const tools = videoToolPaths();

  /** `POST /v2/post/publish/video/init/` (direct) and `/inbox/video/init/` (draft). */
  const initVideo = (inbox: boolean) =>
    route('upload', [inbox ? 'video.upload' : 'video.publish'], 'init', async (caller, body) => {
      const source = objectOf(body.source_info);
      const info = objectOf(body.post_info) ?? {};
      if (!source) return invalidParams('source_info is required.');
      if (source.source !== 'FILE_UPLOAD') {
        return invalidParams('The sandbox takes videos by FILE_UPLOAD only (PULL_FROM_URL is not served).');
      }
      const size = Number(source.video_size);
      const chunk = Number(source.chunk_size);
      const count = Number(source.total_chunk_count);
      const broken = chunkRulesBroken(size, chunk, count);
      if (broken) return invalidParams(broken);
      if (!inbox) {
        const refusal = postInfoRefusal(caller.account, info, options.audited);
        if (refusal) return refusal;
        if (typeof info.title === 'string' && info.title.length > TITLE_MAX.video) {
          return invalidParams(`post_info.title may be at most ${TITLE_MAX.video} characters.`);
        }
      }
      const publishId = newPublishId('video');
      const uploadToken = randomBytes(16).toString('hex');
      await insertPublish(db, caller.account, {
        id: publishId,
        url: uploadToken,
        kind: 'tiktok-publish',
        mediaType: 'video',
        mode: inbox ? 'inbox' : 'direct',
        privacy: typeof info.privacy_level === 'string' ? info.privacy_level : null,
        caption: typeof info.title === 'string' ? info.title : '',
        title: null,
        videoSize: size,
        chunkSize: chunk,
        totalChunks: count,
        received: 0,
        availableAt: null,
        failReason: null,
        forcedFailure: caller.fault === 'video-processing-failed',
        postId: null,
      });
      const query = new URLSearchParams({ upload_id: publishId, upload_token: uploadToken });
      return ttData({ publish_id: publishId, upload_url: `${appUrl}${TT_UPLOAD_PATH}?${query}` });
    });
  app.post(
    `${TT_API_PATH}/v2/post/publish/video/init/`,
    { config: PUBLIC, schema: HIDDEN },
    initVideo(false),
  );
  app.post(
    `${TT_API_PATH}/v2/post/publish/inbox/video/init/`,
    { config: PUBLIC, schema: HIDDEN },
    initVideo(true),
  );

  /** `POST /v2/post/publish/content/init/`: photos by PULL_FROM_URL [TT-PHOTO]. */
  app.post(
    `${TT_API_PATH}/v2/post/publish/content/init/`,
    { config: PUBLIC, schema: HIDDEN },
    route('publish', ['video.publish', 'video.upload'], 'init', async (caller, body) => {
      const mode =
        body.post_mode === 'MEDIA_UPLOAD' ? 'inbox' : body.post_mode === 'DIRECT_POST' ? 'direct' : null;
      if (!mode) return invalidParams('post_mode must be DIRECT_POST or MEDIA_UPLOAD.');
      if (!caller.scopes.includes(mode === 'direct' ? 'video.publish' : 'video.upload')) {
        return ttError(
          401,
          'scope_not_authorized',
          `The user did not authorize ${mode === 'direct' ? 'video.publish' : 'video.upload'}.`,
        );
      }
      if (body.media_type !== 'PHOTO') return invalidParams('media_type must be PHOTO.');
      const source = objectOf(body.source_info);
      const info = objectOf(body.post_info) ?? {};
      const photos = Array.isArray(source?.photo_images) ? source.photo_images : [];
      if (source?.source !== 'PULL_FROM_URL') return invalidParams('Photos are sent by PULL_FROM_URL.');
      if (photos.length < 1 || photos.length > MAX_PHOTOS || photos.some((url) => typeof url !== 'string')) {
        return invalidParams(`photo_images takes 1 to ${MAX_PHOTOS} URLs.`);
      }
      const title = typeof info.title === 'string' ? info.title : '';
      const description = typeof info.description === 'string' ? info.description : '';
      if (title.length > TITLE_MAX.photoTitle)
        return invalidParams(`post_info.title may be at most ${TITLE_MAX.photoTitle} characters.`);
      if (description.length > TITLE_MAX.photoDescription) {
        return invalidParams(
          `post_info.description may be at most ${TITLE_MAX.photoDescription} characters.`,
        );
      }
      if (mode === 'direct') {
        const refusal = postInfoRefusal(caller.account, info, options.audited);
        if (refusal) return refusal;
      }
      const unverified = (photos as string[]).find((url) => !url.startsWith(`${appUrl}/`));
      if (unverified) {
        return ttError(
          403,
          'url_ownership_unverified',
          `The URL prefix of ${unverified} is not verified for this app.`,
        );
      }
      // TikTok downloads the photos while it processes them; the verdict is told by the status.
      let failReason: string | null = null;
      for (const url of photos as string[]) {
        const got = await downloadMedia(options.mediaFetch, 'tiktok', url);
        if (!got.ok) {
          failReason = got.reason === 'not_accepted' ? 'file_format_check_failed' : 'photo_pull_failed';
          break;
        }
      }
      const publishId = newPublishId('photo');
      await insertPublish(db, caller.account, {
        id: publishId,
        url: null,
        kind: 'tiktok-publish',
        mediaType: 'photo',
        mode,
        privacy: typeof info.privacy_level === 'string' ? info.privacy_level : null,
        caption: description,
        title: title || null,
        videoSize: 0,
        chunkSize: 0,
        totalChunks: 0,
        received: 0,
        availableAt: Date.now() + PROCESSING_MS,
        failReason: caller.fault === 'video-processing-failed' ? 'internal' : failReason,
        postId: newSnowflakeId(),
        photos: photos as string[],
      });
      return ttData({ publish_id: publishId });
    }),
  );

  /** The upload URL: `PUT` each chunk in order with Content-Range [TT-TRANSFER]. */
  app.register(async (uploads) => {
    uploads.addContentTypeParser(/^video\/.+/, { parseAs: 'buffer', bodyLimit: 130 * MB }, (_r, body, done) =>
      done(null, body),
    );
    uploads.put(
      TT_UPLOAD_PATH,
      { config: PUBLIC, schema: HIDDEN },
      simulatedApi(
        { faults: options.faults, answers: ttFaults, armed: options.armed, kind: 'upload' },
        async (request, check) => {
          const query = request.query as Record<string, string | undefined>;
          const found = query.upload_id ? await findUpload(query.upload_id) : null;
          if (!found || found.publish.url !== query.upload_token)
            return invalidParams('The upload URL is not valid.');
          const fault = await check.forAccount(found.account);
          if (fault) return fault;
          const { row, publish } = found;
          if (check.chosen() === 'video-processing-failed') publish.forcedFailure = true;
          const bytes = Buffer.isBuffer(request.body) ? request.body : null;
          const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(request.headers['content-range'] ?? ''));
          if (!bytes || !range)
            return invalidParams('A chunk needs a body and a Content-Range: bytes first-last/total header.');
          const [first, last, total] = [Number(range[1]), Number(range[2]), Number(range[3])];
          const index = Math.floor(first / publish.chunkSize);
          const final = index === publish.totalChunks - 1;
          const expected = final ? publish.videoSize - first : publish.chunkSize;
          if (total !== publish.videoSize) return invalidParams('Content-Range total must equal video_size.');
          if (first !== publish.received)
            return invalidParams(
              `Chunks are uploaded in order: the next one starts at byte ${publish.received}.`,
            );
          if (last - first + 1 !== bytes.length || bytes.length !== expected) {
            return invalidParams(
              `This chunk must be ${expected} bytes (bytes ${first}-${first + expected - 1}).`,
            );
          }
          await mkdir(CHUNKS_ROOT, { recursive: true });
          await appendFile(fileOf(publish.id), bytes);
          publish.received += bytes.length;
          if (!final) {
            await savePublish(db, row, publish);
            return { status: 206 };
          }
          await judgeVideo(found.account, publish);
          await savePublish(db, row, publish);
          return { status: 201 };
        },
      ),
    );
  });

  async function findUpload(publishId: string) {
    const [owner] = await db
      .select({ account: sandboxAccounts })
      .from(sandboxPosts)
      .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxPosts.accountId))
      .where(and(eq(sandboxPosts.platform, 'tiktok'), eq(sandboxPosts.externalId, publishId)));
    if (!owner) return null;
    const found = await findPublish(db, owner.account, publishId);
    return found ? { ...found, account: owner.account } : null;
  }

  /** The whole file is in: TikTok's checks (format, duration, frame rate, size) [TT-DIRECT]. */
  async function judgeVideo(account: SandboxAccount, publish: TikTokPublish) {
    const file = fileOf(publish.id);
    const probed = await probeVideo(tools, file);
    await rm(file, { force: true });
    publish.availableAt = Date.now() + PROCESSING_MS;
    publish.postId = newSnowflakeId();
    if (publish.forcedFailure) publish.failReason = 'internal';
    else if (!probed.ok) publish.failReason = 'file_format_check_failed';
    else {
      const { facts } = probed;
      const maxMs = creatorSettingsOf(account).maxVideoPostDurationSec * 1000;
      if (facts.durationMs > maxMs) publish.failReason = 'duration_check_failed';
      else if (facts.frameRate !== null && (facts.frameRate < 23 || facts.frameRate > 60)) {
        publish.failReason = 'frame_rate_check_failed';
      } else if (Math.min(facts.width, facts.height) < 360 || Math.max(facts.width, facts.height) > 4096) {
        publish.failReason = 'picture_size_check_failed';
      }
      publish.video = { durationMs: facts.durationMs, width: facts.width, height: facts.height };
    }
  }
}
