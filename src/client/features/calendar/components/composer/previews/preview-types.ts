import type { Media } from '../../../../../../contracts/media';
import type { PostPlatformOptions } from '../../../../../../contracts/platform-options';
import type { PostType } from '../../../../../../contracts/post-types';

export interface PreviewPost {
  content: string;
  hashtags: string[];
  /** The attached media in order (undefined while loading). */
  media: (Media | undefined)[];
  /** Threads of posts (X, Bluesky, Mastodon, Threads): the posts after the first. */
  thread: { content: string; media: (Media | undefined)[] }[];
  /** A LinkedIn document post's title. */
  title: string;
  /** What the networks ask beyond text and media (a Google Business Profile event's dates). */
  platformOptions?: PostPlatformOptions;
}

/** What a network's own preview card is drawn from (previews/network-previews.ts). */
export interface NetworkCardProps {
  postType: PostType;
  post: PreviewPost;
  /** The account's display name (or 'Your brand'). */
  name: string;
}
