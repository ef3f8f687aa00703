import { type PaidPlanId, paidPlanIds } from '../../../contracts/billing';
import { type PlanId, plans } from '../../../contracts/plans';
import type { SocialAccount } from '../../../contracts/social-accounts';

const wholeNumber = new Intl.NumberFormat('en-US');
const compactNumber = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Exact below ten thousand (1,234), compact above (12.5K, 3.4M), so the stat fits its cell. */
export function formatCount(value: number): string {
  return Math.abs(value) < 10_000 ? wholeNumber.format(value) : compactNumber.format(value);
}

/** Percent with one decimal; null means no metrics yet, shown as a dash, never a made-up number. */
export function formatEngagement(value: number | null): string | null {
  return value === null ? null : `${value.toFixed(1)}%`;
}

/** Up to two letters for an avatar placeholder: 'Corner Bakery' → 'CB', '@bakes' → 'B'. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/[@_.-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0] ?? ''];
  const initials = letters
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toUpperCase();
  return initials || '?';
}

export function formatDate(iso: string, locale?: string): string {
  return new Date(iso).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** Why an account needs reconnecting: the server's reason, else what its token tells. */
export function reauthReason(
  account: Pick<SocialAccount, 'tokenExpiresAt'> & Partial<Pick<SocialAccount, 'statusReason'>>,
  now = Date.now(),
): string {
  if (account.statusReason) return `${account.statusReason} Reconnect to keep publishing.`;
  const expiresAt = account.tokenExpiresAt ? Date.parse(account.tokenExpiresAt) : Number.NaN;
  if (!Number.isNaN(expiresAt) && expiresAt <= now) {
    return `Access expired on ${formatDate(account.tokenExpiresAt ?? '')}. Reconnect to keep publishing.`;
  }
  return 'The platform no longer accepts Kitepost’s access. Reconnect to keep publishing.';
}

/** 'Free plan’s limit of 1 account'; without the plan (not loaded yet), 'plan’s limit'. */
function planLimitPhrase(plan: PlanId | null): string {
  if (!plan) return 'plan’s limit';
  const { name, limits } = plans[plan];
  const limit = limits.socialAccounts;
  if (limit === null) return `${name} plan’s limit`;
  return `${name} plan’s limit of ${limit} account${limit === 1 ? '' : 's'}`;
}

/**
 * What an account over the plan's limit says on its card. Only accounts connected before it
 * count towards the limit, so disconnecting one of those (not any other) frees its place.
 */
export function overPlanLimitNotice(plan: PlanId | null): string {
  return `Over your ${planLimitPhrase(plan)} — nothing is published to it. Upgrade, or disconnect an account connected before it.`;
}

/** The same, short enough for a line under the account in the composer. */
export function overPlanLimitReason(plan: PlanId | null): string {
  return `Over your ${plan ? `${plans[plan].name} plan’s` : 'plan’s'} limit — upgrade to post here`;
}

/**
 * The plan that covers all `accountCount` accounts: the smallest one above `current` whose limit
 * is high enough (the top plan when none is), or null on the top plan.
 */
export function planCoveringAccounts(accountCount: number, current: PlanId): PaidPlanId | null {
  const above = paidPlanIds.filter((id) => plans[id].price > plans[current].price);
  const covering = above.find((id) => {
    const limit = plans[id].limits.socialAccounts;
    return limit === null || limit >= accountCount;
  });
  return covering ?? above.at(-1) ?? null;
}
