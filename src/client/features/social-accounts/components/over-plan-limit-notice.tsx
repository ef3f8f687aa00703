import { ArrowRight, Gauge } from 'lucide-react';
import { Link } from 'wouter';
import type { PlanId } from '../../../../contracts/plans';
import { paths, subscribePath } from '../../../app/paths';
import { buttonClasses } from '../../../components/ui/button';
import { overPlanLimitNotice, planCoveringAccounts } from '../format';

interface OverPlanLimitNoticeProps {
  /** The workspace's plan; null while the session is still loading. */
  plan: PlanId | null;
  /** How many accounts the workspace has: the Upgrade link opens on a plan that covers them all. */
  accountCount: number;
  /** For screen readers: which account the Upgrade link is for (a page can show several). */
  accountName: string;
}

/**
 * On the card of an account beyond the plan's limit (the plan shrank after it was connected): why
 * nothing is published to it, and the way out. Narrow by design: it sits inside an account card.
 * Not an alert: it describes the account as it is, it does not report something that just failed.
 */
export function OverPlanLimitNotice({ plan, accountCount, accountName }: OverPlanLimitNoticeProps) {
  const target = plan ? planCoveringAccounts(accountCount, plan) : null;
  return (
    <div className="mt-3 grid gap-2.5 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-950">
      <p className="flex items-start gap-2 text-pretty">
        <Gauge className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
        <span>{overPlanLimitNotice(plan)}</span>
      </p>
      <Link
        href={target ? subscribePath(target) : paths.subscribe}
        className={buttonClasses('default', 'sm', 'justify-self-start')}
      >
        Upgrade<span className="sr-only"> to publish to {accountName}</span>
        <ArrowRight aria-hidden="true" />
      </Link>
    </div>
  );
}
