import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { WorkspaceRole } from '../../../contracts/auth';
import type { Db } from '../../db/client';
import { posts, users, workspaceMembers } from '../../db/schema';
import type { PostRow } from './approvals.repository';

/**
 * Takes up to `limit` posts waiting for approval whose planned time passed before `now` and was not
 * announced yet, marking that time as announced. One conditional update: of two runs at once, each
 * post goes to one of them (rows another run is marking are skipped, and the condition is checked
 * again on the row it locks). `updated_at` is left alone: nobody edited the post.
 */
export async function claimOverduePendingPosts(
  db: Db,
  input: { now: Date; limit: number },
): Promise<PostRow[]> {
  const overdue = and(
    eq(posts.status, 'pending_approval'),
    lt(posts.scheduledAt, input.now),
    sql`${posts.approvalOverdueFor} is distinct from ${posts.scheduledAt}`,
  );
  const candidates = db
    .select({ id: posts.id })
    .from(posts)
    .where(overdue)
    .orderBy(asc(posts.scheduledAt))
    .limit(input.limit)
    .for('update', { skipLocked: true });
  return db
    .update(posts)
    .set({ approvalOverdueFor: sql`${posts.scheduledAt}` })
    .where(and(inArray(posts.id, candidates), overdue))
    .returning();
}

export interface MemberZone {
  userId: string;
  role: WorkspaceRole;
  /** The zone the member chose in Settings (null: none, read as UTC). */
  timezone: string | null;
}

/** The workspace's active members with their role and zone: who hears of a missed time, and in which zone. */
export async function listMemberZones(db: Db, workspaceId: string): Promise<MemberZone[]> {
  return db
    .select({ userId: users.id, role: workspaceMembers.role, timezone: users.timezone })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(users.isActive, true)));
}
