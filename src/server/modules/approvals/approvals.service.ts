import type { WorkspaceRole } from '../../../contracts/auth';
import type { PostComment } from '../../../contracts/team';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { actorNameOf } from '../activity';
import { type Actor, announceApproval, announceChangesRequested, announceComment } from './approval-notices';
import { type ApprovalMode, approvalModeOf } from './approval-rules';
import { findApprovalSetting, findPersonNames, type PostRow } from './approvals.repository';
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
 * comment). The posts module changes the post and calls this module for the rules, the post's
 * thread and the notices (posts/post-approvals.service.ts); this module never changes a post, so
 * it does not depend on posts (decision 050). Route permissions (posts.approve, posts.comment) are
 * checked by plugins/permissions.ts.
 */

/** Telling people: the database, the mail port, the app's URL for links, the log. */
type Notifier = Pick<AppContext, 'database' | 'mail' | 'config' | 'log'>;
/** A step the workspace's webhooks hear of too: the queue their deliveries go on. */
type Announcer = Notifier & Pick<AppContext, 'jobs'>;

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
 * What an approval leaves behind, however the post was let through (Approve, or an approver
 * scheduling a pending post themselves): an 'Approved' line in its thread, the feed's line, and the
 * submitter's notice.
 */
export async function recordApproval(
  ctx: Announcer,
  actor: Actor,
  row: PostRow,
  at: Date,
  note: string | undefined,
): Promise<void> {
  await insertComment(ctx.database.db, {
    workspaceId: actor.workspaceId,
    postId: row.id,
    authorUserId: actor.userId,
    kind: 'approved',
    body: note ?? 'Approved',
  });
  await announceApproval(ctx, actor, row, at, note);
}

/** What sending a post back leaves behind: the comment in its thread, the feed's line, the notice. */
export async function recordChangesRequest(
  ctx: Announcer,
  actor: Actor,
  row: PostRow,
  comment: string,
): Promise<void> {
  await insertComment(ctx.database.db, {
    workspaceId: actor.workspaceId,
    postId: row.id,
    authorUserId: actor.userId,
    kind: 'changes_requested',
    body: comment,
  });
  await announceChangesRequested(ctx, actor, row, comment);
}

/** The post's thread, oldest first. The caller has checked that the post is the workspace's. */
export async function listComments(db: Db, workspaceId: string, postId: string): Promise<PostComment[]> {
  const rows = await listCommentsOf(db, workspaceId, postId);
  return rows.map(toComment);
}

/** A comment on the post (checked by the caller to be the workspace's); the thread hears of it. */
export async function addComment(
  ctx: Notifier,
  actor: Actor,
  post: PostRow,
  body: string,
): Promise<PostComment> {
  const db = ctx.database.db;
  const earlier = await listCommenterIds(db, actor.workspaceId, post.id);
  const row = await insertComment(db, {
    workspaceId: actor.workspaceId,
    postId: post.id,
    authorUserId: actor.userId,
    kind: 'comment',
    body,
  });
  await announceComment(ctx, actor, post, body, earlier);
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
