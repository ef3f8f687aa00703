import type { PlatformPostRules, VideoLimits } from '../post-types';

const MB = 1024 * 1024;
const vertical = { min: 9 / 16, max: 9 / 16, label: '9:16 (vertical)' };

/**
 * Facebook Pages (developers.facebook.com: Pages API photos and videos, "Reels Publishing API",
 * "Page Stories API"). Photos JPEG/PNG (4 MB is the safe size), several through attached_media;
 * Reels 9:16, ≥ 540×960, 24–60 fps, 3–90 s; Stories one photo or one 9:16 video of 3–60 s.
 */
const reelVideo: VideoLimits = {
  mimeTypes: ['video/mp4', 'video/quicktime'],
  maxBytes: 1024 * MB,
  minDurationMs: 3_000,
  maxDurationMs: 90_000,
  videoCodecs: ['h264', 'hevc'],
  audioCodecs: ['aac'],
  minFrameRate: 24,
  maxFrameRate: 60,
  aspectRatio: vertical,
  minWidth: 540,
  minHeight: 960,
};

export const facebookPostRules: PlatformPostRules = {
  types: {
    post: {
      minItems: 0,
      maxItems: 10,
      media: 'images-or-video',
      image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 4 * MB, aspectRatio: null },
      video: {
        mimeTypes: ['video/mp4', 'video/quicktime'],
        maxBytes: 1024 * MB,
        minDurationMs: 1_000,
        maxDurationMs: 240 * 60_000,
        videoCodecs: ['h264', 'hevc'],
        audioCodecs: ['aac'],
        aspectRatio: null,
      },
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
      image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 4 * MB, aspectRatio: null },
      video: { ...reelVideo, maxDurationMs: 60_000 },
      altText: null,
      takesText: false,
    },
  },
  firstComment: { maxLength: 8000 },
};
