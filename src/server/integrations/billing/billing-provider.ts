import type {
  BillingProviderKind,
  PaidPlanId,
  ProviderSubscriptionStatus,
  SandboxPortalBody,
} from '../../../contracts/billing';

/**
 * The payment provider port (conventions §3): Stripe (stripe/) or the sandbox (sandbox/). The
 * billing module (modules/billing) owns the rules; adapters only speak to the provider and
 * translate its objects and webhook events into these shapes.
 */
export interface BillingProvider {
  readonly kind: BillingProviderKind;
  /** True for the sandbox: no money moves, and the UI says so. */
  readonly sandbox: boolean;
  /** Stripe's publishable key for the Payment Element; null in the sandbox. */
  readonly publishableKey: string | null;

  createCustomer(input: { workspaceId: string; email: string; name: string }): Promise<string>;
  /**
   * An incomplete subscription to the plan, its first invoice waiting for payment: the client
   * secret confirms that payment in the browser.
   */
  createSubscription(input: {
    customerId: string;
    plan: PaidPlanId;
    workspaceId: string;
  }): Promise<CreatedSubscription>;
  /**
   * The client secret of an incomplete subscription's first payment again (the page was
   * reloaded); null when it can no longer be paid (expired or cancelled). Throws
   * SubscriptionAlreadyPaidError when it was paid meanwhile (its events may still be on their way).
   */
  resumeSubscription(subscriptionId: string): Promise<CreatedSubscription | null>;
  /** Cancels now (`atPeriodEnd: false`) or at the end of the paid period. */
  cancelSubscription(
    subscriptionId: string,
    options: { atPeriodEnd: boolean },
  ): Promise<ProviderSubscription>;
  /** Refunds a payment in full; `paymentId` is ProviderPayment.id. Answers the amount refunded. */
  refundPayment(paymentId: string): Promise<{ amountCents: number }>;
  /** The customer portal (update card, invoices, cancel), coming back to `returnUrl`. */
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /**
   * Verifies a webhook's signature over the raw body and reads the event. Throws
   * WebhookSignatureError when the signature is missing, wrong or too old.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent>;
}

/** A subscription as the provider describes it. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** The plan of its price; null when the price is not one of ours. */
  plan: PaidPlanId | null;
  status: ProviderSubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export interface CreatedSubscription extends ProviderSubscription {
  /** For stripe.confirmPayment in the browser (or the sandbox card form). */
  clientSecret: string;
}

/** A successful payment of a subscription's invoice. */
export interface ProviderPayment {
  /** What refundPayment takes: Stripe's invoice id (its payment is found from it), a sandbox id. */
  id: string;
  amountCents: number;
  paidAt: Date;
}

/**
 * A webhook event, translated. `id` is the provider's event id (replays are recognised by it);
 * `type` the provider's event type, for the log and the stored event row.
 */
export type BillingEvent = { id: string; type: string } & (
  | {
      kind: 'payment_succeeded';
      subscriptionId: string;
      customerId: string;
      payment: ProviderPayment;
      /** The end of the period this payment covers. */
      periodEnd: Date | null;
    }
  | {
      kind: 'payment_failed';
      subscriptionId: string;
      customerId: string;
      /** The provider's reason (e.g. 'Your card was declined.'), when it gives one. */
      message: string | null;
    }
  | { kind: 'subscription_updated'; subscription: ProviderSubscription }
  | { kind: 'subscription_deleted'; subscription: ProviderSubscription }
  | { kind: 'ignored' }
);

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** resumeSubscription found the subscription paid: the caller must not start another one. */
export class SubscriptionAlreadyPaidError extends Error {
  override name = 'SubscriptionAlreadyPaidError';
  constructor(readonly subscription: ProviderSubscription) {
    super(`subscription ${subscription.id} is already ${subscription.status}`);
  }
}

/** The provider refused a call for a reason the user can act on (e.g. a declined card). */
export class BillingProviderError extends Error {
  override name = 'BillingProviderError';
}

/**
 * What only the sandbox does, standing in for Stripe's side: the card form's payment, the
 * customer portal's buttons, and time passing (renewals, cancellations at period end). Each
 * answers the events Stripe would have sent; the billing module handles them with the same code
 * as real webhooks.
 */
export interface SandboxBillingOperations {
  /** Pays the first invoice of the subscription whose client secret this is. */
  confirmPayment(
    clientSecret: string,
    card: { cardNumber: string; expiry: string; cvc: string },
    now?: Date,
  ): Promise<{ events: BillingEvent[]; declined: string | null }>;
  /**
   * The sandbox portal, on the customer's live subscription: cancel at period end, take the
   * cancellation back, or switch to another paid plan (at once, answering subscription_updated
   * with the new plan). Throws BillingProviderError when the subscription cannot do that (none,
   * the same plan, cancelled at period end, not active).
   */
  portalAction(customerId: string, request: SandboxPortalBody, now?: Date): Promise<BillingEvent[]>;
  /** Renews subscriptions whose period ended, ends those cancelled at period end, expires unpaid ones. */
  advance(now: Date): Promise<BillingEvent[]>;
}
