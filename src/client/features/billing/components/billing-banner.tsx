import { ArrowRight, CircleAlert, CreditCard, Hourglass, LoaderCircle } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { plans } from '../../../../contracts/plans';
import { paths, subscribePath } from '../../../app/paths';
import { useBillingRefreshOnNotice } from '../../../app/use-billing-refresh';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useAuth } from '../../auth/api/get-current-user';
import { useBillingSubscription } from '../api/get-billing-subscription';
import { useOpenBillingPortal } from '../api/open-billing-portal';
import { daysUntil, managesBilling, suggestedPlan, TRIAL_URGENT_DAYS } from '../billing-display';

/**
 * The app shell's billing notice: a slim line during the trial (a stronger one in its last
 * days), a red one while a payment has failed. Nothing on a plan in good standing or on the free
 * plan after a trial: the plan badge says enough there. Not on Settings, whose Subscription
 * section says the same.
 */
export function BillingBanner() {
  useBillingRefreshOnNotice();
  const { user } = useAuth();
  const { data: subscription } = useBillingSubscription();
  const [location] = useLocation();
  // Settings › Subscription says all of it, with its own buttons: no second notice there.
  if (!user || !subscription || location === paths.settings) return null;
  const mayManage = managesBilling(user.workspace.role);

  if (subscription.status === 'past_due') {
    return <PaymentFailedBanner planName={plans[subscription.plan].name} canManage={mayManage} />;
  }
  if (subscription.status === 'trialing' && subscription.trialEndsAt) {
    const days = daysUntil(subscription.trialEndsAt, new Date());
    if (days === null) return null;
    const plan = suggestedPlan(subscription);
    return (
      <TrialBanner
        days={days}
        planName={plans[subscription.plan].name}
        href={plan ? subscribePath(plan) : paths.subscribe}
        canChoose={mayManage}
      />
    );
  }
  return null;
}

function trialSentence(days: number, planName: string): string {
  if (days === 0) return `Your ${planName} trial ends today.`;
  if (days === 1) return `Your ${planName} trial ends tomorrow.`;
  return `Your ${planName} trial ends in ${days} days.`;
}

function TrialBanner({
  days,
  planName,
  href,
  canChoose,
}: {
  days: number;
  planName: string;
  href: string;
  canChoose: boolean;
}) {
  const urgent = days <= TRIAL_URGENT_DAYS;
  const after = urgent
    ? ` Choose a plan to keep ${planName} features; without one the workspace moves to the Free plan. Your posts are kept.`
    : ' No card needed until you choose a plan.';
  return (
    <div
      role="status"
      data-testid="billing-banner"
      className={cn(
        'mb-6 flex flex-col gap-2 rounded-xl border px-4 text-sm sm:flex-row sm:items-center sm:justify-between sm:gap-4',
        urgent
          ? 'border-amber-300 bg-amber-50 py-3 text-amber-950'
          : 'border-indigo-100 bg-indigo-50/70 py-2 text-indigo-950',
      )}
    >
      <p className="flex min-w-0 items-start gap-2">
        <Hourglass
          className={cn('mt-0.5 size-4 shrink-0', urgent ? 'text-amber-700' : 'text-indigo-600')}
          aria-hidden="true"
        />
        <span>
          <strong className="font-semibold">{trialSentence(days, planName)}</strong>
          <span className={cn(!urgent && 'hidden sm:inline')}>{after}</span>
        </span>
      </p>
      {canChoose ? (
        urgent ? (
          <Link href={href} className={buttonClasses('default', 'sm', 'self-start sm:self-auto')}>
            Choose a plan
            <ArrowRight aria-hidden="true" />
          </Link>
        ) : (
          <Link
            href={href}
            className="inline-flex shrink-0 items-center gap-1 self-start rounded-md font-semibold text-indigo-700 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none sm:self-auto"
          >
            Choose a plan
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        )
      ) : null}
    </div>
  );
}

function PaymentFailedBanner({ planName, canManage }: { planName: string; canManage: boolean }) {
  const portal = useOpenBillingPortal();
  return (
    <div
      role="alert"
      data-testid="billing-banner"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-red-700 bg-red-600 px-4 py-3 text-sm text-white sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex min-w-0 items-start gap-2">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <strong className="font-semibold">Your last payment failed.</strong> Update your payment method to
          keep your {planName} plan.
          {canManage ? null : ' Ask the workspace’s owner to update it.'}
        </span>
      </p>
      {canManage ? (
        <Button
          variant="inverse"
          size="sm"
          className="self-start text-red-700 hover:bg-red-50 focus-visible:ring-offset-red-600 sm:self-auto"
          onClick={() => portal.mutate()}
          disabled={portal.isPending}
        >
          {portal.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <CreditCard aria-hidden="true" />
          )}
          Manage billing
        </Button>
      ) : null}
    </div>
  );
}
