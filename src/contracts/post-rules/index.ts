import type { PublishingPlatform } from '../platforms';
import type { ImageLimits, PlatformPostRules, PostType, PostTypeRule } from '../post-types';
import { facebookPostRules } from './facebook';
import { instagramPostRules } from './instagram';
import { linkedinPostRules } from './linkedin';
import { twitterPostRules } from './twitter';

export const platformPostRules: Record<PublishingPlatform, PlatformPostRules> = {
  twitter: twitterPostRules,
  linkedin: linkedinPostRules,
  facebook: facebookPostRules,
  instagram: instagramPostRules,
};

/** The post types a network publishes, its default first. */
export function postTypesOf(platform: PublishingPlatform): PostType[] {
  return Object.keys(platformPostRules[platform].types) as PostType[];
}

export function postTypeRule(platform: PublishingPlatform, type: PostType): PostTypeRule | null {
  return platformPostRules[platform].types[type] ?? null;
}

/** The image limits of the network's ordinary post (what its image upload endpoint takes). */
export function postImageLimits(platform: PublishingPlatform): ImageLimits {
  const limits = platformPostRules[platform].types.post?.image;
  if (!limits) throw new Error(`${platform} has no image rule for its ordinary post`);
  return limits;
}
