import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import type { GenerationKind } from '../../../contracts/ai-studio';
import type { BrandFinding, EmojiPolicy, GraphicFont } from '../../../contracts/brand-kit';
import type { ContentType, Tone } from '../../../contracts/content-options';
import type { PostPlatformOptions } from '../../../contracts/platform-options';
import type { PublishingPlatform } from '../../../contracts/platforms';
import type { PostType } from '../../../contracts/post-types';
import type { FirstCommentStatus, PostStatus, ThreadItem } from '../../../contracts/posts';
import type { CommentKind } from '../../../contracts/team';
import { media } from './media';
import { postSeries } from './scheduling';
import { platformCheck } from './social';
import { users } from './users';
import { workspaces } from './workspaces';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
const emptyTextArray = sql`'{}'::text[]`;

/** One AI generation: `post_count` credits charged to the workspace in the month of `created_at`. */
export const generations = pgTable(
  'generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Which writer, e.g. 'offline composer' or 'openai gpt-4.1-mini'. */
    generator: text('generator').notNull(),
    postCount: integer('post_count').notNull(),
    /**
     * Issue 30: what was made. 'image' rows count AI images (post_count = images), which are charged
     * to the image allowance, not to post credits; every other kind is post credits.
     */
    kind: text('kind').$type<GenerationKind>().notNull().default('posts'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('generations_workspace_created_idx').on(t.workspaceId, t.createdAt),
    check('generations_kind_check', sql`${t.kind} in ('posts', 'variants', 'plan', 'image')`),
    check('generations_post_count_check', sql`${t.postCount} >= 0`),
  ],
);

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdByUserId: text('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    generationId: uuid('generation_id').references(() => generations.id, { onDelete: 'set null' }),
    platform: text('platform').$type<PublishingPlatform>().notNull(),
    content: text('content').notNull(),
    /** Without '#'. */
    hashtags: text('hashtags').array().notNull().default(emptyTextArray),
    tone: text('tone').$type<Tone>(),
    contentType: text('content_type').$type<ContentType>(),
    suggestedImagePrompt: text('suggested_image_prompt'),
    bestTimeToPost: text('best_time_to_post'),
    estimatedReach: integer('estimated_reach'),
    status: text('status').$type<PostStatus>().notNull().default('draft'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** The account it goes out on; social accounts arrive with their own table. */
    socialAccountId: uuid('social_account_id'),
    mediaIds: text('media_ids').array().notNull().default(emptyTextArray),
    postType: text('post_type').$type<PostType>().notNull().default('post'),
    /** A title where the network asks for one (a LinkedIn document post's title); null otherwise. */
    title: text('title'),
    /** What the network asks beyond text and media (a Mastodon content warning, a Pinterest board). */
    platformOptions: jsonb('platform_options').$type<PostPlatformOptions>().notNull().default({}),
    /** Alt text per attached media id (issue 24); an id without one has none. */
    altTexts: jsonb('alt_texts').$type<Record<string, string>>().notNull().default({}),
    /** Issue 29: UTM tags on this post's short links (when the workspace tags links); off per post. */
    utm: boolean('utm').notNull().default(true),
    firstComment: text('first_comment'),
    firstCommentStatus: text('first_comment_status').$type<FirstCommentStatus>(),
    firstCommentExternalId: text('first_comment_external_id'),
    firstCommentUrl: text('first_comment_url'),
    firstCommentError: text('first_comment_error'),
    /** X threads: the posts after the first with their publishing state (contracts ThreadItem). */
    thread: jsonb('thread').$type<ThreadItem[]>().notNull().default([]),
    /** The brand check's result at the last write (recomputed when the brand kit changes). */
    brandFindings: jsonb('brand_findings').$type<BrandFinding[]>().notNull().default([]),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    externalId: text('external_id'),
    externalUrl: text('external_url'),
    failureReason: text('failure_reason'),
    /** Posts composed together for several accounts share it. */
    groupId: uuid('group_id'),
    /**
     * Bumped by every change of a scheduled post (reschedule, edit, cancel). A publish job carries
     * the version it was sent for and claims the post only while it still matches: a stale job
     * never publishes an edited or cancelled post.
     */
    publishVersion: integer('publish_version').notNull().default(0),
    /** The pg-boss job that publishes this version, to remove it when the post changes. */
    publishJobId: text('publish_job_id'),
    attemptCount: integer('attempt_count').notNull().default(0),
    /** A retry after an error that proved nothing was created is due then. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** While `publishing`: the worker holds the post until then; after it, the attempt is reconciled. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The last submission for approval (an editor scheduled it while approvals are on). */
    submittedByUserId: text('submitted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** The approval of the content as it is now; an editor's change clears it. */
    approvedByUserId: text('approved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /**
     * The planned time whose passing, while the post waited for approval, was already announced
     * (approval-overdue.service): a new planned time is announced again, the same one never twice.
     */
    approvalOverdueFor: timestamp('approval_overdue_for', { withTimezone: true }),
    /**
     * The queue slot the post holds on its account (issue 25), equal to scheduled_at while it is
     * queued; null for a post scheduled at a time of its own. Unique per account.
     */
    queueSlotAt: timestamp('queue_slot_at', { withTimezone: true }),
    /** A recurring post's series and which occurrence it is (0 is the first). */
    seriesId: uuid('series_id').references(() => postSeries.id, { onDelete: 'set null' }),
    occurrenceIndex: integer('occurrence_index'),
    /** Marked evergreen: the account's recycler may queue it again when the queue runs dry. */
    evergreen: boolean('evergreen').notNull().default(false),
    /** A recycled evergreen copy: the post it was copied from. */
    recycledFromPostId: uuid('recycled_from_post_id').references((): AnyPgColumn => posts.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [
    index('posts_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
    index('posts_workspace_scheduled_idx').on(t.workspaceId, t.scheduledAt),
    // The sweeper's scan: scheduled posts that are due, and publishing posts whose lease ran out.
    index('posts_status_due_idx')
      .on(t.status, t.scheduledAt)
      .where(sql`${t.status} in ('scheduled', 'publishing')`),
    index('posts_group_idx').on(t.groupId),
    // The 'Needs approval' queue.
    index('posts_workspace_pending_idx')
      .on(t.workspaceId, t.submittedAt)
      .where(sql`${t.status} = 'pending_approval'`),
    // Dashboard and analytics read a workspace's published posts by publishing time.
    index('posts_workspace_published_idx')
      .on(t.workspaceId, t.publishedAt)
      .where(sql`${t.status} = 'published'`),
    // Two posts never hold one queue slot of an account, however two requests race.
    uniqueIndex('posts_queue_slot_uidx')
      .on(t.socialAccountId, t.queueSlotAt)
      .where(sql`${t.queueSlotAt} is not null`),
    // One post per occurrence: the job that creates them ahead may run twice.
    uniqueIndex('posts_series_occurrence_uidx')
      .on(t.seriesId, t.occurrenceIndex)
      .where(sql`${t.seriesId} is not null`),
    index('posts_evergreen_idx').on(t.socialAccountId).where(sql`${t.evergreen}`),
    index('posts_recycled_from_idx').on(t.recycledFromPostId).where(sql`${t.recycledFromPostId} is not null`),
    check(
      'posts_status_check',
      sql`${t.status} in ('draft', 'pending_approval', 'approved', 'scheduled', 'publishing', 'published', 'failed', 'missed', 'cancelled')`,
    ),
    check('posts_platform_check', platformCheck(t.platform)),
    check('posts_post_type_check', sql`${t.postType} in ('post', 'reel', 'story', 'carousel', 'thread')`),
    check(
      'posts_first_comment_status_check',
      sql`${t.firstCommentStatus} is null or ${t.firstCommentStatus} in ('pending', 'sending', 'posted', 'failed')`,
    ),
    check('posts_scheduled_has_time_check', sql`${t.status} <> 'scheduled' or ${t.scheduledAt} is not null`),
  ],
);

/** The workspace's brand kit (architecture §4: brand_profiles), one row per workspace. */
export const brandProfiles = pgTable(
  'brand_profiles',
  {
    workspaceId: uuid('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    brandName: text('brand_name').notNull().default(''),
    voiceDescription: text('voice_description').notNull().default(''),
    defaultTone: text('default_tone').$type<Tone>().notNull().default('professional'),
    audience: text('audience').notNull().default(''),
    keywords: text('keywords').array().notNull().default(emptyTextArray),
    bannedWords: text('banned_words').array().notNull().default(emptyTextArray),
    requiredHashtags: text('required_hashtags').array().notNull().default(emptyTextArray),
    emojiPolicy: text('emoji_policy').$type<EmojiPolicy>().notNull().default('sparing'),
    /** The public face (issue 29: the bio page): a logo from the media library, colours, a description. */
    logoMediaId: uuid('logo_media_id').references(() => media.id, { onDelete: 'set null' }),
    /** `#rrggbb`, lowercase. */
    primaryColour: text('primary_colour'),
    accentColour: text('accent_colour'),
    /** Public text (the bio page, its Open Graph description); not the AI's voice brief. */
    description: text('description').notNull().default(''),
    /** Issue 30: the branded graphics' font family: 'sans' (Inter), 'serif' (Lora), 'rounded' (Poppins). */
    graphicFont: text('graphic_font').$type<GraphicFont>().notNull().default('sans'),
    /** Whether the writer is given the best-performing published posts as examples (pins always are). */
    learnFromResults: boolean('learn_from_results').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('brand_profiles_graphic_font_check', sql`${t.graphicFont} in ('sans', 'serif', 'rounded')`),
    check('brand_profiles_emoji_policy_check', sql`${t.emojiPolicy} in ('none', 'sparing', 'liberal')`),
    check('brand_profiles_primary_colour_check', sql`${t.primaryColour} ~ '^#[0-9a-f]{6}$'`),
    check('brand_profiles_accent_colour_check', sql`${t.accentColour} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/** The discussion on a post: comments, requests for changes and approvals with their note. */
export const postComments = pgTable(
  'post_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorUserId: text('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<CommentKind>().notNull().default('comment'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('post_comments_post_created_idx').on(t.postId, t.createdAt),
    check('post_comments_kind_check', sql`${t.kind} in ('comment', 'changes_requested', 'approved')`),
  ],
);
