import type { PlatformPostRules } from '../post-types';

const MB = 1024 * 1024;

/**
 * A Google Business Profile local post (issue 28). FIRST VALUES: the Google Business Profile
 * helper replaces them with cited ones.
 */
export const googleBusinessPostRules: PlatformPostRules = {
  types: {
    post: {
      minItems: 0,
      maxItems: 1,
      media: 'images',
      image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * MB, aspectRatio: null },
      video: null,
      altText: null,
      takesText: true,
    },
  },
  firstComment: null,
};
