import { Sparkles } from 'lucide-react';
import { DEFAULT_IDEAS } from '../../../../contracts/generation';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../auth/session-info';
import { useCredits } from '../api/get-credits';

/** The workspace's real remaining credits (architecture §10), in place of the spec's fixed 57. */
export function CreditsBadge() {
  const credits = useCredits({ enabled: true });
  const base = 'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold';

  if (credits.isPending) {
    return (
      <p className={cn(base, 'bg-slate-100 text-slate-600')} aria-busy="true">
        <Sparkles className="size-4" aria-hidden="true" />
        Checking credits...
      </p>
    );
  }
  if (credits.isError) {
    return (
      <p className={cn(base, 'bg-slate-100 text-slate-600')}>
        <Sparkles className="size-4" aria-hidden="true" />
        Credits unavailable
      </p>
    );
  }
  const { remaining, limit, used, resetsAt } = credits.data;
  const resets = `Resets on ${formatDate(resetsAt)}.`;
  if (limit === null || remaining === null) {
    return (
      <p
        className={cn(base, 'bg-indigo-50 text-indigo-700')}
        title={`Your plan has no monthly limit. ${used} used this month.`}
      >
        <Sparkles className="size-4" aria-hidden="true" />
        Unlimited credits
      </p>
    );
  }
  const low = remaining < DEFAULT_IDEAS;
  return (
    <p
      className={cn(base, low ? 'bg-amber-50 text-amber-900' : 'bg-indigo-50 text-indigo-700')}
      title={`One credit per post. ${used} of ${limit} used this month. ${resets}`}
    >
      <Sparkles className="size-4" aria-hidden="true" />
      {remaining} {remaining === 1 ? 'credit' : 'credits'} remaining
    </p>
  );
}
