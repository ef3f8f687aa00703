import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type PaidPlanId, paidPlanId } from '../../../contracts/billing';
import { paths, signUpPath, subscribePath } from '../../app/paths';
import { InlineLoading } from '../../components/full-page-message';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth/api/get-current-user';
import { rememberReturnPath } from '../auth/return-path';
import { useCan } from '../auth/use-permission';
import { useBillingSubscription } from '../billing/api/get-billing-subscription';
import { BillingOffNotice } from '../billing/components/billing-off-notice';
import { BillingRoleNotice } from './components/billing-role-notice';
import { PaymentPanel } from './components/payment-panel';
import { PlanPicker } from './components/plan-picker';

/** `?plan=starter|professional|enterprise`; anything else means no plan chosen yet. */
export function planFromSearch(search: string): PaidPlanId | null {
  const parsed = paidPlanId.safeParse(new URLSearchParams(search).get('plan'));
  return parsed.success ? parsed.data : null;
}

/**
 * /subscribe (spec §2): choose a plan, wait for the setup spinner, pay in 'Complete Your
 * Subscription', land on the dashboard. A visitor signs up first and comes back here.
 */
export function SubscribePage() {
  useDocumentTitle('Subscribe — Kitepost');
  const { user, isLoading } = useAuth();
  const plan = planFromSearch(useSearch());

  if (isLoading) return <InlineLoading />;
  if (!user) return <SignUpFirst plan={plan} />;
  return <SubscribeScreen plan={plan} />;
}

/** A visitor needs an account to pay for: sign up, then come back to the plan chosen. */
function SignUpFirst({ plan }: { plan: PaidPlanId | null }) {
  const [, navigate] = useLocation();
  useEffect(() => {
    rememberReturnPath(plan ? subscribePath(plan) : paths.subscribe);
    navigate(signUpPath, { replace: true });
  }, [plan, navigate]);
  return <InlineLoading message="Create your account first..." />;
}

function SubscribeScreen({ plan }: { plan: PaidPlanId | null }) {
  const [, navigate] = useLocation();
  const [processing, setProcessing] = useState(false);
  const mayPay = useCan('billing.manage');
  // Billing off on this server (decision 036): the plans are shown, none can be bought, and no
  // subscription is set up (the panel waits for the answer).
  const billing = useBillingSubscription();
  const billingOff = billing.data?.paidPlansAvailable === false;
  const choosePlan = (next: PaidPlanId) => {
    if (next !== plan) navigate(subscribePath(next), { replace: true });
  };

  return (
    <div className="grid gap-8">
      <PageHeader
        title="Subscribe to Kitepost"
        description="Pick the plan that fits your business. Your workspace moves to it as soon as you pay."
      />
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_28rem]">
        <PlanPicker value={plan} onChange={choosePlan} disabled={processing || billingOff} />
        <div className="lg:sticky lg:top-6">
          {billing.isPending ? (
            <InlineLoading />
          ) : billingOff ? (
            <BillingOffNotice />
          ) : mayPay ? (
            <PaymentPanel plan={plan} processing={processing} onProcessingChange={setProcessing} />
          ) : (
            <BillingRoleNotice />
          )}
        </div>
      </div>
    </div>
  );
}
