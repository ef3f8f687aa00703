import type { PlatformPostRules, PostTypeRule } from '../post-types';

/**
 * Bluesky: the lexicons as @atproto/api 0.19 ships them (github.com/bluesky-social/atproto
 * lexicons/app/bsky/...). app.bsky.embed.images: up to 4 images, each blob `image/*` of at most
 * 2,000,000 bytes ("May be up to 2 MB, formerly limited to 1 MB"), each with an `alt` string (may
 * be empty; the lexicon sets no length; the Bluesky app caps it at 2,000 characters,
 * social-app src/lib/constants.ts MAX_ALT_TEXT). Kitepost's image types (JPEG, PNG, WebP) are all
 * image/*. No video from Kitepost yet (app.bsky.embed.video needs the video service's upload).
 * Text: app.bsky.feed.post `text` maxGraphemes 300, maxLength 3000 (bytes): platformRules counts
 * graphemes. A thread is a chain of posts, each a reply (app.bsky.feed.post#replyRef) with the
 * same limits; the first comment is a reply too. Decision 081.
 */
const post: PostTypeRule = {
  minItems: 0,
  maxItems: 4,
  media: 'images',
  image: { mimeTypes: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 2_000_000, aspectRatio: null },
  video: null,
  altText: { maxLength: 2000, imagesOnly: true },
  takesText: true,
};

export const blueskyPostRules: PlatformPostRules = {
  types: { post, thread: post },
  // A reply of its own: 300 graphemes.
  firstComment: { maxLength: 300 },
};
