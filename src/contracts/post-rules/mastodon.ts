import type { PlatformPostRules, PostTypeRule } from '../post-types';

const MB = 1024 * 1024;

/**
 * Mastodon (mastodon/mastodon 4.x; every server may differ, and says so in `GET /api/v2/instance`,
 * docs.joinmastodon.org/entities/Instance#configuration): up to 4 attachments per status
 * (`configuration.statuses.max_media_attachments`, Status::MAX_MEDIA_ATTACHMENTS; a connected
 * account carries its server's own value in `postLimits.maxMedia`); images up to 16 MB
 * (`media_attachments.image_size_limit`, MediaAttachment::IMAGE_LIMIT) of the types the server
 * lists (JPEG, PNG and WebP among them); an alt text (`description`) up to 1,500 characters
 * (MediaAttachment::MAX_DESCRIPTION_LENGTH; `media_attachments.description_limit` since 4.4).
 * Kitepost posts images, not videos, to Mastodon (decision 082). A thread is a chain of statuses,
 * each a reply (`in_reply_to_id`) to the one before, each checked as a status of its own.
 */
const post: PostTypeRule = {
  minItems: 0,
  maxItems: 4,
  media: 'images',
  image: { mimeTypes: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 16 * MB, aspectRatio: null },
  video: null,
  altText: { maxLength: 1500, imagesOnly: true },
  takesText: true,
};

export const mastodonPostRules: PlatformPostRules = {
  types: { post, thread: post },
  firstComment: null,
};
