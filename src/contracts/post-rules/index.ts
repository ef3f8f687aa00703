import type { PublishingPlatform } from '../platforms';
import type { ImageLimits, PlatformPostRules, PostType, PostTypeRule } from '../post-types';
import { blueskyPostRules } from './bluesky';
import { facebookPostRules } from './facebook';
import { googleBusinessPostRules } from './google-business';
import { instagramPostRules } from './instagram';
import { linkedinPostRules } from './linkedin';
import { linkedinPagePostRules } from './linkedin-page';
import { mastodonPostRules } from './mastodon';
import { pinterestPostRules } from './pinterest';
import { threadsPostRules } from './threads';
import { tiktokPostRules } from './tiktok';
import { twitterPostRules } from './twitter';
import { youtubePostRules } from './youtube';

export const platformPostRules: Record<PublishingPlatform, PlatformPostRules> = {
  twitter: twitterPostRules,
  linkedin: linkedinPostRules,
  facebook: facebookPostRules,
  instagram: instagramPostRules,
  bluesky: blueskyPostRules,
  mastodon: mastodonPostRules,
  threads: threadsPostRules,
  pinterest: pinterestPostRules,
  linkedin_page: linkedinPagePostRules,
  youtube: youtubePostRules,
  tiktok: tiktokPostRules,
  google_business: googleBusinessPostRules,
};

/** The post types a network publishes, its default first. */
export function postTypesOf(platform: PublishingPlatform): PostType[] {
  return Object.keys(platformPostRules[platform].types) as PostType[];
}

export function postTypeRule(platform: PublishingPlatform, type: PostType): PostTypeRule | null {
  return platformPostRules[platform].types[type] ?? null;
}

/** Whether the network publishes threads (X, Bluesky, Mastodon, Threads): posts replying to the one before. */
export function takesThread(platform: PublishingPlatform): boolean {
  return platformPostRules[platform].types.thread !== undefined;
}

/** The image limits of the network's ordinary post (what its image upload endpoint takes). */
export function postImageLimits(platform: PublishingPlatform): ImageLimits {
  const limits = platformPostRules[platform].types.post?.image;
  if (!limits) throw new Error(`${platform} has no image rule for its ordinary post`);
  return limits;
}

/**
 * What of one text composed for several networks goes to one of them (decision 064): alt texts
 * only where its post type takes them, the first comment only where its network and type take one
 * (not a Story; an X thread's replies are its posts), the thread only on an X thread, the title
 * only where the type has one (a LinkedIn document post). The server
 * stores each target's post so, and the composer checks each target so: one shared field never
 * blocks another network.
 */
export function fieldsForTarget<M extends { id: string; altText?: string | null }>(
  platform: PublishingPlatform,
  postType: PostType,
  shared: {
    media: M[];
    firstComment?: string | null;
    thread?: { content: string; mediaIds: string[] }[];
    title?: string | null;
  },
): {
  media: M[];
  firstComment: string | null;
  thread: { content: string; mediaIds: string[] }[];
  title: string | null;
} {
  const rule = postTypeRule(platform, postType);
  const takesComment =
    platformPostRules[platform].firstComment !== null && postType !== 'story' && postType !== 'thread';
  return {
    media: rule?.altText ? shared.media : shared.media.map((item) => ({ ...item, altText: null })),
    firstComment: takesComment ? (shared.firstComment ?? null) : null,
    thread: postType === 'thread' && takesThread(platform) ? (shared.thread ?? []) : [],
    title: rule?.title ? (shared.title ?? null) : null,
  };
}
