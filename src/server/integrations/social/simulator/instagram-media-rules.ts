import type { VideoFacts } from '../../video/ffmpeg-tools';
import type { VideoDownload } from './video-download';

/*
 * What the pretend Instagram does with a video it downloaded (a Reel, a Story video, a carousel
 * video): Meta's own specifications, not Kitepost's rules (contracts/post-rules/instagram.ts), so
 * that a mistake in ours is caught here. Sources:
 * - [IG-MEDIA] "IG User Media" reference, Reel and Story Video Specifications
 *   (developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media):
 *   MOV or MP4; AAC, 48 kHz maximum; HEVC or H264; 23–60 FPS; at most 1920 columns; aspect
 *   0.01:1–10:1 (Reels) or 0.1:1–10:1 (Stories); video bitrate 25 Mbps maximum; Reels 3 s–15 min
 *   and 1 GB (300 MB in the newer text: the sandbox takes the newer, stricter one), Stories
 *   3–60 s and 100 MB.
 * - Carousel videos: "create image or video containers" for the items [IG-MEDIA]; their limits are
 *   not listed apart, so the sandbox holds them to the Reel's, with Kitepost's 60 s carousel cap
 *   left to the scheduling checks (no Meta text caps them lower).
 * - How a failure shows: the container goes to `status_code: ERROR`, and its `status` "contains an
 *   error subcode rather than descriptive text" (IG Container reference); the text Meta answers is
 *   "Error: Media upload has failed with error code 2207026" (as quoted in gitroomhq/postiz-app
 *   PR #1992). 2207026 "The video format is not supported" (code 352) is Meta's subcode for a video
 *   it cannot use (error codes reference); Meta names no separate subcode for a wrong duration or
 *   frame rate, so every spec failure answers it. A download that fails answers 2207052 ("The
 *   media could not be fetched from this uri", code 9004) or 2207003 (timeout, code -2).
 */

const MB = 1024 * 1024;

export type InstagramVideoUse = 'REELS' | 'STORIES' | 'VIDEO';

interface VideoSpec {
  maxBytes: number;
  minDurationMs: number;
  maxDurationMs: number;
  minAspect: number;
  maxAspect: number;
}

const reelSpec: VideoSpec = {
  maxBytes: 300 * MB,
  minDurationMs: 3_000,
  maxDurationMs: 15 * 60_000,
  minAspect: 0.01,
  maxAspect: 10,
};
const specs: Record<InstagramVideoUse, VideoSpec> = {
  REELS: reelSpec,
  VIDEO: reelSpec,
  STORIES: { ...reelSpec, maxBytes: 100 * MB, maxDurationMs: 60_000, minAspect: 0.1 },
};

const VIDEO_CODECS = new Set(['h264', 'hevc']);
const MAX_SAMPLE_RATE = 48_000;
const MIN_FPS = 23;
const MAX_FPS = 60;
const MAX_COLUMNS = 1920;
/** 25 Mbps of video plus the 128 kbps of audio the spec allows, over the whole file. */
const MAX_BITRATE = 25_000_000 + 128_000;

/** Meta's subcodes for a video container that failed. */
export const VIDEO_FORMAT_UNSUPPORTED = 2207026;
export const MEDIA_FETCH_FAILED = 2207052;
export const MEDIA_DOWNLOAD_TIMEOUT = 2207003;
/** "Unknown upload error" of a video (-1/2207053): what the `video-processing-failed` fault answers. */
export const VIDEO_UPLOAD_FAILED = 2207053;

/** The largest video the downloader takes for this use (the cap of `downloadVideo`). */
export const maxVideoBytes = (use: InstagramVideoUse) => specs[use].maxBytes;

/**
 * Why Meta would not use this video for `use` (a reason for the sandbox's log and tests, never
 * shown by the API), or null when it is within the spec.
 */
export function videoSpecProblem(
  use: InstagramVideoUse,
  facts: VideoFacts,
  sizeBytes: number,
): string | null {
  const spec = specs[use];
  if (!VIDEO_CODECS.has(facts.videoCodec)) return `video codec ${facts.videoCodec} (HEVC or H264 only)`;
  if (facts.audioCodec !== null && facts.audioCodec !== 'aac')
    return `audio codec ${facts.audioCodec} (AAC only)`;
  if (facts.audioSampleRate !== null && facts.audioSampleRate > MAX_SAMPLE_RATE)
    return `audio sample rate ${facts.audioSampleRate} Hz (48 kHz maximum)`;
  if (facts.frameRate !== null && (facts.frameRate < MIN_FPS || facts.frameRate > MAX_FPS))
    return `${facts.frameRate} fps (23–60)`;
  if (facts.width > MAX_COLUMNS) return `${facts.width} columns (1920 maximum)`;
  const aspect = facts.width / facts.height;
  if (aspect < spec.minAspect || aspect > spec.maxAspect) return `aspect ratio ${aspect.toFixed(3)}`;
  if (facts.durationMs < spec.minDurationMs) return `${facts.durationMs} ms long (3 s minimum)`;
  if (facts.durationMs > spec.maxDurationMs)
    return `${facts.durationMs} ms long (${spec.maxDurationMs / 1000} s maximum)`;
  if (sizeBytes > spec.maxBytes) return `${sizeBytes} bytes`;
  if (facts.bitrate !== null && facts.bitrate > MAX_BITRATE)
    return `${facts.bitrate} bit/s (25 Mbps maximum)`;
  return null;
}

/** The subcode a video container fails with, or null when the video is usable for `use`. */
export function videoFailure(
  use: InstagramVideoUse,
  download: VideoDownload,
): { subcode: number; reason: string } | null {
  if (!download.ok) {
    if (download.reason === 'timeout') return { subcode: MEDIA_DOWNLOAD_TIMEOUT, reason: download.detail };
    if (download.reason === 'unfetchable') return { subcode: MEDIA_FETCH_FAILED, reason: download.detail };
    return { subcode: VIDEO_FORMAT_UNSUPPORTED, reason: `${download.reason}: ${download.detail}` };
  }
  const problem = videoSpecProblem(use, download.facts, download.sizeBytes);
  return problem ? { subcode: VIDEO_FORMAT_UNSUPPORTED, reason: problem } : null;
}

/** A failed container's `status`, as Meta words it. */
export const failedStatus = (subcode: number) => `Error: Media upload has failed with error code ${subcode}`;
