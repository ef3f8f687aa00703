import { AlertTriangle } from 'lucide-react';
import { Link } from 'wouter';
import { platformLabels } from '../../../../contracts/platforms';
import type { SocialAccount } from '../../../../contracts/social-accounts';
import { paths } from '../../../app/paths';
import { useSocialAccounts } from '../api/get-social-accounts';
import { formatDate } from '../format';

/**
 * The in-app notice of accounts that need the user: shown on every signed-in screen until the
 * account is reconnected (the token job sets `needs_reauth`; the feed records why).
 */
export function ReconnectNotice() {
  const { data } = useSocialAccounts();
  const accounts = data ?? [];
  const waiting = accounts.filter((account) => account.status === 'needs_reauth');
  const ending = accounts.filter((account) => account.status === 'connected' && account.reconnectBy);
  if (waiting.length === 0 && ending.length === 0) return null;
  const nameOf = (account: SocialAccount) => `${platformLabels[account.platform]} @${account.username}`;
  const names = waiting.map(nameOf).join(', ');
  return (
    <div
      role="status"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-2">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div className="grid gap-1">
          {waiting.length > 0 ? (
            <p>
              {waiting.length === 1 ? 'This account needs' : 'These accounts need'} reconnecting before
              Kitepost can publish to {waiting.length === 1 ? 'it' : 'them'}: <strong>{names}</strong>.
            </p>
          ) : null}
          {ending.map((account) => (
            <p key={account.id}>
              <strong>{nameOf(account)}</strong> stops working on {formatDate(account.reconnectBy ?? '')}:
              reconnect it before then.
            </p>
          ))}
        </div>
      </div>
      <Link
        href={paths.socialAccounts}
        className="shrink-0 self-start rounded-lg bg-amber-900 px-3 py-1.5 font-medium text-white hover:bg-amber-950 sm:self-auto"
      >
        Reconnect
      </Link>
    </div>
  );
}
