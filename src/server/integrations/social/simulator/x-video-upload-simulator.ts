import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { probeVideo, videoToolPaths } from '../../video/ffmpeg-tools';
import type { SimulatedAnswer } from './sandbox-faults';
import { findContainers, insertPost, updateContainerMedia } from './sandbox-posts';
import { newSnowflakeId, type SandboxPost } from './sandbox-store';
import { HIDDEN, PUBLIC } from './simulator-routes';
import type { XSimulatorOptions } from './x-oauth-simulator';
import { invalidRequest, X_BASE_PATH, type XApiRoute, type XCaller } from './x-shapes';
import {
  SEGMENT_SWEEP_EVERY_MS,
  segmentsDir,
  segmentsSwept,
  sweepAbandonedSegments,
  X_SEGMENTS_ROOT,
} from './x-upload-segments';
import {
  asMedia,
  chunkedUploadOf,
  judgeVideo,
  processingInfoOf,
  UNREADABLE_VIDEO,
  type XChunkedUpload,
  type XProcessingError,
} from './x-video-rules';

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

/** How long the pretend transcoder takes by default: short, tests set their own. */
export const DEFAULT_X_VIDEO_PROCESSING_MS = 1_500;

export function registerXVideoUploadSimulator(
  app: FastifyInstance,
  options: XSimulatorOptions,
  apiRoute: XApiRoute,
) {
  const { db } = options;
  const processingMs = options.videoProcessingMs ?? DEFAULT_X_VIDEO_PROCESSING_MS;
  const tools = videoToolPaths();
  const sweep = () =>
    sweepAbandonedSegments().then(
      (removed) => {
        if (removed > 0) app.log.info({ removed }, 'pretend X: abandoned upload segments removed');
      },
      (error: unknown) => app.log.warn({ err: error }, 'pretend X: sweeping abandoned uploads failed'),
    );
  void sweep();
  const sweeper = setInterval(sweep, SEGMENT_SWEEP_EVERY_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  /**
   * The caller's upload by the path's id, or X's answer why not. The `video-processing-failed`
   * sandbox fault may reach any call of an upload: it is marked on the upload, whose processing
   * then fails (the mark is stored with the call's next write).
   */
  async function uploadFor(
    { account, fault }: Pick<XCaller, 'account' | 'fault'>,
    id: string,
  ): Promise<{ refused: SimulatedAnswer } | { row: SandboxPost; upload: XChunkedUpload }> {
    if (!/^\d{1,19}$/.test(id)) return { refused: invalidRequest('The media_id is invalid.', { id: [id] }) };
    const [row] = await findContainers(db, 'twitter', account.id, [id]);
    const upload = row ? chunkedUploadOf(row) : null;
    if (!row || !upload || upload.chunked.expiresAt < Date.now()) {
      // Unknown, someone else's, or expired: X no longer knows the id.
      return { refused: invalidRequest('BadRequest: Not found', { id: [id] }) };
    }
    if (fault === 'video-processing-failed') upload.chunked.forcedFailure = true;
    return { row, upload };
  }

  /** A call on one upload (`/2/media/upload/{id}/…`): on the caller's upload, else X's refusal. */
  const onUpload = (
    step: 'append' | 'finalize',
    handle: (
      found: { id: string; row: SandboxPost; upload: XChunkedUpload },
      request: FastifyRequest,
    ) => Promise<SimulatedAnswer>,
  ) =>
    app.post(
      `${API}/media/upload/:id/${step}`,
      { config: PUBLIC, schema: HIDDEN },
      apiRoute(['media.write'], 'upload', async (request, caller) => {
        const { id } = request.params as { id: string };
        const found = await uploadFor(caller, id);
        return 'refused' in found ? found.refused : handle({ id, ...found }, request);
      }),
    );

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
        media: asMedia(upload),
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

  onUpload('append', async ({ id, row, upload }, request) => {
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
    await updateContainerMedia(db, row.id, asMedia(upload));
    return {
      status: 200,
      body: { data: { expires_at: Math.floor(upload.chunked.expiresAt / 1000) } },
    };
  });

  onUpload('finalize', async ({ id, row, upload }) => {
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
    if (await segmentsSwept(id, indexes)) {
      // Abandoned for hours, its segments were swept (x-upload-segments.ts): as an expired upload.
      return invalidRequest('BadRequest: Not found', { id: [id] });
    }
    const verdict = await probeSegments(id, indexes);
    upload.chunked.finalizedAt = Date.now();
    upload.chunked.readyAt = upload.chunked.finalizedAt + processingMs;
    upload.chunked.expiresAt = upload.chunked.finalizedAt + FINALIZED_LIFETIME_SECONDS * 1000;
    // The sandbox fault: X's answer for a file its transcoder gave up on.
    upload.chunked.failure = upload.chunked.forcedFailure ? UNREADABLE_VIDEO : verdict.failure;
    upload.chunked.facts = verdict.facts;
    await updateContainerMedia(db, row.id, asMedia(upload));
    return answer();
  });

  /** Joins the segments into one temporary file (streamed), probes it, and removes both. */
  async function probeSegments(
    id: string,
    indexes: number[],
  ): Promise<{ failure: XProcessingError | null; facts: XChunkedUpload['chunked']['facts'] }> {
    await mkdir(X_SEGMENTS_ROOT, { recursive: true });
    const work = await mkdtemp(join(X_SEGMENTS_ROOT, 'finalize-'));
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
        return { failure: UNREADABLE_VIDEO, facts: null };
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
