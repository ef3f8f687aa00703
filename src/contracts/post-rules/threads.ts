import type { ImageLimits, PlatformPostRules, PostTypeRule, VideoLimits } from '../post-types';

const MB = 1024 * 1024;

/**
 * Threads publishing. Sources: [TH-POSTS] developers.facebook.com/docs/threads/posts (Media
 * Specifications, Carousel Posts, parameters); [TH-REPLY] …/docs/threads/reply-management.
 * - Images: "JPEG and PNG image types are the officially supported formats", "8 MB maximum",
 *   "Aspect Ratio Limit: 10:1"; widths 320–1440 are scaled by Threads, not refused [TH-POSTS].
 * - Videos: "MOV or MP4", HEVC or H264, AAC at most 48 kHz, 23–60 FPS, at most 1920 columns,
 *   aspect 0.01:1–10:1, 25 Mbps, "300 seconds (5 minutes) maximum, minimum longer than 0 seconds",
 *   "1 GB maximum" [TH-POSTS]. The probe reports whole milliseconds: 1 ms is "longer than 0".
 * - A post: text alone, or one image or video with optional text [TH-POSTS, single thread posts].
 * - Carousels: "limited to 20 images, videos, or a mix of the two", at least 2 [TH-POSTS].
 * - Alt text: `alt_text` on images and videos, "Max 1000 characters" [TH-POSTS].
 * - Threads: every next post is a reply (`reply_to_id`) to the one before, made like a post, so
 *   each is checked by these rules: text, one medium, or a carousel's 2–20 [TH-REPLY].
 * - No first comment: a reply to one's own post is the thread's next post here.
 */
const image: ImageLimits = {
  mimeTypes: ['image/jpeg', 'image/png'],
  maxBytes: 8 * MB,
  aspectRatio: { min: 0.1, max: 10, label: 'between 1:10 and 10:1' },
};
const video: VideoLimits = {
  mimeTypes: ['video/mp4', 'video/quicktime'],
  maxBytes: 1024 * MB,
  minDurationMs: 1,
  maxDurationMs: 5 * 60_000,
  videoCodecs: ['h264', 'hevc'],
  audioCodecs: ['aac'],
  maxAudioSampleRate: 48_000,
  minFrameRate: 23,
  maxFrameRate: 60,
  aspectRatio: { min: 0.01, max: 10, label: 'between 1:100 and 10:1' },
  maxWidth: 1920,
  maxBitrate: 25_000_000,
};
const altText = { maxLength: 1000, imagesOnly: false };
const carousel: PostTypeRule = {
  minItems: 2,
  maxItems: 20,
  media: 'mixed',
  image,
  video,
  altText,
  takesText: true,
};

export const threadsPostRules: PlatformPostRules = {
  types: {
    post: { minItems: 0, maxItems: 1, media: 'images-or-video', image, video, altText, takesText: true },
    carousel,
    thread: { ...carousel, minItems: 0 },
  },
  firstComment: null,
};
