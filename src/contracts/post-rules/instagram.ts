import type { ImageLimits, PlatformPostRules, VideoLimits } from '../post-types';

const MB = 1024 * 1024;

/**
 * Instagram content publishing (developers.facebook.com, "IG User Media" reference): images JPEG
 * only, ≤ 8 MB, aspect 4:5 to 1.91:1; Reels MOV/MP4, H.264/HEVC, AAC ≤ 48 kHz, 23–60 fps, 3 s to
 * 15 min, ≤ 300 MB; carousels 2–10 images/videos; Stories one item, video 3–60 s ≤ 100 MB.
 * Alt text (`alt_text`) on images only; comments ≤ 2,200 characters.
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
