import { setTimeout as sleep } from 'node:timers/promises';
import { platformLabels } from '../../../contracts/platforms';
import type { ThreadItem } from '../../../contracts/posts';
import type { AppContext } from '../../context';
import {
  type PublishedPost,
  RateLimitedError,
  TokenExpiredError,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../../integrations/social/social-provider';
import { AppError } from '../../lib/app-error';
import { shortenForPublishing } from '../links';
import { findMediaByIds, MediaGoneError, toPublishMedia } from '../media';
import { markNeedsReauth } from '../social-accounts';
import {
  findWorkspacePost,
  hasPendingFollowUps,
  listPostsWithPendingFollowUps,
  moveFirstComment,
  updateThread,
} from './post-follow-ups.repository';
import { type PublishTarget, resolvePublishTarget } from './publish-account';
import { publishDeadlineMs, withDeadline } from './publish-deadline';
import { messageOf } from './publish-rules';
import { findPostForPublishing, type PostRow } from './publishing.repository';

/*
 * The steps after a post is out (issue 24): the next posts of an X thread, each a reply to the one
 * before, then the first comment (X: the first reply). They run as a job of their own
 * (jobs/post-follow-ups.job.ts), queued when the post is recorded published, so that the post's
 * own state never waits on them and their failure never fails the post: each step has its own
 * state on the post (thread items, firstCommentStatus).
 *
 * Never doubled: a step is marked `sending` before the call; a runner that finds a step `sending`
 * knows a crash interrupted it (the queue runs one job per post at a time: policy 'stately') and
 * marks it failed with an unknown outcome instead of sending it again. A thread stops at its first
 * failed post; the rest stay pending, visibly.
 */

export const POST_FOLLOW_UPS_JOB = 'publish.follow-ups.v1';

type FollowUpContext = Pick<
  AppContext,
  'config' | 'database' | 'storage' | 'mediaSigner' | 'socialProviders' | 'tokenCipher' | 'log' | 'jobs'
>;

/** Puts the post's follow-ups on the queue; the sweep finds them if this fails. */
export async function queueFollowUps(ctx: Pick<AppContext, 'jobs' | 'log'>, postId: string): Promise<void> {
  try {
    await ctx.jobs.send(POST_FOLLOW_UPS_JOB, { postId }, { singletonKey: postId });
  } catch (error) {
    ctx.log.warn({ err: error, postId }, 'follow-ups not queued; the sweep will queue them');
  }
}

/** Queues the follow-ups of posts published in the last day that a lost job left undone. */
export async function sweepFollowUps(ctx: FollowUpContext, now = new Date()): Promise<number> {
  const ids = await listPostsWithPendingFollowUps(
    ctx.database.db,
    // Published over 2 minutes ago: a post just out has its own job on the way.
    { since: new Date(now.getTime() - 24 * 3_600_000), before: new Date(now.getTime() - 120_000) },
    200,
  );
  for (const id of ids) await queueFollowUps(ctx, id);
  return ids.length;
}

/** The follow-ups wait for a passing failure to pass; the job is tried again. */
class FollowUpsDeferredError extends Error {
  override name = 'FollowUpsDeferredError';
}

/** The publish verdict's own words say "the post was not published", which a follow-up's post was. */
const RECONNECT = (label: string) =>
  `${label} no longer accepts Kitepost's access: reconnect the account to send this.`;

const UNKNOWN_OUTCOME = (label: string) =>
  `Kitepost lost track of this while sending it to ${label}: look there before posting it again.`;

/**
 * "Retry the rest": the thread from its first failed post on, and a failed first comment, go back
 * to pending, and the follow-ups job runs them. A step Kitepost lost track of (UNKNOWN_OUTCOME)
 * may be on the platform already: it is sent again only when the user confirms. Answers how many
 * steps were put back.
 */
export async function retryFollowUps(
  ctx: Pick<AppContext, 'database' | 'jobs' | 'log'>,
  actor: { workspaceId: string },
  postId: string,
  options: { confirm?: boolean },
): Promise<number> {
  const db = ctx.database.db;
  const post = await findWorkspacePost(db, actor.workspaceId, postId);
  if (!post) throw new AppError('not_found', 'Post not found');
  if (post.status !== 'published') {
    throw new AppError('conflict', 'Only the follow-ups of a published post can be retried.');
  }
  const label = platformLabels[post.platform];
  const stopped = post.thread.findIndex((item) => item.status === 'failed');
  const threadFailed = stopped >= 0;
  const commentFailed = !!post.firstComment && post.firstCommentStatus === 'failed';
  if (!threadFailed && !commentFailed) throw new AppError('conflict', 'Nothing after this post failed.');
  const lostTrack = [
    threadFailed ? post.thread[stopped]?.error : null,
    commentFailed ? post.firstCommentError : null,
  ].includes(UNKNOWN_OUTCOME(label));
  if (lostTrack && !options.confirm) {
    throw new AppError(
      'confirmation_required',
      `Kitepost lost track of a step it sent to ${label}: it may be there already. Look there, then confirm to send it again.`,
    );
  }
  let retried = 0;
  if (threadFailed) {
    const next = post.thread.map((item, at) =>
      at >= stopped && item.status === 'failed' ? { ...item, status: 'pending' as const, error: null } : item,
    );
    retried += next.filter((item, at) => item !== post.thread[at]).length;
    if (!(await updateThread(db, post.id, post.thread, next))) {
      throw new AppError('conflict', 'The thread changed meanwhile: reload and try again.');
    }
  }
  if (commentFailed) {
    if (await moveFirstComment(db, post.id, 'failed', { status: 'pending', error: null })) retried++;
  }
  await queueFollowUps(ctx, post.id);
  return retried;
}

/** Runs the post's open follow-ups in order; does nothing for a post that has none. */
export async function runPostFollowUps(
  ctx: FollowUpContext,
  postId: string,
  now = new Date(),
): Promise<void> {
  const db = ctx.database.db;
  const post = await findPostForPublishing(db, postId);
  if (post?.status !== 'published' || !post.externalId || !hasPendingFollowUps(post)) return;
  const label = platformLabels[post.platform];
  const resolved = await resolvePublishTarget(ctx, post, {
    attemptNumber: 1,
    now,
    // The post's own window (the missed threshold) does not bound its follow-ups: a passing
    // failure is tried again for as long as the sweep looks (a day after publishing).
    missedAfterMs: Number.POSITIVE_INFINITY,
  });
  const target = 'target' in resolved ? resolved.target : null;
  const verdict = 'verdict' in resolved ? resolved.verdict : null;
  const refusal = verdict
    ? verdict.kind === 'fail' && verdict.errorKind === 'needs_reauth'
      ? RECONNECT(label)
      : verdict.message
    : target?.provider.publishReply
      ? null
      : `${label} takes no replies from Kitepost.`;
  /**
   * What a step that needs the platform meets without a target: a verdict that says "retry later"
   * (the token endpoint answered 5xx or timed out: a refresh creates nothing, so trying again is
   * safe) leaves the steps pending and throws, so that pg-boss retries the job and the sweep finds
   * it after that, as the publish job does with the same verdict; a final one (reconnect the
   * account, no account) fails the step, saying why.
   */
  const stopOrWait = (): string | null => {
    if (verdict?.kind === 'retry') throw new FollowUpsDeferredError(verdict.message);
    return refusal;
  };
  // The thread's items and the comment carry the short links the post's attempt made (found again).
  const shortened = await shortenForPublishing(ctx, post);
  let parent = post.externalId;
  let thread = post.thread;
  for (const [index, item] of thread.entries()) {
    if (item.status === 'published' && item.externalId) {
      parent = item.externalId;
      continue;
    }
    if (item.status === 'failed') break;
    const set = async (next: ThreadItem) => {
      const updated = thread.map((one, at) => (at === index ? next : one));
      const moved = await updateThread(db, post.id, thread, updated);
      if (moved) thread = updated;
      return moved;
    };
    if (item.status === 'sending') {
      await set({ ...item, status: 'failed', error: UNKNOWN_OUTCOME(label) });
      break;
    }
    if (refusal || !target) {
      await set({ ...item, status: 'failed', error: stopOrWait() });
      break;
    }
    if (!(await set({ ...item, status: 'sending' }))) return;
    const outcome = await sendReply(ctx, target, post, {
      parent,
      text: shortened.rewrite(item.content).text,
      mediaIds: item.mediaIds,
    });
    if (!outcome.ok) {
      await set({ ...item, status: 'failed', error: outcome.error });
      break;
    }
    await set({
      ...item,
      status: 'published',
      externalId: outcome.published.externalId,
      url: outcome.published.url,
      error: null,
    });
    parent = outcome.published.externalId;
  }

  if (post.firstComment && (post.firstCommentStatus === 'pending' || post.firstCommentStatus === 'sending')) {
    if (post.firstCommentStatus === 'sending') {
      await moveFirstComment(db, post.id, 'sending', { status: 'failed', error: UNKNOWN_OUTCOME(label) });
      return;
    }
    if (refusal || !target) {
      await moveFirstComment(db, post.id, 'pending', { status: 'failed', error: stopOrWait() });
      return;
    }
    if (!(await moveFirstComment(db, post.id, 'pending', { status: 'sending' }))) return;
    const outcome = await sendReply(ctx, target, post, {
      parent: post.externalId,
      text: shortened.rewrite(post.firstComment).text,
      mediaIds: [],
    });
    await moveFirstComment(
      db,
      post.id,
      'sending',
      outcome.ok
        ? {
            status: 'posted',
            externalId: outcome.published.externalId,
            url: outcome.published.url,
            error: null,
          }
        : { status: 'failed', error: outcome.error },
    );
  }
}

/** Tries a network that said "busy" or "not now" this often, a few seconds apart, before giving up. */
const REPLY_TRIES = 3;
const REPLY_RETRY_MS = [2_000, 5_000];
/** A rate limit that lifts within this is waited for; a longer one fails the step. */
const RATE_LIMIT_WAIT_MS = 60_000;

type ReplyOutcome = { ok: true; published: PublishedPost } | { ok: false; error: string };

async function sendReply(
  ctx: FollowUpContext,
  target: PublishTarget,
  post: PostRow,
  reply: { parent: string; text: string; mediaIds: string[] },
): Promise<ReplyOutcome> {
  const label = platformLabels[post.platform];
  const { account, provider, tokens } = target;
  const rows = await findMediaByIds(ctx.database.db, post.workspaceId, reply.mediaIds);
  if (rows.length !== reply.mediaIds.length) {
    return { ok: false, error: 'An attached image or video no longer exists: attach it again.' };
  }
  const urls = { appUrl: ctx.config.appUrl, signer: ctx.mediaSigner, now: new Date() };
  const media = rows.map((row) => toPublishMedia(row, ctx.storage, urls));
  const video = rows.some((row) => row.kind === 'video');
  const deadlineMs = publishDeadlineMs(
    video ? ctx.config.publishing.videoLeaseMs : ctx.config.publishing.leaseMs,
  );
  for (let tryNumber = 1; ; tryNumber++) {
    try {
      const call = provider.publishReply?.(tokens, {
        account: { externalId: account.externalId, username: account.username },
        parentExternalId: reply.parent,
        text: reply.text,
        media,
      });
      if (!call) return { ok: false, error: `${label} takes no replies from Kitepost.` };
      return { ok: true, published: await withDeadline(call, deadlineMs, post.platform) };
    } catch (error) {
      if (error instanceof MediaGoneError) return { ok: false, error: error.message };
      if (error instanceof UnknownOutcomeError) return { ok: false, error: UNKNOWN_OUTCOME(label) };
      if (error instanceof TokenExpiredError) {
        await markNeedsReauth(ctx, account, `${label} no longer accepts Kitepost's access.`);
        return { ok: false, error: RECONNECT(label) };
      }
      const waitMs =
        error instanceof TransientPlatformError
          ? (REPLY_RETRY_MS[tryNumber - 1] ?? 0)
          : error instanceof RateLimitedError && error.resetAt
            ? error.resetAt.getTime() - Date.now()
            : null;
      if (waitMs === null || tryNumber >= REPLY_TRIES || waitMs > RATE_LIMIT_WAIT_MS) {
        return { ok: false, error: messageOf(error) };
      }
      await sleep(Math.max(0, waitMs));
    }
  }
}
