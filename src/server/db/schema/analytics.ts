import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PublishingPlatform } from '../../../contracts/platforms';
import { posts } from './content';
import { socialAccounts } from './social';
import { users } from './users';
import { workspaces } from './workspaces';

/*
 * Metrics read from the platforms (issue 9). A null metric is one the platform did not report:
 * never stored as 0 (contracts/analytics.ts).
 */

const metricColumns = {
  impressions: integer('impressions'),
  reach: integer('reach'),
  likes: integer('likes'),
  comments: integer('comments'),
  shares: integer('shares'),
  clicks: integer('clicks'),
  /** Video views (issue 24), where the platform reports them. */
  views: integer('views'),
};

/** The time series: one row per reading of a post's lifetime metrics. */
export const postMetrics = pgTable(
  'post_metrics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull().defaultNow(),
    ...metricColumns,
  },
  (t) => [index('post_metrics_post_captured_idx').on(t.postId, t.capturedAt)],
);

/**
 * Per published post: its latest reading (what the dashboard and analytics sum) and when to read
 * it next (dense while the post is fresh, sparse as it ages, never once it is old).
 */
export const postMetricTotals = pgTable(
  'post_metric_totals',
  {
    postId: uuid('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    socialAccountId: uuid('social_account_id').references(() => socialAccounts.id, { onDelete: 'set null' }),
    platform: text('platform').$type<PublishingPlatform>().notNull(),
    externalId: text('external_id').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    ...metricColumns,
    /** When the latest reading was taken; null until the first one. */
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    /** The next reading is due then; null: no more readings (the post is old, or gone). */
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    /** Readings that failed in a row (backs off; gives up after a few). */
    failures: integer('failures').notNull().default(0),
    /** The platform said the post no longer exists: its last numbers are kept, no more readings. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('post_metric_totals_due_idx').on(t.nextSyncAt).where(sql`${t.nextSyncAt} is not null`),
    index('post_metric_totals_workspace_published_idx').on(t.workspaceId, t.publishedAt),
    index('post_metric_totals_account_idx').on(t.socialAccountId),
  ],
);

/** An account's followers, one reading per day (the last of the day wins). */
export const accountMetrics = pgTable(
  'account_metrics',
  {
    socialAccountId: uuid('social_account_id')
      .notNull()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** UTC day of the reading. */
    day: date('day').notNull(),
    followers: integer('followers'),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.socialAccountId, t.day] }),
    index('account_metrics_workspace_day_idx').on(t.workspaceId, t.day),
  ],
);

/** Weekly reports sent: one per user, workspace and week, so a rerun never sends twice. */
export const weeklyReportsSent = pgTable(
  'weekly_reports_sent',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The Monday the reported week starts on, in the user's time zone. */
    weekStart: date('week_start').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.workspaceId, t.weekStart] }),
    check('weekly_reports_sent_monday_check', sql`extract(isodow from ${t.weekStart}) = 1`),
  ],
);
