import type { VideoDownload } from './video-download';

/*
 * What the pretend Threads does with a video it downloaded: Meta's own specification, not
 * Kitepost's rules (contracts/post-rules/threads.ts), so that a mistake in ours is caught here.
 * Source [TH-POSTS] developers.facebook.com/docs/threads/posts, Media Specifications, Video: MOV or
 * MP4; AAC, 48 kHz maximum, 1 or 2 channels; HEVC or H264; 23–60 FPS; at most 1920 columns;
 * aspect 0.01:1–10:1; video bitrate 25 Mbps maximum, audio 128 kbps; "300 seconds (5 minutes)
 * maximum, minimum longer than 0 seconds"; "1 GB maximum". How a failure shows: the container goes
 * to `status: ERROR` with an `error_message` of [TH-TROUBLE] developers.facebook.com/docs/threads/
 * troubleshooting (FAILED_DOWNLOADING_VIDEO, FAILED_PROCESSING_VIDEO, INVALID_DURATION, …).
 */

const MB = 1024 * 1024;
export const TH_VIDEO_MAX_BYTES = 1024 * MB;
const VIDEO_CODECS = new Set(['h264', 'hevc']);
const MAX_SAMPLE_RATE = 48_000;
const MIN_FPS = 23;
const MAX_FPS = 60;
const MAX_COLUMNS = 1920;
const MAX_DURATION_MS = 300_000;
const MAX_BITRATE = 25_000_000 + 128_000;

/** The `error_message` a video container fails with, or null when Threads can use the video. */
export function threadsVideoFailure(download: VideoDownload): string | null {
  if (!download.ok) {
    if (download.reason === 'unfetchable' || download.reason === 'timeout') return 'FAILED_DOWNLOADING_VIDEO';
    return 'FAILED_PROCESSING_VIDEO';
  }
  const facts = download.facts;
  if (!VIDEO_CODECS.has(facts.videoCodec)) return 'FAILED_PROCESSING_VIDEO';
  if (facts.audioCodec !== null && facts.audioCodec !== 'aac') return 'FAILED_PROCESSING_AUDIO';
  if (facts.audioSampleRate !== null && facts.audioSampleRate > MAX_SAMPLE_RATE)
    return 'FAILED_PROCESSING_AUDIO';
  if (facts.frameRate !== null && (facts.frameRate < MIN_FPS || facts.frameRate > MAX_FPS))
    return 'INVALID_FRAME_RATE';
  const aspect = facts.width / facts.height;
  if (facts.width > MAX_COLUMNS || aspect < 0.01 || aspect > 10) return 'INVALID_ASPEC_RATIO';
  if (facts.durationMs <= 0 || facts.durationMs > MAX_DURATION_MS) return 'INVALID_DURATION';
  if (download.sizeBytes > TH_VIDEO_MAX_BYTES) return 'FAILED_PROCESSING_VIDEO';
  if (facts.bitrate !== null && facts.bitrate > MAX_BITRATE) return 'INVALID_BIT_RATE';
  return null;
}

/** An image over 10:1 either way ("Aspect Ratio Limit: 10:1" [TH-POSTS]). */
export const imageAspectRefused = (width: number, height: number) =>
  width / height > 10 || height / width > 10;
