import { ArrowRight, Check, CircleAlert, CreditCard, LoaderCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { useLocationProperty } from 'wouter/use-browser-location';
import type { BillingSubscription } from '../../../../contracts/billing';
import { plans } from '../../../../contracts/plans';
import { paths, subscribePath } from '../../../app/paths';
import { InlineLoading } from '../../../components/full-page-message';
import { QueryFailureCard } from '../../../components/query-failure-card';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useAuth } from '../../auth/api/get-current-user';
import { useBillingSubscription } from '../../billing/api/get-billing-subscription';
import { useOpenBillingPortal } from '../../billing/api/open-billing-portal';
import {
  hasLivePaidPlan,
  managesBilling,
  planTitle,
  subscriptionTimeline,
  suggestedPlan,
} from '../../billing/billing-display';
import { BillingOffNotice } from '../../billing/components/billing-off-notice';
import { SandboxBillingLabel } from '../../billing/components/sandbox-billing-label';
import { SubscriptionStatusBadge } from '../../billing/components/subscription-status-badge';
import { UsageMeters } from '../../billing/components/usage-meters';
import { SettingsSection } from './settings-section';

export const SUBSCRIPTION_SECTION_ID = 'subscription';

/**
 * Settings › Subscription (spec §2): the workspace's real plan and status (architecture §10),
 * when it renews or ends, what it uses of each limit, and the way to pay or manage billing.
 */
export function SubscriptionCard() {
  const subscription = useBillingSubscription();

  // /settings#subscription (a notification's link): the section renders after the page loads,
  // so the browser's own jump to the anchor finds nothing; jump once the content is there, and
  // again when a link with the anchor is followed while Settings is already open.
  const loaded = subscription.isSuccess;
  const hash = useLocationProperty(() => window.location.hash);
  useEffect(() => {
    if (loaded && hash === `#${SUBSCRIPTION_SECTION_ID}`) {
      document.getElementById(SUBSCRIPTION_SECTION_ID)?.scrollIntoView({ block: 'start' });
    }
  }, [loaded, hash]);

  return (
    <SettingsSection
      id={SUBSCRIPTION_SECTION_ID}
      title="Subscription"
      description="Your workspace’s plan, what it includes and how much of it you use this month."
    >
      {subscription.isPending ? (
        <Card>
          <InlineLoading message="Loading your subscription..." />
        </Card>
      ) : subscription.isError ? (
        <QueryFailureCard title="Your subscription could not be loaded" query={subscription} />
      ) : (
        <SubscriptionDetails subscription={subscription.data} />
      )}
    </SettingsSection>
  );
}

function SubscriptionDetails({ subscription }: { subscription: BillingSubscription }) {
  const { user } = useAuth();
  const portal = useOpenBillingPortal();
  const plan = plans[subscription.plan];
  const pastDue = subscription.status === 'past_due';
  // Past due: the warning below says it, with the way out.
  const timeline = pastDue
    ? null
    : subscriptionTimeline(subscription, { now: new Date(), timeZone: user?.timezone });
  const mayManage = user ? managesBilling(user.workspace.role) : false;
  const live = hasLivePaidPlan(subscription);
  const next = suggestedPlan(subscription);
  const trialing = subscription.status === 'trialing';

  const manageButton = (variant: 'default' | 'outline' | 'destructive') => (
    <Button variant={variant} onClick={() => portal.mutate()} disabled={portal.isPending}>
      {portal.isPending ? (
        <LoaderCircle className="animate-spin" aria-hidden="true" />
      ) : (
        <CreditCard aria-hidden="true" />
      )}
      Manage billing
    </Button>
  );

  return (
    <Card className="grid gap-6 p-5 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3
              className="text-xl font-semibold tracking-tight text-slate-900"
              data-testid="subscription-plan"
            >
              {planTitle(subscription.plan)}
            </h3>
            <SubscriptionStatusBadge subscription={subscription} />
          </div>
          {timeline ? (
            <p className="text-sm text-slate-700" data-testid="subscription-timeline">
              {timeline}
            </p>
          ) : null}
        </div>
        <p className="shrink-0 text-slate-900 sm:text-right">
          {trialing ? (
            <>
              <span className="text-2xl font-bold tracking-tight">$0</span>
              <span className="block text-xs text-slate-600">
                during your trial, then ${plan.price}/month
              </span>
            </>
          ) : (
            <>
              <span className="text-2xl font-bold tracking-tight">${plan.price}</span>
              <span className="text-sm text-slate-600">/month</span>
            </>
          )}
        </p>
      </div>

      {subscription.sandbox ? <SandboxBillingLabel className="justify-self-start" /> : null}
      {!subscription.paidPlansAvailable && !live ? <BillingOffNotice className="bg-slate-50" /> : null}

      {pastDue ? (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-950 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex items-start gap-2.5">
            <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden="true" />
            <p>
              <strong className="font-semibold">Your last payment failed.</strong> Update your payment method
              in Manage billing to keep your {plan.name} plan; until then its limits stay as they are.
            </p>
          </div>
          {mayManage && subscription.canManageBilling ? manageButton('destructive') : null}
        </div>
      ) : null}

      <div className="grid gap-3 border-t border-slate-200 pt-5">
        <h4 className="text-sm font-semibold text-slate-900">Usage</h4>
        <UsageMeters usage={subscription.usage} />
      </div>

      <div className="grid gap-3 border-t border-slate-200 pt-5">
        <h4 className="text-sm font-semibold text-slate-900">What {plan.name} includes</h4>
        <ul className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2 text-sm text-slate-700">
              <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
      </div>

      <div className="flex flex-col gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          {!mayManage
            ? 'Only the workspace’s owner or an admin can change its plan.'
            : !subscription.paidPlansAvailable && !live
              ? 'No plan can be bought here until billing is set up.'
              : live
                ? 'Change your card, switch plans or cancel in Manage billing.'
                : subscription.plan === 'free'
                  ? 'Upgrade for more AI posts and accounts, posting queues for every account, recurring posts and team collaboration.'
                  : 'Choose a plan before your trial ends to keep what you use. No charge until you subscribe.'}
        </p>
        {mayManage ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:shrink-0">
            {subscription.canManageBilling && !pastDue ? manageButton(live ? 'default' : 'outline') : null}
            {!live && subscription.paidPlansAvailable ? (
              <Link href={next ? subscribePath(next) : paths.subscribe} className={buttonClasses('default')}>
                {subscription.plan === 'free' || trialing ? 'Choose a plan' : 'Change plan'}
                <ArrowRight aria-hidden="true" />
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
    </Card>
  );
}
