import type { WorkspaceRole } from '../../../contracts/auth';
import { type Post, postMessages } from '../../../contracts/posts';
import {
  type ApprovePostBody,
  type PostComment,
  type RequestChangesBody,
  teamMessages,
} from '../../../contracts/team';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { actorNameOf } from '../activity';
import {
  assertReadyToQueue,
  type PostActor,
  type PostRow,
  requirePost,
  toPost,
  updateUnlockedPost,
} from '../posts';
import { queuePublish } from '../publishing';
import {
  announceApproval,
  announceChangesRequested,
  announceComment,
  type NoticeDeps,
} from './approval-notices';
import { type ApprovalMode, approvalModeOf, approvalTime } from './approval-rules';
import { findApprovalSetting, findPersonNames } from './approvals.repository';
import {
  type CommentWithAuthorRow,
  insertComment,
  listCommenterIds,
  listCommentsOf,
} from './comments.repository';

/*
 * The approval workflow (issue 10 §2): with approvals on, an editor's schedule leaves a post
 * pending_approval (posts.service asks approvalModeFor); an approver, admin or owner lets it go
 * out (approve: scheduled with its publish job) or sends it back (request changes: draft, with the
 * comment). Route permissions (posts.approve, posts.comment) are checked by plugins/permissions.ts.
 */

export interface ApprovalDeps extends NoticeDeps {
  jobs: JobQueue;
}

/** How the workflow treats this member's schedules now (see approvalModeOf). */
export async function approvalModeFor(
  db: Db,
  actor: { workspaceId: string; role: WorkspaceRole },
): Promise<ApprovalMode> {
  const setting = await findApprovalSetting(db, actor.workspaceId);
  if (!setting) throw new AppError('not_found', 'Workspace not found');
  return approvalModeOf({ ...setting, role: actor.role });
}

/**
 * Schedules a pending post: at the planned time, or the one the approver gives when that has
 * passed. The post is checked as scheduling checks it. Approving does not depend on the workflow
 * being on: posts left pending when approvals were turned off, or the plan dropped, can still go.
 */
export async function approvePost(
  deps: ApprovalDeps,
  actor: PostActor,
  id: string,
  body: ApprovePostBody,
  now = new Date(),
): Promise<Post> {
  const { db } = deps;
  const seen = seenVersion(body.expectedUpdatedAt);
  const current = await requirePending(db, actor, id, seen);
  const time = approvalTime(body.scheduledAt, current.scheduledAt, now);
  if ('problem' in time) throw new AppError('bad_request', time.problem);
  await assertReadyToQueue(db, actor, current, current.socialAccountId, deps);
  // Only while still pending, and still the version the approver saw: of two approvers approving
  // at once, one schedules and queues the job; an edit landing meanwhile is not approved unseen.
  const row = await updateUnlockedPost(
    db,
    actor.workspaceId,
    id,
    {
      status: 'scheduled',
      scheduledAt: time.at,
      approvedByUserId: actor.userId,
      approvedAt: now,
      failureReason: null,
      nextAttemptAt: null,
    },
    { newVersion: true, onlyFrom: ['pending_approval'], unchangedSince: seen },
  );
  if (!row) throw await refusalAfterRace(db, actor, id);
  await queuePublish(deps, row, time.at);
  await recordApproval(deps, actor, row, time.at, body.comment?.trim() || undefined);
  return toPost(row);
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

/**
 * What an approval leaves behind, however the post was let through (Approve, or an approver
 * scheduling a pending post themselves): an 'Approved' line in its thread, the feed's line, and the
 * submitter's notice.
 */
export async function recordApproval(
  deps: NoticeDeps,
  actor: PostActor,
  row: PostRow,
  at: Date,
  note: string | undefined,
): Promise<void> {
  await insertComment(deps.db, {
    workspaceId: actor.workspaceId,
    postId: row.id,
    authorUserId: actor.userId,
    kind: 'approved',
    body: note ?? 'Approved',
  });
  await announceApproval(deps, actor, row, at, note);
}

/**
 * Sends a pending post back to its writer as a draft. Its planned time stays, so the editor sees
 * when it was meant to go out; the comment says what to change.
 */
export async function requestChanges(
  deps: ApprovalDeps,
  actor: PostActor,
  id: string,
  { comment, expectedUpdatedAt }: RequestChangesBody,
): Promise<Post> {
  const { db } = deps;
  // Like approving: the comment is about the version the approver read, so a newer one (perhaps
  // already changed as asked) is shown to them again rather than sent back unseen.
  const seen = seenVersion(expectedUpdatedAt);
  await requirePending(db, actor, id, seen);
  const row = await updateUnlockedPost(
    db,
    actor.workspaceId,
    id,
    { status: 'draft', approvedByUserId: null, approvedAt: null, publishJobId: null },
    { newVersion: true, onlyFrom: ['pending_approval'], unchangedSince: seen },
  );
  if (!row) throw await refusalAfterRace(db, actor, id);
  await insertComment(db, {
    workspaceId: actor.workspaceId,
    postId: id,
    authorUserId: actor.userId,
    kind: 'changes_requested',
    body: comment,
  });
  await announceChangesRequested(deps, actor, row, comment);
  return toPost(row);
}

export async function listPostComments(db: Db, actor: PostActor, postId: string): Promise<PostComment[]> {
  await requirePost(db, actor, postId);
  const rows = await listCommentsOf(db, actor.workspaceId, postId);
  return rows.map(toComment);
}

export async function addPostComment(
  deps: NoticeDeps,
  actor: PostActor,
  postId: string,
  body: string,
): Promise<PostComment> {
  const { db } = deps;
  const post = await requirePost(db, actor, postId);
  const earlier = await listCommenterIds(db, actor.workspaceId, postId);
  const row = await insertComment(db, {
    workspaceId: actor.workspaceId,
    postId,
    authorUserId: actor.userId,
    kind: 'comment',
    body,
  });
  await announceComment(deps, actor, post, body, earlier);
  const names = await findPersonNames(db, actor.userId);
  return toComment({ ...row, ...(names ?? noNames) });
}

const noNames = { actorFirstName: null, actorLastName: null, actorName: null, actorEmail: null };

function toComment(row: CommentWithAuthorRow): PostComment {
  return {
    id: row.id,
    postId: row.postId,
    kind: row.kind,
    body: row.body,
    authorUserId: row.authorUserId,
    // A deleted author leaves no name (and no id): the UI says so.
    authorName: row.authorUserId ? actorNameOf(row) : null,
    createdAt: row.createdAt.toISOString(),
  };
}
