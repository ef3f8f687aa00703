import { AlertTriangle } from 'lucide-react';
import { Link } from 'wouter';
import { platformLabels } from '../../../../contracts/platforms';
import { paths } from '../../../app/paths';
import { useSocialAccounts } from '../api/get-social-accounts';

/**
 * The in-app notice of accounts that need the user: shown on every signed-in screen until the
 * account is reconnected (the token job sets `needs_reauth`; the feed records why).
 */
export function ReconnectNotice() {
  const { data } = useSocialAccounts();
  const waiting = (data ?? []).filter((account) => account.status === 'needs_reauth');
  if (waiting.length === 0) return null;
  const names = waiting
    .map((account) => `${platformLabels[account.platform]} @${account.username}`)
    .join(', ');
  return (
    <div
      role="status"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {waiting.length === 1 ? 'This account needs' : 'These accounts need'} reconnecting before Kitepost
          can publish to {waiting.length === 1 ? 'it' : 'them'}: <strong>{names}</strong>.
        </span>
      </p>
      <Link
        href={paths.socialAccounts}
        className="shrink-0 self-start rounded-lg bg-amber-900 px-3 py-1.5 font-medium text-white hover:bg-amber-950 sm:self-auto"
      >
        Reconnect
      </Link>
    </div>
  );
}
