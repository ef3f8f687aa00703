import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, users, workspaceMembers, workspaces } from '../../db/schema';
import { sessionUserColumns, sessionWorkspaceColumns } from '../users';

/** What a request made with an API key needs to know, keyed by the key's hash (see findApiKeyByHash). */
const apiKeyByHashQuery = (db: Db) =>
  db
    .select({
      key: {
        id: apiKeys.id,
        role: apiKeys.role,
        expiresAt: apiKeys.expiresAt,
        revokedAt: apiKeys.revokedAt,
        lastUsedAt: apiKeys.lastUsedAt,
      },
      user: sessionUserColumns,
      workspace: sessionWorkspaceColumns,
      /** The creator's role in the key's workspace today; null once they have left it. */
      creatorRole: workspaceMembers.role,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdByUserId))
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .leftJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, apiKeys.workspaceId),
        eq(workspaceMembers.userId, apiKeys.createdByUserId),
      ),
    )
    .where(eq(apiKeys.keyHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('kitepost_api_key_by_hash');

const preparedKeyQueries = new WeakMap<Db, ReturnType<typeof apiKeyByHashQuery>>();

/**
 * The key with this hash, its creator and its workspace, in one round trip (a prepared statement,
 * like the session lookup: every request made with a key runs it). The row comes whatever the
 * key's state; the caller decides.
 */
export async function findApiKeyByHash(db: Db, hash: string) {
  let query = preparedKeyQueries.get(db);
  if (!query) {
    query = apiKeyByHashQuery(db);
    preparedKeyQueries.set(db, query);
  }
  const [row] = await query.execute({ hash });
  return row;
}

/** Records that the key was used, at most once a minute (a write per request would be wasteful). */
export async function touchApiKey(db: Db, keyId: string, now: Date) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, keyId),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - 60_000))),
      ),
    );
}
