import type { WorkspaceRole } from '../../../contracts/auth';
import type { NotificationKind, NotificationList } from '../../../contracts/notifications';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { composeNotificationEmail } from './notification-email';
import {
  countUnreadNotificationsOf,
  insertNotifications,
  listNotificationsOf,
  listWorkspaceRecipients,
  markNotificationsReadOf,
  type NotificationOwner,
  type NotificationRow,
  type WorkspaceRecipient,
} from './notifications.repository';

/** How many the bell lists; older ones stay in the table and still count as unread. */
export const NOTIFICATION_LIST_LIMIT = 30;

export interface NotifyWorkspaceInput {
  workspaceId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** An in-app path, e.g. /calendar?post=<id>. */
  link: string | null;
  postId?: string | null;
  /** Only some members (all of them when absent): these roles, or these users, never the one acting. */
  to?: { roles?: readonly WorkspaceRole[]; userIds?: readonly string[]; exceptUserId?: string | null };
}

function isAddressed(recipient: WorkspaceRecipient, to: NotifyWorkspaceInput['to']): boolean {
  if (!to) return true;
  if (to.exceptUserId && recipient.userId === to.exceptUserId) return false;
  if (to.roles && !to.roles.includes(recipient.role)) return false;
  if (to.userIds && !to.userIds.includes(recipient.userId)) return false;
  return true;
}

/**
 * Tells the workspace's members (all roles, or those `to` names): one in-app notification each, then one email
 * each through the mail port to those whose email notifications are on (Settings › Notifications). Mail is best effort: a member whose email fails still has the
 * notification, and the caller (the publishing engine, mid-job) never sees a mail error. A
 * database error writing the notifications does throw: that is the notice itself.
 */
export async function notifyWorkspace(
  ctx: Pick<AppContext, 'database' | 'mail' | 'config' | 'log'>,
  input: NotifyWorkspaceInput,
): Promise<void> {
  const db = ctx.database.db;
  const recipients = (await listWorkspaceRecipients(db, input.workspaceId)).filter((recipient) =>
    isAddressed(recipient, input.to),
  );
  if (recipients.length === 0) return;
  await insertNotifications(
    db,
    recipients.map((recipient) => ({
      userId: recipient.userId,
      workspaceId: input.workspaceId,
      kind: input.kind,
      title: input.title,
      body: input.body,
      link: input.link,
      postId: input.postId ?? null,
    })),
  );

  // Emails carry absolute links.
  const url = input.link === null ? null : `${ctx.config.appUrl}${input.link}`;
  // The in-app notice reaches everyone; the email only those who keep email notifications on.
  await Promise.all(
    recipients
      .filter((recipient) => recipient.wantsEmail)
      .map(async (recipient) => {
        const message = await composeNotificationEmail({
          to: recipient.email,
          firstName: recipient.firstName,
          workspaceName: recipient.workspaceName,
          title: input.title,
          body: input.body,
          url,
        });
        try {
          await ctx.mail.send(message);
        } catch (error) {
          ctx.log.warn(
            { err: error, userId: recipient.userId, workspaceId: input.workspaceId, kind: input.kind },
            'notification email not sent',
          );
        }
      }),
  );
}

/** The bell's list: the owner's newest notifications and how many of all theirs are unread. */
export async function listNotifications(db: Db, owner: NotificationOwner): Promise<NotificationList> {
  const [rows, unreadCount] = await Promise.all([
    listNotificationsOf(db, owner, NOTIFICATION_LIST_LIMIT),
    countUnreadNotificationsOf(db, owner),
  ]);
  return { notifications: rows.map(toNotification), unreadCount };
}

/** Only the owner's own: ids of someone else's notifications are ignored, not refused. */
export async function markNotificationsRead(
  db: Db,
  owner: NotificationOwner,
  input: { ids?: string[] | undefined },
): Promise<void> {
  await markNotificationsReadOf(db, owner, input.ids);
}

function toNotification(row: NotificationRow): NotificationList['notifications'][number] {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    postId: row.postId,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
