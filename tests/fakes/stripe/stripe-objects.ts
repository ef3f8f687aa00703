import type Stripe from 'stripe';

/*
 * What the Stripe fake keeps (plain records) and how it answers them: JSON in the shapes of the
 * API version the `stripe` package pins, with `object` fields and every field the adapter reads.
 * The shapes are typed as deep partials of the SDK's own types, so a misspelt or moved field
 * does not compile. Expansion follows Stripe's rules: an expandable field is an id unless
 * `expand[]` names it; an includable one (an invoice's `confirmation_secret`) is absent unless named.
 */

export type DeepPartial<T> = T extends (infer U)[]
  ? DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

export interface FakeCustomer {
  id: string;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeSubscription {
  id: string;
  itemId: string;
  customer: string;
  price: string;
  unitAmount: number;
  status: Stripe.Subscription.Status;
  metadata: Record<string, string>;
  saveDefaultPaymentMethod: string | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  created: number;
  periodStart: number;
  periodEnd: number;
  latestInvoice: string;
}

export interface FakeInvoice {
  id: string;
  lineId: string;
  customer: string;
  subscription: string;
  subscriptionItem: string;
  price: string;
  billingReason: Stripe.Invoice.BillingReason;
  status: 'draft' | 'open' | 'paid' | 'void';
  amountDue: number;
  amountPaid: number;
  attemptCount: number;
  created: number;
  paidAt: number | null;
  /** The service period its subscription line covers. */
  lineStart: number;
  lineEnd: number;
  paymentIntent: string;
  invoicePayment: string;
  /** The subscription's metadata when the invoice was made (Stripe copies it). */
  subscriptionMetadata: Record<string, string>;
}

export interface FakePaymentIntent {
  id: string;
  amount: number;
  customer: string;
  clientSecret: string;
  status: Stripe.PaymentIntent.Status;
  lastPaymentError: { type: string; code: string; decline_code?: string; message: string } | null;
  latestCharge: string | null;
  amountRefunded: number;
  created: number;
}

export interface FakeInvoicePayment {
  id: string;
  invoice: string;
  paymentIntent: string;
  amountRequested: number;
  amountPaid: number | null;
  status: 'open' | 'paid' | 'canceled';
  created: number;
  paidAt: number | null;
}

export interface FakeRefund {
  id: string;
  amount: number;
  paymentIntent: string;
  charge: string | null;
  created: number;
}

export interface FakePortalSession {
  id: string;
  customer: string;
  returnUrl: string | null;
  url: string;
  created: number;
}

/** Everything the fake holds, by id. */
export interface StripeFakeStore {
  customers: Map<string, FakeCustomer>;
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, FakeInvoice>;
  paymentIntents: Map<string, FakePaymentIntent>;
  invoicePayments: Map<string, FakeInvoicePayment>;
  refunds: Map<string, FakeRefund>;
  portalSessions: Map<string, FakePortalSession>;
}

export function emptyStore(): StripeFakeStore {
  return {
    customers: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    paymentIntents: new Map(),
    invoicePayments: new Map(),
    refunds: new Map(),
    portalSessions: new Map(),
  };
}

/** Paths under one field of `expand[]` (`latest_invoice.confirmation_secret` → `confirmation_secret`). */
const under = (expand: readonly string[], field: string) =>
  expand.filter((path) => path.startsWith(`${field}.`)).map((path) => path.slice(field.length + 1));
const names = (expand: readonly string[], field: string) =>
  expand.includes(field) || under(expand, field).length > 0;

const list = <T>(data: T[], url: string) => ({ object: 'list' as const, data, has_more: false, url });

export function renderCustomer(customer: FakeCustomer): DeepPartial<Stripe.Customer> {
  return {
    id: customer.id,
    object: 'customer',
    email: customer.email,
    name: customer.name,
    metadata: customer.metadata,
    created: customer.created,
    balance: 0,
    default_source: null,
    description: null,
    invoice_settings: { default_payment_method: null, custom_fields: null, footer: null },
    livemode: false,
    shipping: null,
  };
}

export function renderSubscription(
  store: StripeFakeStore,
  sub: FakeSubscription,
  expand: readonly string[] = [],
): DeepPartial<Stripe.Subscription> {
  const invoice = store.invoices.get(sub.latestInvoice);
  return {
    id: sub.id,
    object: 'subscription',
    customer: sub.customer,
    status: sub.status,
    metadata: sub.metadata,
    cancel_at: sub.cancelAtPeriodEnd ? sub.periodEnd : null,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    canceled_at: sub.canceledAt,
    ended_at: sub.endedAt,
    collection_method: 'charge_automatically',
    created: sub.created,
    start_date: sub.created,
    billing_cycle_anchor: sub.periodStart,
    currency: 'usd',
    livemode: false,
    default_payment_method: sub.status === 'incomplete' ? null : `pm_card_${sub.id.slice(4)}`,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: sub.saveDefaultPaymentMethod,
    },
    items: list(
      [
        {
          id: sub.itemId,
          object: 'subscription_item',
          subscription: sub.id,
          quantity: 1,
          created: sub.created,
          current_period_start: sub.periodStart,
          current_period_end: sub.periodEnd,
          metadata: {},
          price: renderPrice(sub.price, sub.unitAmount),
        },
      ],
      `/v1/subscription_items?subscription=${sub.id}`,
    ),
    latest_invoice:
      invoice && names(expand, 'latest_invoice')
        ? renderInvoice(store, invoice, under(expand, 'latest_invoice'))
        : sub.latestInvoice,
  };
}

function renderPrice(id: string, unitAmount: number): DeepPartial<Stripe.Price> {
  return {
    id,
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: unitAmount,
    type: 'recurring',
    recurring: {
      interval: 'month',
      interval_count: 1,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    product: `prod_${id}`,
    livemode: false,
    metadata: {},
  };
}

export function renderInvoice(
  store: StripeFakeStore,
  invoice: FakeInvoice,
  expand: readonly string[] = [],
): DeepPartial<Stripe.Invoice> {
  const intent = store.paymentIntents.get(invoice.paymentIntent);
  const payable = invoice.status === 'open' && intent !== undefined;
  return {
    id: invoice.id,
    object: 'invoice',
    customer: invoice.customer,
    status: invoice.status,
    billing_reason: invoice.billingReason,
    collection_method: 'charge_automatically',
    currency: 'usd',
    amount_due: invoice.amountDue,
    amount_paid: invoice.amountPaid,
    amount_remaining: invoice.amountDue - invoice.amountPaid,
    attempt_count: invoice.attemptCount,
    attempted: invoice.attemptCount > 0,
    created: invoice.created,
    period_start: invoice.created,
    period_end: invoice.created,
    livemode: false,
    metadata: {},
    total: invoice.amountDue,
    subtotal: invoice.amountDue,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: invoice.subscription, metadata: invoice.subscriptionMetadata },
    },
    status_transitions: {
      finalized_at: invoice.created,
      paid_at: invoice.paidAt,
      voided_at: invoice.status === 'void' ? invoice.created : null,
      marked_uncollectible_at: null,
    },
    lines: list(
      [
        {
          id: invoice.lineId,
          object: 'line_item',
          amount: invoice.amountDue,
          currency: 'usd',
          invoice: invoice.id,
          livemode: false,
          metadata: {},
          quantity: 1,
          subscription: invoice.subscription,
          period: { start: invoice.lineStart, end: invoice.lineEnd },
          parent: {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              subscription: invoice.subscription,
              subscription_item: invoice.subscriptionItem,
              proration: false,
              proration_details: { credited_items: null },
              invoice_item: null,
            },
          },
          pricing: {
            type: 'price_details',
            price_details: { price: invoice.price, product: `prod_${invoice.price}` },
          },
        },
      ],
      `/v1/invoices/${invoice.id}/lines`,
    ),
    // Includable, and only while there is something to confirm.
    ...(expand.includes('confirmation_secret')
      ? {
          confirmation_secret: payable
            ? { client_secret: intent.clientSecret, type: 'payment_intent' }
            : null,
        }
      : {}),
  };
}

export function renderPaymentIntent(intent: FakePaymentIntent): DeepPartial<Stripe.PaymentIntent> {
  return {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    amount_received: intent.status === 'succeeded' ? intent.amount : 0,
    currency: 'usd',
    customer: intent.customer,
    client_secret: intent.clientSecret,
    status: intent.status,
    created: intent.created,
    latest_charge: intent.latestCharge,
    last_payment_error: intent.lastPaymentError,
    livemode: false,
    metadata: {},
    payment_method_types: ['card'],
  };
}

export function renderInvoicePayment(
  store: StripeFakeStore,
  payment: FakeInvoicePayment,
  expand: readonly string[] = [],
): DeepPartial<Stripe.InvoicePayment> {
  const intent = store.paymentIntents.get(payment.paymentIntent);
  return {
    id: payment.id,
    object: 'invoice_payment',
    invoice: payment.invoice,
    amount_requested: payment.amountRequested,
    amount_paid: payment.amountPaid,
    currency: 'usd',
    is_default: true,
    livemode: false,
    created: payment.created,
    status: payment.status,
    status_transitions: { paid_at: payment.paidAt, canceled_at: null },
    payment: {
      type: 'payment_intent',
      payment_intent:
        intent && expand.includes('payment.payment_intent')
          ? renderPaymentIntent(intent)
          : payment.paymentIntent,
    },
  };
}

export function renderRefund(refund: FakeRefund): DeepPartial<Stripe.Refund> {
  return {
    id: refund.id,
    object: 'refund',
    amount: refund.amount,
    currency: 'usd',
    payment_intent: refund.paymentIntent,
    charge: refund.charge,
    created: refund.created,
    status: 'succeeded',
    metadata: {},
    reason: null,
  };
}

export function renderPortalSession(session: FakePortalSession): DeepPartial<Stripe.BillingPortal.Session> {
  return {
    id: session.id,
    object: 'billing_portal.session',
    customer: session.customer,
    return_url: session.returnUrl,
    url: session.url,
    created: session.created,
    livemode: false,
    configuration: 'bpc_fake_default',
  };
}
