import { z } from 'zod';

/*
 * Evergreen recycling (issue 25 deliver 3): posts marked evergreen are queued again, as copies,
 * when their account's queue runs dry; never one within the account's minimum gap of its last
 * time out (decision 072).
 */

export const MIN_EVERGREEN_GAP_DAYS = 1;
export const MAX_EVERGREEN_GAP_DAYS = 365;
export const DEFAULT_EVERGREEN_GAP_DAYS = 30;

/** `GET/PUT /api/queue/evergreen?accountId=`: which account's setting. */
export const evergreenQuery = z.object({ accountId: z.uuid({ message: 'Not an account id' }) });

/** One account's recycling setting. */
export const evergreenSettings = z.object({
  enabled: z.boolean(),
  /** An evergreen post is not queued again within this many days of its last time out. */
  minGapDays: z
    .number()
    .int('Whole days only')
    .min(MIN_EVERGREEN_GAP_DAYS, `At least ${MIN_EVERGREEN_GAP_DAYS} day`)
    .max(MAX_EVERGREEN_GAP_DAYS, `At most ${MAX_EVERGREEN_GAP_DAYS} days`),
  /** Queue an AI-rewritten variant rather than the same text (X refuses identical text). */
  rewrite: z.boolean(),
});
export type EvergreenSettings = z.infer<typeof evergreenSettings>;

/** The answer: the setting and the account's evergreen posts, so the card can say what it recycles. */
export const evergreenSettingsResponse = evergreenSettings.extend({
  accountId: z.string(),
  evergreenPosts: z.number().int(),
});
export type EvergreenSettingsResponse = z.infer<typeof evergreenSettingsResponse>;

/** `PUT /api/posts/:id/evergreen`. */
export const postEvergreenBody = z.object({ evergreen: z.boolean() });

export const defaultEvergreenSettings: EvergreenSettings = {
  enabled: false,
  minGapDays: DEFAULT_EVERGREEN_GAP_DAYS,
  rewrite: false,
};
