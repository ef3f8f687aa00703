import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ClickKind, ShortLinkKind } from '../../../contracts/links';
import type { PublishingPlatform } from '../../../contracts/platforms';
import { posts } from './content';
import { media } from './media';
import { workspaces } from './workspaces';

/*
 * Issue 29: the bio page, short links with UTM tags, and the clicks on them (decision 093).
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Whether the workspace's published links are shortened and tagged. One row per workspace, made on first save. */
export const linkSettings = pgTable('link_settings', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  shortLinks: boolean('short_links').notNull().default(false),
  utm: boolean('utm').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The workspace's public page at `/@<slug>`. */
export const bioPages = pgTable(
  'bio_pages',
  {
    workspaceId: uuid('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lowercase; unique across workspaces. */
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    showPosts: boolean('show_posts').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bio_pages_slug_uidx').on(t.slug),
    check('bio_pages_slug_check', sql`${t.slug} ~ '^[a-z0-9][a-z0-9-]{1,28}[a-z0-9]$'`),
  ],
);

/** A link on the bio page, in `position` order, shown between `starts_at` and `ends_at` when set. */
export const bioLinks = pgTable(
  'bio_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    /** As the user wrote it. */
    url: text('url').notNull(),
    thumbnailMediaId: uuid('thumbnail_media_id').references(() => media.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Its short link (short_links.code): clicks on the page go through `/l/<code>`. */
    shortCode: text('short_code').notNull(),
    ...timestamps,
  },
  (t) => [
    index('bio_links_workspace_position_idx').on(t.workspaceId, t.position),
    check(
      'bio_links_schedule_check',
      sql`${t.endsAt} is null or ${t.startsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
);

/**
 * Every short link ever made. Insert-only and never deleted, so a code is never given twice: a
 * deleted workspace leaves a tombstone (workspace_id null) that answers 410.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    code: text('code').primaryKey(),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
    kind: text('kind').$type<ShortLinkKind>().notNull(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    /** The network of the post it was published in (kind 'post'). */
    platform: text('platform').$type<PublishingPlatform>(),
    bioLinkId: uuid('bio_link_id'),
    /** As written in the post or the bio page. */
    url: text('url').notNull(),
    /** Where the redirect goes: ASCII (punycode host), UTM tags merged. Always http(s). */
    target: text('target').notNull(),
    /** Its order among the post's links. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [
    // One code per URL per post: every attempt, retry and reconciliation finds the same one.
    uniqueIndex('short_links_post_url_uidx').on(t.postId, t.url).where(sql`${t.postId} is not null`),
    index('short_links_workspace_idx').on(t.workspaceId),
    check('short_links_kind_check', sql`${t.kind} in ('post', 'bio')`),
    check('short_links_target_check', sql`${t.target} = '' or ${t.target} ~* '^https?://'`),
  ],
);

/**
 * A click on a short link or a view of a bio page. Append-only, written in batches; no FK on
 * post_id (insert cost), reads left-join. `visitor_hash` is HMAC(salt of the UTC day, ip + UA +
 * workspace), hex: the raw address is never stored.
 */
export const linkClicks = pgTable(
  'link_clicks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').$type<ClickKind>().notNull(),
    code: text('code'),
    postId: uuid('post_id'),
    platform: text('platform').$type<PublishingPlatform>(),
    bioLinkId: uuid('bio_link_id'),
    /** ISO 3166-1 alpha-2, only when a local country database is configured. */
    country: text('country'),
    visitorHash: text('visitor_hash').notNull(),
    isBot: boolean('is_bot').notNull().default(false),
  },
  (t) => [
    index('link_clicks_workspace_occurred_idx').on(t.workspaceId, t.occurredAt),
    index('link_clicks_post_occurred_idx').on(t.postId, t.occurredAt).where(sql`${t.postId} is not null`),
    // The retention deletes (cleanup job) go by time alone. Rows arrive in time order, so a BRIN
    // index finds old ones for a few pages and costs an insert almost nothing.
    index('link_clicks_occurred_brin').using('brin', t.occurredAt),
    check('link_clicks_kind_check', sql`${t.kind} in ('click', 'view')`),
  ],
);

/** The salt of each UTC day for visitor hashes; deleted after a day so old hashes link to no one. */
export const clickSalts = pgTable('click_salts', {
  day: date('day').primaryKey(),
  /** 32 random bytes, hex. */
  salt: text('salt').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
