import { and, asc, eq } from 'drizzle-orm';
import type { CommentKind } from '../../../contracts/team';
import type { Db } from '../../db/client';
import { postComments, users } from '../../db/schema';

export type CommentRow = typeof postComments.$inferSelect;

export async function insertComment(
  db: Db,
  values: { workspaceId: string; postId: string; authorUserId: string; kind: CommentKind; body: string },
): Promise<CommentRow> {
  const [row] = await db.insert(postComments).values(values).returning();
  if (!row) throw new Error('comment insert returned no row');
  return row;
}

/** A post's discussion, oldest first, with its authors' names (null names: a deleted account). */
export async function listCommentsOf(db: Db, workspaceId: string, postId: string) {
  return db
    .select({
      id: postComments.id,
      postId: postComments.postId,
      kind: postComments.kind,
      body: postComments.body,
      authorUserId: postComments.authorUserId,
      createdAt: postComments.createdAt,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorName: users.name,
      actorEmail: users.email,
    })
    .from(postComments)
    .leftJoin(users, eq(users.id, postComments.authorUserId))
    .where(and(eq(postComments.workspaceId, workspaceId), eq(postComments.postId, postId)))
    .orderBy(asc(postComments.createdAt), asc(postComments.id));
}
export type CommentWithAuthorRow = Awaited<ReturnType<typeof listCommentsOf>>[number];

/** Everyone who has written on the post so far (their own comments, approvals, change requests). */
export async function listCommenterIds(db: Db, workspaceId: string, postId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ authorUserId: postComments.authorUserId })
    .from(postComments)
    .where(and(eq(postComments.workspaceId, workspaceId), eq(postComments.postId, postId)));
  return rows.flatMap((row) => (row.authorUserId ? [row.authorUserId] : []));
}
