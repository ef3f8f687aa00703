import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FeedMode, RecurrenceUnit, SeriesTemplate } from '../../../contracts/scheduling';
import { socialAccounts } from './social';
import { users } from './users';
import { workspaces } from './workspaces';

/*
 * Advanced scheduling (issue 25): posting queues, recurring series, evergreen recycling, RSS
 * feeds and calendar subscriptions. A post's place in its account's queue is `posts.queue_slot_at`
 * (content.ts), unique per account, so two posts never take one slot.
 */

/** A weekday (0 Sunday … 6 Saturday) and a wall time "HH:MM" in the queue's zone. */
export interface QueueSlotRow {
  weekday: number;
  time: string;
}

/**
 * One social account's posting schedule: its weekly slots as wall times in `time_zone` (a 09:00
 * slot stays 09:00 local across daylight saving time), whether the queue is paused, and its
 * evergreen recycling setting.
 */
export const queueSchedules = pgTable(
  'queue_schedules',
  {
    socialAccountId: uuid('social_account_id')
      .primaryKey()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    slots: jsonb('slots').$type<QueueSlotRow[]>().notNull().default([]),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Paused: the queue's posts keep their order and publish nothing until it is resumed. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    evergreenEnabled: boolean('evergreen_enabled').notNull().default(false),
    /** An evergreen post is not queued again within this many days of its last time out. */
    evergreenMinGapDays: integer('evergreen_min_gap_days').notNull().default(30),
    /** Queue an AI-rewritten variant instead of the same text (X refuses identical text). */
    evergreenRewrite: boolean('evergreen_rewrite').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('queue_schedules_workspace_idx').on(t.workspaceId),
    check('queue_schedules_gap_check', sql`${t.evergreenMinGapDays} between 1 and 365`),
  ],
);

/**
 * A recurring post: every `interval` `unit`s from `starts_at` (wall time in `time_zone`), until
 * `until` or for `count` occurrences. Each occurrence is a post of its own (posts.series_id);
 * a job creates them ahead up to `generated_through`. `template` is what 'all future ones' edits.
 */
export const postSeries = pgTable(
  'post_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdByUserId: text('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    socialAccountId: uuid('social_account_id').references(() => socialAccounts.id, { onDelete: 'set null' }),
    interval: integer('interval').notNull(),
    unit: text('unit').$type<RecurrenceUnit>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    until: timestamp('until', { withTimezone: true }),
    count: integer('count'),
    template: jsonb('template').$type<SeriesTemplate>().notNull(),
    /** Occurrences exist up to this index (0 is the first); the job adds the next ones. */
    generatedCount: integer('generated_count').notNull().default(0),
    /** Ended: no further occurrences are created (deleted 'all future ones', or the end reached). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('post_series_open_idx').on(t.workspaceId).where(sql`${t.endedAt} is null`),
    check('post_series_unit_check', sql`${t.unit} in ('day', 'week', 'month')`),
    check('post_series_interval_check', sql`${t.interval} between 1 and 365`),
    check('post_series_count_check', sql`${t.count} is null or ${t.count} between 1 and 500`),
  ],
);

/** An RSS or Atom feed whose new items become drafts or queued posts on `account_ids`. */
export const rssFeeds = pgTable(
  'rss_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdByUserId: text('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    title: text('title'),
    accountIds: uuid('account_ids').array().notNull(),
    mode: text('mode').$type<FeedMode>().notNull(),
    /** Conditional GET: the validators of the last answer. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull().defaultNow(),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastError: text('last_error'),
    /** Paused after repeated failures (or by a person); a paused feed is not polled. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rss_feeds_workspace_url_idx').on(t.workspaceId, t.url),
    index('rss_feeds_due_idx').on(t.nextPollAt).where(sql`${t.pausedAt} is null`),
    check('rss_feeds_mode_check', sql`${t.mode} in ('draft', 'queue')`),
  ],
);

/** An item seen in a feed, once: its key is the item's guid (or link), so it is never posted twice. */
export const rssFeedItems = pgTable(
  'rss_feed_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedId: uuid('feed_id')
      .notNull()
      .references(() => rssFeeds.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    link: text('link'),
    title: text('title'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The posts made from it (one per account). */
    postIds: uuid('post_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rss_feed_items_feed_key_idx').on(t.feedId, t.itemKey)],
);

/**
 * A private calendar subscription of one member in one workspace: `/api/calendar/<secret>.ics`.
 * Only the secret's SHA-256 is stored; revoking deletes the row.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calendar_feeds_secret_idx').on(t.secretHash),
    uniqueIndex('calendar_feeds_member_idx').on(t.workspaceId, t.userId),
  ],
);
