import type { PlatformPostRules } from '../post-types';

const GB = 1024 * 1024 * 1024;

/**
 * A YouTube video (issue 28). FIRST VALUES: the YouTube helper replaces them with cited ones.
 */
export const youtubePostRules: PlatformPostRules = {
  types: {
    post: {
      minItems: 1,
      maxItems: 1,
      media: 'video',
      image: null,
      video: {
        mimeTypes: ['video/mp4', 'video/quicktime'],
        maxBytes: 256 * GB,
        minDurationMs: 1_000,
        maxDurationMs: 12 * 60 * 60_000,
        videoCodecs: ['h264', 'hevc'],
        audioCodecs: ['aac'],
        aspectRatio: null,
      },
      title: { required: true, maxLength: 100 },
      altText: null,
      takesText: true,
    },
  },
  firstComment: null,
};
