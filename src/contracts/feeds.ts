import { z } from 'zod';
import { isHttpUrl, safeString } from './common';
import { planIds } from './plans';
import { feedModes } from './scheduling';

/*
 * RSS/Atom auto-posting (issue 25): a workspace follows feeds; each new item becomes a draft or a
 * queued post on the chosen accounts, with a caption by the AI writer and the item's link.
 */

/** Longest feed address accepted. */
export const MAX_FEED_URL_LENGTH = 2048;
/** Accounts one feed posts to. */
export const MAX_FEED_ACCOUNTS = 20;
/** Failures in a row (unreachable, HTTP error, not a feed, too big, too slow) that pause a feed. */
export const FEED_FAILURE_LIMIT = 5;

/** POST /api/feeds */
export const createFeedBody = z.strictObject({
  url: safeString()
    .trim()
    .min(1, 'Enter the feed’s address')
    .max(MAX_FEED_URL_LENGTH)
    .refine(isHttpUrl, 'Must be an http:// or https:// link'),
  accountIds: z
    .array(z.uuid('Not an account id'))
    .min(1, 'Choose at least one account')
    .max(MAX_FEED_ACCOUNTS)
    .refine((ids) => new Set(ids).size === ids.length, 'Each account once'),
  mode: z.enum(feedModes),
});
export type CreateFeedBody = z.infer<typeof createFeedBody>;

export const feedIdParams = z.strictObject({ id: z.uuid('Not a feed id') });

/**
 * Why a feed is paused: a member paused it, or it failed FEED_FAILURE_LIMIT times in a row (its
 * `lastError` says the last reason). Null: it is polled.
 */
export const feedPauseReasons = ['paused_by_member', 'failures'] as const;
export type FeedPauseReason = (typeof feedPauseReasons)[number];

export const feed = z.object({
  id: z.string(),
  url: z.string(),
  /** The feed's own title (its <title>), null when it has none. */
  title: z.string().nullable(),
  accountIds: z.array(z.string()),
  mode: z.enum(feedModes),
  /** The last read that worked (a 304 included); null: never read yet. */
  lastPolledAt: z.string().nullable(),
  /** When it is read next (null while paused). */
  nextPollAt: z.string().nullable(),
  /** Why the last read failed; after a read that worked, a note (posts the queue refused). */
  lastError: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  pausedAt: z.string().nullable(),
  pausedReason: z.enum(feedPauseReasons).nullable(),
  /** Items seen since the feed was added (each became posts, or was the archive before it). */
  itemsSeen: z.number().int(),
  /** Posts made from its items. */
  postsCreated: z.number().int(),
  createdAt: z.string(),
});
export type Feed = z.infer<typeof feed>;

export const feedList = z.object({
  feeds: z.array(feed),
  /** Feeds the workspace's plan allows: 0 none, null unlimited. */
  limit: z.number().int().nullable(),
  /** The cheapest plan with (more) RSS auto-posting, for the upgrade prompt. */
  planNeeded: z.enum(planIds),
});
export type FeedList = z.infer<typeof feedList>;
