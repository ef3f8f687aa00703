import { type Post, postMessages } from '../../../contracts/posts';
import {
  type ApprovePostBody,
  type PostComment,
  type RequestChangesBody,
  teamMessages,
} from '../../../contracts/team';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { addComment, approvalTime, listComments, recordApproval, recordChangesRequest } from '../approvals';
import { queuePublish } from '../publishing';
import { emitPostEvent } from '../webhooks';
import { assertReadyToQueue, type PostActor, requirePost } from './post-checks';
import { toPost } from './post-view';
import { isQueuePaused, updateUnlockedPost } from './posts.repository';

/*
 * What an approver does to a post (issue 10 §2), and the post's comment thread. The rules, the
 * thread and the notices are the approvals module's; the post's changes are this module's.
 */

/**
 * Schedules a pending post: at the planned time, or the one the approver gives when that has
 * passed. The post is checked as scheduling checks it. Approving does not depend on the workflow
 * being on: posts left pending when approvals were turned off, or the plan dropped, can still go.
 */
export async function approvePost(
  ctx: Pick<AppContext, 'database' | 'jobs' | 'mail' | 'config' | 'log'>,
  actor: PostActor,
  id: string,
  body: ApprovePostBody,
  now = new Date(),
): Promise<Post> {
  const db = ctx.database.db;
  const seen = seenVersion(body.expectedUpdatedAt);
  const current = await requirePending(db, actor, id, seen);
  const time = approvalTime(body.scheduledAt, current.scheduledAt, now);
  if ('problem' in time) throw new AppError('bad_request', time.problem);
  await assertReadyToQueue(db, actor, current, current.socialAccountId, ctx.config);
  const keepsSlot = current.queueSlotAt !== null && time.at.getTime() === current.queueSlotAt.getTime();
  // In a paused queue the approved post holds its place, publishing nothing until the queue resumes.
  const held =
    keepsSlot && current.socialAccountId !== null
      ? await isQueuePaused(db, actor.workspaceId, current.socialAccountId)
      : false;
  // Only while still pending, and still the version the approver saw: of two approvers approving
  // at once, one schedules and queues the job; an edit landing meanwhile is not approved unseen.
  const row = await updateUnlockedPost(
    db,
    actor.workspaceId,
    id,
    {
      status: held ? 'draft' : 'scheduled',
      scheduledAt: time.at,
      // A new time the approver gives is the post's own: it leaves its account's queue.
      ...(keepsSlot ? {} : { queueSlotAt: null }),
      approvedByUserId: actor.userId,
      approvedAt: now,
      failureReason: null,
      nextAttemptAt: null,
    },
    { newVersion: true, onlyFrom: ['pending_approval'], unchangedSince: seen },
  );
  if (!row) throw await refusalAfterRace(db, actor, id);
  if (!held) await queuePublish(ctx, row, time.at);
  await recordApproval(ctx, actor, row, time.at, body.comment?.trim() || undefined);
  if (!held) await emitPostEvent(ctx, 'post.scheduled', [row]);
  return toPost(row);
}

/**
 * Sends a pending post back to its writer as a draft. Its planned time stays, so the editor sees
 * when it was meant to go out; the comment says what to change.
 */
export async function requestChanges(
  ctx: Pick<AppContext, 'database' | 'mail' | 'config' | 'log' | 'jobs'>,
  actor: PostActor,
  id: string,
  { comment, expectedUpdatedAt }: RequestChangesBody,
): Promise<Post> {
  const db = ctx.database.db;
  // Like approving: the comment is about the version the approver read, so a newer one (perhaps
  // already changed as asked) is shown to them again rather than sent back unseen.
  const seen = seenVersion(expectedUpdatedAt);
  await requirePending(db, actor, id, seen);
  const row = await updateUnlockedPost(
    db,
    actor.workspaceId,
    id,
    // Back to its writer: it leaves its account's queue, and joins one again when scheduled.
    { status: 'draft', queueSlotAt: null, approvedByUserId: null, approvedAt: null, publishJobId: null },
    { newVersion: true, onlyFrom: ['pending_approval'], unchangedSince: seen },
  );
  if (!row) throw await refusalAfterRace(db, actor, id);
  await recordChangesRequest(ctx, actor, row, comment);
  return toPost(row);
}

export async function listPostComments(db: Db, actor: PostActor, postId: string): Promise<PostComment[]> {
  await requirePost(db, actor, postId);
  return listComments(db, actor.workspaceId, postId);
}

export async function addPostComment(
  ctx: Pick<AppContext, 'database' | 'mail' | 'config' | 'log'>,
  actor: PostActor,
  postId: string,
  body: string,
): Promise<PostComment> {
  const post = await requirePost(ctx.database.db, actor, postId);
  return addComment(ctx, actor, post, body);
}

const seenVersion = (expectedUpdatedAt: string | undefined) =>
  expectedUpdatedAt === undefined ? undefined : new Date(expectedUpdatedAt);

/** The post, waiting for approval and (when the reviewer said which) as the reviewer saw it. */
async function requirePending(db: Db, actor: PostActor, id: string, seen: Date | undefined) {
  const current = await requirePost(db, actor, id);
  if (current.status !== 'pending_approval') throw new AppError('conflict', teamMessages.notPendingApproval);
  if (seen && current.updatedAt.getTime() !== seen.getTime()) {
    throw new AppError('conflict', postMessages.changedSinceOpened);
  }
  return current;
}

/** Why the conditional update matched nothing: answered, or changed, after the check above. */
async function refusalAfterRace(db: Db, actor: PostActor, id: string): Promise<AppError> {
  const now = await requirePost(db, actor, id);
  return new AppError(
    'conflict',
    now.status === 'pending_approval' ? postMessages.changedSinceOpened : teamMessages.notPendingApproval,
  );
}
