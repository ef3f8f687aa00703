import type { PlatformPostRules, PostTypeRule } from '../post-types';

const MB = 1024 * 1024;

/**
 * X (API v2), docs.x.com "Media best practices" (x-api/media/quickstart/best-practices, the newer
 * version read at xdevplatform/docs 0c986f0): up to 4 photos, 1 animated GIF or 1 video per Post
 * (OpenAPI CreatePostsMedia: media_ids maxItems 4); images JPG/PNG/WEBP ≤ 5 MB; video on a Post
 * 0.5 s to 20 min for ordinary accounts (125 min for Premium, which we cannot see: X answers a
 * longer one with a 403 at post create), ≤ 60 fps, H.264 with AAC-LC, aspect 1:3 to 3:1, at least
 * 32×32. X takes up to 8 GB; Kitepost's own upload cap (1 GiB) is the lower bound here. Alt text
 * ≤ 1000 characters (OpenAPI CreateMediaMetadataMetadataAltText), images only ("Alt text can only
 * be added to images at the moment", x-api/fundamentals/data-dictionary). Decision 060.
 */
const post: PostTypeRule = {
  minItems: 0,
  maxItems: 4,
  media: 'images-or-video',
  image: { mimeTypes: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 5 * MB, aspectRatio: null },
  video: {
    mimeTypes: ['video/mp4', 'video/quicktime'],
    maxBytes: 1024 * MB,
    minDurationMs: 500,
    maxDurationMs: 20 * 60_000,
    videoCodecs: ['h264'],
    audioCodecs: ['aac'],
    maxFrameRate: 60,
    aspectRatio: { min: 1 / 3, max: 3, label: 'between 1:3 and 3:1' },
    minWidth: 32,
    minHeight: 32,
  },
  altText: { maxLength: 1000, imagesOnly: true },
  takesText: true,
};

export const twitterPostRules: PlatformPostRules = {
  // Each post of a thread is checked as a post of its own (the first one by these rules): every
  // reply is its own `POST /2/tweets` with its own 280-weighted text and ≤ 4 media.
  types: { post, thread: post },
  // Posted as the first reply: a post of its own, 280 weighted characters.
  firstComment: { maxLength: 280 },
};
