import { type PublishingPlatform, publishingPlatforms, specPlatforms } from '../../../contracts/platforms';
import type { ComposePostBody, Post } from '../../../contracts/posts';
import type { SocialAccount } from '../../../contracts/social-accounts';

/** One choice in the composer: an account, or a platform whose account comes later. */
export type TargetKey = `account:${string}` | `platform:${PublishingPlatform}`;

export interface TargetOption {
  key: TargetKey;
  platform: PublishingPlatform;
  account: SocialAccount | null;
  /**
   * The account is over the plan's limit (the server refuses to schedule to it), so it cannot be
   * newly chosen. The edited post's own account stays choosable: it is its current target, and
   * saving it as a draft is allowed.
   */
  locked: boolean;
}

export interface TargetGroup {
  platform: PublishingPlatform;
  options: TargetOption[];
}

/**
 * The composer's choices by platform, in the platforms' order: each connected account; one of the
 * spec's four platforms without any account offers itself (the server accepts it and warns that the
 * post will fail unless an account is connected in time); the networks added since show once an
 * account of theirs is connected. `keep` is the key of the post being edited.
 */
export function targetGroups(accounts: SocialAccount[], keep?: TargetKey): TargetGroup[] {
  const offered = publishingPlatforms.filter(
    (platform) =>
      (specPlatforms as readonly string[]).includes(platform) ||
      keep === `platform:${platform}` ||
      accounts.some((account) => account.platform === platform),
  );
  return offered.map((platform) => {
    const own = accounts.filter((account) => account.platform === platform);
    const options: TargetOption[] = own.map((account) => {
      const key: TargetKey = `account:${account.id}`;
      return { key, platform, account, locked: account.overPlanLimit && key !== keep };
    });
    // A saved post without an account keeps that choice even once accounts exist.
    const bare: TargetKey = `platform:${platform}`;
    if (own.length === 0 || keep === bare)
      options.push({ key: bare, platform, account: null, locked: false });
    return { platform, options };
  });
}

/**
 * Whether the option's input is disabled. A locked option that is already chosen stays enabled so
 * it can be unchosen (the accounts were read again after the plan shrank with the composer open).
 */
export function targetDisabled(option: Pick<TargetOption, 'key' | 'locked'>, chosen: TargetKey[]): boolean {
  return option.locked && !chosen.includes(option.key);
}

/** The key a saved post is posted through. */
export function targetKeyOf(post: Pick<Post, 'platform' | 'socialAccountId'>): TargetKey {
  return post.socialAccountId ? `account:${post.socialAccountId}` : `platform:${post.platform}`;
}

/** Keys as the compose call's targets; unknown accounts (disconnected meanwhile) are dropped. */
export function composeTargets(keys: TargetKey[], accounts: SocialAccount[]): ComposePostBody['targets'] {
  const targets: ComposePostBody['targets'] = [];
  for (const key of keys) {
    if (key.startsWith('platform:')) {
      targets.push({ platform: key.slice('platform:'.length) as PublishingPlatform, socialAccountId: null });
      continue;
    }
    const account = accounts.find((item) => `account:${item.id}` === key);
    if (account) targets.push({ platform: account.platform, socialAccountId: account.id });
  }
  return targets;
}

/** The platforms the chosen targets publish to, each once, in the platforms' order. */
export function chosenPlatforms(targets: ComposePostBody['targets']): PublishingPlatform[] {
  return publishingPlatforms.filter((platform) => targets.some((target) => target.platform === platform));
}

/**
 * Why the attached images cannot reach some chosen targets (the server's `mediaWarning`:
 * Instagram and Facebook download images from a server address that is not public), each reason
 * once per platform. A platform chosen without an account counts any of its accounts that says
 * so, since the publisher may choose it; the server refuses scheduling the same way.
 */
export function mediaWarnings(
  targets: ComposePostBody['targets'],
  accounts: SocialAccount[],
  imageCount: number,
): { platform: PublishingPlatform; warning: string }[] {
  if (imageCount === 0) return [];
  const found = new Map<string, { platform: PublishingPlatform; warning: string }>();
  for (const target of targets) {
    const candidates = target.socialAccountId
      ? accounts.filter((account) => account.id === target.socialAccountId)
      : accounts.filter((account) => account.platform === target.platform);
    for (const { platform, mediaWarning } of candidates) {
      if (mediaWarning) found.set(`${platform} ${mediaWarning}`, { platform, warning: mediaWarning });
    }
  }
  return [...found.values()];
}
