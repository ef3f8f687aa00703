import { z } from 'zod';
import type { ImageMimeType, VideoMimeType } from './media';
import type { PublishingPlatform } from './platforms';

/**
 * What kind of post goes out (issue 24). `post` is the network's ordinary post (text with images,
 * or one video); `reel` a short vertical video (Instagram, Facebook); `story` a 24-hour story
 * (Instagram, Facebook); `carousel` Instagram's swipeable 2–10 items, and on LinkedIn a document
 * post (one PDF whose pages people swipe through, with a title); `thread` a chain of X posts
 * published as replies to the one before.
 */
export const postTypes = ['post', 'reel', 'story', 'carousel', 'thread'] as const;
export const postType = z.enum(postTypes, { error: `Choose one of: ${postTypes.join(', ')}` });
export type PostType = z.infer<typeof postType>;

export const postTypeLabels: Record<PostType, string> = {
  post: 'Post',
  reel: 'Reel',
  story: 'Story',
  carousel: 'Carousel',
  thread: 'Thread',
};

/**
 * A post type's name on one network, for people: LinkedIn's `carousel` is a document post (one PDF
 * whose pages people swipe through), which LinkedIn and its users call a document. TikTok calls a
 * `carousel` a photo post ("Photos").
 */
export function postTypeLabelOf(platform: PublishingPlatform, type: PostType): string {
  if (platform === 'tiktok' && type === 'carousel') return 'Photos';
  // A YouTube post is always one video; TikTok's ordinary post is a video too, but TikTok calls it a post.
  if (platform === 'youtube' && type === 'post') return 'Video';
  return isLinkedIn(platform) && type === 'carousel' ? 'Document' : postTypeLabels[type];
}

/** A member's profile or a company Page: the same Posts API, post types and document posts. */
export const isLinkedIn = (platform: PublishingPlatform) =>
  platform === 'linkedin' || platform === 'linkedin_page';

export interface AspectRange {
  /** width / height */
  min: number;
  max: number;
  /** For the user: 'between 4:5 (portrait) and 1.91:1 (landscape)'. */
  label: string;
}

export interface ImageLimits {
  mimeTypes: readonly ImageMimeType[];
  maxBytes: number;
  aspectRatio: AspectRange | null;
  minWidth?: number;
  maxWidth?: number;
}

export interface VideoLimits {
  mimeTypes: readonly VideoMimeType[];
  maxBytes: number;
  minDurationMs: number;
  maxDurationMs: number;
  /** Codec names as the probe gives them ('h264', 'hevc'). */
  videoCodecs: readonly string[];
  /** Codec names as the probe gives them ('aac'); a video without sound passes. */
  audioCodecs: readonly string[];
  maxAudioSampleRate?: number;
  minFrameRate?: number;
  maxFrameRate?: number;
  aspectRatio: AspectRange | null;
  minWidth?: number;
  minHeight?: number;
  maxWidth?: number;
  maxHeight?: number;
  maxBitrate?: number;
}

/** A PDF document (LinkedIn document posts). */
export interface DocumentLimits {
  maxBytes: number;
  maxPages: number;
}

/** What one post type on one network accepts; every value cites the platform (post-rules/*). */
export interface PostTypeRule {
  /** How many media items, images and videos together. */
  minItems: number;
  maxItems: number;
  /**
   * 'images': images only; 'video': exactly one video; 'images-or-video': images, or one video
   * alone (no mixing); 'mixed': images and videos in any order (Instagram carousels); 'document':
   * exactly one PDF document (LinkedIn document posts).
   */
  media: 'images' | 'video' | 'images-or-video' | 'mixed' | 'document';
  image: ImageLimits | null;
  video: VideoLimits | null;
  /** Absent or null: this post type takes no documents. */
  document?: DocumentLimits | null;
  /** Absent or null: this post type has no title (ignored if sent); else its length and need. */
  title?: { required: boolean; maxLength: number } | null;
  /** null: the network takes no alt text for this post type. */
  altText: { maxLength: number; imagesOnly: boolean } | null;
  /** false: the network shows no text (stories); text typed anyway is refused, not dropped. */
  takesText: boolean;
}

export interface PlatformPostRules {
  /** The post types this network publishes, the first is the default. */
  types: Partial<Record<PostType, PostTypeRule>>;
  /** null: no first comment on this network. X posts it as the first reply. */
  firstComment: { maxLength: number } | null;
}
