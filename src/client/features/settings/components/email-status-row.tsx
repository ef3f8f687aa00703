import { CheckCircle2, MailWarning } from 'lucide-react';
import type { AccountSecurity } from '../../../../contracts/account-security';

/**
 * Privacy & Security › Email address: confirmed or not. The banner at the top of the app sends a
 * new link; this row only says where things stand.
 */
export function EmailStatusRow({ security }: { security: AccountSecurity }) {
  return (
    <div className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-0.5">
        <h3 className="text-sm font-medium text-slate-900">Email address</h3>
        <p className="text-sm break-words text-slate-600">
          {security.emailVerified
            ? `${security.email} is confirmed.`
            : `${security.email} is not confirmed yet: open the link we emailed you. Until then you cannot invite people, and no weekly report is sent.`}
        </p>
      </div>
      {security.emailVerified ? (
        <span className="inline-flex shrink-0 items-center gap-1.5 self-start text-sm font-medium whitespace-nowrap text-emerald-700 sm:self-auto">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          Confirmed
        </span>
      ) : (
        <span className="inline-flex shrink-0 items-center gap-1.5 self-start text-sm font-medium whitespace-nowrap text-amber-800 sm:self-auto">
          <MailWarning className="size-4" aria-hidden="true" />
          Not confirmed
        </span>
      )}
    </div>
  );
}
