import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  confirmationSecretOf,
  invoicePeriodEnd,
  invoiceSubscriptionId,
  paymentErrorMessage,
  planForPrice,
  refundTargetOf,
  toBillingEvent,
  toCreatedSubscription,
  toProviderSubscription,
  toSubscriptionStatus,
} from './transform';

const prices = { starter: 'price_starter', professional: 'price_pro', enterprise: 'price_ent' };

type DeepPartial<T> = T extends (infer U)[]
  ? DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;
/** The fields the transform reads, in the SDK's types (a misspelt field does not compile). */
const as = <T>(value: DeepPartial<T>) => value as T;

const PERIOD_END = 1_790_000_000;
const PAID_AT = 1_787_400_000;

function subscription(overrides: DeepPartial<Stripe.Subscription> = {}): Stripe.Subscription {
  return as<Stripe.Subscription>({
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    cancel_at: null,
    cancel_at_period_end: false,
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          object: 'subscription_item',
          current_period_end: PERIOD_END,
          price: { id: 'price_pro' },
        },
      ],
    },
    latest_invoice: 'in_1',
    ...overrides,
  });
}

function invoice(overrides: DeepPartial<Stripe.Invoice> = {}): Stripe.Invoice {
  return as<Stripe.Invoice>({
    id: 'in_1',
    object: 'invoice',
    customer: 'cus_1',
    status: 'paid',
    amount_paid: 4900,
    // The invoice's own period is when items could be added: for a first invoice, its creation.
    period_end: PAID_AT - 60,
    status_transitions: { paid_at: PAID_AT },
    parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } },
    lines: {
      object: 'list',
      data: [
        {
          id: 'il_1',
          object: 'line_item',
          period: { start: PAID_AT - 60, end: PERIOD_END },
          parent: { type: 'subscription_item_details' },
        },
      ],
    },
    ...overrides,
  });
}

function event(type: string, object: unknown): Stripe.Event {
  const built = { id: 'evt_1', object: 'event', created: PAID_AT + 5, type, data: { object } };
  return built as unknown as Stripe.Event;
}

const paymentWith = (intent: DeepPartial<Stripe.PaymentIntent> | string, status = 'open') =>
  as<Stripe.InvoicePayment>({
    object: 'invoice_payment',
    status,
    payment: { type: 'payment_intent', payment_intent: intent },
  });

describe('planForPrice', () => {
  it('finds the plan of each configured price and nothing for others', () => {
    expect(planForPrice('price_starter', prices)).toBe('starter');
    expect(planForPrice('price_pro', prices)).toBe('professional');
    expect(planForPrice('price_ent', prices)).toBe('enterprise');
    expect(planForPrice('price_someone_elses', prices)).toBeNull();
    expect(planForPrice(null, prices)).toBeNull();
    expect(planForPrice('', prices)).toBeNull();
  });
});

describe('toSubscriptionStatus', () => {
  it("keeps Stripe's statuses and reads one it does not know as unpaid", () => {
    expect(toSubscriptionStatus('past_due')).toBe('past_due');
    expect(toSubscriptionStatus('incomplete_expired')).toBe('incomplete_expired');
    expect(toSubscriptionStatus('some_future_status')).toBe('unpaid');
  });
});

describe('toProviderSubscription', () => {
  it('reads the plan from the price and the period end from the item', () => {
    expect(toProviderSubscription(subscription(), prices)).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      plan: 'professional',
      status: 'active',
      currentPeriodEnd: new Date(PERIOD_END * 1000),
      cancelAtPeriodEnd: false,
    });
  });

  it('reads an expanded customer, and no plan for a price that is not ours', () => {
    const sub = subscription({
      customer: { id: 'cus_9', object: 'customer' },
      items: { object: 'list', data: [{ current_period_end: PERIOD_END, price: { id: 'price_other' } }] },
    });
    expect(toProviderSubscription(sub, prices)).toMatchObject({ customerId: 'cus_9', plan: null });
  });

  it('takes the item with our price when there are several', () => {
    const sub = subscription({
      items: {
        object: 'list',
        data: [
          { current_period_end: PERIOD_END + 99, price: { id: 'price_addon' } },
          { current_period_end: PERIOD_END, price: { id: 'price_starter' } },
        ],
      },
    });
    expect(toProviderSubscription(sub, prices)).toMatchObject({
      plan: 'starter',
      currentPeriodEnd: new Date(PERIOD_END * 1000),
    });
  });

  it('reports a cancellation at period end', () => {
    const sub = subscription({ cancel_at_period_end: true, cancel_at: PERIOD_END });
    expect(toProviderSubscription(sub, prices)).toMatchObject({
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(PERIOD_END * 1000),
    });
  });

  it('ends the period at a cancellation date set before it', () => {
    const sub = subscription({ cancel_at: PERIOD_END - 86_400 });
    expect(toProviderSubscription(sub, prices)).toMatchObject({
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date((PERIOD_END - 86_400) * 1000),
    });
  });

  it('does not report a pending cancellation on a subscription already cancelled', () => {
    const sub = subscription({ status: 'canceled', cancel_at: PERIOD_END - 10 });
    expect(toProviderSubscription(sub, prices)).toMatchObject({
      status: 'canceled',
      cancelAtPeriodEnd: false,
    });
  });
});

describe('client secrets of incomplete subscriptions', () => {
  const withInvoice = (latest: DeepPartial<Stripe.Invoice>) =>
    subscription({ status: 'incomplete', latest_invoice: latest });

  it('comes from the expanded first invoice', () => {
    const sub = withInvoice({
      id: 'in_1',
      status: 'open',
      confirmation_secret: { client_secret: 'pi_1_secret_x', type: 'payment_intent' },
    });
    expect(confirmationSecretOf(sub)).toBe('pi_1_secret_x');
    expect(toCreatedSubscription(sub, prices)).toMatchObject({
      id: 'sub_1',
      status: 'incomplete',
      plan: 'professional',
      clientSecret: 'pi_1_secret_x',
    });
  });

  it('is missing when the invoice was not expanded, is paid or is void', () => {
    expect(confirmationSecretOf(subscription({ latest_invoice: 'in_1' }))).toBeNull();
    expect(confirmationSecretOf(withInvoice({ status: 'open' }))).toBeNull();
    const secret = { client_secret: 'pi_1_secret_x', type: 'payment_intent' };
    expect(confirmationSecretOf(withInvoice({ status: 'paid', confirmation_secret: secret }))).toBeNull();
    expect(
      toCreatedSubscription(withInvoice({ status: 'void', confirmation_secret: secret }), prices),
    ).toBeNull();
  });
});

describe('invoices', () => {
  it('name their subscription under parent.subscription_details, as an id or expanded', () => {
    expect(invoiceSubscriptionId(invoice())).toBe('sub_1');
    const expanded = invoice({ parent: { subscription_details: { subscription: { id: 'sub_7' } } } });
    expect(invoiceSubscriptionId(expanded)).toBe('sub_7');
    expect(invoiceSubscriptionId(invoice({ parent: null }))).toBeNull();
  });

  it("cover the subscription line's period, not the invoice's own", () => {
    expect(invoicePeriodEnd(invoice())).toEqual(new Date(PERIOD_END * 1000));
    const withExtraLine = invoice({
      lines: {
        data: [
          { period: { start: 0, end: PERIOD_END + 500 }, parent: { type: 'invoice_item_details' } },
          { period: { start: 0, end: PERIOD_END }, parent: { type: 'subscription_item_details' } },
        ],
      },
    });
    expect(invoicePeriodEnd(withExtraLine)).toEqual(new Date(PERIOD_END * 1000));
    expect(invoicePeriodEnd(invoice({ lines: { data: [] } }))).toBeNull();
  });
});

describe('payments', () => {
  it("give the newest expanded PaymentIntent's last error", () => {
    const declined = { id: 'pi_2', last_payment_error: { message: 'Your card was declined.' } };
    expect(
      paymentErrorMessage([
        paymentWith('pi_3'),
        paymentWith({ id: 'pi_4', last_payment_error: null }),
        paymentWith(declined),
      ]),
    ).toBe('Your card was declined.');
    expect(paymentErrorMessage([paymentWith('pi_3')])).toBeNull();
    expect(paymentErrorMessage([])).toBeNull();
  });

  it('are refunded through the paid one: its PaymentIntent, or its charge', () => {
    expect(refundTargetOf([paymentWith('pi_open'), paymentWith({ id: 'pi_paid' }, 'paid')])).toEqual({
      paymentIntent: 'pi_paid',
    });
    const byCharge = as<Stripe.InvoicePayment>({
      status: 'paid',
      payment: { type: 'charge', charge: 'ch_1' },
    });
    expect(refundTargetOf([byCharge])).toEqual({ charge: 'ch_1' });
    expect(refundTargetOf([paymentWith('pi_open')])).toBeNull();
  });
});

describe('toBillingEvent', () => {
  it('turns invoice.paid into a payment with its amount, time and period', () => {
    expect(toBillingEvent(event('invoice.paid', invoice()), prices)).toEqual({
      id: 'evt_1',
      type: 'invoice.paid',
      kind: 'payment_succeeded',
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      payment: { id: 'in_1', amountCents: 4900, paidAt: new Date(PAID_AT * 1000) },
      periodEnd: new Date(PERIOD_END * 1000),
    });
  });

  it('dates a payment by the event when the invoice has no paid_at', () => {
    const paid = toBillingEvent(
      event('invoice.paid', invoice({ status_transitions: { paid_at: null } })),
      prices,
    );
    expect(paid).toMatchObject({ payment: { paidAt: new Date((PAID_AT + 5) * 1000) } });
  });

  it("turns invoice.payment_failed into a failure with the payment error's message when present", () => {
    const failed = invoice({
      status: 'open',
      amount_paid: 0,
      payments: {
        object: 'list',
        data: [
          {
            status: 'open',
            payment: {
              payment_intent: { last_payment_error: { message: 'Your card has insufficient funds.' } },
            },
          },
        ],
      },
    });
    expect(toBillingEvent(event('invoice.payment_failed', failed), prices)).toEqual({
      id: 'evt_1',
      type: 'invoice.payment_failed',
      kind: 'payment_failed',
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      message: 'Your card has insufficient funds.',
    });
    expect(
      toBillingEvent(event('invoice.payment_failed', invoice({ status: 'open' })), prices),
    ).toMatchObject({
      kind: 'payment_failed',
      message: null,
    });
  });

  it('ignores invoices that bill no subscription', () => {
    const oneOff = invoice({ parent: null });
    expect(toBillingEvent(event('invoice.paid', oneOff), prices)).toEqual({
      id: 'evt_1',
      type: 'invoice.paid',
      kind: 'ignored',
    });
    expect(toBillingEvent(event('invoice.payment_failed', oneOff), prices)).toMatchObject({
      kind: 'ignored',
    });
  });

  it('turns subscription created and updated into subscription_updated', () => {
    for (const type of ['customer.subscription.created', 'customer.subscription.updated']) {
      const updated = toBillingEvent(
        event(type, subscription({ status: 'past_due', cancel_at_period_end: true })),
        prices,
      );
      expect(updated).toEqual({
        id: 'evt_1',
        type,
        kind: 'subscription_updated',
        subscription: {
          id: 'sub_1',
          customerId: 'cus_1',
          plan: 'professional',
          status: 'past_due',
          currentPeriodEnd: new Date(PERIOD_END * 1000),
          cancelAtPeriodEnd: true,
        },
      });
    }
  });

  it('turns customer.subscription.deleted into subscription_deleted', () => {
    const deleted = toBillingEvent(
      event('customer.subscription.deleted', subscription({ status: 'canceled' })),
      prices,
    );
    expect(deleted).toMatchObject({
      kind: 'subscription_deleted',
      subscription: { id: 'sub_1', status: 'canceled' },
    });
  });

  it('ignores every other event', () => {
    for (const type of [
      'invoice.payment_succeeded',
      'customer.created',
      'payment_intent.succeeded',
      'something.new',
    ]) {
      expect(toBillingEvent(event(type, { id: 'x' }), prices)).toEqual({
        id: 'evt_1',
        type,
        kind: 'ignored',
      });
    }
  });
});
