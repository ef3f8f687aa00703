import { AlertTriangle, BadgeCheck, Ban, CreditCard, Loader2, Lock, RotateCw } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { billingMessages, type PaidPlanId } from '../../../../contracts/billing';
import { paths } from '../../../app/paths';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { failureCode, failureMessage, isUnauthorized } from '../../../lib/api-client';
import { useSubscriptionSetup } from '../api/create-subscription';
import { paymentFailureMessage } from '../payment-failure';
import { useCompletePayment } from '../use-complete-payment';
import { OrderSummary } from './order-summary';
import { SandboxCardForm } from './sandbox-card-form';

// Stripe's Payment Element (and Stripe.js with it) loads only when billing is Stripe.
const StripePaymentForm = lazy(() =>
  import('./stripe-payment-form').then((m) => ({ default: m.StripePaymentForm })),
);

const settingsSubscriptionPath = `${paths.settings}#subscription`;

interface PaymentPanelProps {
  plan: PaidPlanId | null;
  processing: boolean;
  onProcessingChange: (processing: boolean) => void;
}

/** The right-hand card: the setup spinner, then 'Complete Your Subscription' (spec §2). */
export function PaymentPanel({ plan, processing, onProcessingChange }: PaymentPanelProps) {
  const setup = useSubscriptionSetup(plan);
  const completePayment = useCompletePayment();
  useSetupFailureToast(setup.error, setup.errorUpdatedAt);

  if (!plan) {
    return (
      <PanelMessage icon={CreditCard} title="Choose a plan to continue">
        Pick one of the plans and the payment form opens here.
      </PanelMessage>
    );
  }
  if (setup.isFetching) {
    return (
      <Frame>
        <div className="flex flex-1 flex-col items-center justify-center gap-3 text-center" role="status">
          <Loader2 className="size-8 animate-spin text-indigo-600" aria-hidden="true" />
          <p className="text-sm font-medium text-slate-700">Setting up your subscription...</p>
        </div>
      </Frame>
    );
  }
  if (setup.isError) {
    const refusal = refusalOf(setup.error);
    if (refusal) {
      return (
        <PanelMessage icon={refusal.icon} title={refusal.title}>
          <p>{refusal.message}</p>
          <Link href={settingsSubscriptionPath} className={buttonClasses('default', 'md', 'mt-5')}>
            Open Settings › Subscription
          </Link>
        </PanelMessage>
      );
    }
    return (
      <PanelMessage icon={AlertTriangle} title="Your subscription is not ready" tone="error">
        <p>{billingMessages.setupFailed}</p>
        <Button variant="outline" className="mt-5" onClick={() => setup.refetch()}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </PanelMessage>
    );
  }
  if (!setup.data) return <Frame />;

  const formProps = {
    setup: setup.data,
    processing,
    onProcessingChange,
    onPaid: completePayment,
    onFailed: (error: unknown) => {
      // A 401 has its own toast and sends the browser to sign in (query-client.ts).
      if (isUnauthorized(error)) return;
      toast({ title: 'Payment Failed', description: paymentFailureMessage(error), variant: 'destructive' });
    },
  };
  return (
    <Frame>
      <div className="grid gap-1.5">
        <h2 className="text-xl font-semibold text-slate-900">Complete Your Subscription</h2>
        <p className="text-sm text-slate-600">Enter your card to start your plan today.</p>
      </div>
      <OrderSummary setup={setup.data} />
      {setup.data.provider === 'stripe' ? (
        <Suspense fallback={<FormLoading />}>
          <StripePaymentForm {...formProps} />
        </Suspense>
      ) : (
        <SandboxCardForm {...formProps} />
      )}
    </Frame>
  );
}

/**
 * The server said no for a reason the user can act on: the workspace already pays for a plan
 * (already_subscribed), this member may not manage billing (forbidden), or billing is off on this
 * server (billing_off, with the reason). Not a failure: no 'Error' toast.
 */
function refusalOf(error: Error | null) {
  const code = failureCode(error);
  if (code !== 'already_subscribed' && code !== 'forbidden' && code !== 'billing_off') return null;
  const serverMessage = failureMessage(error, '') || undefined;
  if (code === 'billing_off') {
    return {
      icon: Ban,
      title: 'Paid plans are not available on this server',
      message: serverMessage ?? billingMessages.billingOff,
    };
  }
  return code === 'already_subscribed'
    ? {
        icon: BadgeCheck,
        title: 'You already have a plan',
        message: serverMessage ?? 'Your workspace already pays for a plan.',
      }
    : {
        icon: Lock,
        title: 'Billing is managed by your workspace owner',
        message: serverMessage ?? 'Only the workspace owner or an admin can manage billing.',
      };
}

/** Spec §8: a failed setup is a destructive 'Error' toast, once per failure. */
function useSetupFailureToast(error: Error | null, errorUpdatedAt: number) {
  const shown = useRef(0);
  useEffect(() => {
    if (!error || errorUpdatedAt === shown.current) return;
    shown.current = errorUpdatedAt;
    // A 401 has its own toast and redirect (query-client.ts); a refusal is explained on the page.
    if (isUnauthorized(error) || refusalOf(error)) return;
    toast({ title: 'Error', description: billingMessages.setupFailed, variant: 'destructive' });
  }, [error, errorUpdatedAt]);
}

/** The panel keeps one height through every state, so nothing jumps when the form arrives. */
function Frame({ children }: { children?: ReactNode }) {
  return <Card className="flex min-h-[36rem] flex-col gap-6 p-6 sm:p-8 lg:min-h-[48rem]">{children}</Card>;
}

interface PanelMessageProps {
  icon: typeof CreditCard;
  title: string;
  tone?: 'neutral' | 'error';
  children: ReactNode;
}

function PanelMessage({ icon: Icon, title, tone = 'neutral', children }: PanelMessageProps) {
  return (
    <Frame>
      <div className="flex flex-1 flex-col items-center justify-center text-center">
        <div
          className={
            tone === 'error'
              ? 'flex size-12 items-center justify-center rounded-2xl bg-red-50 text-red-600'
              : 'flex size-12 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-600'
          }
        >
          <Icon className="size-6" aria-hidden="true" />
        </div>
        <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
        <div className="mt-2 flex max-w-sm flex-col items-center text-sm text-slate-600">{children}</div>
      </div>
    </Frame>
  );
}

function FormLoading() {
  return (
    <div className="flex min-h-56 items-center justify-center gap-2 text-sm text-slate-600" role="status">
      <Loader2 className="size-4 animate-spin text-indigo-600" aria-hidden="true" />
      Loading the secure payment form...
    </div>
  );
}
