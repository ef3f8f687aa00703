import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { WorkspaceRole } from '../../../contracts/auth';
import type { BillingProviderKind } from '../../../contracts/billing';
import type { PlanId, SubscriptionStatus } from '../../../contracts/plans';
import type { InvitableRole } from '../../../contracts/team';
import { users } from './users';

/** A team. Plans, limits, accounts, posts and billing attach here, not to a user. */
export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    plan: text('plan').$type<PlanId>().notNull().default('free'),
    subscriptionStatus: text('subscription_status').$type<SubscriptionStatus>().notNull().default('active'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** When the "trial ends in 2 days" notice went out (sent once). */
    trialReminderSentAt: timestamp('trial_reminder_sent_at', { withTimezone: true }),
    /** The payment provider's customer (created on the first subscription, then reused). */
    billingProvider: text('billing_provider').$type<BillingProviderKind>(),
    billingCustomerId: text('billing_customer_id'),
    /** Editors' posts wait for an approver before they are scheduled (PATCH /api/team/settings). */
    requireApproval: boolean('require_approval').notNull().default(false),
    /** Every member must use two-factor sign-in; those without are asked to set it up (team settings). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    /**
     * Bumped by a trigger on `posts` (migration 0004) in the same transaction as every insert,
     * update, delete or truncate of the workspace's posts, whoever writes them: the key of the
     * cached post lists (modules/posts/post-list-cache.ts). Never written by the app.
     */
    postsVersion: bigint('posts_version', { mode: 'bigint' }).notNull().default(sql`0`),
    /**
     * Bumped by triggers on `social_accounts`, `post_metric_totals` and `account_metrics`
     * (migration 0020), per statement, like `postsVersion`: with it, the key of the cached
     * analytics overviews (modules/analytics/overview-cache.ts). Never written by the app.
     */
    analyticsVersion: bigint('analytics_version', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('workspaces_plan_check', sql`${t.plan} in ('free', 'starter', 'professional', 'enterprise')`),
    check(
      'workspaces_subscription_status_check',
      sql`${t.subscriptionStatus} in ('trialing', 'active', 'inactive', 'past_due', 'cancelled')`,
    ),
  ],
);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<WorkspaceRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_id_idx').on(t.userId),
    check(
      'workspace_members_role_check',
      sql`${t.role} in ('owner', 'admin', 'editor', 'approver', 'viewer')`,
    ),
  ],
);

/**
 * An invitation to join a workspace. The link's token is kept twice: a SHA-256 hash to find it,
 * and sealed with the token cipher so managers can copy the link again; never in the clear.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<InvitableRole>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    tokenSealed: text('token_sealed').notNull(),
    invitedByUserId: text('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: text('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invitations_workspace_idx').on(t.workspaceId, t.createdAt),
    // One open invitation per address and workspace.
    uniqueIndex('invitations_open_email_idx')
      .on(t.workspaceId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check('invitations_role_check', sql`${t.role} in ('admin', 'editor', 'approver', 'viewer')`),
  ],
);
