import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BrandFinding } from '../../../contracts/brand-kit';
import type { ContentType } from '../../../contracts/content-options';
import type { PublishingPlatform } from '../../../contracts/platforms';
import { generations, posts } from './content';
import { socialAccounts } from './social';
import { users } from './users';
import { workspaces } from './workspaces';

/*
 * Issue 30, the AI studio (decision 094): a month planned from one brief, shown as a preview of
 * items the user accepts in part or whole, and the posts the user pins or excludes as the voice's
 * examples. Plans are transient: the hourly cleanup deletes them 30 days after their last change.
 */

export type AiPlanStatus = 'writing' | 'ready' | 'cut_short' | 'accepted';

export const aiPlans = pgTable(
  'ai_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdByUserId: text('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The parsed request (goal, offers, dates, networks...), as the contract's planBody. */
    brief: jsonb('brief').notNull(),
    startsOn: date('starts_on').notNull(),
    weeks: smallint('weeks').notNull(),
    timeZone: text('time_zone').notNull(),
    status: text('status').$type<AiPlanStatus>().notNull().default('writing'),
    /** The credit reservation (a 'plan' generation); its id is the drafts' campaign. */
    generationId: uuid('generation_id').references(() => generations.id, { onDelete: 'set null' }),
    plannedCount: integer('planned_count').notNull(),
    writtenCount: integer('written_count').notNull().default(0),
    generator: text('generator').notNull(),
    /** Shown with the preview, e.g. 'Your credits cover 8 of the 10 posts.'. */
    notice: text('notice'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ai_plans_workspace_created_idx').on(t.workspaceId, t.createdAt),
    index('ai_plans_updated_idx').on(t.updatedAt),
    check('ai_plans_status_check', sql`${t.status} in ('writing', 'ready', 'cut_short', 'accepted')`),
    check('ai_plans_weeks_check', sql`${t.weeks} between 1 and 5`),
  ],
);

/** One planned post: written text and its place on the calendar, until it is accepted as a draft. */
export const aiPlanItems = pgTable(
  'ai_plan_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => aiPlans.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    platform: text('platform').$type<PublishingPlatform>().notNull(),
    socialAccountId: uuid('social_account_id').references(() => socialAccounts.id, { onDelete: 'set null' }),
    plannedAt: timestamp('planned_at', { withTimezone: true }).notNull(),
    contentType: text('content_type').$type<ContentType>().notNull(),
    /** The offer or date the item is about, when the mix placed it for one. */
    occasion: text('occasion'),
    content: text('content').notNull(),
    hashtags: text('hashtags').array().notNull().default(sql`'{}'::text[]`),
    thread: text('thread').array().notNull().default(sql`'{}'::text[]`),
    suggestedImagePrompt: text('suggested_image_prompt').notNull().default(''),
    /** The quality gate's reasons, when the retry still failed; shown with the item. */
    problems: text('problems').array().notNull().default(sql`'{}'::text[]`),
    brandFindings: jsonb('brand_findings').$type<BrandFinding[]>().notNull().default([]),
    /** The draft made on accept; a second accept skips the item. */
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('ai_plan_items_plan_position_uidx').on(t.planId, t.position)],
);

export type VoiceExampleState = 'pinned' | 'excluded';

/** A published post the user pinned as a voice example, or excluded from them. No row: automatic. */
export const voiceExamples = pgTable(
  'voice_examples',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    state: text('state').$type<VoiceExampleState>().notNull(),
    setByUserId: text('set_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.postId] }),
    check('voice_examples_state_check', sql`${t.state} in ('pinned', 'excluded')`),
  ],
);
