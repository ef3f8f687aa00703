import type { NotificationKind } from '../../../contracts/notifications';
import { platformLabels } from '../../../contracts/platforms';
import { type PublishErrorKind, publishingMessages } from '../../../contracts/publishing';
import type { AppContext } from '../../context';
import { notifyWorkspace } from '../notifications';
import { emitPostEvent } from '../webhooks';
import { hasPendingFollowUps } from './post-follow-ups.repository';
import { queueFollowUps } from './post-follow-ups.service';
import type { PublishTarget } from './publish-account';
import { publishBatchers } from './publish-batching';
import { queuePublish } from './publish-queue';
import { afterBackoff, MAX_ATTEMPTS, messageOf, retryOrGiveUp, type Verdict } from './publish-rules';
import {
  type AttemptRef,
  attemptInRound,
  type PostRow,
  recordFailed,
  recordRetry,
} from './publishing.repository';
import { clockFrom } from './publishing-worker';

/*
 * How an attempt ends once it is known: published, retried later, failed (with the user told), or
 * reconciled with the platform when the outcome is unknown. Shared by the job and the sweeper.
 */

/** What one call of the engine did with a post. */
export type PublishOutcome =
  | 'published'
  | 'reconciled'
  | 'retrying'
  | 'failed'
  | 'unknown'
  | 'missed'
  | 'skipped';

/** Reconciliation looks for the post from this long before the attempt started (clocks differ). */
const RECONCILE_SKEW_MS = 60_000;

/** An attempt that reached the platform (or may have): what reconciliation needs. */
export interface SentAttempt {
  post: PostRow;
  attempt: AttemptRef;
  target: PublishTarget;
  text: string;
}

export async function recordSuccess(
  ctx: Pick<AppContext, 'database' | 'log' | 'jobs'>,
  sent: SentAttempt,
  published: { externalId: string; url: string | null },
  how: {
    outcome: 'published' | 'reconciled';
    publishedAt: Date;
    now: Date;
    errorKind?: PublishErrorKind;
    message?: string;
  },
): Promise<void> {
  const { post, attempt, target } = sent;
  const recorded = await publishBatchers(ctx.database.db).recordPublished({
    postId: post.id,
    attempt,
    accountId: target.account.id,
    externalId: published.externalId,
    externalUrl: published.url,
    publishedAt: how.publishedAt,
    outcome: how.outcome,
    errorKind: how.errorKind ?? null,
    message: how.message ?? null,
    now: how.now,
    feedSummary: `Post published on ${platformLabels[post.platform]} as @${target.account.username}`,
  });
  if (!recorded) {
    ctx.log.warn(
      { postId: post.id, attempt: attempt.number, externalId: published.externalId },
      'a post was published but had moved on meanwhile (another attempt took it)',
    );
    return;
  }
  // The next posts of a thread and the first comment go out as steps of their own.
  if (hasPendingFollowUps(post)) await queueFollowUps(ctx, post.id);
  await emitPostEvent(ctx, 'post.published', [
    {
      ...post,
      status: 'published',
      publishedAt: how.publishedAt,
      externalUrl: published.url,
      failureReason: null,
    },
  ]);
}

/** Back to scheduled at `at`, as a new version with its own job. */
export async function retryLater(
  ctx: Pick<AppContext, 'database' | 'jobs' | 'log'>,
  post: PostRow,
  attempt: AttemptRef | null,
  retry: { at: Date; errorKind: PublishErrorKind; message: string },
  now: Date,
): Promise<PublishOutcome> {
  const row = await recordRetry(ctx.database.db, { postId: post.id, attempt, ...retry, now });
  if (row) await queuePublish(ctx, row, retry.at);
  return 'retrying';
}

/** The post fails with `reason`, and the workspace is told. */
export async function failPost(
  ctx: Pick<AppContext, 'config' | 'database' | 'jobs' | 'mail' | 'log'>,
  post: PostRow,
  attempt: AttemptRef | null,
  failure: { outcome: 'failed' | 'unknown'; errorKind: PublishErrorKind; message: string; reason: string },
  now: Date,
): Promise<PublishOutcome> {
  const row = await recordFailed(ctx.database.db, { postId: post.id, attempt, ...failure, now });
  if (row) await tellWorkspace(ctx, row, 'post_failed', failure.reason);
  return failure.outcome;
}

/** Ends an attempt with a decided verdict that needs no further call to the platform. */
export async function settle(
  ctx: Pick<AppContext, 'config' | 'database' | 'jobs' | 'mail' | 'log'>,
  post: PostRow,
  attempt: AttemptRef | null,
  verdict: Verdict,
  now: Date,
): Promise<PublishOutcome> {
  if (verdict.kind === 'retry') return retryLater(ctx, post, attempt, verdict, now);
  return failPost(ctx, post, attempt, { outcome: 'failed', ...verdict }, now);
}

/**
 * After an unknown outcome: asks the platform whether the post exists. Found: published
 * (`reconciled`). Proven absent: `ifAbsent`, by default another attempt after a backoff. The
 * platform cannot tell (no way to ask, or asking failed): the post fails as outcome unknown, for
 * the user to check, never re-sent blindly.
 */
export async function reconcileAttempt(
  ctx: Pick<AppContext, 'config' | 'database' | 'jobs' | 'mail' | 'log'>,
  sent: SentAttempt,
  cause: { errorKind: PublishErrorKind; message: string; hint?: Record<string, string> },
  start: Date,
  ifAbsent?: Verdict,
): Promise<PublishOutcome> {
  const clock = clockFrom(start);
  const { post, attempt, target } = sent;
  const label = platformLabels[post.platform];
  const unknown = (message: string) =>
    failPost(
      ctx,
      post,
      attempt,
      { outcome: 'unknown', errorKind: cause.errorKind, message, reason: publishingMessages.outcomeUnknown },
      clock(),
    );
  if (!target.provider.findPublished)
    return unknown(`${cause.message} ${label} cannot be asked whether it exists.`);

  let found: Awaited<ReturnType<NonNullable<typeof target.provider.findPublished>>>;
  try {
    found = await target.provider.findPublished(target.tokens, {
      account: { externalId: target.account.externalId, username: target.account.username },
      text: sent.text,
      since: new Date(attempt.startedAt.getTime() - RECONCILE_SKEW_MS),
      ...(cause.hint ? { hint: cause.hint } : {}),
    });
  } catch (error) {
    return unknown(`${cause.message} Asking ${label} whether it exists failed: ${messageOf(error)}`);
  }
  if (found) {
    // The platform created it during this attempt: its time is the attempt's, not the check's.
    await recordSuccess(ctx, sent, found, {
      outcome: 'reconciled',
      publishedAt: attempt.startedAt,
      now: clock(),
      errorKind: cause.errorKind,
      message: `${cause.message} ${label} has the post: it was published.`,
    });
    return 'reconciled';
  }
  const now = clock();
  const round = ifAbsent ? 0 : await attemptInRound(ctx.database.db, post.id, attempt.number, MAX_ATTEMPTS);
  const next =
    ifAbsent ??
    retryOrGiveUp(
      cause.errorKind,
      `${cause.message} ${label} has no such post: it was not created.`,
      // A worker that died says nothing about the platform: no reason to wait before sending again.
      cause.errorKind === 'worker_lost' ? now : afterBackoff({ attemptNumber: round, now }),
      {
        attemptNumber: round,
        now,
        scheduledAt: post.scheduledAt ?? now,
        missedAfterMs: ctx.config.publishing.missedAfterMs,
        platformLabel: label,
      },
    );
  return settle(ctx, post, attempt, next, now);
}

/**
 * One notification per member (and its email), and the event to the workspace's webhooks; a
 * failure to notify never undoes the outcome.
 */
export async function tellWorkspace(
  ctx: Pick<AppContext, 'config' | 'database' | 'jobs' | 'mail' | 'log'>,
  post: PostRow,
  kind: Extract<NotificationKind, 'post_failed' | 'post_missed'>,
  reason: string,
): Promise<void> {
  const label = platformLabels[post.platform];
  try {
    await notifyWorkspace(ctx, {
      workspaceId: post.workspaceId,
      kind,
      title: kind === 'post_missed' ? `${label} post missed` : `${label} post not published`,
      body: `“${excerpt(post.content)}”: ${reason}`,
      link: `/calendar?post=${post.id}`,
      postId: post.id,
    });
  } catch (error) {
    ctx.log.error({ err: error, postId: post.id, kind }, 'the workspace could not be told about its post');
  }
  await emitPostEvent(ctx, kind === 'post_missed' ? 'post.missed' : 'post.failed', [post]);
}

function excerpt(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
