import type { PlatformPostRules } from '../post-types';

const MB = 1024 * 1024;

/**
 * LinkedIn Posts API (learn.microsoft.com, "Posts API", "Images API", "Videos API", "MultiImage
 * API"): one image, 2–20 images (multiImage), or one video; images JPG/PNG; video MP4, 3 s to
 * 30 min; alt text ≤ 4,086 characters on images. Comments (Comments API) ≤ 1,250 characters.
 */
export const linkedinPostRules: PlatformPostRules = {
  types: {
    post: {
      minItems: 0,
      maxItems: 20,
      media: 'images-or-video',
      image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 8 * MB, aspectRatio: null },
      video: {
        mimeTypes: ['video/mp4'],
        maxBytes: 1024 * MB,
        minDurationMs: 3_000,
        maxDurationMs: 30 * 60_000,
        videoCodecs: ['h264'],
        audioCodecs: ['aac'],
        aspectRatio: { min: 1 / 2.4, max: 2.4, label: 'between 1:2.4 and 2.4:1' },
      },
      altText: { maxLength: 4086, imagesOnly: true },
      takesText: true,
    },
  },
  firstComment: { maxLength: 1250 },
};
