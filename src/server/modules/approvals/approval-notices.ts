import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { actorNameOf, insertActivity } from '../activity';
import { notifyWorkspace } from '../notifications';
import { emitPostEvent } from '../webhooks';
import { listMemberZones } from './approval-overdue.repository';
import {
  answerRecipient,
  approverRoles,
  commentRecipients,
  excerpt,
  onePostWords,
  postNoun,
  postsInWords,
  timeInWords,
} from './approval-rules';
import { findPersonNames, type PostRow } from './approvals.repository';

/*
 * Each approval step tells the people it concerns (in-app and email, through notifyWorkspace) and
 * writes a line in the team's activity feed. They run after the step is saved: a notice that
 * cannot be written is logged, never turned into an error for a step that already happened.
 */

/** What telling people needs: the database, the mail port, the app's URL for links, the log. */
type Notifier = Pick<AppContext, 'database' | 'mail' | 'config' | 'log'>;
/** A step the workspace's webhooks hear of too: the queue their deliveries go on. */
type Announcer = Notifier & Pick<AppContext, 'jobs'>;

/** The member acting, in their workspace. */
export interface Actor {
  workspaceId: string;
  userId: string;
}

const linkTo = (postId: string) => `/calendar?post=${postId}`;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

async function nameOf(db: Db, userId: string): Promise<string> {
  const names = await findPersonNames(db, userId);
  return (names && actorNameOf(names)) || 'A teammate';
}

async function bestEffort(ctx: Notifier, step: string, postId: string, tell: () => Promise<void>) {
  try {
    await tell();
  } catch (error) {
    ctx.log.warn({ err: error, postId, step }, 'approval notice not written');
  }
}

/** An editor's posts wait for approval (one schedule, an edit, or one compose group: one notice). */
export async function announceSubmission(ctx: Announcer, actor: Actor, rows: PostRow[]): Promise<void> {
  const [first] = rows;
  if (!first) return;
  await bestEffort(ctx, 'submitted', first.id, async () => {
    const name = await nameOf(ctx.database.db, actor.userId);
    const what = postsInWords(rows.map((row) => row.platform));
    await insertActivity(ctx.database.db, {
      workspaceId: actor.workspaceId,
      actorUserId: actor.userId,
      kind: 'post.submitted',
      summary: `${name} submitted ${what} for approval`,
    });
    await notifyWorkspace(ctx, {
      workspaceId: actor.workspaceId,
      kind: 'approval_requested',
      title: 'Post waiting for approval',
      body: `${name} submitted ${what} for approval: “${excerpt(first.content)}”`,
      link: linkTo(first.id),
      postId: first.id,
      to: { roles: approverRoles, exceptUserId: actor.userId },
    });
  });
  await emitPostEvent(ctx, 'post.approval_requested', rows);
}

/** The post is approved and scheduled for `at`: its submitter (else its writer) hears when it goes out. */
export async function announceApproval(
  ctx: Announcer,
  actor: Actor,
  row: PostRow,
  at: Date,
  note: string | undefined,
): Promise<void> {
  await bestEffort(ctx, 'approved', row.id, async () => {
    const name = await nameOf(ctx.database.db, actor.userId);
    await insertActivity(ctx.database.db, {
      workspaceId: actor.workspaceId,
      actorUserId: actor.userId,
      kind: 'post.approved',
      summary: `${name} approved ${onePostWords(row.platform)}`,
    });
    const recipient = answerRecipient(row);
    if (!recipient || recipient === actor.userId) return;
    const zone = (await findPersonNames(ctx.database.db, recipient))?.timezone ?? null;
    await notifyWorkspace(ctx, {
      workspaceId: actor.workspaceId,
      kind: 'post_approved',
      title: 'Post approved',
      body:
        `${name} approved your ${postNoun(row.platform)}. ` +
        `It goes out on ${timeInWords(at, zone)}.${note ? ` “${excerpt(note, 200)}”` : ''}`,
      link: linkTo(row.id),
      postId: row.id,
      to: { userIds: [recipient], exceptUserId: actor.userId },
    });
  });
  await emitPostEvent(ctx, 'post.approved', [row]);
}

/** The post went back to draft: its submitter (else its writer) reads what to change. */
export async function announceChangesRequested(
  ctx: Announcer,
  actor: Actor,
  row: PostRow,
  comment: string,
): Promise<void> {
  await bestEffort(ctx, 'changes_requested', row.id, async () => {
    const name = await nameOf(ctx.database.db, actor.userId);
    await insertActivity(ctx.database.db, {
      workspaceId: actor.workspaceId,
      actorUserId: actor.userId,
      kind: 'post.changes_requested',
      summary: `${name} requested changes on ${onePostWords(row.platform)}`,
    });
    const recipient = answerRecipient(row);
    if (!recipient || recipient === actor.userId) return;
    await notifyWorkspace(ctx, {
      workspaceId: actor.workspaceId,
      kind: 'changes_requested',
      title: 'Changes requested',
      body: `${name} asked for changes to your ${postNoun(row.platform)}: “${excerpt(comment, 200)}”`,
      link: linkTo(row.id),
      postId: row.id,
      to: { userIds: [recipient], exceptUserId: actor.userId },
    });
  });
  await emitPostEvent(ctx, 'post.changes_requested', [row]);
}

/**
 * A new comment: the post's writer, submitter and earlier commenters hear of it. `earlier` is read
 * before the comment was saved, so the author's first comment does not count them in.
 */
export async function announceComment(
  ctx: Notifier,
  actor: Actor,
  row: PostRow,
  comment: string,
  earlierCommenterIds: string[],
): Promise<void> {
  await bestEffort(ctx, 'comment', row.id, async () => {
    const name = await nameOf(ctx.database.db, actor.userId);
    await insertActivity(ctx.database.db, {
      workspaceId: actor.workspaceId,
      actorUserId: actor.userId,
      kind: 'post.commented',
      summary: `${name} commented on ${onePostWords(row.platform)}`,
    });
    const userIds = commentRecipients({ ...row, earlierCommenterIds, authorUserId: actor.userId });
    if (userIds.length === 0) return;
    await notifyWorkspace(ctx, {
      workspaceId: actor.workspaceId,
      kind: 'post_comment',
      title: 'New comment',
      body: `${name} commented on ${onePostWords(row.platform)}: “${excerpt(comment, 200)}”`,
      link: linkTo(row.id),
      postId: row.id,
      to: { userIds, exceptUserId: actor.userId },
    });
  });
}

/**
 * A post waiting for approval passed its planned time (approval-overdue.service) without going out.
 * Everyone who can approve, and its submitter, read the time in their own zone: one notice per
 * zone and kind of reader, since notifyWorkspace writes one text for all it addresses.
 */
export async function announceApprovalOverdue(ctx: Notifier, row: PostRow, plannedAt: Date): Promise<void> {
  await bestEffort(ctx, 'overdue', row.id, async () => {
    await insertActivity(ctx.database.db, {
      workspaceId: row.workspaceId,
      actorUserId: null,
      kind: 'post.approval_overdue',
      summary: `${capitalised(onePostWords(row.platform))} waiting for approval missed its planned time`,
    });
    const submitterId = answerRecipient(row);
    const groups = new Map<string, { mine: boolean; zone: string | null; userIds: string[] }>();
    for (const member of await listMemberZones(ctx.database.db, row.workspaceId)) {
      const approves = approverRoles.includes(member.role);
      // A submitter who can approve by now reads what approvers read.
      if (!approves && member.userId !== submitterId) continue;
      const key = `${approves}:${member.timezone ?? ''}`;
      const group = groups.get(key) ?? { mine: !approves, zone: member.timezone, userIds: [] };
      group.userIds.push(member.userId);
      groups.set(key, group);
    }
    if (groups.size === 0) return;
    const whose = submitterId
      ? `${await nameOf(ctx.database.db, submitterId)}'s ${postNoun(row.platform)}`
      : capitalised(onePostWords(row.platform));
    const what = `“${excerpt(row.content)}”`;
    for (const group of groups.values()) {
      const when = `was planned for ${timeInWords(plannedAt, group.zone)} and has not gone out: it is still waiting for approval.`;
      await notifyWorkspace(ctx, {
        workspaceId: row.workspaceId,
        kind: 'approval_overdue',
        title: 'Post waiting for approval missed its time',
        body: group.mine
          ? `Your ${postNoun(row.platform)} ${what} ${when} Give it a new time, or ask an approver to approve it with one.`
          : `${whose} ${what} ${when} Approve it with a new time, or ask for changes.`,
        link: linkTo(row.id),
        postId: row.id,
        to: { userIds: group.userIds },
      });
    }
  });
}
