import type { ComponentType } from 'react';
import type { PublishingPlatform } from '../../../../../../contracts/platforms';
import { BlueskyPreview } from './bluesky-preview';
import { GoogleBusinessPreview } from './google-business-preview';
import { LinkedInPagePreview } from './linkedin-page-preview';
import { MastodonPreview } from './mastodon-preview';
import { PinterestPreview } from './pinterest-preview';
import type { NetworkCardProps } from './preview-types';
import { ThreadsPreview } from './threads-preview';
import { TikTokPreview } from './tiktok-preview';
import { YouTubePreview } from './youtube-preview';

/**
 * The previews drawn in a network's own look (issue 27: Bluesky, Mastodon, Threads, Pinterest);
 * the networks without one here use the shared feed card.
 */
export const networkPreviews: Partial<Record<PublishingPlatform, ComponentType<NetworkCardProps>>> = {
  mastodon: MastodonPreview,
  threads: ThreadsPreview,
  linkedin_page: LinkedInPagePreview,
  bluesky: BlueskyPreview,
  pinterest: PinterestPreview,
  google_business: GoogleBusinessPreview,
  tiktok: TikTokPreview,
  youtube: YouTubePreview,
};
