import type { ComponentType } from 'react';
import type { PostPlatformOptions } from '../../../../../../contracts/platform-options';
import type { PublishingPlatform } from '../../../../../../contracts/platforms';
import { MastodonFields } from './mastodon-fields';
import { PinterestFields } from './pinterest-fields';
import { YouTubeFields } from './youtube-fields';

export interface NetworkOptionFieldsProps {
  id: string;
  /** The target's account (a Pinterest board list is the account's); null before one is connected. */
  accountId: string | null;
  options: PostPlatformOptions;
  onChange(next: PostPlatformOptions): void;
}

/** The composer's fields for what one network asks beyond text and media (issue 27). */
const networkOptionFields: Partial<Record<PublishingPlatform, ComponentType<NetworkOptionFieldsProps>>> = {
  pinterest: PinterestFields,
  mastodon: MastodonFields,
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
}: {
  id: string;
  targets: { platform: PublishingPlatform; socialAccountId?: string | null }[];
  options: PostPlatformOptions;
  onChange(next: PostPlatformOptions): void;
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
      />
    );
  });
}
