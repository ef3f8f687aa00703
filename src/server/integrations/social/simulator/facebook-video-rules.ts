import type { FacebookVideoItem, FacebookVideoKind } from './facebook-video-store';

/*
 * The pretend Facebook's video rules and a video's status (facebook-video-simulator.ts downloads,
 * probes and processes each video; facebook-simulator.ts answers `GET /{video-id}?fields=status`).
 * A video outside the spec of its kind fails processing, as Facebook reports it:
 * `status.video_status: "error"` with `processing_phase.errors[{code, message}]` (Meta's
 * facebook-python-business-sdk videostatus*.py). The spec (Reels guide and Page Stories API,
 * "Video specifications"): 9:16, at least 540×960, 24–60 fps, H.264/H.265 (VP9, AV1 also), 3–90 s
 * for a Reel and 3–60 s for a video story. Feed videos: the same codecs, up to 240 minutes.
 */

/** Codecs of the Reels and Stories "Video Settings" row. */
const CODECS = new Set(['h264', 'hevc', 'vp9', 'av1']);
const FEED_VIDEO_MAX_MS = 240 * 60_000;
/**
 * The code of a processing failure. Facebook's own codes for each rule are not documented
 * (research sheet 3.7, decision 062): Postiz maps 2069019 to "Invalid file".
 */
export const PROCESSING_FAILED = 2069019;
/**
 * The failure the `video-processing-failed` sandbox fault gives a valid video (sandbox-faults.ts):
 * 2069019 with the words Postiz shows for it ("Invalid file").
 */
export const FORCED_FAILURE = {
  code: PROCESSING_FAILED,
  message: 'Invalid file: the video could not be processed.',
};

/** Why a probed video fails processing as a `kind`, or null when it passes. */
export function videoRuleBroken(
  kind: FacebookVideoKind,
  facts: NonNullable<FacebookVideoItem['facts']>,
): string | null {
  if (!CODECS.has(facts.videoCodec)) {
    return `The video codec (${facts.videoCodec}) is not supported. Use H.264 or H.265.`;
  }
  if (kind === 'video') {
    return facts.durationMs > FEED_VIDEO_MAX_MS ? 'The video is longer than 240 minutes.' : null;
  }
  const label = kind === 'reel' ? 'Reels' : 'Video stories';
  const maxMs = kind === 'reel' ? 90_000 : 60_000;
  if (Math.abs(facts.width / facts.height - 9 / 16) > 0.01) {
    return `${label} must have an aspect ratio of 9:16; this video is ${facts.width}×${facts.height}.`;
  }
  if (facts.width < 540 || facts.height < 960) {
    return `${label} must be at least 540×960 pixels; this video is ${facts.width}×${facts.height}.`;
  }
  const fps = facts.frameRate ?? 0;
  if (fps < 24 || fps > 60) {
    return `${label} must have 24 to 60 frames per second; this video has ${Math.round(fps)}.`;
  }
  if (facts.durationMs < 3_000 || facts.durationMs > maxMs) {
    return `${label} must be 3 to ${maxMs / 1000} seconds long; this video is ${(facts.durationMs / 1000).toFixed(1)} s.`;
  }
  return null;
}

type Progress = 'uploading' | 'processing' | 'error' | 'ready';

export function progressOf(item: FacebookVideoItem, now: number): Progress {
  if (item.phase === 'started' || item.availableAt === undefined) return 'uploading';
  if (now < item.availableAt) return 'processing';
  return item.error ? 'error' : 'ready';
}

/** `status` of the Video node, as the VideoStatus object carries it. */
export function videoStatusOf(item: FacebookVideoItem, now = Date.now()): Record<string, unknown> {
  const progress = progressOf(item, now);
  const uploaded = progress !== 'uploading';
  const published = progress === 'ready' && item.phase === 'finished';
  return {
    video_status:
      progress === 'uploading' ? 'processing' : progress === 'processing' ? 'processing' : progress,
    uploading_phase: { status: uploaded ? 'complete' : 'not_started' },
    processing_phase:
      progress === 'error'
        ? { status: 'error', errors: [item.error] }
        : { status: progress === 'ready' ? 'complete' : uploaded ? 'in_progress' : 'not_started' },
    publishing_phase: { status: published ? 'complete' : 'not_started' },
  };
}
