import { type PublishingPlatform, platformRules } from '../../../../../contracts/platforms';
import type { SocialAccount, SocialAccountPostLimits } from '../../../../../contracts/social-accounts';

/**
 * The strictest limits of the chosen accounts of one network (a Mastodon instance sets its own,
 * `SocialAccount.postLimits`); a target without an account, or an account without limits, has
 * the network's.
 */
export function accountLimitsOf(
  targets: ReadonlyArray<{ platform: PublishingPlatform; socialAccountId?: string | null }>,
  platform: PublishingPlatform,
  accounts: readonly SocialAccount[],
): SocialAccountPostLimits | null {
  const limits = targets
    .filter((target) => target.platform === platform)
    .map((target) => accounts.find((account) => account.id === target.socialAccountId)?.postLimits ?? null);
  if (limits.every((one) => one === null)) return null;
  const least = (values: Array<number | undefined>) =>
    values.some((value) => value === undefined) ? undefined : Math.min(...(values as number[]));
  const maxLength = least(limits.map((one) => one?.maxLength ?? platformRules[platform].maxLength));
  const maxMedia = least(limits.map((one) => one?.maxMedia));
  return { ...(maxLength ? { maxLength } : {}), ...(maxMedia ? { maxMedia } : {}) };
}
