import { createHash, randomBytes } from 'node:crypto';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { probeVideo, videoToolPaths } from '../../video/ffmpeg-tools';
import type { LinkedInSimulatorOptions } from './linkedin-oauth-simulator';
import { accessDenied, apiError, type LinkedInApiRoute } from './linkedin-shapes';
import { type LinkedInSite, memberSite } from './linkedin-site';
import { uploadStatusOf } from './linkedin-uploads';
import { SIMULATOR_KEY_PREFIX } from './sandbox-media';
import { findContainers, insertPost, updateContainerMedia } from './sandbox-posts';
import type { SandboxAccount, SandboxPost } from './sandbox-store';
import { HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend LinkedIn Videos API (learn.microsoft.com/en-us/linkedin/marketing/
 * community-management/shares/videos-api; research sheet 2.2):
 *
 *   POST /rest/videos?action=initializeUpload {initializeUploadRequest: {owner, fileSizeBytes,
 *        uploadCaptions, uploadThumbnail}} → {value: {video, uploadToken, uploadInstructions:
 *        [{uploadUrl, firstByte, lastByte}]}}: the file cut in parts of 4 MiB (the part size
 *        LinkedIn answers, 3p-quoted: "multipart of 4 MB");
 *   PUT  <uploadUrl> with exactly that part's bytes → 200 with an `ETag`;
 *   POST /rest/videos?action=finalizeUpload {finalizeUploadRequest: {video, uploadToken,
 *        uploadedPartIds}}: the ETags of every part, in order;
 *   GET  /rest/videos/{urn} → status WAITING_UPLOAD → PROCESSING → AVAILABLE | PROCESSING_FAILED
 *        (with processingFailureReason).
 *
 * At finalize the parts are put together in a temporary file and probed for real (ffprobe):
 * LinkedIn takes MP4 only, 3 s to 30 min, aspect ratio 1:2.4 to 2.4:1 (LinkedIn's video
 * specifications as restated by Ayrshare's LinkedIn media guidelines, 3p; the ads video spec says
 * the same). Anything else ends PROCESSING_FAILED once processing is over, as on LinkedIn, where a
 * bad file is found by the transcoder, not at upload. Processing takes `linkedInImageProcessingMs`
 * (the pretend LinkedIn's one processing delay, short in tests). The parts are kept in the media
 * storage until finalize, then removed: the sandbox keeps a video's facts, not its bytes.
 */

/** LinkedIn's part size (4,194,304 bytes, 3p-quoted; the last part is the rest). */
export const LINKEDIN_VIDEO_PART_BYTES = 4 * 1024 * 1024;
/** "Maximum allowed Videos size is 5GB" (Videos API, as quoted in research sheet 2.2). */
const MAX_VIDEO_BYTES = 5 * 1024 ** 3;
const MIN_DURATION_MS = 3_000;
const MAX_DURATION_MS = 30 * 60_000;
const MIN_ASPECT = 1 / 2.4;
const MAX_ASPECT = 2.4;
const VIDEO_URN = /^urn:li:video:([A-Za-z0-9]{1,64})$/;

/** What the sandbox keeps of an uploaded video, in its container row's one media item. */
export interface SandboxVideoItem {
  id: string;
  url: null;
  /** 'video-pending' until finalizeUpload, then 'video'. */
  kind: 'video-pending' | 'video';
  sizeBytes: number;
  uploadToken: string;
  /** When processing ends (finalize + the processing delay). */
  availableAt?: number;
  /** Why processing fails, once it ends; null when the video is fine. */
  failure?: string | null;
  durationMs?: number;
  width?: number;
  height?: number;
}

/** The video item of a container row (null: the row is no video). */
export function videoItemOf(row: SandboxPost | undefined): SandboxVideoItem | null {
  const item = row?.media[0] as Partial<SandboxVideoItem> | undefined;
  return item && (item.kind === 'video' || item.kind === 'video-pending') ? (item as SandboxVideoItem) : null;
}

/** Where a video stands at `now`. */
export const videoStatusOf = (item: SandboxVideoItem, now: number) =>
  uploadStatusOf(item, item.kind === 'video-pending', now);

/** The parts a file of `size` bytes is cut into: [firstByte, lastByte] inclusive. */
export function videoParts(size: number): Array<{ firstByte: number; lastByte: number }> {
  const parts: Array<{ firstByte: number; lastByte: number }> = [];
  for (let first = 0; first < size; first += LINKEDIN_VIDEO_PART_BYTES) {
    parts.push({ firstByte: first, lastByte: Math.min(first + LINKEDIN_VIDEO_PART_BYTES, size) - 1 });
  }
  return parts;
}

const partKey = (id: string, index: number) => `${SIMULATOR_KEY_PREFIX}linkedin/video-parts/${id}/${index}`;
/** A part's ETag: its content's hash, so finalize can tell the ETags of the parts kept. */
const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`;
const newVideoId = () => `C5F10AQ${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;

/** Why LinkedIn would fail to process this file, or null when it is a video it takes. */
async function processingFailure(
  file: string,
): Promise<{ failure: string | null; facts?: SandboxVideoItem }> {
  const probed = await probeVideo(videoToolPaths(), file);
  if (!probed.ok) return { failure: 'The uploaded file is not a video LinkedIn can read.' };
  const { container, durationMs, width, height } = probed.facts;
  const facts = { durationMs, width, height } as SandboxVideoItem;
  if (container !== 'video/mp4') return { failure: 'Only MP4 videos are supported.', facts };
  if (durationMs < MIN_DURATION_MS || durationMs > MAX_DURATION_MS) {
    return {
      failure: `The video is ${(durationMs / 1000).toFixed(1)} s long; it must be between 3 seconds and 30 minutes.`,
      facts,
    };
  }
  const aspect = width / height;
  if (aspect < MIN_ASPECT || aspect > MAX_ASPECT) {
    return { failure: `The aspect ratio ${width}:${height} is outside 1:2.4 to 2.4:1.`, facts };
  }
  return { failure: null, facts };
}

export function registerLinkedInVideoSimulator(
  app: FastifyInstance,
  options: LinkedInSimulatorOptions,
  apiRoute: LinkedInApiRoute,
  site: LinkedInSite = memberSite,
) {
  const { db, appUrl, storage } = options;
  const API = `${site.basePath}/api`;
  const UPLOAD_PATH = `${site.basePath}/dms-uploads/videos`;

  /** The caller's video upload (on any account they act as: themself, or their Pages). */
  async function findVideo(caller: SandboxAccount, urn: string) {
    if (!VIDEO_URN.test(urn)) return null;
    for (const owner of await site.accountsOf(caller)) {
      const [row] = await findContainers(db, site.platform, owner.id, [urn]);
      const item = videoItemOf(row);
      if (row && item) return { row, item, owner };
    }
    return null;
  }

  async function initialize(body: Record<string, unknown> | undefined, caller: SandboxAccount) {
    const request = body?.initializeUploadRequest as Record<string, unknown> | undefined;
    if (typeof request?.owner !== 'string') {
      return apiError(422, '/initializeUploadRequest/owner :: required field is not present');
    }
    const owner = await site.actingAs(caller, request.owner);
    if (!owner) return accessDenied(`videos owned by ${request.owner}`);
    const size = request.fileSizeBytes;
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 1) {
      return apiError(422, '/initializeUploadRequest/fileSizeBytes :: required field is not present');
    }
    if (size > MAX_VIDEO_BYTES) {
      return apiError(
        400,
        `fileSizeBytes ${size} exceeds the maximum allowed video size of ${MAX_VIDEO_BYTES}`,
      );
    }
    if (request.uploadCaptions === true || request.uploadThumbnail === true) {
      return apiError(400, 'The sandbox takes no captions or thumbnail uploads');
    }
    const id = newVideoId();
    const urn = `urn:li:video:${id}`;
    const uploadToken = randomBytes(12).toString('base64url');
    const item: SandboxVideoItem = {
      id: urn,
      url: null,
      kind: 'video-pending',
      sizeBytes: size,
      uploadToken,
    };
    await insertPost(db, {
      platform: site.platform,
      externalId: urn,
      accountId: owner.id,
      text: '',
      media: [item],
      state: 'container',
      metricsSeed: 0,
      publishedAt: null,
    });
    return {
      status: 200,
      body: {
        value: {
          uploadUrlsExpireAt: Date.now() + 24 * 3_600_000,
          video: urn,
          uploadToken,
          uploadInstructions: videoParts(size).map((part, index) => ({
            uploadUrl: `${appUrl}${UPLOAD_PATH}/${id}/${index}`,
            ...part,
          })),
        },
      },
    };
  }

  async function finalize(body: Record<string, unknown> | undefined, caller: SandboxAccount) {
    const request = body?.finalizeUploadRequest as Record<string, unknown> | undefined;
    const urn = typeof request?.video === 'string' ? request.video : '';
    const found = await findVideo(caller, urn);
    if (!found) return apiError(404, `Video ${urn || '(none)'} does not exist`);
    const { row, item } = found;
    if (item.kind !== 'video-pending') return apiError(400, `Video ${urn} is already finalized`);
    if (request?.uploadToken !== item.uploadToken) {
      return apiError(400, `/finalizeUploadRequest/uploadToken :: does not match the upload of ${urn}`);
    }
    const ids = request?.uploadedPartIds;
    const parts = videoParts(item.sizeBytes);
    if (!Array.isArray(ids) || ids.length !== parts.length) {
      return apiError(
        400,
        `/finalizeUploadRequest/uploadedPartIds :: ${parts.length} part ids expected, got ${Array.isArray(ids) ? ids.length : 0}`,
      );
    }
    const videoId = VIDEO_URN.exec(urn)?.[1] as string;
    const dir = await mkdtemp(join(tmpdir(), 'kitepost-sim-linkedin-'));
    try {
      const file = join(dir, 'video');
      for (const [index] of parts.entries()) {
        const bytes = storage ? await storage.read(partKey(videoId, index)) : null;
        if (!bytes) return apiError(400, `Part ${index} of ${urn} was not uploaded`);
        if (ids[index] !== etagOf(bytes)) {
          return apiError(
            400,
            `/finalizeUploadRequest/uploadedPartIds/${index} :: not the ETag of part ${index}`,
          );
        }
        await appendFile(file, bytes);
      }
      const { failure, facts } = await processingFailure(file);
      const done: SandboxVideoItem = {
        ...item,
        ...facts,
        id: urn,
        url: null,
        kind: 'video',
        failure,
        availableAt: Date.now() + options.linkedInImageProcessingMs,
      };
      await updateContainerMedia(db, row.id, [done]);
      for (const index of parts.keys()) await storage?.delete(partKey(videoId, index));
      return { status: 200, body: {} };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  app.post(
    `${API}/rest/videos`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      {
        anyScope: site.writeScopes,
        resource: 'videos.ACTION.20260101',
        versioned: true,
        kind: 'upload',
      },
      async (request, { account }) => {
        const action = (request.query as Record<string, string | undefined>).action;
        const body = request.body as Record<string, unknown> | undefined;
        if (action === 'initializeUpload') return initialize(body, account);
        if (action === 'finalizeUpload') return finalize(body, account);
        return apiError(
          400,
          'Only action=initializeUpload and action=finalizeUpload are served by the sandbox',
        );
      },
    ),
  );

  app.put(
    `${UPLOAD_PATH}/:id/:part`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      { anyScope: site.writeScopes, resource: 'dms-uploads', versioned: false, kind: 'upload' },
      async (request, { account }) => {
        const { id, part } = request.params as { id: string; part: string };
        const found = await findVideo(account, `urn:li:video:${id}`);
        const pending = found?.item.kind === 'video-pending' ? found.item : null;
        const index = Number(part);
        const parts = pending ? videoParts(pending.sizeBytes) : [];
        const range = /^\d{1,6}$/.test(part) ? parts[index] : undefined;
        if (!range) {
          return apiError(404, `No upload is waiting at this URL for urn:li:video:${id}`);
        }
        const bytes = Buffer.isBuffer(request.body) ? request.body : null;
        const expected = range.lastByte - range.firstByte + 1;
        if (!bytes || bytes.length !== expected) {
          return apiError(
            400,
            `Part ${index} must be bytes ${range.firstByte}-${range.lastByte} (${expected} bytes); got ${bytes?.length ?? 0}`,
          );
        }
        await storage?.put(partKey(id, index), bytes, 'application/octet-stream');
        return { status: 200, headers: { etag: etagOf(bytes) } };
      },
    ),
  );

  app.get(
    `${API}/rest/videos/:urn`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      { anyScope: site.writeScopes, resource: 'videos.GET.20260101', versioned: true, kind: 'read' },
      async (request, { account }) => {
        const { urn } = request.params as { urn: string };
        const found = await findVideo(account, urn);
        if (!found) {
          // Another member's video, or none: LinkedIn's answer to a caller who is not the owner
          // (Videos API, "Accessing this video resource is forbidden…").
          return {
            status: 403,
            body: {
              message:
                'Accessing this video resource is forbidden. Please check your permissions for this resource',
              status: 403,
            },
          };
        }
        const { item } = found;
        const status = videoStatusOf(item, Date.now());
        return {
          status: 200,
          body: {
            id: urn,
            owner: site.urnOf(found.owner),
            status,
            ...(item.durationMs !== undefined && status === 'AVAILABLE' ? { duration: item.durationMs } : {}),
            ...(item.width && item.height
              ? { aspectRatioWidth: item.width, aspectRatioHeight: item.height }
              : {}),
            ...(status === 'PROCESSING_FAILED' && item.failure
              ? { processingFailureReason: item.failure }
              : {}),
          },
        };
      },
    ),
  );
}
