import { ArrowLeft, ArrowRight, FlaskConical, RotateCcw, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { BillingSubscription } from '../../../contracts/billing';
import { plans } from '../../../contracts/plans';
import { paths, subscribePath } from '../../app/paths';
import { InlineLoading } from '../../components/full-page-message';
import { Logo } from '../../components/logo';
import { QueryFailureCard } from '../../components/query-failure-card';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth/api/get-current-user';
import { useBillingSubscription } from './api/get-billing-subscription';
import { type SandboxPortalAction, useSandboxPortalAction } from './api/sandbox-portal-action';
import {
  formatBillingDate,
  hasLivePaidPlan,
  managesBilling,
  planPriceLabel,
  planTitle,
  subscriptionTimeline,
  suggestedPlan,
} from './billing-display';
import { SandboxBillingLabel } from './components/sandbox-billing-label';
import { SandboxPlanSwitcher } from './components/sandbox-plan-switcher';
import { SubscriptionStatusBadge } from './components/subscription-status-badge';

const settingsSubscriptionPath = `${paths.settings}#subscription`;

/**
 * /billing/sandbox-portal: where 'Manage billing' goes in sandbox billing, standing in for
 * Stripe's customer portal (a page of its own, outside the app's frame, like Stripe's). It cancels
 * the subscription at the end of its period, resumes it, or switches it to another paid plan,
 * through the same state changes as Stripe's webhooks.
 */
export function SandboxPortalPage() {
  useDocumentTitle('Billing portal (sandbox) — Kitepost');
  const subscription = useBillingSubscription();

  return (
    <div className="min-h-dvh bg-slate-100">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-3 px-4 sm:px-6">
          <span className="flex min-w-0 items-center gap-3">
            <Logo />
            <span className="hidden text-sm font-medium text-slate-500 sm:inline">Billing portal</span>
          </span>
          <Link href={settingsSubscriptionPath} className={buttonClasses('ghost', 'sm', 'px-2 sm:px-3')}>
            <ArrowLeft aria-hidden="true" />
            Back to Settings
          </Link>
        </div>
      </header>
      <main className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
        <div className="grid gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Manage your subscription
          </h1>
          <p className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
            <FlaskConical className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
            <span>
              <strong className="font-semibold">Sandbox billing portal.</strong> This page stands in for
              Stripe’s customer portal while Kitepost runs without Stripe keys. No money moves: changing,
              cancelling or resuming here changes your plan exactly as Stripe would.
            </span>
          </p>
        </div>
        {subscription.isPending ? (
          <Card>
            <InlineLoading message="Loading your subscription..." />
          </Card>
        ) : subscription.isError ? (
          <QueryFailureCard title="Your subscription could not be loaded" query={subscription} />
        ) : (
          <PortalSubscription subscription={subscription.data} />
        )}
      </main>
    </div>
  );
}

function PortalSubscription({ subscription }: { subscription: BillingSubscription }) {
  const { user } = useAuth();
  const action = useSandboxPortalAction();
  const [confirming, setConfirming] = useState(false);
  const plan = plans[subscription.plan];
  const now = new Date();
  const timeZone = user?.timezone;
  const timeline = subscriptionTimeline(subscription, { now, timeZone });
  const live = hasLivePaidPlan(subscription);
  const mayManage = user ? managesBilling(user.workspace.role) : false;
  const endsOn = subscription.currentPeriodEnd
    ? formatBillingDate(subscription.currentPeriodEnd, timeZone)
    : null;

  const run = (kind: Exclude<SandboxPortalAction, 'switch'>) =>
    action.mutate(
      { action: kind },
      {
        onSuccess: () => {
          setConfirming(false);
          toast(
            kind === 'cancel'
              ? {
                  title: 'Subscription Cancelled',
                  description: endsOn
                    ? `Your ${plan.name} plan stays active until ${endsOn}.`
                    : `Your ${plan.name} plan ends at the end of this period.`,
                }
              : { title: 'Subscription Resumed', description: `Your ${plan.name} plan renews as before.` },
          );
        },
        onError: (error) => {
          if (isUnauthorized(error)) return;
          toast({
            title: kind === 'cancel' ? 'Cancel Failed' : 'Resume Failed',
            description: failureMessage(error, 'Please try again in a moment.'),
            variant: 'destructive',
          });
        },
      },
    );

  return (
    <Card className="grid gap-6 p-5 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1.5">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Current plan</p>
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-xl font-semibold tracking-tight text-slate-900">
              {planTitle(subscription.plan)}
            </h2>
            <SubscriptionStatusBadge subscription={subscription} />
          </div>
          {timeline ? <p className="text-sm text-slate-700">{timeline}</p> : null}
        </div>
        <p className="shrink-0 text-lg font-semibold text-slate-900">{planPriceLabel(subscription.plan)}</p>
      </div>

      {subscription.sandbox ? <SandboxBillingLabel className="justify-self-start" /> : null}

      <div className="border-t border-slate-200 pt-5">
        {!subscription.sandbox ? (
          <p className="text-sm text-slate-700">
            Billing runs on Stripe here: use Manage billing in Settings to open Stripe’s customer portal.
          </p>
        ) : !mayManage ? (
          <p className="text-sm text-slate-700">
            Only the workspace’s owner or an admin can change, cancel or resume its subscription.
          </p>
        ) : live ? (
          subscription.cancelAtPeriodEnd ? (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-700">
                Changed your mind? Resume and your {plan.name} plan renews{endsOn ? ` on ${endsOn}` : ''}.
              </p>
              <Button onClick={() => run('resume')} disabled={action.isPending}>
                <RotateCcw aria-hidden="true" />
                {action.isPending ? 'Resuming...' : 'Resume subscription'}
              </Button>
            </div>
          ) : (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-700">
                Cancelling stops the next renewal. You keep {plan.name} until the end of the period you paid
                for.
              </p>
              <Button variant="outline" onClick={() => setConfirming(true)} disabled={action.isPending}>
                <XCircle aria-hidden="true" />
                Cancel subscription
              </Button>
            </div>
          )
        ) : (
          <NoPaidSubscription subscription={subscription} />
        )}
      </div>

      {subscription.sandbox && mayManage && live ? (
        <SandboxPlanSwitcher subscription={subscription} renewsOn={endsOn} />
      ) : null}

      <ConfirmDialog
        open={confirming}
        title={`Cancel your ${plan.name} subscription?`}
        description={
          endsOn
            ? `It stays active until ${endsOn}. Then the workspace moves to the Free plan; your posts and accounts are kept.`
            : 'It stays active until the end of the period you paid for. Then the workspace moves to the Free plan; your posts and accounts are kept.'
        }
        confirmLabel="Cancel subscription"
        pendingLabel="Cancelling..."
        keepLabel="Keep subscription"
        pending={action.isPending}
        onConfirm={() => run('cancel')}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}

function NoPaidSubscription({ subscription }: { subscription: BillingSubscription }) {
  const next = suggestedPlan(subscription);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-700">There is no paid subscription to change, cancel or resume.</p>
      <Link href={next ? subscribePath(next) : paths.subscribe} className={buttonClasses('default')}>
        Choose a plan
        <ArrowRight aria-hidden="true" />
      </Link>
    </div>
  );
}
