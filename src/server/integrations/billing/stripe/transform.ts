import type Stripe from 'stripe';
import {
  type PaidPlanId,
  type ProviderSubscriptionStatus,
  paidPlanIds,
  providerSubscriptionStatuses,
} from '../../../../contracts/billing';
import type { StripeConfig } from '../../../config';
import type { BillingEvent, CreatedSubscription, ProviderSubscription } from '../billing-provider';

/*
 * Stripe's objects and webhook events to the billing port's shapes. Pure: no I/O, tested alone
 * (transform.test.ts). Written against the API version the `stripe` package pins
 * (2026-10-28.endive), where things moved from older versions: the period end lives on each
 * subscription item, an invoice names its subscription under `parent.subscription_details`, the
 * first invoice's client secret is `confirmation_secret` (included only when expanded), and an
 * invoice's payments are separate `invoice_payment` objects (`payment.payment_intent`).
 */

export type StripePrices = StripeConfig['prices'];

/** The plan whose Stripe price this is; null for a price that is not one of ours. */
export function planForPrice(priceId: string | null | undefined, prices: StripePrices): PaidPlanId | null {
  if (!priceId) return null;
  return paidPlanIds.find((plan) => prices[plan] === priceId) ?? null;
}

const KNOWN_STATUSES: ReadonlySet<string> = new Set(providerSubscriptionStatuses);

/**
 * Stripe's status, kept as it is. Stripe may add statuses (its types allow any string); one we do
 * not know grants nothing and is read as 'unpaid', until an event with a known status follows.
 */
export function toSubscriptionStatus(status: string): ProviderSubscriptionStatus {
  return KNOWN_STATUSES.has(status) ? (status as ProviderSubscriptionStatus) : 'unpaid';
}

const fromUnix = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);

/** The id of an expandable field, whether Stripe sent the id or the object. */
export function idOf(value: string | { id?: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : (value.id ?? null);
}

export function toProviderSubscription(
  subscription: Stripe.Subscription,
  prices: StripePrices,
): ProviderSubscription {
  const items = subscription.items?.data ?? [];
  // Our subscriptions have one item; should one ever hold more, the item with our price decides.
  const ours = items.find((item) => planForPrice(item.price?.id, prices) !== null);
  const item = ours ?? items[0];
  const periodEnd = fromUnix(item?.current_period_end);
  const cancelAt = subscription.status === 'canceled' ? null : fromUnix(subscription.cancel_at);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    plan: planForPrice(ours?.price.id, prices),
    status: toSubscriptionStatus(subscription.status),
    // A cancellation set for a date (the portal can do that) ends the paid period then.
    currentPeriodEnd: cancelAt && (!periodEnd || cancelAt < periodEnd) ? cancelAt : periodEnd,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || cancelAt !== null,
  };
}

/**
 * The client secret of the subscription's first invoice, for stripe.confirmPayment in the browser;
 * null when there is none to confirm (the invoice is paid, void, or was not expanded with
 * `latest_invoice.confirmation_secret`).
 */
export function confirmationSecretOf(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === 'string') return null;
  if (invoice.status !== null && invoice.status !== 'open' && invoice.status !== 'draft') return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

/** A subscription just created (or still incomplete) with the secret that pays its first invoice. */
export function toCreatedSubscription(
  subscription: Stripe.Subscription,
  prices: StripePrices,
): CreatedSubscription | null {
  const clientSecret = confirmationSecretOf(subscription);
  return clientSecret ? { ...toProviderSubscription(subscription, prices), clientSecret } : null;
}

/** The subscription an invoice bills; null for an invoice outside subscriptions (one-off, quote). */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/**
 * The end of the service period an invoice pays for: its subscription lines' period (the
 * invoice's own `period_end` is when items could be added to it, the start for a first invoice).
 */
export function invoicePeriodEnd(invoice: Stripe.Invoice): Date | null {
  const lines = invoice.lines?.data ?? [];
  const subscriptionLines = lines.filter((line) => line.parent?.type === 'subscription_item_details');
  const ends = (subscriptionLines.length > 0 ? subscriptionLines : lines).map((line) => line.period.end);
  return ends.length > 0 ? fromUnix(Math.max(...ends)) : null;
}

/**
 * Why the payment failed, in Stripe's words ('Your card was declined.'): the last payment error
 * of the newest payment whose PaymentIntent was expanded (`data.payment.payment_intent`).
 */
export function paymentErrorMessage(payments: readonly Stripe.InvoicePayment[]): string | null {
  for (const payment of payments) {
    const intent = payment.payment?.payment_intent;
    if (intent && typeof intent !== 'string') {
      const message = intent.last_payment_error?.message;
      if (message) return message;
    }
  }
  return null;
}

/** The payment of a paid invoice that a refund goes to: its PaymentIntent, or a charge. */
export function refundTargetOf(
  payments: readonly Stripe.InvoicePayment[],
): { paymentIntent: string } | { charge: string } | null {
  const paid = payments.find((payment) => payment.status === 'paid');
  if (!paid) return null;
  const paymentIntent = idOf(paid.payment.payment_intent);
  if (paymentIntent) return { paymentIntent };
  const charge = idOf(paid.payment.charge);
  return charge ? { charge } : null;
}

/**
 * A verified webhook event as a BillingEvent. Only what moves a workspace's subscription is read;
 * everything else (and invoices that bill no subscription) is 'ignored', and still answered 200
 * so that Stripe does not resend it.
 */
export function toBillingEvent(event: Stripe.Event, prices: StripePrices): BillingEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscriptionId(invoice);
      const customerId = idOf(invoice.customer);
      if (!subscriptionId || !customerId) return { ...base, kind: 'ignored' };
      return {
        ...base,
        kind: 'payment_succeeded',
        subscriptionId,
        customerId,
        payment: {
          id: invoice.id,
          amountCents: invoice.amount_paid,
          paidAt: fromUnix(invoice.status_transitions?.paid_at) ?? new Date(event.created * 1000),
        },
        periodEnd: invoicePeriodEnd(invoice),
      };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscriptionId(invoice);
      const customerId = idOf(invoice.customer);
      if (!subscriptionId || !customerId) return { ...base, kind: 'ignored' };
      return {
        ...base,
        kind: 'payment_failed',
        subscriptionId,
        customerId,
        message: paymentErrorMessage(invoice.payments?.data ?? []),
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      return {
        ...base,
        kind: 'subscription_updated',
        subscription: toProviderSubscription(event.data.object, prices),
      };
    case 'customer.subscription.deleted':
      return {
        ...base,
        kind: 'subscription_deleted',
        subscription: toProviderSubscription(event.data.object, prices),
      };
    default:
      return { ...base, kind: 'ignored' };
  }
}
