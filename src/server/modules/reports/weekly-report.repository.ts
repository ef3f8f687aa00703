import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  posts,
  socialAccounts,
  userSettings,
  users,
  weeklyReportsSent,
  workspaceMembers,
  workspaces,
} from '../../db/schema';

export interface WeeklyReportRecipient {
  userId: string;
  email: string;
  firstName: string;
  /** The user's IANA zone; null: none chosen (UTC on the server). */
  timezone: string | null;
  workspaceId: string;
  workspaceName: string;
}

/** One report: a user, a workspace and the Monday the reported week starts on (YYYY-MM-DD). */
export interface WeeklyReportKey {
  userId: string;
  workspaceId: string;
  weekStart: string;
}

/**
 * Every membership of an active person who wants the report: the `weekly_reports` setting on, or
 * no settings row (the default is on). The built-in operator account gets none, and nor does an
 * address nobody has confirmed (decision 056: a report is not mailed to an address someone typed).
 */
export async function listWeeklyReportRecipients(db: Db): Promise<WeeklyReportRecipient[]> {
  return db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      timezone: users.timezone,
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(
      and(
        eq(users.isActive, true),
        eq(users.isSystem, false),
        eq(users.emailVerified, true),
        sql`coalesce(${userSettings.weeklyReports}, true)`,
      ),
    )
    .orderBy(users.id, workspaces.id);
}

/** The reports already sent for these weeks, as `userId|workspaceId|weekStart`. */
export async function listSentWeeklyReports(db: Db, weekStarts: string[]): Promise<Set<string>> {
  if (weekStarts.length === 0) return new Set();
  const rows = await db
    .select({
      userId: weeklyReportsSent.userId,
      workspaceId: weeklyReportsSent.workspaceId,
      weekStart: weeklyReportsSent.weekStart,
    })
    .from(weeklyReportsSent)
    .where(inArray(weeklyReportsSent.weekStart, weekStarts));
  return new Set(rows.map(reportKeyOf));
}

export const reportKeyOf = (key: WeeklyReportKey) => `${key.userId}|${key.workspaceId}|${key.weekStart}`;

/** Whether the workspace had an account connected, or published a post, in [start, end). */
export async function workspaceWasActive(
  db: Db,
  workspaceId: string,
  week: { start: Date; end: Date },
): Promise<boolean> {
  const [account] = await db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.workspaceId, workspaceId), lt(socialAccounts.connectedAt, week.end)))
    .limit(1);
  if (account) return true;
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.workspaceId, workspaceId),
        eq(posts.status, 'published'),
        gte(posts.publishedAt, week.start),
        lt(posts.publishedAt, week.end),
      ),
    )
    .limit(1);
  return post !== undefined;
}

/**
 * Claims a report before it is sent: true when this call inserted the row, false when another run
 * (or process) already has. The row is the promise that the report goes out once.
 */
export async function claimWeeklyReport(db: Db, key: WeeklyReportKey): Promise<boolean> {
  const inserted = await db
    .insert(weeklyReportsSent)
    .values(key)
    .onConflictDoNothing()
    .returning({ userId: weeklyReportsSent.userId });
  return inserted.length > 0;
}

/** Gives a claim back (the report could not be sent), so the next run tries again. */
export async function releaseWeeklyReport(db: Db, key: WeeklyReportKey): Promise<void> {
  await db
    .delete(weeklyReportsSent)
    .where(
      and(
        eq(weeklyReportsSent.userId, key.userId),
        eq(weeklyReportsSent.workspaceId, key.workspaceId),
        eq(weeklyReportsSent.weekStart, key.weekStart),
      ),
    );
}
