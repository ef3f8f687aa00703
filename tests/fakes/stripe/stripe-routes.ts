import { randomBytes } from 'node:crypto';
import {
  type FakeInvoice,
  type FakePaymentIntent,
  type FakeSubscription,
  renderCustomer,
  renderInvoicePayment,
  renderPortalSession,
  renderRefund,
  renderSubscription,
  type StripeFakeStore,
} from './stripe-objects';

/*
 * The Stripe fake's endpoints: what each does to the store and answers, with Stripe's checks on
 * the parameters the adapter sends (unknown ids, unexpandable fields, refunds of refunded
 * payments). Anything else answers Stripe's 404 for an unrecognised URL.
 */

export class StripeFakeError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; param?: string },
  ) {
    super(body.message);
  }
}

export interface StripeFakeCall {
  store: StripeFakeStore;
  method: string;
  path: string;
  params: Record<string, unknown>;
  prices: Record<string, number>;
  baseUrl: string;
  newId(prefix: string): string;
  now: number;
}

const DAY = 24 * 60 * 60;

const invalid = (message: string, extra: { code?: string; param?: string } = {}) =>
  new StripeFakeError(400, { type: 'invalid_request_error', message, ...extra });
const missing = (kind: string, id: string, param = 'id') =>
  new StripeFakeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const record = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};
const array = (value: unknown) => (Array.isArray(value) ? value : []);

/** `expand[]` as given, refused (like Stripe) when it names a field the fake cannot expand. */
function expandOf(params: Record<string, unknown>, allowed: readonly string[]): string[] {
  const expand = array(params.expand).map(String);
  for (const path of expand) {
    if (!allowed.includes(path))
      throw invalid(`This property cannot be expanded (${path}).`, { param: 'expand' });
  }
  return expand;
}

const SUBSCRIPTION_EXPANDS = ['latest_invoice', 'latest_invoice.confirmation_secret', 'customer'];

export function routeStripeRequest(call: StripeFakeCall): unknown {
  const { store, method, path, params, now, newId } = call;
  const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);

  if (method === 'POST' && path === '/v1/customers') {
    const customer = {
      id: newId('cus'),
      email: text(params.email) ?? null,
      name: text(params.name) ?? null,
      metadata: record(params.metadata),
      created: now,
    };
    store.customers.set(customer.id, customer);
    return renderCustomer(customer);
  }

  if (method === 'POST' && path === '/v1/subscriptions') {
    const expand = expandOf(params, SUBSCRIPTION_EXPANDS);
    const customer = text(params.customer) ?? '';
    if (!store.customers.has(customer)) throw missing('customer', customer, 'customer');
    const items = array(params.items).map(record);
    const price = items[0]?.price ?? '';
    const unitAmount = call.prices[price];
    if (items.length !== 1 || unitAmount === undefined) throw missing('price', price, 'items[0][price]');
    if (params.payment_behavior !== 'default_incomplete') {
      throw invalid('The Stripe fake only creates subscriptions with payment_behavior=default_incomplete.', {
        param: 'payment_behavior',
      });
    }
    const sub = createIncompleteSubscription(call, { customer, price, unitAmount });
    sub.metadata = record(params.metadata);
    const first = store.invoices.get(sub.latestInvoice);
    if (first) first.subscriptionMetadata = sub.metadata;
    sub.saveDefaultPaymentMethod = text(record(params.payment_settings).save_default_payment_method) ?? null;
    return renderSubscription(store, sub, expand);
  }

  if (subscriptionPath) {
    const id = subscriptionPath[1] ?? '';
    const sub = store.subscriptions.get(id);
    if (!sub) throw missing('subscription', id);
    const expand = expandOf(params, SUBSCRIPTION_EXPANDS);
    if (method === 'GET') return renderSubscription(store, sub, expand);
    if (method === 'POST') {
      if (sub.status === 'canceled') {
        throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
      }
      if (params.cancel_at_period_end !== undefined)
        sub.cancelAtPeriodEnd = params.cancel_at_period_end === 'true';
      if (params.metadata !== undefined) sub.metadata = { ...sub.metadata, ...record(params.metadata) };
      return renderSubscription(store, sub, expand);
    }
    if (method === 'DELETE') {
      if (sub.status !== 'canceled') {
        sub.status = 'canceled';
        sub.canceledAt = now;
        sub.endedAt = now;
        const invoice = store.invoices.get(sub.latestInvoice);
        if (invoice?.status === 'open') invoice.status = 'void';
      }
      return renderSubscription(store, sub, expand);
    }
  }

  if (method === 'GET' && path === '/v1/invoice_payments') {
    const expand = expandOf(params, ['data.payment.payment_intent']).map((p) => p.slice('data.'.length));
    const invoice = text(params.invoice);
    const status = text(params.status);
    const limit = Number(text(params.limit) ?? 10);
    const payments = [...store.invoicePayments.values()]
      .filter((p) => (!invoice || p.invoice === invoice) && (!status || p.status === status))
      .sort((a, b) => b.created - a.created);
    return {
      object: 'list',
      url: '/v1/invoice_payments',
      has_more: payments.length > limit,
      data: payments.slice(0, limit).map((p) => renderInvoicePayment(store, p, expand)),
    };
  }

  if (method === 'POST' && path === '/v1/refunds') {
    const byCharge = text(params.charge);
    const intentId =
      text(params.payment_intent) ??
      [...store.paymentIntents.values()].find((pi) => byCharge && pi.latestCharge === byCharge)?.id;
    const intent = intentId ? store.paymentIntents.get(intentId) : undefined;
    if (!intent)
      throw missing(byCharge ? 'charge' : 'payment_intent', byCharge ?? intentId ?? '', 'payment_intent');
    if (intent.status !== 'succeeded' || !intent.latestCharge) {
      throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
      });
    }
    const amount =
      params.amount === undefined ? intent.amount - intent.amountRefunded : Number(params.amount);
    if (intent.amountRefunded >= intent.amount) {
      throw invalid(`Charge ${intent.latestCharge} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    }
    intent.amountRefunded += amount;
    const refund = {
      id: newId('re'),
      amount,
      paymentIntent: intent.id,
      charge: intent.latestCharge,
      created: now,
    };
    store.refunds.set(refund.id, refund);
    return renderRefund(refund);
  }

  if (method === 'POST' && path === '/v1/billing_portal/sessions') {
    const customer = text(params.customer) ?? '';
    if (!store.customers.has(customer)) throw missing('customer', customer, 'customer');
    const id = newId('bps');
    const session = {
      id,
      customer,
      returnUrl: text(params.return_url) ?? null,
      url: `${call.baseUrl}/p/session/${id}`,
      created: now,
    };
    store.portalSessions.set(id, session);
    return renderPortalSession(session);
  }

  throw new StripeFakeError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}).`,
  });
}

/** A subscription with `default_incomplete`: its first invoice open, its PaymentIntent waiting. */
function createIncompleteSubscription(
  { store, newId, now }: StripeFakeCall,
  input: { customer: string; price: string; unitAmount: number },
): FakeSubscription {
  const sub: FakeSubscription = {
    id: newId('sub'),
    itemId: newId('si'),
    customer: input.customer,
    price: input.price,
    unitAmount: input.unitAmount,
    status: 'incomplete',
    metadata: {},
    saveDefaultPaymentMethod: null,
    cancelAtPeriodEnd: false,
    canceledAt: null,
    endedAt: null,
    created: now,
    periodStart: now,
    periodEnd: now + 30 * DAY,
    latestInvoice: '',
  };
  store.subscriptions.set(sub.id, sub);
  openInvoice(store, newId, sub, 'subscription_create');
  return sub;
}

/**
 * The invoice of the subscription's current period, open, with the PaymentIntent and invoice
 * payment that will pay it; it becomes the subscription's latest invoice.
 */
export function openInvoice(
  store: StripeFakeStore,
  newId: (prefix: string) => string,
  sub: FakeSubscription,
  billingReason: FakeInvoice['billingReason'],
): FakeInvoice {
  const at = sub.periodStart;
  const intent: FakePaymentIntent = {
    id: newId('pi'),
    amount: sub.unitAmount,
    customer: sub.customer,
    clientSecret: '',
    status: 'requires_payment_method',
    lastPaymentError: null,
    latestCharge: null,
    amountRefunded: 0,
    created: at,
  };
  intent.clientSecret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
  const invoice: FakeInvoice = {
    id: newId('in'),
    lineId: newId('il'),
    customer: sub.customer,
    subscription: sub.id,
    subscriptionItem: sub.itemId,
    subscriptionMetadata: sub.metadata,
    price: sub.price,
    billingReason,
    status: 'open',
    amountDue: sub.unitAmount,
    amountPaid: 0,
    attemptCount: 0,
    created: at,
    paidAt: null,
    lineStart: sub.periodStart,
    lineEnd: sub.periodEnd,
    paymentIntent: intent.id,
    invoicePayment: newId('inpay'),
  };
  store.paymentIntents.set(intent.id, intent);
  store.invoices.set(invoice.id, invoice);
  store.invoicePayments.set(invoice.invoicePayment, {
    id: invoice.invoicePayment,
    invoice: invoice.id,
    paymentIntent: intent.id,
    amountRequested: sub.unitAmount,
    amountPaid: null,
    status: 'open',
    created: at,
    paidAt: null,
  });
  sub.latestInvoice = invoice.id;
  return invoice;
}
