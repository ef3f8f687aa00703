import type { SessionUser } from '../../../contracts/auth';
import { plans } from '../../../contracts/plans';
import type { Post } from '../../../contracts/posts';
import { type CommentKind, can, type PostComment } from '../../../contracts/team';

/**
 * The approval workflow as the screens show it. Pure, so the rules are tested alone; the server
 * decides (an editor's schedule answers pending_approval), these only choose the words.
 */

/**
 * Whether this user's schedule waits for an approver: approvals are on, the plan has team
 * collaboration (below it the server schedules directly), and their role writes posts but may not
 * approve them (an editor). Owners and admins schedule directly.
 */
export function schedulingNeedsApproval(user: Pick<SessionUser, 'workspace'> | null | undefined): boolean {
  if (!user?.workspace.requireApproval) return false;
  const { role, plan } = user.workspace;
  if (!plans[plan].limits.teamCollaboration) return false;
  return can(role, 'posts.write') && !can(role, 'posts.approve');
}

/** Whether any of these saved posts came back waiting for approval. */
export function anyWaitingForApproval(posts: Pick<Post, 'status'>[]): boolean {
  return posts.some((post) => post.status === 'pending_approval');
}

export const commentKindLabels: Record<CommentKind, string> = {
  comment: 'Comment',
  changes_requested: 'Changes requested',
  approved: 'Approved',
};

/**
 * A comment's text as the thread shows it: an approval without a note is stored as 'Approved',
 * which the kind's badge already says.
 */
export function commentText(comment: Pick<PostComment, 'kind' | 'body'>): string {
  const body = comment.body.trim();
  return body.toLowerCase() === commentKindLabels[comment.kind].toLowerCase() ? '' : body;
}

/** Oldest first, the order a thread reads in (the server's order is not relied on). */
export function sortComments(comments: PostComment[]): PostComment[] {
  return [...comments].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The newest approval or request for changes, or null when nobody has reviewed the post. */
export function latestReview(comments: PostComment[]): PostComment | null {
  const reviews = sortComments(comments).filter((comment) => comment.kind !== 'comment');
  return reviews.at(-1) ?? null;
}

/**
 * The request for changes a draft came back with, to show at the top of the post: only while the
 * post is a draft and that request is still the last word of a reviewer.
 */
export function openChangeRequest(
  post: Pick<Post, 'status'>,
  comments: PostComment[] | undefined,
): PostComment | null {
  if (post.status !== 'draft' || !comments) return null;
  const review = latestReview(comments);
  return review?.kind === 'changes_requested' ? review : null;
}

/**
 * Whether approving needs a new time: the planned one is missing or has passed (approval
 * schedules the post, and a post cannot be scheduled in the past).
 */
export function approvalNeedsNewTime(post: Pick<Post, 'scheduledAt'>, now: number = Date.now()): boolean {
  return !post.scheduledAt || new Date(post.scheduledAt).getTime() <= now;
}

/** Posts waiting for approval, the soonest planned first (those without a time last). */
export function sortPendingPosts(posts: Post[]): Post[] {
  return posts
    .filter((post) => post.status === 'pending_approval')
    .sort((a, b) => {
      if (a.scheduledAt && b.scheduledAt) return a.scheduledAt.localeCompare(b.scheduledAt);
      if (a.scheduledAt) return -1;
      if (b.scheduledAt) return 1;
      return (a.submittedAt ?? a.createdAt).localeCompare(b.submittedAt ?? b.createdAt);
    });
}

/** userId → full name, of the workspace's members. */
export type MemberNames = ReadonlyMap<string, string>;

/**
 * Who submitted the post, in words: 'you', a member's name, 'a former member' when they left,
 * or null when nobody did (or the names are not known yet).
 */
export function submitterName(
  post: Pick<Post, 'submittedByUserId'>,
  currentUserId: string | undefined,
  names: MemberNames | undefined,
): string | null {
  const id = post.submittedByUserId;
  if (!id) return null;
  if (id === currentUserId) return 'you';
  if (!names) return null;
  return names.get(id) ?? 'a former member';
}
