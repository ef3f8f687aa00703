import type { PostType } from '../../../../contracts/post-types';
import { InvalidContentError, type PublishMedia } from '../social-provider';
import { INSTAGRAM_NEEDS_MEDIA } from './transform';

/*
 * Which containers a post needs on Instagram, and each one's parameters for
 * `POST /{ig-user-id}/media`. Pure: tested alone (container-plan.test.ts). Sources:
 * [IG-MEDIA] the "IG User Media" reference (developers.facebook.com/docs/instagram-platform/
 * instagram-graph-api/reference/ig-user/media), [IG-CP] the content publishing guide.
 * - A feed image: `image_url`, `caption`, `alt_text` [IG-MEDIA].
 * - A carousel: one container per item with `is_carousel_item=true` (an image: `image_url`; a video:
 *   `media_type=VIDEO&video_url`; "reels are not supported" as items; no caption on items), then the
 *   parent `media_type=CAROUSEL&children=<ids>&caption` [IG-MEDIA, Carousel Containers].
 * - A Reel: `media_type=REELS&video_url&caption&share_to_feed&cover_url` [IG-MEDIA, Reel
 *   Containers]. A single feed video is a Reel: "Beginning July 1, 2023, all single feed videos …
 *   will be shared as reels" [IG-CP].
 * - A Story: `media_type=STORIES` with `image_url` or `video_url`, nothing else [IG-MEDIA, Story
 *   Containers]; Stories show no caption.
 * - Alt text: "the new alt_text field for image posts … Reels and stories are not supported" [IG-CP],
 *   up to 1000 characters: sent on feed images and carousel image items.
 */

export type ContainerParams = Record<string, string>;

export interface ContainerPlan {
  /** The containers made first: the single one, or the carousel's items in order. */
  items: ContainerParams[];
  /** The carousel's own container (`children` added once the items exist); null otherwise. */
  carousel: ContainerParams | null;
}

const MAX_CAROUSEL_ITEMS = 10;
const MIN_CAROUSEL_ITEMS = 2;

const withCaption = (caption: string): ContainerParams => (caption ? { caption } : {});
const withAltText = (media: PublishMedia): ContainerParams =>
  media.altText?.trim() ? { alt_text: media.altText.trim() } : {};

function reelParams(video: PublishMedia, caption: string): ContainerParams {
  return {
    media_type: 'REELS',
    video_url: video.url,
    ...withCaption(caption),
    // The Reel shows in the feed too, not only in the Reels tab [IG-MEDIA, share_to_feed].
    share_to_feed: 'true',
    // The cover Kitepost made from the video; without it Instagram takes the first frame.
    ...(video.posterUrl ? { cover_url: video.posterUrl } : {}),
  };
}

function carouselItemParams(media: PublishMedia): ContainerParams {
  if (media.kind === 'video') return { media_type: 'VIDEO', video_url: media.url, is_carousel_item: 'true' };
  return { image_url: media.url, is_carousel_item: 'true', ...withAltText(media) };
}

/** The containers of a post of `postType` ('post' when absent); refuses what Instagram cannot take. */
export function planContainers(
  postType: PostType | undefined,
  caption: string,
  media: PublishMedia[],
): ContainerPlan {
  const refuse = (message: string): never => {
    throw new InvalidContentError('instagram', message);
  };
  const [first] = media;
  if (!first) return refuse(INSTAGRAM_NEEDS_MEDIA);
  switch (postType ?? 'post') {
    case 'post':
      if (media.length !== 1) {
        return refuse(
          `An Instagram post has one image; make this one a carousel to publish its ${media.length} items.`,
        );
      }
      if (first.kind === 'video') return { items: [reelParams(first, caption)], carousel: null };
      return {
        items: [{ image_url: first.url, ...withCaption(caption), ...withAltText(first) }],
        carousel: null,
      };
    case 'carousel':
      if (media.length < MIN_CAROUSEL_ITEMS || media.length > MAX_CAROUSEL_ITEMS) {
        return refuse(
          `An Instagram carousel has ${MIN_CAROUSEL_ITEMS} to ${MAX_CAROUSEL_ITEMS} images or videos; this one has ${media.length}.`,
        );
      }
      return {
        items: media.map(carouselItemParams),
        carousel: { media_type: 'CAROUSEL', ...withCaption(caption) },
      };
    case 'reel':
      if (media.length !== 1 || first.kind !== 'video')
        return refuse('An Instagram Reel is exactly one video.');
      return { items: [reelParams(first, caption)], carousel: null };
    case 'story':
      if (media.length !== 1) return refuse('An Instagram story is one image or one video.');
      return {
        items: [
          first.kind === 'video'
            ? { media_type: 'STORIES', video_url: first.url }
            : { media_type: 'STORIES', image_url: first.url },
        ],
        carousel: null,
      };
    case 'thread':
      return refuse('Instagram has no threads; threads are for X.');
  }
}
