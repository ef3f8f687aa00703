import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { PaidPlanId } from '../../../../contracts/billing';
import type { StripeConfig } from '../../../config';
import {
  type BillingEvent,
  type BillingProvider,
  BillingProviderError,
  type CreatedSubscription,
  type ProviderSubscription,
  SubscriptionAlreadyPaidError,
  WebhookSignatureError,
} from '../billing-provider';
import {
  paymentErrorMessage,
  refundTargetOf,
  toBillingEvent,
  toCreatedSubscription,
  toProviderSubscription,
} from './transform';

/** A subscription in one of these was paid: it must not be paid again. */
const PAID_STATUSES = new Set(['active', 'past_due', 'trialing', 'unpaid']);

/*
 * Stripe behind the BillingProvider port, through the official `stripe` client at the API version
 * the package pins. Subscriptions start incomplete (`default_incomplete`): the browser pays the
 * first invoice with the Payment Element and Stripe's webhooks say what happened; this adapter
 * never decides a workspace's state. `config.apiUrl` points the client elsewhere only in tests (a
 * loopback fake of the endpoints used here).
 */

/** Long enough for Stripe on a slow day, short enough that a page waiting on it gives up. */
const TIMEOUT_MS = 20_000;
/** Network errors, 409s and 5xx are retried (with the same idempotency key) this many times. */
const MAX_NETWORK_RETRIES = 2;
/** How old a webhook's signed timestamp may be: Stripe's default tolerance (replay window). */
const WEBHOOK_TOLERANCE_SECONDS = 300;
/** How long a webhook waits for Stripe to say why a payment failed. */
const WEBHOOK_LOOKUP_TIMEOUT_MS = 5_000;
/** Invalid-request codes that describe something a person can act on, not a bug of ours. */
const ACTIONABLE_REQUEST_CODES: ReadonlySet<string> = new Set([
  'charge_already_refunded',
  'charge_disputed',
  'email_invalid',
]);

export class StripeBilling implements BillingProvider {
  readonly kind = 'stripe' as const;
  readonly sandbox = false;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.publishableKey = config.publishableKey;
    const api = new URL(config.apiUrl);
    const protocol = api.protocol === 'http:' ? 'http' : 'https';
    this.stripe = new Stripe(config.secretKey, {
      host: api.hostname,
      port: api.port || (protocol === 'http' ? 80 : 443),
      protocol,
      timeout: TIMEOUT_MS,
      maxNetworkRetries: MAX_NETWORK_RETRIES,
      appInfo: { name: 'Kitepost' },
    });
  }

  async createCustomer(input: { workspaceId: string; email: string; name: string }): Promise<string> {
    // One customer per workspace even when two requests race (a double click): the same
    // workspace, email and name give the same key, and Stripe answers the second with the first.
    const key = idempotencyKey('customer', input.workspaceId, input.email, input.name);
    const customer = await call(() =>
      this.stripe.customers.create(
        { email: input.email, name: input.name, metadata: { workspaceId: input.workspaceId } },
        { idempotencyKey: key },
      ),
    );
    return customer.id;
  }

  async createSubscription(input: {
    customerId: string;
    plan: PaidPlanId;
    workspaceId: string;
  }): Promise<CreatedSubscription> {
    // No key of our own: the client's per-call key already makes its retries safe, and a key
    // derived from the workspace and plan would, for a day, answer a customer who cancelled and
    // chose the plan again with the old subscription. The billing module resumes an incomplete
    // subscription rather than create a second one.
    const subscription = await call(() =>
      this.stripe.subscriptions.create({
        customer: input.customerId,
        items: [{ price: this.config.prices[input.plan] }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { workspaceId: input.workspaceId, plan: input.plan },
        expand: ['latest_invoice.confirmation_secret'],
      }),
    );
    const created = toCreatedSubscription(subscription, this.config.prices);
    if (!created) {
      throw new Error(`Stripe created subscription ${subscription.id} without a payment to confirm`);
    }
    return created;
  }

  async resumeSubscription(subscriptionId: string): Promise<CreatedSubscription | null> {
    let subscription: Stripe.Subscription;
    try {
      subscription = await this.stripe.subscriptions.retrieve(subscriptionId, {
        expand: ['latest_invoice.confirmation_secret'],
      });
    } catch (error) {
      // A subscription Stripe no longer knows cannot be paid either.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
        return null;
      }
      throw error;
    }
    const current = toProviderSubscription(subscription, this.config.prices);
    if (PAID_STATUSES.has(current.status)) throw new SubscriptionAlreadyPaidError(current);
    if (subscription.status !== 'incomplete') return null;
    return toCreatedSubscription(subscription, this.config.prices);
  }

  async cancelSubscription(
    subscriptionId: string,
    options: { atPeriodEnd: boolean },
  ): Promise<ProviderSubscription> {
    const subscription = await call(() =>
      options.atPeriodEnd
        ? this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })
        : this.stripe.subscriptions.cancel(subscriptionId),
    );
    return toProviderSubscription(subscription, this.config.prices);
  }

  /**
   * `paymentId` is the paid invoice's id (ProviderPayment.id): its payment is found through the
   * invoice payments API and refunded in full. The key makes a second refund of the same payment
   * answer the first instead of refunding twice.
   */
  async refundPayment(paymentId: string): Promise<{ amountCents: number }> {
    const payments = await call(() =>
      this.stripe.invoicePayments.list({ invoice: paymentId, status: 'paid' }),
    );
    const target = refundTargetOf(payments.data);
    if (!target) throw new BillingProviderError('This invoice has no payment to refund.');
    const refund = await call(() =>
      this.stripe.refunds.create(
        'paymentIntent' in target ? { payment_intent: target.paymentIntent } : { charge: target.charge },
        { idempotencyKey: idempotencyKey('refund', paymentId) },
      ),
    );
    return { amountCents: refund.amount };
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    const session = await call(() =>
      this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
    );
    return session.url;
  }

  async parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent> {
    if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
    let event: Stripe.Event;
    try {
      event = await this.stripe.webhooks.constructEventAsync(
        rawBody,
        signature,
        this.config.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new WebhookSignatureError(error.message);
      }
      throw error;
    }
    const billingEvent = toBillingEvent(event, this.config.prices);
    if (
      billingEvent.kind === 'payment_failed' &&
      billingEvent.message === null &&
      event.type === 'invoice.payment_failed'
    ) {
      return { ...billingEvent, message: await this.paymentFailure(event.data.object.id) };
    }
    return billingEvent;
  }

  /**
   * Why an invoice's payment failed: the event's invoice does not carry it, its newest payment's
   * PaymentIntent does. Only words for the user: when Stripe cannot be asked (one quick try, the
   * webhook is waiting), the event still counts.
   */
  private async paymentFailure(invoiceId: string): Promise<string | null> {
    try {
      const payments = await this.stripe.invoicePayments.list(
        { invoice: invoiceId, limit: 3, expand: ['data.payment.payment_intent'] },
        { maxNetworkRetries: 0, timeout: WEBHOOK_LOOKUP_TIMEOUT_MS },
      );
      return paymentErrorMessage(payments.data);
    } catch {
      return null;
    }
  }
}

/** A deterministic idempotency key (Stripe keeps keys for 24 hours; at most 255 characters). */
function idempotencyKey(operation: string, ...parts: string[]): string {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest('base64url');
  return `kitepost-${operation}-${digest}`;
}

/**
 * Stripe's errors a person can act on (a declined card, an already refunded charge) become
 * BillingProviderError with Stripe's message; anything else (authentication, rate limits, outages,
 * our own bad requests) leaves as it came.
 */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError)
      throw new BillingProviderError(error.message, { cause: error });
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError &&
      error.code !== undefined &&
      ACTIONABLE_REQUEST_CODES.has(error.code)
    ) {
      throw new BillingProviderError(error.message, { cause: error });
    }
    throw error;
  }
}
