import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  YOUTUBE_DESCRIPTION_MAX_BYTES,
  YOUTUBE_TAGS_MAX,
  YOUTUBE_TITLE_MAX,
  youtubeCategories,
  youtubeTagsLength,
} from '../../../../contracts/youtube';
import { probeVideo, videoToolPaths } from '../../video/ffmpeg-tools';
import type { FaultCheck, SimulatedAnswer } from './sandbox-faults';
import { readImage, SIMULATOR_KEY_PREFIX } from './sandbox-media';
import { newMetricsSeed } from './sandbox-metrics';
import { insertPost } from './sandbox-posts';
import type { SandboxAccount } from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { HIDDEN, PUBLIC } from './simulator-routes';
import { videoResource } from './youtube-resources';
import {
  badRequest,
  notFound,
  UPLOAD_SCOPES,
  VIDEO_ID,
  type YouTubeRoute,
  YT_API_PATH,
  YT_PROCESSING_MS,
  ytError,
} from './youtube-shapes';
import {
  findRow,
  newUploadId,
  newVideoId,
  sessionKey,
  sessionOf,
  type UploadSession,
  updateMedia,
  type VideoEntry,
  type YouTubeMetadata,
} from './youtube-store';

/*
 * The pretend YouTube's uploads: videos.insert by the resumable protocol
 * (developers.google.com/youtube/v3/guides/using_resumable_upload_protocol) and thumbnails.set.
 *
 *   POST /upload/youtube/v3/videos?uploadType=resumable&part=snippet,status  {snippet, status}
 *        X-Upload-Content-Length, X-Upload-Content-Type  → 200, Location: the session URL
 *   PUT  <session URL>  Content-Range: bytes a-b/total   → 308 Range: bytes=0-b, or 201 + video
 *   PUT  <session URL>  Content-Range: bytes *\/total     → the same, without sending bytes
 *   POST /upload/youtube/v3/thumbnails/set?videoId=…     image bytes (JPEG/PNG, ≤ 2 MB)
 *
 * The metadata is checked as videos.insert's "Errors" list it (invalidTitle, invalidDescription,
 * invalidTags, invalidCategoryId, invalidPublishAt). When the last byte is in, the parts are put
 * together and probed for real: a file that is no video fails processing (`invalidFile`), as on
 * YouTube, where a bad file is found by processing, not at upload; so does a video under the
 * `video-processing-failed` fault (`conversion`). Processing takes YT_PROCESSING_MS.
 */

const GB = 1024 ** 3;
/** "Maximum file size: 256GB" (docs/videos/insert). */
const MAX_VIDEO_BYTES = 256 * GB;
const CHUNK_UNIT = 256 * 1024;
/** "Maximum file size: 2MB" (docs/thumbnails/set). */
const MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024;
const ASSIGNABLE = new Set<string>(youtubeCategories.map((category) => category.id));
const privacies = new Set(['public', 'unlisted', 'private']);
const angle = /[<>]/;
const partKey = (uploadId: string, first: number) =>
  `${SIMULATOR_KEY_PREFIX}youtube/uploads/${uploadId}/${first}`;

/** videos.insert's metadata, as YouTube checks it, or its refusal. */
function readMetadata(body: unknown): YouTubeMetadata | SimulatedAnswer {
  const record = (body ?? {}) as { snippet?: Record<string, unknown>; status?: Record<string, unknown> };
  const snippet = record.snippet ?? {};
  const status = record.status ?? {};
  const title = typeof snippet.title === 'string' ? snippet.title : '';
  if (!title.trim() || [...title].length > YOUTUBE_TITLE_MAX || angle.test(title)) {
    return badRequest('invalidTitle', 'The request metadata specifies an invalid or empty video title.');
  }
  const description = typeof snippet.description === 'string' ? snippet.description : '';
  if (Buffer.byteLength(description) > YOUTUBE_DESCRIPTION_MAX_BYTES || angle.test(description)) {
    return badRequest('invalidDescription', 'The request metadata specifies an invalid video description.');
  }
  const tags = snippet.tags ?? [];
  if (
    !Array.isArray(tags) ||
    !tags.every((tag) => typeof tag === 'string' && !angle.test(tag)) ||
    youtubeTagsLength(tags as string[]) > YOUTUBE_TAGS_MAX
  ) {
    return badRequest('invalidTags', 'The request metadata specifies invalid video keywords.');
  }
  const categoryId = snippet.categoryId === undefined ? '22' : String(snippet.categoryId);
  if (!ASSIGNABLE.has(categoryId)) {
    return badRequest(
      'invalidCategoryId',
      'The snippet.categoryId property specifies an invalid category ID.',
    );
  }
  const privacyStatus = status.privacyStatus ?? 'public';
  if (typeof privacyStatus !== 'string' || !privacies.has(privacyStatus)) {
    return badRequest('invalidVideoMetadata', 'The request metadata is invalid.');
  }
  // "You can only set a value for this property if the video's privacy status is private" (videos#status.publishAt).
  if (status.publishAt !== undefined && privacyStatus !== 'private') {
    return badRequest(
      'invalidPublishAt',
      'The request metadata specifies an invalid scheduled publishing time.',
    );
  }
  const kids = status.selfDeclaredMadeForKids;
  if (kids !== undefined && typeof kids !== 'boolean') {
    return badRequest('invalidVideoMetadata', 'The request metadata is invalid.');
  }
  return {
    title,
    description,
    tags: tags as string[],
    categoryId,
    privacyStatus: privacyStatus as YouTubeMetadata['privacyStatus'],
    madeForKids: kids ?? null,
  };
}

/** Why YouTube would fail to process this file (`status.failureReason`), with the facts it read. */
async function probe(file: string): Promise<Pick<VideoEntry, 'failure' | 'width' | 'height' | 'durationMs'>> {
  const probed = await probeVideo(videoToolPaths(), file);
  if (!probed.ok) return { failure: 'invalidFile', width: null, height: null, durationMs: null };
  const { width, height, durationMs } = probed.facts;
  return { failure: null, width, height, durationMs };
}

export function registerYouTubeUploadRoutes(
  app: FastifyInstance,
  options: SimulatorContext,
  route: YouTubeRoute,
) {
  const { db, appUrl, storage } = options;
  const UPLOAD = `${YT_API_PATH}/upload/youtube/v3/videos`;

  /** The last byte is in: the parts become one file, probed, and the video is made. */
  async function complete(account: SandboxAccount, rowId: string, session: UploadSession) {
    const dir = await mkdtemp(join(tmpdir(), 'kitepost-sim-youtube-'));
    try {
      const file = join(dir, 'video');
      for (const first of session.parts) {
        const bytes = storage ? await storage.read(partKey(session.id, first)) : null;
        if (bytes) await appendFile(file, bytes);
      }
      const facts = await probe(file);
      const video: VideoEntry = {
        ...session.metadata,
        id: newVideoId(),
        url: null,
        kind: 'video',
        sizeBytes: session.sizeBytes,
        ...facts,
        failure: facts.failure ?? (session.failProcessing ? 'conversion' : null),
        availableAt: Date.now() + YT_PROCESSING_MS,
        thumbnail: false,
      };
      const row = await insertPost(db, {
        platform: 'youtube',
        externalId: video.id,
        accountId: account.id,
        text: video.description,
        media: [video] as never,
        state: 'published',
        metricsSeed: newMetricsSeed(),
        publishedAt: new Date(),
      });
      await updateMedia(db, rowId, { ...session, received: session.sizeBytes, videoId: video.id });
      for (const first of session.parts) await storage?.delete(partKey(session.id, first)).catch(() => {});
      return row;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** The session's answer: 201 with the video once complete, else 308 with what it has. */
  async function progress(account: SandboxAccount, session: UploadSession): Promise<SimulatedAnswer> {
    if (session.videoId) {
      const row = await findRow(db, account.id, session.videoId, 'published');
      if (row)
        return { status: 201, body: videoResource(row, account, new Set(['snippet', 'status']), Date.now()) };
    }
    return { status: 308, headers: session.received > 0 ? { range: `bytes=0-${session.received - 1}` } : {} };
  }

  const markFault = async (check: FaultCheck, rowId: string, session: UploadSession) => {
    if (check.chosen() === 'video-processing-failed' && !session.failProcessing) {
      session.failProcessing = true;
      await updateMedia(db, rowId, session);
    }
  };

  // Step 1: open a session. videos.insert is the call that costs the quota: a `publish` call.
  app.post(
    UPLOAD,
    { config: PUBLIC, schema: HIDDEN },
    route(UPLOAD_SCOPES, 'publish', async (request, { account }, check) => {
      const query = request.query as Record<string, string | undefined>;
      if (query.uploadType !== 'resumable') {
        return badRequest(
          'badRequest',
          'The sandbox takes uploads by the resumable protocol only (uploadType=resumable).',
          'global',
        );
      }
      const metadata = readMetadata(request.body);
      if ('status' in metadata) return metadata;
      const size = Number(request.headers['x-upload-content-length']);
      if (!Number.isInteger(size) || size < 1) {
        return badRequest('mediaBodyRequired', 'The request does not include the video content.');
      }
      if (size > MAX_VIDEO_BYTES)
        return badRequest('uploadLimitExceeded', 'The video is larger than 256 GB.');
      const mimeType = String(request.headers['x-upload-content-type'] ?? 'application/octet-stream');
      if (!/^video\/[\w.+-]+$/.test(mimeType) && mimeType !== 'application/octet-stream') {
        return badRequest(
          'badContent',
          `Media type '${mimeType}' is not supported. Valid media types: [video/*, application/octet-stream]`,
          'global',
        );
      }
      const session: UploadSession = {
        id: newUploadId(),
        url: null,
        kind: 'youtube-upload',
        sizeBytes: size,
        mimeType,
        received: 0,
        parts: [],
        metadata,
      };
      const row = await insertPost(db, {
        platform: 'youtube',
        externalId: sessionKey(session.id),
        accountId: account.id,
        text: '',
        media: [session] as never,
        state: 'container',
        metricsSeed: 0,
        publishedAt: null,
      });
      await markFault(check, row.id, session);
      const location = `${appUrl}${UPLOAD}?uploadType=resumable&part=snippet,status&upload_id=${session.id}`;
      return { status: 200, headers: { location }, body: undefined };
    }),
  );

  // Steps 2 and 3: a chunk, or the question "what do you have?".
  app.register(async (scope) => {
    scope.addContentTypeParser(
      /^video\/.+/,
      { parseAs: 'buffer', bodyLimit: 64 * 1024 * 1024 },
      (_r, body, done) => done(null, body),
    );
    scope.put(
      UPLOAD,
      { config: PUBLIC, schema: HIDDEN, bodyLimit: 64 * 1024 * 1024 },
      route(UPLOAD_SCOPES, 'upload', async (request: FastifyRequest, { account }, check) => {
        const uploadId = (request.query as Record<string, string | undefined>).upload_id ?? '';
        const row = /^[A-Za-z0-9_-]{8,64}$/.test(uploadId)
          ? await findRow(db, account.id, sessionKey(uploadId), 'container')
          : undefined;
        if (!row) return notFound('notFound', 'Not Found: no upload session with this upload_id.', 'global');
        const session = sessionOf(row);
        await markFault(check, row.id, session);
        const range = String(request.headers['content-range'] ?? '');
        const asked = /^bytes \*\/(\d+)$/.exec(range);
        if (asked) {
          if (Number(asked[1]) !== session.sizeBytes)
            return badRequest(
              'badRequest',
              'Content-Range total does not match X-Upload-Content-Length.',
              'global',
            );
          return progress(account, session);
        }
        const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
        const bytes = Buffer.isBuffer(request.body) ? request.body : null;
        if (!match || !bytes)
          return badRequest(
            'badRequest',
            'A chunk needs Content-Range: bytes first-last/total and its bytes.',
            'global',
          );
        const [first, last, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
        if (session.videoId) return progress(account, session);
        if (total !== session.sizeBytes)
          return badRequest(
            'badRequest',
            'Content-Range total does not match X-Upload-Content-Length.',
            'global',
          );
        if (first !== session.received || last < first || bytes.length !== last - first + 1) {
          return badRequest(
            'badRequest',
            `Expected bytes from ${session.received}; got Content-Range ${range} with ${bytes.length} bytes.`,
            'global',
          );
        }
        const final = last + 1 === total;
        // "The size of each chunk … must be a multiple of 256 KB", except the last.
        if (!final && bytes.length % CHUNK_UNIT !== 0) {
          return badRequest(
            'badRequest',
            'A chunk other than the last must be a multiple of 256 KiB.',
            'global',
          );
        }
        await storage?.put(partKey(session.id, first), bytes, 'application/octet-stream');
        session.received = last + 1;
        session.parts.push(first);
        await updateMedia(db, row.id, session);
        if (!final) return progress(account, session);
        const video = await complete(account, row.id, session);
        return {
          status: 201,
          body: videoResource(video, account, new Set(['snippet', 'status']), Date.now()),
        };
      }),
    );
  });

  // thumbnails.set: JPEG or PNG up to 2 MB, for a video of the caller's channel. A channel whose
  // handle has "unverified" in it is not verified: YouTube refuses it custom thumbnails (403).
  app.post(
    `${YT_API_PATH}/upload/youtube/v3/thumbnails/set`,
    { config: PUBLIC, schema: HIDDEN },
    route(UPLOAD_SCOPES, 'other', async (request, { account }) => {
      const videoId = (request.query as Record<string, string | undefined>).videoId ?? '';
      const row = VIDEO_ID.test(videoId) ? await findRow(db, account.id, videoId, 'published') : undefined;
      if (!row) return notFound('videoNotFound', 'The video that you are trying to update cannot be found.');
      if (account.username.includes('unverified')) {
        return ytError(
          403,
          'forbidden',
          "The authenticated user doesn't have permissions to upload and set custom video thumbnails.",
          'youtube.thumbnail',
        );
      }
      const bytes = Buffer.isBuffer(request.body) ? request.body : null;
      const image = bytes ? readImage(bytes) : null;
      if (!bytes || !image || (image.mimeType !== 'image/jpeg' && image.mimeType !== 'image/png')) {
        return badRequest('invalidImage', 'The provided image content is invalid.', 'youtube.thumbnail');
      }
      if (bytes.length > MAX_THUMBNAIL_BYTES) {
        return ytError(413, 'mediaBodyTooLarge', 'The thumbnail is larger than 2 MB.', 'youtube.thumbnail');
      }
      const video = { ...(row.media[0] as unknown as VideoEntry), thumbnail: true };
      await updateMedia(db, row.id, video);
      const url = `${appUrl}${YT_API_PATH}/vi/${videoId}/maxresdefault.jpg`;
      return {
        status: 200,
        body: {
          kind: 'youtube#thumbnailSetResponse',
          items: [{ default: { url, width: image.width, height: image.height } }],
        },
      };
    }),
  );
}
