import type { PlatformPostRules, PostTypeRule } from '../post-types';

const MB = 1024 * 1024;

/**
 * X (API v2), docs.x.com "Media best practices" (x-api/media/quickstart/best-practices): up to 4
 * photos, 1 animated GIF or 1 video per Post; images JPG/PNG/WEBP ≤ 5 MB; video on a Post 0.5 s to
 * 20 min for ordinary accounts (125 min for Premium, which we cannot see), ≤ 60 fps, H.264 with
 * AAC-LC, aspect 1:3 to 3:1. Alt text ≤ 1000 characters, images only (data dictionary).
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
  // Each post of a thread is checked as a post of its own (the first one by these rules).
  types: { post, thread: post },
  // Posted as the first reply: a post of its own, 280 weighted characters.
  firstComment: { maxLength: 280 },
};
