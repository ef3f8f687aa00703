import type { PlatformPostRules } from '../post-types';

const MB = 1024 * 1024;

/** Pinterest (issue 27: first values; the network's adapter work replaces them with cited ones). */
export const pinterestPostRules: PlatformPostRules = {
  types: {
    post: {
      minItems: 1,
      maxItems: 4,
      media: 'images',
      image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 1 * MB, aspectRatio: null },
      video: null,
      altText: { maxLength: 1000, imagesOnly: true },
      takesText: true,
    },
  },
  firstComment: null,
};
