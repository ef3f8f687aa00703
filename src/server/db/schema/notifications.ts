import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { NotificationKind } from '../../../contracts/notifications';
import { users } from './users';
import { workspaces } from './workspaces';

/** In-app notices to one user (a post failed or was missed, an account needs reconnecting). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    postId: uuid('post_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    check(
      'notifications_kind_check',
      sql`${t.kind} in ('post_failed', 'post_missed', 'account_needs_reauth', 'trial_ending', 'trial_ended', 'payment_failed', 'subscription_changed', 'approval_requested', 'approval_overdue', 'post_approved', 'changes_requested', 'post_comment', 'member_joined', 'member_role_changed', 'member_removed', 'feed_paused', 'webhook_disabled')`,
    ),
  ],
);

/**
 * Every email Kitepost sends (architecture §1: without SMTP the outbox is the mail, readable by the
 * admin). With SMTP the row records what was sent and how it went.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** 'outbox' (kept here only) or 'smtp'. */
    transport: text('transport').notNull(),
    status: text('status').notNull().default('queued'),
    error: text('error'),
    /**
     * The message's secrets (an invitation link's token), sealed with the token cipher: the bodies
     * above hold a placeholder in their place, and the mail job puts them back when it sends
     * (decision 046). Null when the message has none.
     */
    secretsSealed: text('secrets_sealed'),
    /** How many times the mail job tried to send it (each try is a row of outbox_attempts). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_created_idx').on(t.createdAt),
    check('outbox_status_check', sql`${t.status} in ('queued', 'sent', 'failed', 'kept')`),
  ],
);

/** Every try of the mail job to hand an outbox message to the SMTP server, and how it went. */
export const outboxAttempts = pgTable(
  'outbox_attempts',
  {
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    /** 'sent', or 'failed' with the transport's error (never a password). */
    status: text('status').notNull(),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.outboxId, t.attempt] }),
    check('outbox_attempts_status_check', sql`${t.status} in ('sent', 'failed')`),
  ],
);
