import type { ComponentType } from 'react';
import type { PublishingPlatform } from '../../../../../../contracts/platforms';
import { MastodonPreview } from './mastodon-preview';
import type { NetworkCardProps } from './preview-types';

/**
 * The previews drawn in a network's own look (issue 27: Bluesky, Mastodon, Threads, Pinterest);
 * the networks without one here use the shared feed card.
 */
export const networkPreviews: Partial<Record<PublishingPlatform, ComponentType<NetworkCardProps>>> = {
  mastodon: MastodonPreview,
};
