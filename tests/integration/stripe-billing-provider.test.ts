import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeConfig } from '../../src/server/config';
import {
  BillingProviderError,
  SubscriptionAlreadyPaidError,
  WebhookSignatureError,
} from '../../src/server/integrations/billing/billing-provider';
import { StripeBilling } from '../../src/server/integrations/billing/stripe/stripe-billing';
import { signStripeEvent } from '../fakes/stripe/stripe-events';
import { DECLINE, type StripeFake, startStripeFake } from '../fakes/stripe/stripe-fake';

/*
 * The Stripe adapter against a loopback fake of the Stripe endpoints it calls: what it sends
 * (form fields, expansions, idempotency keys, the pinned API version), what it makes of the
 * answers, and webhook verification with payloads signed by Stripe's own test helper.
 */

const prices = {
  starter: 'price_starter_test',
  professional: 'price_pro_test',
  enterprise: 'price_ent_test',
};
const amounts = { [prices.starter]: 1900, [prices.professional]: 4900, [prices.enterprise]: 9900 };
const SECRET_KEY = 'sk_test_kitepost_fake_51';
const WEBHOOK_SECRET = 'whsec_test_kitepost_fake';

describe('Stripe billing provider against the Stripe fake', () => {
  let fake: StripeFake;
  let config: StripeConfig;
  let stripe: StripeBilling;
  let n = 0;
  const workspaceId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

  beforeAll(async () => {
    fake = await startStripeFake({ secretKey: SECRET_KEY, prices: amounts });
    config = {
      secretKey: SECRET_KEY,
      publishableKey: 'pk_test_kitepost_fake',
      webhookSecret: WEBHOOK_SECRET,
      prices,
      apiUrl: fake.baseUrl,
    };
    stripe = new StripeBilling(config);
  });
  afterAll(() => fake.close());

  async function subscribed(plan: 'starter' | 'professional' | 'enterprise' = 'starter') {
    const id = workspaceId();
    const customerId = await stripe.createCustomer({
      workspaceId: id,
      email: `${id}@example.com`,
      name: 'Acme',
    });
    const created = await stripe.createSubscription({ customerId, plan, workspaceId: id });
    return { workspaceId: id, customerId, created };
  }

  it('is Stripe, not a sandbox, with the configured publishable key', () => {
    expect(stripe.kind).toBe('stripe');
    expect(stripe.sandbox).toBe(false);
    expect(stripe.publishableKey).toBe('pk_test_kitepost_fake');
  });

  describe('customers', () => {
    it('creates one with the workspace in its metadata, at the pinned API version', async () => {
      const id = workspaceId();
      const customerId = await stripe.createCustomer({
        workspaceId: id,
        email: 'ada@example.com',
        name: 'Ada',
      });
      expect(fake.store.customers.get(customerId)).toMatchObject({
        email: 'ada@example.com',
        name: 'Ada',
        metadata: { workspaceId: id },
      });
      const [request] = fake.requestsTo('/v1/customers').slice(-1);
      expect(request?.stripeVersion).toBe(Stripe.API_VERSION);
      expect(request?.idempotencyKey).toMatch(/^kitepost-customer-/);
    });

    it('answers a repeated request for the same workspace with the same customer', async () => {
      const input = { workspaceId: workspaceId(), email: 'bo@example.com', name: 'Bo' };
      const before = fake.store.customers.size;
      const [first, second] = await Promise.all([stripe.createCustomer(input), stripe.createCustomer(input)]);
      expect(second).toBe(first);
      expect(fake.store.customers.size).toBe(before + 1);
      expect(fake.requestsTo('/v1/customers').filter((r) => r.replayed)).not.toHaveLength(0);
      const renamed = await stripe.createCustomer({ ...input, name: 'Bo Ltd' });
      expect(renamed).not.toBe(first);
    });

    it('lets an authentication failure through as it is', async () => {
      const wrongKey = new StripeBilling({ ...config, secretKey: 'sk_test_not_ours' });
      const error = await wrongKey
        .createCustomer({ workspaceId: workspaceId(), email: 'x@example.com', name: 'X' })
        .catch((e) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect(error).not.toBeInstanceOf(BillingProviderError);
    });
  });

  describe('subscriptions', () => {
    it("creates an incomplete subscription and answers its first payment's client secret", async () => {
      const { workspaceId: id, customerId, created } = await subscribed('professional');
      const sub = fake.store.subscriptions.get(created.id);
      const intent = fake.store.paymentIntents.get(
        fake.store.invoices.get(sub?.latestInvoice ?? '')?.paymentIntent ?? '',
      );
      expect(created).toMatchObject({
        customerId,
        plan: 'professional',
        status: 'incomplete',
        cancelAtPeriodEnd: false,
        clientSecret: intent?.clientSecret,
      });
      expect(created.clientSecret).toMatch(/^pi_.+_secret_/);
      expect(created.currentPeriodEnd?.getTime()).toBe((sub?.periodEnd ?? 0) * 1000);
      const [request] = fake.requestsTo('/v1/subscriptions', 'POST').slice(-1);
      expect(request?.params).toMatchObject({
        customer: customerId,
        items: [{ price: prices.professional }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { workspaceId: id, plan: 'professional' },
        expand: ['latest_invoice.confirmation_secret'],
      });
    });

    it('retries a 500 with the same idempotency key', async () => {
      fake.failNext({ status: 500, path: '/v1/subscriptions' });
      const before = fake.requestsTo('/v1/subscriptions', 'POST').length;
      const { created } = await subscribed();
      const attempts = fake.requestsTo('/v1/subscriptions', 'POST').slice(before);
      expect(attempts.map((r) => r.status)).toEqual([500, 200]);
      expect(attempts[0]?.idempotencyKey).toBeTruthy();
      expect(attempts[1]?.idempotencyKey).toBe(attempts[0]?.idempotencyKey);
      expect(fake.store.subscriptions.has(created.id)).toBe(true);
    });

    it('lets an outage through once the retries are spent, and a card error out as ours', async () => {
      const id = workspaceId();
      const customerId = await stripe.createCustomer({ workspaceId: id, email: 'c@example.com', name: 'C' });
      fake.failNext({ status: 503, times: 3, path: '/v1/subscriptions' });
      const outage = await stripe
        .createSubscription({ customerId, plan: 'starter', workspaceId: id })
        .catch((e) => e);
      expect(outage).toBeInstanceOf(Stripe.errors.StripeAPIError);
      expect(outage).not.toBeInstanceOf(BillingProviderError);

      fake.failNext({ status: 402, path: '/v1/subscriptions', ...DECLINE });
      const declined = await stripe
        .createSubscription({ customerId, plan: 'starter', workspaceId: id })
        .catch((e) => e);
      expect(declined).toBeInstanceOf(BillingProviderError);
      expect(declined.message).toBe('Your card was declined.');
    });

    it('resumes an incomplete subscription with the same secret, and not one that was paid', async () => {
      const { created } = await subscribed();
      const resumed = await stripe.resumeSubscription(created.id);
      expect(resumed).toMatchObject({
        id: created.id,
        status: 'incomplete',
        clientSecret: created.clientSecret,
      });
      fake.confirmPayment(created.clientSecret);
      const paid = await stripe.resumeSubscription(created.id).catch((error: unknown) => error);
      expect(paid).toBeInstanceOf(SubscriptionAlreadyPaidError);
      expect((paid as SubscriptionAlreadyPaidError).subscription).toMatchObject({
        id: created.id,
        status: 'active',
      });
      expect(await stripe.resumeSubscription('sub_unknown')).toBeNull();
    });

    it('cancels at period end, or now', async () => {
      const { created } = await subscribed('enterprise');
      fake.confirmPayment(created.clientSecret);
      const atEnd = await stripe.cancelSubscription(created.id, { atPeriodEnd: true });
      expect(atEnd).toMatchObject({
        id: created.id,
        plan: 'enterprise',
        status: 'active',
        cancelAtPeriodEnd: true,
      });
      expect(fake.requestsTo(`/v1/subscriptions/${created.id}`, 'POST').at(-1)?.params).toEqual({
        cancel_at_period_end: 'true',
      });

      const now = await stripe.cancelSubscription(created.id, { atPeriodEnd: false });
      expect(now).toMatchObject({ id: created.id, status: 'canceled' });
      expect(fake.requestsTo(`/v1/subscriptions/${created.id}`, 'DELETE')).toHaveLength(1);
      expect(fake.store.subscriptions.get(created.id)?.status).toBe('canceled');
    });
  });

  describe('refunds', () => {
    it("refunds a paid invoice's PaymentIntent in full, once", async () => {
      const { created } = await subscribed('professional');
      const { invoice } = fake.confirmPayment(created.clientSecret);
      const intentId = fake.store.invoices.get(invoice.id)?.paymentIntent;

      expect(await stripe.refundPayment(invoice.id)).toEqual({ amountCents: 4900 });
      expect(fake.requestsTo('/v1/invoice_payments', 'GET').at(-1)?.query).toMatchObject({
        invoice: invoice.id,
        status: 'paid',
      });
      expect(fake.requestsTo('/v1/refunds').at(-1)?.params).toEqual({ payment_intent: intentId });
      expect([...fake.store.refunds.values()].filter((r) => r.paymentIntent === intentId)).toHaveLength(1);

      // Asked again (a retried admin click): Stripe answers the first refund, nothing more moves.
      expect(await stripe.refundPayment(invoice.id)).toEqual({ amountCents: 4900 });
      expect(fake.requestsTo('/v1/refunds').at(-1)?.replayed).toBe(true);
      expect([...fake.store.refunds.values()].filter((r) => r.paymentIntent === intentId)).toHaveLength(1);
    });

    it('refuses an invoice with no payment, and says when Stripe already refunded it', async () => {
      const { created } = await subscribed();
      const unpaid = fake.store.subscriptions.get(created.id)?.latestInvoice ?? '';
      const nothing = await stripe.refundPayment(unpaid).catch((e) => e);
      expect(nothing).toBeInstanceOf(BillingProviderError);

      const { invoice } = fake.confirmPayment(created.clientSecret);
      fake.failNext({
        status: 400,
        path: '/v1/refunds',
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: 'Charge ch_1 has already been refunded.',
      });
      const already = await stripe.refundPayment(invoice.id).catch((e) => e);
      expect(already).toBeInstanceOf(BillingProviderError);
      expect(already.message).toBe('Charge ch_1 has already been refunded.');
    });
  });

  describe('customer portal', () => {
    it("answers the portal session's URL, coming back to the return URL", async () => {
      const { customerId } = await subscribed();
      const url = await stripe.createPortalSession(customerId, 'http://kitepost.test/settings');
      expect(url.startsWith(`${fake.baseUrl}/p/session/bps_`)).toBe(true);
      expect(fake.requestsTo('/v1/billing_portal/sessions').at(-1)?.params).toEqual({
        customer: customerId,
        return_url: 'http://kitepost.test/settings',
      });
      const unknown = await stripe
        .createPortalSession('cus_unknown', 'http://kitepost.test/')
        .catch((e) => e);
      expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(unknown).not.toBeInstanceOf(BillingProviderError);
    });
  });

  describe('webhooks', () => {
    const signed = (type: string, object: unknown, overrides: { secret?: string; timestamp?: number } = {}) =>
      signStripeEvent({ type, object, secret: WEBHOOK_SECRET, ...overrides });

    it('reads a correctly signed invoice.paid as the payment of the subscription', async () => {
      const { customerId, created } = await subscribed('starter');
      const { invoice } = fake.confirmPayment(created.clientSecret);
      const delivery = signed('invoice.paid', invoice);
      const event = await stripe.parseWebhook(Buffer.from(delivery.payload), delivery.signature);
      const sub = fake.store.subscriptions.get(created.id);
      expect(event).toEqual({
        id: delivery.event.id,
        type: 'invoice.paid',
        kind: 'payment_succeeded',
        subscriptionId: created.id,
        customerId,
        payment: {
          id: invoice.id,
          amountCents: 1900,
          paidAt: new Date((invoice.status_transitions.paid_at ?? 0) * 1000),
        },
        periodEnd: new Date((sub?.periodEnd ?? 0) * 1000),
      });
    });

    it("reads a failed renewal with the decline message from the invoice's payment", async () => {
      const { customerId, created } = await subscribed('professional');
      fake.confirmPayment(created.clientSecret);
      const { invoice, subscription } = fake.renew(created.id, 'declined');
      expect(subscription.status).toBe('past_due');
      const delivery = signed('invoice.payment_failed', invoice);
      const event = await stripe.parseWebhook(Buffer.from(delivery.payload), delivery.signature);
      expect(event).toEqual({
        id: delivery.event.id,
        type: 'invoice.payment_failed',
        kind: 'payment_failed',
        subscriptionId: created.id,
        customerId,
        message: 'Your card was declined.',
      });
      expect(fake.requestsTo('/v1/invoice_payments', 'GET').at(-1)?.query).toMatchObject({
        invoice: invoice.id,
        expand: ['data.payment.payment_intent'],
      });
    });

    it('still reads a failed payment when Stripe cannot say why', async () => {
      const { created } = await subscribed();
      fake.confirmPayment(created.clientSecret);
      const { invoice } = fake.renew(created.id, 'declined');
      fake.failNext({ status: 500, path: '/v1/invoice_payments' });
      const delivery = signed('invoice.payment_failed', invoice);
      const event = await stripe.parseWebhook(Buffer.from(delivery.payload), delivery.signature);
      expect(event).toMatchObject({ kind: 'payment_failed', subscriptionId: created.id, message: null });
      // One quick try, not the usual retries: the webhook is waiting.
      expect(fake.requestsTo('/v1/invoice_payments').at(-1)?.status).toBe(500);
    });

    it('reads subscription updates and deletions', async () => {
      const { created } = await subscribed('enterprise');
      fake.confirmPayment(created.clientSecret);
      await stripe.cancelSubscription(created.id, { atPeriodEnd: true });
      const updated = signed('customer.subscription.updated', fake.subscription(created.id));
      expect(await stripe.parseWebhook(Buffer.from(updated.payload), updated.signature)).toMatchObject({
        kind: 'subscription_updated',
        subscription: { id: created.id, plan: 'enterprise', status: 'active', cancelAtPeriodEnd: true },
      });
      await stripe.cancelSubscription(created.id, { atPeriodEnd: false });
      const deleted = signed('customer.subscription.deleted', fake.subscription(created.id));
      expect(await stripe.parseWebhook(Buffer.from(deleted.payload), deleted.signature)).toMatchObject({
        kind: 'subscription_deleted',
        subscription: { id: created.id, status: 'canceled' },
      });
    });

    it('ignores event types that change no subscription', async () => {
      const delivery = signed('charge.refunded', { id: 'ch_1', object: 'charge' });
      expect(await stripe.parseWebhook(Buffer.from(delivery.payload), delivery.signature)).toEqual({
        id: delivery.event.id,
        type: 'charge.refunded',
        kind: 'ignored',
      });
    });

    it('refuses a missing signature, a wrong secret, a stale timestamp and a tampered body', async () => {
      const { created } = await subscribed();
      const { invoice } = fake.confirmPayment(created.clientSecret);
      const good = signed('invoice.paid', invoice);
      /** The event read, or the error thrown. */
      const outcome = (body: string, signature: string | undefined) =>
        stripe.parseWebhook(Buffer.from(body), signature).catch((error: unknown) => error);

      expect(await outcome(good.payload, undefined)).toBeInstanceOf(WebhookSignatureError);
      const wrongSecret = signed('invoice.paid', invoice, { secret: 'whsec_someone_else' });
      expect(await outcome(wrongSecret.payload, wrongSecret.signature)).toBeInstanceOf(WebhookSignatureError);
      const stale = signed('invoice.paid', invoice, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 });
      expect(await outcome(stale.payload, stale.signature)).toBeInstanceOf(WebhookSignatureError);
      const tampered = good.payload.replace('"amount_paid": 1900', '"amount_paid": 1');
      expect(tampered).not.toBe(good.payload);
      expect(await outcome(tampered, good.signature)).toBeInstanceOf(WebhookSignatureError);
      expect(await outcome(good.payload, 'not a signature')).toBeInstanceOf(WebhookSignatureError);
      // The genuine delivery is still accepted: the refusals came from the signature alone.
      expect(await outcome(good.payload, good.signature)).toMatchObject({ kind: 'payment_succeeded' });
    });
  });
});
