import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import {
  loadStripe,
  type PaymentIntentResult,
  type Stripe,
  type StripeElementsOptions,
} from '@stripe/stripe-js';
import { Loader2, RotateCw } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { getBillingSubscription } from '../../billing/api/get-billing-subscription';
import { waitForPlan } from '../wait-for-plan';
import type { PaymentFormProps } from './payment-form-props';
import { SubscribeButton } from './subscribe-button';

/*
 * This module is loaded only when billing is Stripe (the page imports it lazily), so Stripe.js
 * is never fetched in the sandbox.
 */

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js, loaded once per publishable key (Stripe asks for one instance per page). A script
 * that cannot load (offline, blocked) resolves to null rather than rejecting, and is tried again
 * on the next mount.
 */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => {
      stripeByKey.delete(publishableKey);
      return null;
    });
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

/** True once Stripe.js has turned out to be unavailable. */
function useStripeUnavailable(stripe: Promise<Stripe | null> | null): boolean {
  const [unavailable, setUnavailable] = useState(stripe === null);
  useEffect(() => {
    if (!stripe) return;
    let live = true;
    void stripe.then((loaded) => {
      if (live && !loaded) setUnavailable(true);
    });
    return () => {
      live = false;
    };
  }, [stripe]);
  return unavailable;
}

const appearance: StripeElementsOptions['appearance'] = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#4f46e5',
    colorText: '#0f172a',
    colorDanger: '#dc2626',
    borderRadius: '8px',
    fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
};

/** Stripe's Payment Element for the prepared subscription's first payment. */
export function StripePaymentForm(props: PaymentFormProps) {
  const { publishableKey, clientSecret } = props.setup;
  const stripe = publishableKey ? stripeFor(publishableKey) : null;
  const unavailable = useStripeUnavailable(stripe);
  if (!stripe || unavailable) return <StripeUnavailable />;
  return (
    // A new client secret (another plan) needs a new Elements: its options are read once.
    <Elements key={clientSecret} stripe={stripe} options={{ clientSecret, appearance }}>
      <StripeCheckout {...props} />
    </Elements>
  );
}

function StripeUnavailable() {
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-center"
    >
      <p className="text-sm text-red-900">
        The secure payment form could not be loaded. Check your connection, then try again.
      </p>
      <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}

function StripeCheckout({ setup, processing, onProcessingChange, onPaid, onFailed }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    onProcessingChange(true);
    let result: PaymentIntentResult;
    try {
      result = await stripe.confirmPayment({
        elements,
        // Used only when the payment method needs a redirect (3-D Secure at some banks, wallets):
        // the dashboard then shows the outcome (use-payment-return-toast.ts).
        confirmParams: { return_url: `${window.location.origin}${paths.dashboard}` },
        redirect: 'if_required',
      });
    } catch (error) {
      onProcessingChange(false);
      onFailed(error);
      return;
    }
    if (result.error) {
      onProcessingChange(false);
      onFailed(result.error);
      return;
    }
    // The card is charged; the plan changes when Stripe's webhook reaches the server.
    await waitForPlan({ plan: setup.plan, read: getBillingSubscription });
    await onPaid();
  };

  return (
    <form onSubmit={submit} className="grid gap-5" aria-label="Card payment">
      <div className="relative min-h-56">
        {ready ? null : (
          <div
            className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-slate-600"
            role="status"
          >
            <Loader2 className="size-4 animate-spin text-indigo-600" aria-hidden="true" />
            Loading the secure payment form...
          </div>
        )}
        <PaymentElement onReady={() => setReady(true)} options={{ layout: 'tabs' }} />
      </div>
      <SubscribeButton processing={processing} disabled={!stripe || !elements || !ready} />
      <p className="text-center text-xs text-slate-500">Payments are processed securely by Stripe.</p>
    </form>
  );
}
