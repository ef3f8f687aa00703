import type { PlatformPostRules } from '../post-types';

const MB = 1024 * 1024;

/**
 * A Pin through API v5 `POST /v5/pins` (pinterest/api-description v5/openapi.json v5.23.0,
 * `PinCreate`; design/platforms.md P1), and Pinterest's product specs
 * (help.pinterest.com/en/business/article/pinterest-product-specs, "Standard Pins"):
 * - one image, which Pinterest downloads from our URL (`media_source.source_type: image_url`); an
 *   image is required ("Pin media source", P1; Postiz pinterest.provider.ts, P2). The API also
 *   takes 2–5 images (`multiple_image_urls`, a carousel) and a video (`video_id` after
 *   `POST /v5/media`): Kitepost does not send those yet (decision 084);
 * - images PNG or JPEG, at most 20 MB ("File type PNG or JPEG. Max file size Desktop 20 MB, In-app
 *   32 MB", product specs); any aspect ratio (2:3 is recommended, not required);
 * - title: optional, at most 100 characters (`PinCreate.title` maxLength 100; product specs);
 * - alt text: `alt_text`, at most 500 characters (`PinCreate.alt_text` maxLength 500);
 * - the description is the post's text: the API takes 800 characters (`PinCreate.description`
 *   maxLength 800), Pinterest's product specs say "Enter up to 500 characters", and Postiz caps it
 *   at 500 (P2): Kitepost keeps to 500 (platformRules.pinterest.maxLength; decision 084);
 * - no comments API for a first comment.
 */
export const pinterestPostRules: PlatformPostRules = {
  types: {
    post: {
      minItems: 1,
      maxItems: 1,
      media: 'images',
      image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 20 * MB, aspectRatio: null },
      video: null,
      title: { required: false, maxLength: 100 },
      altText: { maxLength: 500, imagesOnly: true },
      takesText: true,
    },
  },
  firstComment: null,
};
