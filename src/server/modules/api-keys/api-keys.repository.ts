import { and, count, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { ApiKeyRole } from '../../../contracts/integrations';
import type { Db } from '../../db/client';
import { apiKeys, users, workspaces } from '../../db/schema';

/*
 * The workspace's API keys as Settings › API manages them. Finding a key by its hash for a
 * request is the auth plugin's (api-key-lookup.repository.ts).
 */

const keyWithCreator = {
  id: apiKeys.id,
  name: apiKeys.name,
  role: apiKeys.role,
  prefix: apiKeys.prefix,
  createdByUserId: apiKeys.createdByUserId,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  creatorEmail: users.email,
};

/** Every key of the workspace, revoked and expired ones too, newest first, with its creator. */
export async function listWorkspaceApiKeys(db: Db, workspaceId: string) {
  return db
    .select(keyWithCreator)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(eq(apiKeys.workspaceId, workspaceId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}
export type ApiKeyRow = Awaited<ReturnType<typeof listWorkspaceApiKeys>>[number];

export async function workspaceHasApiKey(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, id)));
  return row !== undefined;
}

/**
 * Locks the workspace's row until the transaction ends, so that two keys made at once are counted
 * one after the other. NO KEY UPDATE: rows that only reference the workspace are not held up.
 * False when the workspace is gone.
 */
export async function lockWorkspaceForKeys(tx: Db, workspaceId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('no key update');
  return row !== undefined;
}

/** Keys that still open the API: neither revoked nor expired at `now`. */
export async function countLiveApiKeys(db: Db, workspaceId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.workspaceId, workspaceId),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
      ),
    );
  return row?.n ?? 0;
}

export async function insertApiKey(
  db: Db,
  values: {
    workspaceId: string;
    createdByUserId: string;
    name: string;
    role: ApiKeyRole;
    prefix: string;
    keyHash: string;
    expiresAt: Date | null;
  },
): Promise<{ id: string; createdAt: Date }> {
  const [row] = await db
    .insert(apiKeys)
    .values(values)
    .returning({ id: apiKeys.id, createdAt: apiKeys.createdAt });
  if (!row) throw new Error('inserting an API key returned no row');
  return row;
}

/**
 * Revokes the key at `now` when it is not revoked yet: the key as it was, or undefined when the
 * workspace has no such key or it was revoked before (of two revokes at once, one wins).
 */
export async function revokeWorkspaceApiKey(db: Db, workspaceId: string, id: string, now: Date) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ name: apiKeys.name, role: apiKeys.role, prefix: apiKeys.prefix });
  return row;
}
