import type { PlatformPostRules } from '../post-types';

const MB = 1024 * 1024;

/**
 * A TikTok video, or a photo post (issue 28). FIRST VALUES: the TikTok helper replaces them with
 * cited ones.
 */
export const tiktokPostRules: PlatformPostRules = {
  types: {
    post: {
      minItems: 1,
      maxItems: 1,
      media: 'video',
      image: null,
      video: {
        mimeTypes: ['video/mp4', 'video/quicktime'],
        maxBytes: 4096 * MB,
        minDurationMs: 3_000,
        maxDurationMs: 10 * 60_000,
        videoCodecs: ['h264', 'hevc'],
        audioCodecs: ['aac'],
        aspectRatio: null,
      },
      altText: null,
      takesText: true,
    },
    carousel: {
      minItems: 1,
      maxItems: 35,
      media: 'images',
      image: { mimeTypes: ['image/jpeg', 'image/webp'], maxBytes: 20 * MB, aspectRatio: null },
      video: null,
      title: { required: false, maxLength: 90 },
      altText: null,
      takesText: true,
    },
  },
  firstComment: null,
};
