import { and, asc, count, eq, gt, isNull, ne } from 'drizzle-orm';
import type { WorkspaceRole } from '../../../contracts/auth';
import type { InvitableRole } from '../../../contracts/team';
import type { Db } from '../../db/client';
import { invitations, users, workspaceMembers, workspaces } from '../../db/schema';

/*
 * Members and invitations of one workspace. Every function takes the workspace id explicitly;
 * the one exception is finding an invitation by its token's hash, which is how a stranger's link
 * names the workspace in the first place.
 */

export type InvitationRow = typeof invitations.$inferSelect;

const memberColumns = {
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: workspaceMembers.role,
  joinedAt: workspaceMembers.createdAt,
  twoFactorEnabled: users.twoFactorEnabled,
};

export async function listMemberRows(db: Db, workspaceId: string) {
  return db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId));
}
export type MemberRow = Awaited<ReturnType<typeof listMemberRows>>[number];

export async function findMemberRow(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row;
}

export async function isMemberByEmail(db: Db, workspaceId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: users.id })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(users.email, email.toLowerCase())))
    .limit(1);
  return row !== undefined;
}

/** The member's row, unless it is the owner's: ownership moves only through transferOwnership. */
function nonOwnerMember(workspaceId: string, userId: string) {
  return and(
    eq(workspaceMembers.workspaceId, workspaceId),
    eq(workspaceMembers.userId, userId),
    ne(workspaceMembers.role, 'owner'),
  );
}

/** The owner's row is never touched here: ownership moves only through transferOwnership. */
export async function updateMemberRole(
  db: Db,
  workspaceId: string,
  userId: string,
  role: Exclude<WorkspaceRole, 'owner'>,
): Promise<boolean> {
  const rows = await db
    .update(workspaceMembers)
    .set({ role })
    .where(nonOwnerMember(workspaceId, userId))
    .returning({ userId: workspaceMembers.userId });
  return rows.length > 0;
}

/**
 * In one transaction the owner becomes an admin and the member the owner. False (and nothing
 * changed) when `fromUserId` is no longer the owner or `toUserId` no longer a member: a
 * concurrent change won.
 */
export async function transferOwnership(
  db: Db,
  workspaceId: string,
  fromUserId: string,
  toUserId: string,
): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const demoted = await tx
        .update(workspaceMembers)
        .set({ role: 'admin' })
        .where(
          and(
            eq(workspaceMembers.workspaceId, workspaceId),
            eq(workspaceMembers.userId, fromUserId),
            eq(workspaceMembers.role, 'owner'),
          ),
        )
        .returning({ userId: workspaceMembers.userId });
      const promoted = await tx
        .update(workspaceMembers)
        .set({ role: 'owner' })
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, toUserId)))
        .returning({ userId: workspaceMembers.userId });
      if (demoted.length === 0 || promoted.length === 0) throw new LostRace();
      return true;
    });
  } catch (error) {
    if (error instanceof LostRace) return false;
    throw error;
  }
}

/** Undoes a transaction whose conditional update found the row changed by someone else. */
class LostRace extends Error {}

/** Removes a member who is not the owner; false when there was no such member. */
export async function deleteMember(db: Db, workspaceId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(workspaceMembers)
    .where(nonOwnerMember(workspaceId, userId))
    .returning({ userId: workspaceMembers.userId });
  return rows.length > 0;
}

// --- Invitations ---------------------------------------------------------------------------

const openInvitation = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

/** Not accepted and not revoked, expired ones included (until revoked or replaced), oldest first. */
export async function listOpenInvitationRows(db: Db, workspaceId: string) {
  return db
    .select({
      invitation: invitations,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
      inviterEmail: users.email,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(and(eq(invitations.workspaceId, workspaceId), openInvitation))
    .orderBy(asc(invitations.createdAt), asc(invitations.id));
}

export async function findOpenInvitationByEmail(
  db: Db,
  workspaceId: string,
  email: string,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.email, email), openInvitation));
  return row;
}

/** Open invitations that can still be accepted. */
export async function countPendingInvitations(db: Db, workspaceId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ pending: count() })
    .from(invitations)
    .where(and(eq(invitations.workspaceId, workspaceId), openInvitation, gt(invitations.expiresAt, now)));
  return row?.pending ?? 0;
}

/**
 * Undefined when the address already has an open invitation in the workspace (the partial
 * unique index): a concurrent invite won.
 */
export async function insertInvitation(
  db: Db,
  values: {
    workspaceId: string;
    email: string;
    role: InvitableRole;
    tokenHash: string;
    tokenSealed: string;
    invitedByUserId: string;
    expiresAt: Date;
  },
): Promise<InvitationRow | undefined> {
  const [row] = await db.insert(invitations).values(values).onConflictDoNothing().returning();
  return row;
}

/** Revokes an open invitation of the workspace; undefined when there is none with that id. */
export async function revokeInvitation(
  db: Db,
  workspaceId: string,
  id: string,
  now: Date,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.id, id), eq(invitations.workspaceId, workspaceId), openInvitation))
    .returning();
  return row;
}

/** The invitation behind a link, with what its page shows: the workspace and who invited. */
export async function findInvitationByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      invitation: invitations,
      workspaceName: workspaces.name,
      workspacePlan: workspaces.plan,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
      inviterEmail: users.email,
    })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(eq(invitations.tokenHash, tokenHash));
  return row;
}

/**
 * Locks the invitation's workspace FOR SHARE before anyone joins it, so a deletion deciding
 * under its FOR UPDATE lock either sees the new member or has already deleted the workspace.
 * False when the workspace is gone.
 */
export async function lockWorkspaceForJoining(tx: Db, workspaceId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('share');
  return row !== undefined;
}

/**
 * Marks the invitation used by `userId`, joins them with its role (unless they are a member
 * already) and makes the workspace their active one; run in the caller's transaction, after
 * lockWorkspaceForJoining. The update only matches an open, unexpired invitation, so of two
 * concurrent accepts exactly one wins; false for the loser, with nothing changed.
 */
export async function acceptInvitation(
  tx: Db,
  invitation: Pick<InvitationRow, 'id' | 'workspaceId' | 'role'>,
  userId: string,
  now: Date,
): Promise<boolean> {
  const [accepted] = await tx
    .update(invitations)
    .set({ acceptedAt: now, acceptedByUserId: userId })
    .where(and(eq(invitations.id, invitation.id), openInvitation, gt(invitations.expiresAt, now)))
    .returning({ id: invitations.id });
  if (!accepted) return false;
  await tx
    .insert(workspaceMembers)
    .values({ workspaceId: invitation.workspaceId, userId, role: invitation.role })
    .onConflictDoNothing();
  await tx
    .update(users)
    .set({ activeWorkspaceId: invitation.workspaceId, updatedAt: now })
    .where(eq(users.id, userId));
  return true;
}

/** Marks a pending invitation used by someone who turned out to be a member already. */
export async function markInvitationAccepted(db: Db, id: string, userId: string, now: Date) {
  await db
    .update(invitations)
    .set({ acceptedAt: now, acceptedByUserId: userId })
    .where(and(eq(invitations.id, id), openInvitation, gt(invitations.expiresAt, now)));
}
