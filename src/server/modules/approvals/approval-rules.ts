import { DateTime } from 'luxon';
import type { WorkspaceRole } from '../../../contracts/auth';
import { type PlanId, plans } from '../../../contracts/plans';
import { type PublishingPlatform, platformLabels } from '../../../contracts/platforms';
import type { PostStatus } from '../../../contracts/posts';
import { can, workspaceRoles } from '../../../contracts/team';
import { isKnownZone } from '../../lib/time-zones';

/*
 * The approval workflow's decisions, pure: who must wait for an approver, what a schedule or an
 * edit does to a post's approval, when an approval may go out, and how the notices read.
 */

/** Roles that approve posts or request changes: they hear about every submission. */
export const approverRoles: readonly WorkspaceRole[] = workspaceRoles.filter((role) =>
  can(role, 'posts.approve'),
);

/**
 * How the workflow treats this member's schedules:
 * 'off': approvals are off, or the plan has no team collaboration: scheduling schedules;
 * 'submit': their posts wait for an approver (pending_approval, no publish job);
 * 'approve': they may approve, so their scheduling counts as an approval.
 */
export type ApprovalMode = 'off' | 'submit' | 'approve';

export function approvalModeOf(input: {
  requireApproval: boolean;
  plan: PlanId;
  role: WorkspaceRole;
}): ApprovalMode {
  // A plan below Professional turns the workflow off for new schedules (the setting is kept, and
  // posts already pending still wait for, and may still get, an approval).
  if (!input.requireApproval || !plans[input.plan].limits.teamCollaboration) return 'off';
  return can(input.role, 'posts.approve') ? 'approve' : 'submit';
}

/** What an approval stamp on a post row looks like (the columns of migration 0013). */
export interface ApprovalFields {
  status?: PostStatus;
  submittedByUserId?: string | null;
  submittedAt?: Date | null;
  approvedByUserId?: string | null;
  approvedAt?: Date | null;
  publishJobId?: null;
}

/** The post's state and approval columns when `userId` schedules it (schedule, compose). */
export function scheduleFields(mode: ApprovalMode, userId: string, now: Date): ApprovalFields {
  switch (mode) {
    case 'submit':
      // Waits for an approver: no publish job until then, and no approval of an earlier version.
      return {
        status: 'pending_approval',
        submittedByUserId: userId,
        submittedAt: now,
        approvedByUserId: null,
        approvedAt: null,
        publishJobId: null,
      };
    case 'approve':
      return { status: 'scheduled', approvedByUserId: userId, approvedAt: now };
    case 'off':
      return { status: 'scheduled' };
    default: {
      const unknown: never = mode;
      throw new Error(`unknown approval mode ${String(unknown)}`);
    }
  }
}

/**
 * What an edit (PATCH, including moving the time) does to the approval. An approval covers the
 * content as it was: an editor's change voids it, and with the workflow on, their change to a
 * scheduled post sends it back for approval. A pending post stays pending, whoever edits it. An
 * approver-level member's edit of a scheduled post is their approval of the new version.
 */
export function editFields(
  status: PostStatus,
  mode: ApprovalMode,
  canApprove: boolean,
  userId: string,
  now: Date,
): ApprovalFields {
  if (mode === 'submit' && status === 'scheduled') return scheduleFields('submit', userId, now);
  if (mode === 'approve' && status === 'scheduled') return { approvedByUserId: userId, approvedAt: now };
  if (!canApprove) return { approvedByUserId: null, approvedAt: null };
  return {};
}

/**
 * What retrying a failed or missed post does to its approval. An approval covers the text an
 * approver saw: with the workflow on, a post without a standing approval (changed by a member who
 * cannot approve after it failed, which voided it, or never approved) waits for an approver again;
 * an approver-level retry approves it; a post still approved goes out as it was approved.
 */
export function retryFields(
  mode: ApprovalMode,
  approved: boolean,
  userId: string,
  now: Date,
): ApprovalFields {
  if (mode !== 'off' && !approved) return scheduleFields(mode, userId, now);
  return { status: 'scheduled' };
}

export const approvalMessages = {
  plannedTimePassed: 'The planned time has passed. Choose a new time to approve this post.',
  pastTime: 'Choose a time in the future.',
} as const;

/**
 * When an approved post goes out: the time the approver gives, else the planned one. Either must
 * still be ahead; the answer is the time or the reason it cannot be used.
 */
export function approvalTime(
  given: string | undefined,
  planned: Date | null,
  now: Date,
): { at: Date } | { problem: string } {
  if (given !== undefined) {
    const at = new Date(given);
    return at.getTime() > now.getTime() ? { at } : { problem: approvalMessages.pastTime };
  }
  if (!planned || planned.getTime() <= now.getTime()) return { problem: approvalMessages.plannedTimePassed };
  return { at: planned };
}

/** Who hears of a new comment: the post's writer, its submitter and earlier commenters, never its author. */
export function commentRecipients(input: {
  createdByUserId: string | null;
  submittedByUserId: string | null;
  earlierCommenterIds: readonly (string | null)[];
  authorUserId: string;
}): string[] {
  const ids = new Set<string>();
  for (const id of [input.createdByUserId, input.submittedByUserId, ...input.earlierCommenterIds]) {
    if (id && id !== input.authorUserId) ids.add(id);
  }
  return [...ids];
}

/** Who hears the approver's answer: whoever submitted the post, else whoever wrote it. */
export function answerRecipient(post: {
  submittedByUserId: string | null;
  createdByUserId: string | null;
}): string | null {
  return post.submittedByUserId ?? post.createdByUserId;
}

/** "A, B and C". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "LinkedIn post", as in "your LinkedIn post". */
export const postNoun = (platform: PublishingPlatform) => `${platformLabels[platform]} post`;

/** "a LinkedIn post", "an Instagram post", "an X (Twitter) post" (said "ex"). */
export function onePostWords(platform: PublishingPlatform): string {
  return `${/^[AEIOUX]/.test(platformLabels[platform]) ? 'an' : 'a'} ${postNoun(platform)}`;
}

/** One post, or a composed group: "a LinkedIn post", "3 posts for LinkedIn, Instagram and Facebook". */
export function postsInWords(platforms: readonly PublishingPlatform[]): string {
  const [first] = platforms;
  if (platforms.length === 1 && first) return onePostWords(first);
  const labels = [...new Set(platforms.map((platform) => platformLabels[platform]))];
  return `${platforms.length} posts for ${listInWords(labels)}`;
}

/** The start of a text on one line, for a notice: “Our spring menu is…”. */
export function excerpt(text: string, max = 80): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** "Tue 3 Dec 2026 at 14:00 (Europe/Berlin)" in the reader's zone (UTC when they chose none). */
export function timeInWords(at: Date, zone: string | null): string {
  const timeZone = isKnownZone(zone) ? zone : 'UTC';
  const local = DateTime.fromJSDate(at, { zone: timeZone }).setLocale('en-GB');
  return `${local.toFormat('ccc d LLL yyyy')} at ${local.toFormat('HH:mm')} (${timeZone})`;
}
