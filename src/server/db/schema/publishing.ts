import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AttemptOutcome, PublishErrorKind } from '../../../contracts/publishing';
import { posts } from './content';
import { workspaces } from './workspaces';

/**
 * Every publishing attempt of a post (issue: "every attempt is logged and visible on the post").
 * The row is written as `started` before the platform is called, so an attempt whose worker died
 * mid-call is on record and gets reconciled.
 */
export const publishAttempts = pgTable(
  'publish_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    attemptNumber: integer('attempt_number').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    outcome: text('outcome').$type<AttemptOutcome>().notNull().default('started'),
    errorKind: text('error_kind').$type<PublishErrorKind>(),
    message: text('message'),
    /** Which process made it (host:pid), for operators. */
    worker: text('worker'),
  },
  (t) => [
    index('publish_attempts_post_idx').on(t.postId, t.attemptNumber),
    check(
      'publish_attempts_outcome_check',
      sql`${t.outcome} in ('started', 'published', 'retrying', 'failed', 'unknown', 'reconciled', 'missed')`,
    ),
  ],
);
