import { z } from 'zod';

/**
 * What one publishing attempt ended in. `started` is written before the platform is called, so an
 * attempt whose worker died mid-call is still on record (and is reconciled).
 */
export const attemptOutcomes = [
  'started',
  'published',
  /** Proven that nothing was created; another attempt follows at `nextAttemptAt`. */
  'retrying',
  'failed',
  /** Sent, but no answer: reconciled with the platform, or surfaced to the user. */
  'unknown',
  /** An unknown outcome the platform later confirmed as published. */
  'reconciled',
  'missed',
] as const;
export const attemptOutcome = z.enum(attemptOutcomes);
export type AttemptOutcome = z.infer<typeof attemptOutcome>;

/** Why an attempt did not publish; decides whether it is retried (architecture §5). */
export const publishErrorKinds = [
  'rate_limited',
  'server_error',
  'network',
  'token_expired',
  'needs_reauth',
  'invalid_content',
  'unknown_outcome',
  'no_account',
  'missed',
  'worker_lost',
  'platform_error',
] as const;
export const publishErrorKind = z.enum(publishErrorKinds);
export type PublishErrorKind = z.infer<typeof publishErrorKind>;

export const publishAttempt = z.object({
  id: z.string(),
  attemptNumber: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  outcome: attemptOutcome,
  errorKind: publishErrorKind.nullable(),
  message: z.string().nullable(),
});
export type PublishAttempt = z.infer<typeof publishAttempt>;

/** The reasons a user reads on a failed or missed post. */
export const publishingMessages = {
  outcomeUnknown: 'outcome unknown — check your account before retrying',
  noAccount: 'no connected account',
  needsReauth: (platformLabel: string) =>
    `Your ${platformLabel} account needs to be reconnected; the post was not published.`,
  missed: (hours: number) =>
    `Missed: Kitepost was not running at the scheduled time and did not publish it more than ${hours} h late. Choose a new time or retry.`,
  gaveUp: (attempts: number, last: string) => `Not published after ${attempts} attempts: ${last}`,
  accountBusy: (platformLabel: string) =>
    `Kitepost was already sending several posts to this ${platformLabel} account; it tries again shortly.`,
  limitedPastWindow: (last: string, hours: number) =>
    `Not published: ${last} Kitepost publishes a post at most ${hours} h after its scheduled time, so it did not wait. Choose a new time or retry.`,
} as const;

/**
 * `POST /api/posts/:id/follow-ups/retry`: the failed steps after a published post (the thread from
 * its first failed post on, a failed first comment) go back to waiting and are sent again.
 * `confirm`: a step Kitepost lost track of may be on the platform already; it is sent again only
 * when the user confirms (else `confirmation_required`).
 */
export const retryFollowUpsBody = z.object({ confirm: z.boolean().optional() }).strict();
export type RetryFollowUpsBody = z.infer<typeof retryFollowUpsBody>;
export const retryFollowUpsResponse = z.object({
  /** Thread posts and first comment put back to waiting. */
  retried: z.number().int().nonnegative(),
});
