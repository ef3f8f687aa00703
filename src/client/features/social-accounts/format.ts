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
