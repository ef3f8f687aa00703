import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BillingProviderKind, PaidPlanId, ProviderSubscriptionStatus } from '../../../contracts/billing';
import { workspaces } from './workspaces';

/**
 * A workspace's subscription with the payment provider (Stripe or the sandbox), as the provider's
 * webhooks last described it. The workspace's plan and status follow from it
 * (modules/billing/billing-state.ts). Ended subscriptions stay as history.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<BillingProviderKind>().notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    plan: text('plan').$type<PaidPlanId>().notNull(),
    status: text('status').$type<ProviderSubscriptionStatus>().notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The provider's id of the latest successful payment (a PaymentIntent in Stripe). */
    latestPaymentId: text('latest_payment_id'),
    latestPaymentAmountCents: integer('latest_payment_amount_cents'),
    latestPaymentAt: timestamp('latest_payment_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
    check('subscriptions_provider_check', sql`${t.provider} in ('stripe', 'sandbox')`),
    check('subscriptions_plan_check', sql`${t.plan} in ('starter', 'professional', 'enterprise')`),
  ],
);

/** Webhook event ids already handled: a replayed or re-sent event is ignored. */
export const billingEvents = pgTable(
  'billing_events',
  {
    provider: text('provider').$type<BillingProviderKind>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The sandbox payment provider's own records (what Stripe would hold on its side): subscriptions
 * with their client secret (hashed), period and latest payment. Only the sandbox reads it.
 */
export const sandboxBillingSubscriptions = pgTable('sandbox_billing_subscriptions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  plan: text('plan').$type<PaidPlanId>().notNull(),
  status: text('status').$type<ProviderSubscriptionStatus>().notNull(),
  clientSecretHash: text('client_secret_hash').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  latestPaymentId: text('latest_payment_id'),
  latestPaymentAt: timestamp('latest_payment_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
