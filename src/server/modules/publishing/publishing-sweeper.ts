import { publishedText } from '../../../contracts/post-text';
import { publishingMessages } from '../../../contracts/publishing';
import type { AppContext } from '../../context';
import { shortenForPublishing } from '../links';
import { resolvePublishTarget } from './publish-account';
import { failPost, type PublishOutcome, reconcileAttempt, retryLater } from './publish-outcomes';
import { PUBLISH_POLL_SECONDS } from './publish-queue';
import { findAttempt, listOverduePosts, type PostRow, takeAbandonedPosts } from './publishing.repository';
import { publishPost } from './publishing.service';
import { clockFrom } from './publishing-worker';

/*
 * The safety net under the queue, run by every worker process: posts whose worker died mid-call
 * (lease run out) are reconciled, and scheduled posts whose job is late or lost are published
 * directly. The conditional claim makes this safe against the job running at the same moment.
 */

/** Posts taken per kind per sweep. */
const SWEEP_BATCH = 200;

/** A scheduled post this late has no live job: about two polls of the queue, and a margin. */
export const OVERDUE_GRACE_MS = 2 * PUBLISH_POLL_SECONDS * 1000 + 2_000;

const WORKER_LOST = 'The worker publishing this post stopped before the platform answered.';

export interface SweepReport {
  /** Abandoned attempts reconciled (or failed as unknown). */
  abandoned: number;
  /** Overdue scheduled posts published here (or found changed, missed, failed). */
  overdue: number;
}

/**
 * One sweep. `now` is for tests; the sweeper's own runs use the clock, and so does each post it
 * publishes (a post may wait for a free slot).
 */
export async function sweepPublishing(ctx: AppContext, now?: Date): Promise<SweepReport> {
  const clock = () => now ?? new Date();
  const db = ctx.database.db;
  const { leaseMs } = ctx.config.publishing;
  const start = clock();
  const abandoned = await takeAbandonedPosts(db, {
    now: start,
    leaseUntil: new Date(start.getTime() + leaseMs),
    limit: SWEEP_BATCH,
  });
  await Promise.all(
    abandoned.map((post) =>
      ctx.publishingSlots.posts.run(() => guard(ctx, post.id, () => recoverAbandoned(ctx, post, clock()))),
    ),
  );
  // Only as many at a time as this process has idle slots for: while its slots are busy with jobs
  // the queue is being worked, and sweeping would only race those jobs; once they are done,
  // whatever a dead worker held (or a lost job left behind) is picked up here.
  let overdue = 0;
  while (overdue < SWEEP_BATCH) {
    const room = Math.min(SWEEP_BATCH - overdue, ctx.publishingSlots.posts.free());
    if (room === 0) break;
    const due = await listOverduePosts(db, {
      dueBefore: new Date(clock().getTime() - OVERDUE_GRACE_MS),
      limit: room,
    });
    await Promise.all(
      due.map((post) =>
        ctx.publishingSlots.posts.run(() =>
          guard(ctx, post.id, () =>
            publishPost(ctx, { postId: post.id, version: post.publishVersion }, clock()),
          ),
        ),
      ),
    );
    overdue += due.length;
    if (due.length < room) break;
  }
  return { abandoned: abandoned.length, overdue };
}

async function guard(ctx: Pick<AppContext, 'log'>, postId: string, task: () => Promise<PublishOutcome>) {
  try {
    return await task();
  } catch (error) {
    ctx.log.error(
      { err: error, postId },
      'publishing sweep: the post could not be handled; next sweep retries',
    );
    return undefined;
  }
}

/**
 * A post whose worker stopped mid-attempt: its `started` attempt may or may not have reached the
 * platform, so it is reconciled like an unknown outcome, never re-sent blindly.
 */
async function recoverAbandoned(
  ctx: Pick<AppContext, 'config' | 'database' | 'socialProviders' | 'tokenCipher' | 'jobs' | 'mail' | 'log'>,
  post: PostRow,
  start: Date,
): Promise<PublishOutcome> {
  const clock = clockFrom(start);
  const attempt = await findAttempt(ctx.database.db, post.id, post.attemptCount);
  // The attempt row is written before the platform is called: without it, nothing was sent.
  if (!attempt) {
    return retryLater(
      ctx,
      post,
      null,
      { at: clock(), errorKind: 'worker_lost', message: WORKER_LOST },
      clock(),
    );
  }
  const resolved = await resolvePublishTarget(ctx, post, {
    attemptNumber: attempt.number,
    now: clock(),
    missedAfterMs: ctx.config.publishing.missedAfterMs,
  });
  if ('verdict' in resolved) {
    // Without the account the platform cannot be asked; the user checks.
    return failPost(
      ctx,
      post,
      attempt,
      {
        outcome: 'unknown',
        errorKind: 'worker_lost',
        message: `${WORKER_LOST} ${resolved.verdict.message}`,
        reason: publishingMessages.outcomeUnknown,
      },
      clock(),
    );
  }
  // The text the attempt sent: with the short links it was given (found again, not made anew).
  const shortened = await shortenForPublishing(ctx, post);
  return reconcileAttempt(
    ctx,
    {
      post,
      attempt,
      target: resolved.target,
      text: shortened.rewrite(publishedText(post.content, post.hashtags)).text,
    },
    { errorKind: 'worker_lost', message: WORKER_LOST },
    clock(),
  );
}

export interface PublishingSweeper {
  stop(): Promise<void>;
}

/** Sweeps now, then every `config.publishing.sweepMs`, until stopped (worker processes). */
export function startPublishingSweeper(ctx: AppContext): PublishingSweeper {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = sweepPublishing(ctx)
      .then((report) => {
        if (report.abandoned + report.overdue > 0) ctx.log.info(report, 'publishing sweep');
      })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'publishing sweep failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, ctx.config.publishing.sweepMs).unref();
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
