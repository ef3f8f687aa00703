import type { ImageLimits, PlatformPostRules, VideoLimits } from '../post-types';

const MB = 1024 * 1024;

/**
 * Instagram content publishing. Sources: [IG-MEDIA] "IG User Media" reference
 * (developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media),
 * Image, Reel, Story Image and Story Video Specifications; [IG-CP] the content publishing guide;
 * research sheet issue 24, section 4.
 * - Images: "Format: JPEG", "8 MB maximum", aspect "within a 4:5 to 1.91:1 range" [IG-MEDIA].
 * - Reels: MOV or MP4, HEVC or H264, AAC at most 48 kHz, 23–60 FPS, at most 1920 columns, aspect
 *   0.01:1–10:1, 3 s–15 min [IG-MEDIA]; 300 MB (the newer text; an older copy says 1 GB).
 * - Carousels: "up to 10 total images, videos, or a mix", at least 2 (error 2207028) [IG-MEDIA];
 *   items are image or video containers. Meta lists no separate limits for carousel videos: the
 *   Reel's hold, with 60 s as Instagram's app has long capped carousel videos (UNCONFIRMED in the
 *   API docs; the stricter value, so nothing scheduled is refused at publishing).
 * - Stories: one image or video; video aspect 0.1:1–10:1, "60 seconds maximum, 3 seconds
 *   minimum", "100MB maximum" [IG-MEDIA]; no caption is shown.
 * - Alt text: "the new alt_text field for image posts … Reels and stories are not supported"
 *   [IG-CP], up to 1000 characters (IG User Media reference as quoted in the research sheet 4.3).
 * - First comment: `POST /{ig-media-id}/comments`; its length is not published, held to the
 *   caption's 2,200 (UNCONFIRMED). Stories take no comments (no public comments on stories).
 */
const feedImage: ImageLimits = {
  mimeTypes: ['image/jpeg'],
  maxBytes: 8 * MB,
  aspectRatio: { min: 0.8, max: 1.91, label: 'between 4:5 (portrait) and 1.91:1 (landscape)' },
};
const reelVideo: VideoLimits = {
  mimeTypes: ['video/mp4', 'video/quicktime'],
  maxBytes: 300 * MB,
  minDurationMs: 3_000,
  maxDurationMs: 15 * 60_000,
  videoCodecs: ['h264', 'hevc'],
  audioCodecs: ['aac'],
  maxAudioSampleRate: 48_000,
  minFrameRate: 23,
  maxFrameRate: 60,
  aspectRatio: { min: 0.01, max: 10, label: 'between 1:100 and 10:1' },
  maxWidth: 1920,
};

export const instagramPostRules: PlatformPostRules = {
  types: {
    post: {
      minItems: 1,
      maxItems: 1,
      media: 'images',
      image: feedImage,
      video: null,
      altText: { maxLength: 1000, imagesOnly: true },
      takesText: true,
    },
    carousel: {
      minItems: 2,
      maxItems: 10,
      media: 'mixed',
      image: feedImage,
      video: { ...reelVideo, maxDurationMs: 60_000 },
      altText: { maxLength: 1000, imagesOnly: true },
      takesText: true,
    },
    reel: {
      minItems: 1,
      maxItems: 1,
      media: 'video',
      image: null,
      video: reelVideo,
      altText: null,
      takesText: true,
    },
    story: {
      minItems: 1,
      maxItems: 1,
      media: 'images-or-video',
      image: { ...feedImage, aspectRatio: null },
      video: {
        ...reelVideo,
        maxBytes: 100 * MB,
        maxDurationMs: 60_000,
        aspectRatio: { min: 0.1, max: 10, label: 'between 1:10 and 10:1' },
      },
      altText: null,
      takesText: false,
    },
  },
  firstComment: { maxLength: 2200 },
};
