import type { ComponentType } from 'react';
import type { PostPlatformOptions } from '../../../../../../contracts/platform-options';
import type { PublishingPlatform } from '../../../../../../contracts/platforms';
import type { PostType } from '../../../../../../contracts/post-types';
import { GoogleBusinessFields } from './google-business-fields';
import { MastodonFields } from './mastodon-fields';
import { PinterestFields } from './pinterest-fields';
import { TikTokFields } from './tiktok-fields';
import { YouTubeFields } from './youtube-fields';

export interface NetworkOptionFieldsProps {
  id: string;
  /** The target's account (a Pinterest board list is the account's); null before one is connected. */
  accountId: string | null;
  options: PostPlatformOptions;
  onChange(next: PostPlatformOptions): void;
  /** The network's post type for this target ('post' when absent). */
  postType?: PostType;
  /** The attached video's length, when one is attached (TikTok checks it against the creator's maximum). */
  videoDurationMs?: number | null;
}

/** The composer's fields for what one network asks beyond text and media (issue 27). */
const networkOptionFields: Partial<Record<PublishingPlatform, ComponentType<NetworkOptionFieldsProps>>> = {
  pinterest: PinterestFields,
  mastodon: MastodonFields,
  google_business: GoogleBusinessFields,
  tiktok: TikTokFields,
  youtube: YouTubeFields,
};

/**
 * The option fields of the chosen networks, each network once (its first target's account): the
 * options are shared by the targets of one network, as the title is.
 */
export function NetworkOptions({
  id,
  targets,
  options,
  onChange,
  videoDurationMs,
}: {
  id: string;
  targets: { platform: PublishingPlatform; socialAccountId?: string | null; postType?: PostType }[];
  options: PostPlatformOptions;
  onChange(next: PostPlatformOptions): void;
  videoDurationMs?: number | null;
}) {
  const seen = new Set<PublishingPlatform>();
  const shown = targets.filter((target) => {
    if (seen.has(target.platform) || !networkOptionFields[target.platform]) return false;
    seen.add(target.platform);
    return true;
  });
  return shown.map((target) => {
    const Fields = networkOptionFields[target.platform] as ComponentType<NetworkOptionFieldsProps>;
    return (
      <Fields
        key={target.platform}
        id={`${id}-${target.platform}`}
        accountId={target.socialAccountId ?? null}
        options={options}
        onChange={onChange}
        postType={target.postType}
        videoDurationMs={videoDurationMs}
      />
    );
  });
}
