import type { VideoFacts } from '../../video/ffmpeg-tools';
import type { SandboxPost } from './sandbox-store';

/*
 * The pretend X's video rules and the state of one chunked upload (x-video-upload-simulator.ts
 * serves the upload; x-media-simulator.ts answers its STATUS; x-simulator.ts attaches it).
 */

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

/** The upload as the row's media (the jsonb column holds its own shape; chunkedUploadOf reads it). */
export const asMedia = (upload: XChunkedUpload) => [upload as unknown as SandboxPost['media'][number]];

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

/** X's documented failure for a file it cannot read as video (v1.1 STATUS reference). */
export const UNREADABLE_VIDEO: XProcessingError = {
  code: 1,
  name: 'InvalidMedia',
  message: 'Unsupported video format',
};

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
