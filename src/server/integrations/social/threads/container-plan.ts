import type { PostType } from '../../../../contracts/post-types';
import { InvalidContentError, type PublishMedia } from '../social-provider';

/*
 * Which containers a post (or a reply) needs on Threads, and each one's parameters for
 * `POST /{threads-user-id}/threads`. Pure: tested alone (container-plan.test.ts). Source: [TH-POSTS]
 * developers.facebook.com/docs/threads/posts and [TH-REPLY] …/docs/threads/reply-management.
 * - Text: `media_type=TEXT&text`; "if any URLs are included, the first URL in the text field will
 *   be used as the link preview", or `link_attachment` names it ("only for text posts") [TH-POSTS].
 * - One image or video: `media_type=IMAGE&image_url` or `media_type=VIDEO&video_url`, with `text`
 *   and `alt_text` ("accessibility text … for an image or video", up to 1,000 characters) [TH-POSTS].
 * - A carousel: one container per item with `is_carousel_item=true` (no text on items), then
 *   `media_type=CAROUSEL&children=<ids>&text`; "limited to 20 images, videos, or a mix", at least 2.
 * - A reply (the next post of a thread): the same containers with `reply_to_id` on the one
 *   published [TH-REPLY, "Respond to replies"].
 */

export type ContainerParams = Record<string, string>;

export interface ContainerPlan {
  /** The carousel's items, made and waited for first; empty for a single container. */
  items: ContainerParams[];
  /** The container that is published (`children` added once the items exist). */
  main: ContainerParams;
  /** True when the post carries a video (its containers take longer to process). */
  withVideo: boolean;
}

export const THREADS_MAX_CAROUSEL = 20;
export const THREADS_MIN_CAROUSEL = 2;
/** `alt_text`: "Max 1000 characters" [TH-POSTS]. */
export const THREADS_MAX_ALT_TEXT = 1000;

const refuse = (message: string): never => {
  throw new InvalidContentError('threads', message);
};

const altOf = (media: PublishMedia): ContainerParams => {
  const alt = media.altText?.trim();
  if (!alt) return {};
  if ([...alt].length > THREADS_MAX_ALT_TEXT) {
    return refuse(`Threads takes alt text of at most ${THREADS_MAX_ALT_TEXT} characters.`);
  }
  return { alt_text: alt };
};

function mediaParams(media: PublishMedia): ContainerParams {
  if (!/^https?:\/\//i.test(media.url)) {
    return refuse('Threads downloads media from a public link; this media has none.');
  }
  return media.kind === 'video'
    ? { media_type: 'VIDEO', video_url: media.url, ...altOf(media) }
    : { media_type: 'IMAGE', image_url: media.url, ...altOf(media) };
}

const withText = (text: string): ContainerParams => (text ? { text } : {});

/**
 * The containers of a post of `postType` ('post' when absent) or of a reply (`replyToId`);
 * refuses what Threads cannot take. `link`: a URL in the text whose preview a text post shows.
 */
export function planContainers(input: {
  postType?: PostType;
  text: string;
  media: PublishMedia[];
  link?: string | null;
  replyToId?: string;
}): ContainerPlan {
  const { text, media } = input;
  const type = input.postType ?? 'post';
  const reply: ContainerParams = input.replyToId ? { reply_to_id: input.replyToId } : {};
  const withVideo = media.some((item) => item.kind === 'video');
  if (type === 'reel' || type === 'story') return refuse(`Threads has no ${type}s; publish a post instead.`);
  if (media.some((item) => item.kind !== 'image' && item.kind !== 'video')) {
    return refuse('Threads publishes images and videos, not documents.');
  }
  if (type === 'carousel' && (media.length < THREADS_MIN_CAROUSEL || media.length > THREADS_MAX_CAROUSEL)) {
    return refuse(
      `A Threads carousel has ${THREADS_MIN_CAROUSEL} to ${THREADS_MAX_CAROUSEL} images or videos; this one has ${media.length}.`,
    );
  }
  if (type === 'post' && media.length > 1) {
    return refuse(
      `A Threads post has one image or video; make it a carousel to publish its ${media.length} items.`,
    );
  }
  if (media.length > THREADS_MAX_CAROUSEL) {
    return refuse(`A Threads post has at most ${THREADS_MAX_CAROUSEL} images or videos.`);
  }
  const [first] = media;
  if (!first) {
    if (!text.trim()) return refuse('A Threads text post needs text.');
    const link: ContainerParams = input.link ? { link_attachment: input.link } : {};
    return { items: [], main: { media_type: 'TEXT', text, ...link, ...reply }, withVideo };
  }
  if (media.length === 1) {
    return { items: [], main: { ...mediaParams(first), ...withText(text), ...reply }, withVideo };
  }
  return {
    items: media.map((item) => ({ ...mediaParams(item), is_carousel_item: 'true' })),
    main: { media_type: 'CAROUSEL', ...withText(text), ...reply },
    withVideo,
  };
}
