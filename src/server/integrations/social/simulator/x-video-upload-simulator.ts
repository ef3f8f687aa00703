import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { probeVideo, type VideoFacts, videoToolPaths } from '../../video/ffmpeg-tools';
import type { SimulatedAnswer } from './sandbox-faults';
import { findContainers, insertPost, updateContainerMedia } from './sandbox-posts';
import { newSnowflakeId, type SandboxPost } from './sandbox-store';
import { HIDDEN, PUBLIC } from './simulator-routes';
import type { XSimulatorOptions } from './x-oauth-simulator';
import { invalidRequest, X_BASE_PATH, type XApiRoute } from './x-shapes';

/*
 * The pretend X's chunked media upload on the dedicated v2 paths (docs.x.com OpenAPI v2.167:
 * `POST /2/media/upload/initialize`, `/2/media/upload/{id}/append`, `/2/media/upload/{id}/finalize`;
 * the `command=INIT…` form of the older quickstart is not served, as the research sheet advises),
 * then `GET /2/media/upload?command=STATUS` (x-media-simulator.ts) until `succeeded | failed`.
 *
 * State machine of one upload (kept in its 'container' row's media item, so every process sees it):
 * initialized → (APPEND segments 0…999) → finalized: pending → in_progress → succeeded | failed.
 * The segments go to a folder on disk, never into memory as a whole; FINALIZE joins them into one
 * temporary file and probes it with ffprobe, as X's transcoder reads the file. The verdict is kept
 * at FINALIZE and told only once the (short, configurable) processing time has passed.
 */

const API = `${X_BASE_PATH}/api/2`;
/** INIT's example answer: ~15 days to finish the upload (docs.x.com media-upload-chunked). */
const INIT_LIFETIME_SECONDS = 1_295_999;
/** FINALIZE's example answer: the media id may be attached for a day (docs.x.com media-upload-chunked). */
export const FINALIZED_LIFETIME_SECONDS = 86_400;
/** `total_bytes` 0…17,179,869,184 (OpenAPI InitializeMediaUploadRequest). */
const MAX_TOTAL_BYTES = 17_179_869_184;
/** `segment_index` 0…999 (OpenAPI AppendMediaUploadRequest). */
const MAX_SEGMENT_INDEX = 999;
/** `additionalProperties: false` on INIT's body (OpenAPI InitializeMediaUploadRequest). */
const INIT_FIELDS = new Set(['media_type', 'total_bytes', 'media_category', 'additional_owners', 'shared']);
const VIDEO_TYPES = new Set(['video/mp4', 'video/quicktime']);
const VIDEO_CATEGORIES = new Set(['tweet_video', 'amplify_video']);
/**
 * The media_type and media_category enums (OpenAPI). The sandbox serves the video ones: a type or
 * category of the enum it does not serve (GIF, subtitles, DM) is refused as not served, one outside
 * the enum as X refuses it.
 */
const MEDIA_TYPES = new Set([
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'video/mp2t',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/tiff',
  'image/pjpeg',
  'text/srt',
  'text/vtt',
]);

/**
 * X's hard video rules (docs.x.com media best practices, newer version, research sheet 1.2):
 * 0.5 s … 125 min at upload (Premium's ceiling; the 20-minute limit of ordinary accounts is
 * enforced at Post create with a 403: "Upload limits and Post-create limits are separately
 * enforced"), ≤ 60 fps, aspect 1:3 … 3:1, at least 32×32, H.264 video, AAC audio.
 */
export const X_VIDEO_RULES = {
  minDurationMs: 500,
  maxUploadDurationMs: 125 * 60_000,
  /** Ordinary (non-Premium) accounts, at Post create; every sandbox account is one. */
  maxPostDurationMinutes: 20,
  maxFrameRate: 60,
  minAspect: 1 / 3,
  maxAspect: 3,
  minSide: 32,
} as const;

/** How long the pretend transcoder takes by default: short, tests set their own. */
export const DEFAULT_X_VIDEO_PROCESSING_MS = 1_500;

/** X's `processing_info.error` (twitter-api-v2 media.v2.types.ts; shape as in its issue #243). */
export interface XProcessingError {
  code: number;
  name: string;
  message: string;
}

/** What the container row of a chunked upload keeps (a media item of its own shape: see cast below). */
export interface XChunkedUpload {
  id: string;
  url: null;
  kind: 'video';
  chunked: {
    mediaType: string;
    totalBytes: number;
    category: string;
    /** Segment index → bytes received. */
    segments: Record<string, number>;
    expiresAt: number;
    finalizedAt: number | null;
    readyAt: number | null;
    /** The probe's verdict, told once `readyAt` has passed. */
    failure: XProcessingError | null;
    facts: Pick<VideoFacts, 'durationMs' | 'width' | 'height' | 'frameRate' | 'videoCodec'> | null;
    /** The `video-processing-failed` sandbox fault reached one of its calls: processing fails. */
    forcedFailure?: boolean;
  };
}

/** The chunked upload a container row holds, if it is one. */
export function chunkedUploadOf(row: Pick<SandboxPost, 'media'>): XChunkedUpload | null {
  const item = row.media[0] as unknown as Partial<XChunkedUpload> | undefined;
  return item?.chunked ? (item as XChunkedUpload) : null;
}

/** Where a processing upload stands at `now`: X's `processing_info`. */
export function processingInfoOf(upload: XChunkedUpload, now: number): Record<string, unknown> | null {
  const { finalizedAt, readyAt, failure } = upload.chunked;
  if (finalizedAt === null || readyAt === null) return null;
  if (now < readyAt) {
    const share = (now - finalizedAt) / Math.max(1, readyAt - finalizedAt);
    return {
      state: share < 0.25 ? 'pending' : 'in_progress',
      check_after_secs: Math.max(1, Math.ceil((readyAt - now) / 1000)),
      progress_percent: Math.min(99, Math.floor(share * 100)),
    };
  }
  return failure
    ? { state: 'failed', progress_percent: 100, error: failure }
    : { state: 'succeeded', progress_percent: 100 };
}

/**
 * X's verdict on a probed file (error shapes: `code 3, name UnsupportedMedia` as X answered for a
 * too-long or unsupported video, twitter-api-v2 issue #243 and TwitterAPIKit issue #96; the exact
 * message per rule is UNCONFIRMED, research sheet 1.5).
 */
export function judgeVideo(facts: VideoFacts): XProcessingError | null {
  const unsupported = (message: string): XProcessingError => ({ code: 3, name: 'UnsupportedMedia', message });
  if (facts.videoCodec !== 'h264') {
    return unsupported(`Video codec ${facts.videoCodec} is not supported; use H.264.`);
  }
  if (facts.audioCodec !== null && facts.audioCodec !== 'aac') {
    return unsupported(`Audio codec ${facts.audioCodec} is not supported; use AAC-LC.`);
  }
  if (facts.frameRate !== null && facts.frameRate > X_VIDEO_RULES.maxFrameRate) {
    return unsupported(
      `Frame rate ${facts.frameRate} exceeds max frame rate of ${X_VIDEO_RULES.maxFrameRate}.`,
    );
  }
  if (facts.width < X_VIDEO_RULES.minSide || facts.height < X_VIDEO_RULES.minSide) {
    return unsupported(`Dimensions ${facts.width}x${facts.height} are below the minimum of 32x32.`);
  }
  const aspect = facts.width / facts.height;
  if (aspect < X_VIDEO_RULES.minAspect || aspect > X_VIDEO_RULES.maxAspect) {
    return unsupported(`Aspect ratio ${facts.width}:${facts.height} is outside 1:3 to 3:1.`);
  }
  if (facts.durationMs < X_VIDEO_RULES.minDurationMs) {
    return unsupported(
      `Duration ${facts.durationMs} milliseconds is below min duration of 500 milliseconds.`,
    );
  }
  if (facts.durationMs > X_VIDEO_RULES.maxUploadDurationMs) {
    return unsupported(`Duration ${Math.round(facts.durationMs / 1000)} seconds exceeds max duration.`);
  }
  return null;
}

/** The folder one upload's segments are written to. */
const segmentsRoot = join(tmpdir(), 'kitepost-x-sandbox-uploads');
const segmentsDir = (id: string) => join(segmentsRoot, id);

export function registerXVideoUploadSimulator(
  app: FastifyInstance,
  options: XSimulatorOptions,
  apiRoute: XApiRoute,
) {
  const { db } = options;
  const processingMs = options.videoProcessingMs ?? DEFAULT_X_VIDEO_PROCESSING_MS;
  const tools = videoToolPaths();

  /** The caller's upload by the path's id, or X's answer why not. */
  async function uploadFor(
    accountId: string,
    id: string,
  ): Promise<{ refused: SimulatedAnswer } | { row: SandboxPost; upload: XChunkedUpload }> {
    if (!/^\d{1,19}$/.test(id)) return { refused: invalidRequest('The media_id is invalid.', { id: [id] }) };
    const [row] = await findContainers(db, 'twitter', accountId, [id]);
    const upload = row ? chunkedUploadOf(row) : null;
    if (!row || !upload || upload.chunked.expiresAt < Date.now()) {
      // Unknown, someone else's, or expired: X no longer knows the id.
      return { refused: invalidRequest('BadRequest: Not found', { id: [id] }) };
    }
    return { row, upload };
  }

  app.post(
    `${API}/media/upload/initialize`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(['media.write'], 'upload', async (request, { account, fault }) => {
      const body = request.body as Record<string, unknown> | undefined;
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        return invalidRequest('The request body must be a JSON object.');
      }
      const extra = Object.keys(body).find((key) => !INIT_FIELDS.has(key));
      if (extra) return invalidRequest(`$.${extra}: is not defined in the schema`, { [extra]: [] });
      const { media_type: mediaType, total_bytes: totalBytes, media_category: category } = body;
      if (typeof mediaType !== 'string' || !MEDIA_TYPES.has(mediaType)) {
        return invalidRequest(`$.media_type: does not have a value in the enumeration`, {
          media_type: [String(mediaType)],
        });
      }
      if (
        typeof totalBytes !== 'number' ||
        !Number.isInteger(totalBytes) ||
        totalBytes < 0 ||
        totalBytes > MAX_TOTAL_BYTES
      ) {
        return invalidRequest('$.total_bytes: must be an integer from 0 to 17179869184', {
          total_bytes: [String(totalBytes)],
        });
      }
      if (!VIDEO_TYPES.has(mediaType) || !VIDEO_CATEGORIES.has(String(category))) {
        return invalidRequest(
          `The sandbox takes chunked uploads of MP4/MOV video with media_category tweet_video; media_type [${mediaType}], media_category [${String(category)}] are not served.`,
          { media_type: [mediaType], media_category: [String(category)] },
        );
      }
      const id = newSnowflakeId();
      const upload: XChunkedUpload = {
        id,
        url: null,
        kind: 'video',
        chunked: {
          mediaType,
          totalBytes,
          category: String(category),
          segments: {},
          expiresAt: Date.now() + INIT_LIFETIME_SECONDS * 1000,
          finalizedAt: null,
          readyAt: null,
          failure: null,
          facts: null,
          forcedFailure: fault === 'video-processing-failed',
        },
      };
      await insertPost(db, {
        platform: 'twitter',
        externalId: id,
        accountId: account.id,
        text: '',
        // The jsonb column holds the upload's own shape (chunkedUploadOf reads it back).
        media: [upload as unknown as SandboxPost['media'][number]],
        state: 'container',
        metricsSeed: 0,
        publishedAt: null,
      });
      return {
        status: 200,
        body: { data: { id, media_key: `7_${id}`, expires_after_secs: INIT_LIFETIME_SECONDS } },
      };
    }),
  );

  app.post(
    `${API}/media/upload/:id/append`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(['media.write'], 'upload', async (request, { account, fault }) => {
      const { id } = request.params as { id: string };
      const found = await uploadFor(account.id, id);
      if ('refused' in found) return found.refused;
      const { row, upload } = found;
      if (fault === 'video-processing-failed') upload.chunked.forcedFailure = true;
      if (upload.chunked.finalizedAt !== null) {
        return invalidRequest('This media upload was already finalized; no more segments are taken.', {
          id: [id],
        });
      }
      const form = request.body;
      if (!(form instanceof FormData)) {
        return invalidRequest('APPEND is a multipart/form-data body with `media` and `segment_index`.');
      }
      const media = form.get('media');
      const segmentText = String(form.get('segment_index') ?? '');
      const segment = /^\d{1,4}$/.test(segmentText) ? Number(segmentText) : Number.NaN;
      if (!(Number.isInteger(segment) && segment >= 0 && segment <= MAX_SEGMENT_INDEX)) {
        return invalidRequest('$.segment_index: must be an integer from 0 to 999', {
          segment_index: [segmentText],
        });
      }
      if (!(media instanceof Blob) || media.size === 0) {
        return invalidRequest('The `media` field is required.', { media: [] });
      }
      const received = Object.entries(upload.chunked.segments)
        .filter(([index]) => Number(index) !== segment)
        .reduce((sum, [, size]) => sum + size, 0);
      if (received + media.size > upload.chunked.totalBytes) {
        return invalidRequest('Segments exceed the total_bytes given at initialize.', {
          segment_index: [segmentText],
        });
      }
      // One segment at a time to disk (a segment is ~1 MB; the file may be a gigabyte).
      await mkdir(segmentsDir(id), { recursive: true });
      await writeFile(join(segmentsDir(id), String(segment)), new Uint8Array(await media.arrayBuffer()));
      upload.chunked.segments[String(segment)] = media.size;
      await updateContainerMedia(db, row.id, [upload as unknown as SandboxPost['media'][number]]);
      return {
        status: 200,
        body: { data: { expires_at: Math.floor(upload.chunked.expiresAt / 1000) } },
      };
    }),
  );

  app.post(
    `${API}/media/upload/:id/finalize`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(['media.write'], 'upload', async (request, { account, fault }) => {
      const { id } = request.params as { id: string };
      const found = await uploadFor(account.id, id);
      if ('refused' in found) return found.refused;
      const { row, upload } = found;
      if (fault === 'video-processing-failed') upload.chunked.forcedFailure = true;
      const answer = () => ({
        status: 200,
        body: {
          data: {
            id,
            media_key: `7_${id}`,
            size: upload.chunked.totalBytes,
            expires_after_secs: FINALIZED_LIFETIME_SECONDS,
            processing_info: processingInfoOf(upload, Date.now()),
          },
        },
      });
      // A second FINALIZE answers where the first left the upload.
      if (upload.chunked.finalizedAt !== null) return answer();
      const indexes = Object.keys(upload.chunked.segments)
        .map(Number)
        .sort((a, b) => a - b);
      const total = Object.values(upload.chunked.segments).reduce((sum, size) => sum + size, 0);
      // X joins the segments by their index: all of 0…n-1 must be there and add up to total_bytes
      // (the v1.1 error "Segments do not add up to provided total file size.").
      if (indexes.some((index, position) => index !== position) || total !== upload.chunked.totalBytes) {
        return invalidRequest('Segments do not add up to provided total file size.', { id: [id] });
      }
      const verdict = await probeSegments(id, indexes);
      upload.chunked.finalizedAt = Date.now();
      upload.chunked.readyAt = upload.chunked.finalizedAt + processingMs;
      upload.chunked.expiresAt = upload.chunked.finalizedAt + FINALIZED_LIFETIME_SECONDS * 1000;
      upload.chunked.failure = upload.chunked.forcedFailure
        ? // The sandbox fault: X's answer for a file its transcoder gave up on (v1.1 STATUS reference).
          { code: 1, name: 'InvalidMedia', message: 'Unsupported video format' }
        : verdict.failure;
      upload.chunked.facts = verdict.facts;
      await updateContainerMedia(db, row.id, [upload as unknown as SandboxPost['media'][number]]);
      return answer();
    }),
  );

  /** Joins the segments into one temporary file (streamed), probes it, and removes both. */
  async function probeSegments(
    id: string,
    indexes: number[],
  ): Promise<{ failure: XProcessingError | null; facts: XChunkedUpload['chunked']['facts'] }> {
    const work = await mkdtemp(join(tmpdir(), 'kitepost-x-finalize-'));
    const file = join(work, 'upload');
    try {
      const out = createWriteStream(file);
      for (const index of indexes) {
        await pipeline(createReadStream(join(segmentsDir(id), String(index))), out, { end: false });
      }
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      const probed = await probeVideo(tools, file);
      if (!probed.ok) {
        // X's documented failure for a file it cannot read as video (v1.1 STATUS reference).
        return {
          failure: { code: 1, name: 'InvalidMedia', message: 'Unsupported video format' },
          facts: null,
        };
      }
      const { durationMs, width, height, frameRate, videoCodec } = probed.facts;
      return {
        failure: judgeVideo(probed.facts),
        facts: { durationMs, width, height, frameRate, videoCodec },
      };
    } finally {
      await rm(work, { recursive: true, force: true });
      await rm(segmentsDir(id), { recursive: true, force: true });
    }
  }
}
