import { z } from 'zod';
import { safeString } from './common';
import { planId, subscriptionStatus } from './plan-schemas';

/** The plans a customer can pay for (free is what you get without paying). */
export const paidPlanIds = ['starter', 'professional', 'enterprise'] as const;
export const paidPlanId = z.enum(paidPlanIds);
export type PaidPlanId = z.infer<typeof paidPlanId>;

export const billingProviderKinds = ['stripe', 'sandbox'] as const;
export const billingProviderKind = z.enum(billingProviderKinds);
export type BillingProviderKind = z.infer<typeof billingProviderKind>;

/**
 * A subscription as the payment provider reports it (Stripe's statuses). The workspace's own
 * `subscriptionStatus` is derived from it (modules/billing/billing-state.ts).
 */
export const providerSubscriptionStatuses = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'paused',
] as const;
export type ProviderSubscriptionStatus = (typeof providerSubscriptionStatuses)[number];

/** POST /api/create-subscription */
export const createSubscriptionBody = z.object({ plan: paidPlanId });

/**
 * The spec's {clientSecret}, plus what the page needs to mount the right form: Stripe's Payment
 * Element (with the publishable key) or the sandbox card form.
 */
export const createSubscriptionResponse = z.object({
  clientSecret: z.string(),
  provider: billingProviderKind,
  /** Stripe's publishable key; null in the sandbox. */
  publishableKey: z.string().nullable(),
  plan: paidPlanId,
  /** US dollars a month. */
  amount: z.number(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponse>;

const usage = z.object({ used: z.number().int(), limit: z.number().int().nullable() });

/** GET /api/billing/subscription */
export const billingSubscription = z.object({
  plan: planId,
  status: subscriptionStatus,
  trialEndsAt: z.string().nullable(),
  /** When the paid period ends: the renewal date, or the end date when cancelAtPeriodEnd. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** True when billing is the sandbox: no money moves. */
  sandbox: z.boolean(),
  /**
   * False when billing is off (a production server without Stripe keys and without
   * BILLING_SANDBOX=true): paid plans cannot be bought here (billingMessages.billingOff says why).
   */
  paidPlansAvailable: z.boolean(),
  /** A billing customer exists, so 'Manage billing' can open the customer portal. */
  canManageBilling: z.boolean(),
  usage: z.object({ aiPosts: usage, socialAccounts: usage, members: usage }),
  features: z.object({ teamCollaboration: z.boolean(), analytics: z.boolean() }),
});
export type BillingSubscription = z.infer<typeof billingSubscription>;

/** POST /api/billing/portal: where 'Manage billing' goes (Stripe's portal or the sandbox's). */
export const billingPortalResponse = z.object({ url: z.string() });

/** POST /api/billing/sandbox/confirm: the sandbox card form's payment. */
export const sandboxConfirmBody = z.object({
  clientSecret: safeString().min(1).max(300),
  cardNumber: safeString().max(40),
  expiry: safeString().max(10),
  cvc: safeString().max(8),
});
export type SandboxConfirmBody = z.infer<typeof sandboxConfirmBody>;
export const sandboxConfirmResponse = z.object({ status: z.literal('succeeded') });

/**
 * POST /api/billing/sandbox/portal: what the sandbox's stand-in for Stripe's portal can do: cancel
 * at period end, take that back, or switch the live subscription to another paid plan.
 */
export const sandboxPortalBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('cancel') }),
  z.object({ action: z.literal('resume') }),
  z.object({ action: z.literal('switch'), plan: paidPlanId }),
]);
export type SandboxPortalBody = z.infer<typeof sandboxPortalBody>;

/** Admin: the subscriptions whose latest payment can be refunded. */
export const adminSubscription = z.object({
  workspaceId: z.string(),
  workspaceName: z.string(),
  ownerEmail: z.string().nullable(),
  plan: planId,
  status: subscriptionStatus,
  provider: billingProviderKind,
  latestPayment: z
    .object({
      /** US dollars. */
      amount: z.number(),
      paidAt: z.string(),
      refundedAt: z.string().nullable(),
      /** Within the 14-day money-back guarantee and not refunded yet. */
      refundable: z.boolean(),
    })
    .nullable(),
});
export type AdminSubscription = z.infer<typeof adminSubscription>;
export const adminSubscriptionList = z.object({ subscriptions: z.array(adminSubscription) });
export const adminRefundResponse = z.object({ refundedAmount: z.number(), subscription: adminSubscription });

export const billingMessages = {
  setupFailed: 'Failed to initialize subscription. Please try again.',
  paymentSucceeded: 'You are now subscribed to Kitepost!',
  cardDeclined: 'Your card was declined.',
  cardIncomplete: 'Your card details are incomplete.',
  cardExpired: 'Your card has expired.',
  alreadySubscribed: (planName: string) =>
    `You already have the ${planName} plan. Use Manage billing to change or cancel it.`,
  noCustomer: 'There is no billing account yet. Choose a plan first.',
  planSwitched: (planName: string) => `You are now on the ${planName} plan.`,
  samePlan: (planName: string) => `You are already on the ${planName} plan.`,
  noPlanToSwitch: 'There is no paid subscription to change. Choose a plan first.',
  sandboxNotice: 'Sandbox billing: no money moves. Use card 4242 4242 4242 4242 to succeed.',
  billingOff:
    'Paid plans cannot be bought on this server: billing is not set up (no Stripe keys). The administrator can add the STRIPE_* settings, or set BILLING_SANDBOX=true to try the sandbox.',
  refundWindowPassed: (days: number) =>
    `The latest payment is more than ${days} days old; it cannot be refunded.`,
  nothingToRefund: 'This workspace has no payment to refund.',
  alreadyRefunded: 'The latest payment has already been refunded.',
} as const;

/**
 * What the server says when a plan's feature gate refuses an action (402); the UI adds an upgrade
 * link. Credits and connected accounts have theirs in generation.ts and social-accounts.ts.
 */
export const planLimitMessages = {
  teamCollaboration: (planName: string) =>
    `Team collaboration is not part of the ${planName} plan. Upgrade to Professional to invite your team.`,
  analytics: (planName: string) =>
    `Analytics are not part of the ${planName} plan. Upgrade to Professional to see what works.`,
} as const;
