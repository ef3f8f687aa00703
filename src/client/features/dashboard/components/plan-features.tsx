import { ArrowUpRight, Check, Settings2 } from 'lucide-react';
import { Link } from 'wouter';
import type { DashboardStats } from '../../../../contracts/analytics';
import type { WorkspaceRole } from '../../../../contracts/auth';
import { plans } from '../../../../contracts/plans';
import { paths, subscribePath } from '../../../app/paths';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { hasLivePaidPlan, managesBilling, nextPlanUp } from '../../billing/billing-display';

interface PlanFeaturesProps {
  plan: DashboardStats['plan'];
  role: WorkspaceRole;
}

/**
 * Spec §2's features panel, for the workspace's real plan (not always Enterprise). Upgrading is
 * offered below the top plan to those who manage billing: a running paid plan changes in
 * Settings › Subscription (the billing portal), anything else on /subscribe.
 */
export function PlanFeatures({ plan, role }: PlanFeaturesProps) {
  const next = nextPlanUp(plan.id);
  const upgradeHref = hasLivePaidPlan({ plan: plan.id, status: plan.status })
    ? `${paths.settings}#subscription`
    : next
      ? subscribePath(next)
      : paths.subscribe;
  return (
    <section aria-labelledby="plan-features-title">
      <Card className="grid gap-4 p-5 sm:p-6">
        <div className="grid gap-1">
          <h2 id="plan-features-title" className="text-lg font-semibold text-slate-900">
            {plan.name} plan features
          </h2>
          <p className="text-sm text-slate-600">{plans[plan.id].description}.</p>
        </div>
        <ul className="grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
          {plans[plan.id].features.map((feature) => (
            <li key={feature} className="flex items-start gap-2 text-sm text-slate-700">
              <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Link href={`${paths.settings}#subscription`} className={buttonClasses('outline', 'md')}>
            <Settings2 aria-hidden="true" />
            Manage plan
          </Link>
          {next && managesBilling(role) ? (
            <Link href={upgradeHref} className={buttonClasses('default', 'md')}>
              <ArrowUpRight aria-hidden="true" />
              Upgrade
            </Link>
          ) : null}
        </div>
      </Card>
    </section>
  );
}
