import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { WorkspaceRole } from '../../../contracts/auth';
import type { NotificationKind } from '../../../contracts/notifications';
import type { Db } from '../../db/client';
import { notifications, userSettings, users, workspaceMembers, workspaces } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

/** Whose notifications: one user, in one workspace (the one their session is in). */
export interface NotificationOwner {
  userId: string;
  workspaceId: string;
}

export interface WorkspaceRecipient {
  userId: string;
  email: string;
  firstName: string;
  workspaceName: string;
  role: WorkspaceRole;
  /** Settings › Notifications › Email notifications (on unless turned off). */
  wantsEmail: boolean;
}

/** Every member of the workspace, whatever their role; deactivated users are left out. */
export async function listWorkspaceRecipients(db: Db, workspaceId: string): Promise<WorkspaceRecipient[]> {
  return db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      workspaceName: workspaces.name,
      role: workspaceMembers.role,
      // A member without a settings row has the default: emails on.
      wantsEmail: sql<boolean>`coalesce(${userSettings.emailNotifications}, true)`,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(users.isActive, true)));
}

export async function insertNotifications(
  db: Db,
  rows: Array<{
    userId: string;
    workspaceId: string;
    kind: NotificationKind;
    title: string;
    body: string;
    link: string | null;
    postId: string | null;
  }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows);
}

/** Newest first. */
export async function listNotificationsOf(db: Db, owner: NotificationOwner, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(ownedBy(owner))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnreadNotificationsOf(db: Db, owner: NotificationOwner): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(ownedBy(owner), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** Marks the owner's unread notifications read: those of `ids` (others' ids match nothing), or all. */
export async function markNotificationsReadOf(
  db: Db,
  owner: NotificationOwner,
  ids: string[] | undefined,
): Promise<void> {
  if (ids && ids.length === 0) return;
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(ownedBy(owner), isNull(notifications.readAt), ids ? inArray(notifications.id, ids) : undefined),
    );
}

function ownedBy(owner: NotificationOwner) {
  return and(eq(notifications.userId, owner.userId), eq(notifications.workspaceId, owner.workspaceId));
}
