import { and, asc, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { PublishingPlatform } from '../../../contracts/platforms';
import type { Db } from '../../db/client';
import { oauthStates, posts, socialAccounts } from '../../db/schema';

export type SocialAccountRow = typeof socialAccounts.$inferSelect;
export type OAuthStateRow = typeof oauthStates.$inferSelect;
export type NewSocialAccountRow = Omit<typeof socialAccounts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function listSocialAccounts(db: Db, workspaceId: string): Promise<SocialAccountRow[]> {
  return db
    .select()
    .from(socialAccounts)
    .where(eq(socialAccounts.workspaceId, workspaceId))
    .orderBy(asc(socialAccounts.connectedAt), asc(socialAccounts.id));
}

/**
 * The workspace's accounts in connection order, with only the named columns: a reader that names
 * no token column never reads a token.
 */
export async function listSocialAccountColumns<Columns extends SelectedFields>(
  db: Db,
  workspaceId: string,
  columns: Columns,
): Promise<SelectResultFields<Columns>[]> {
  const rows = await db
    .select(columns)
    .from(socialAccounts)
    .where(eq(socialAccounts.workspaceId, workspaceId))
    .orderBy(asc(socialAccounts.connectedAt), asc(socialAccounts.id));
  // What drizzle infers for a selection it knows only as a type parameter, spelt out.
  return rows as SelectResultFields<Columns>[];
}

export async function findSocialAccount(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.id, id)));
  return row;
}

export async function findSocialAccountByExternalId(
  db: Db,
  workspaceId: string,
  platform: PublishingPlatform,
  externalId: string,
) {
  const [row] = await db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.workspaceId, workspaceId),
        eq(socialAccounts.platform, platform),
        eq(socialAccounts.externalId, externalId),
      ),
    );
  return row;
}

export async function countSocialAccounts(
  db: Db,
  workspaceId: string,
  platform?: PublishingPlatform,
  filter: { sandbox?: boolean } = {},
) {
  const [row] = await db
    .select({ total: count() })
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.workspaceId, workspaceId),
        platform ? eq(socialAccounts.platform, platform) : undefined,
        filter.sandbox === undefined ? undefined : eq(socialAccounts.sandbox, filter.sandbox),
      ),
    );
  return row?.total ?? 0;
}

/** Inserts the account, or updates the row of the same external account (a reconnect). */
export async function upsertSocialAccount(db: Db, values: NewSocialAccountRow): Promise<SocialAccountRow> {
  const { workspaceId, platform, externalId, connectedAt: _connectedAt, ...changes } = values;
  const [row] = await db
    .insert(socialAccounts)
    .values(values)
    .onConflictDoUpdate({
      target: [socialAccounts.workspaceId, socialAccounts.platform, socialAccounts.externalId],
      set: { ...changes, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('social account upsert returned no row');
  return row;
}

/**
 * Removes the account; its scheduled posts go back to draft with the reason, never silently
 * dropped (they would otherwise wait for an account that no longer exists).
 */
export async function deleteSocialAccountKeepingPosts(
  db: Db,
  workspaceId: string,
  id: string,
  reason: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .update(posts)
      .set({
        status: 'draft',
        scheduledAt: null,
        socialAccountId: null,
        failureReason: reason,
        updatedAt: new Date(),
      })
      .where(
        and(eq(posts.workspaceId, workspaceId), eq(posts.socialAccountId, id), eq(posts.status, 'scheduled')),
      );
    await tx
      .update(posts)
      .set({ socialAccountId: null, updatedAt: new Date() })
      .where(and(eq(posts.workspaceId, workspaceId), eq(posts.socialAccountId, id)));
    const deleted = await tx
      .delete(socialAccounts)
      .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.id, id)))
      .returning({ id: socialAccounts.id });
    return deleted.length > 0;
  });
}

export async function insertOAuthState(db: Db, values: typeof oauthStates.$inferInsert) {
  await db.insert(oauthStates).values(values);
}

/** Marks the state used and returns it, only if it was unused and unexpired: single use. */
export async function consumeOAuthState(db: Db, stateHash: string, now: Date) {
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(eq(oauthStates.stateHash, stateHash), isNull(oauthStates.usedAt), gt(oauthStates.expiresAt, now)),
    )
    .returning();
  return row;
}

export async function deleteExpiredOAuthStates(db: Db, now: Date) {
  await db.delete(oauthStates).where(sql`${oauthStates.expiresAt} < ${now}`);
}

/** Keeps the accounts offered for choice (sealed) on a consumed state. */
export async function setOAuthPendingChoice(db: Db, stateHash: string, sealed: string) {
  await db
    .update(oauthStates)
    .set({ pendingChoiceEncrypted: sealed })
    .where(eq(oauthStates.stateHash, stateHash));
}

/** Takes the pending choice off the state, once, for the session that started it, in time. */
export async function takeOAuthPendingChoice(db: Db, stateHash: string, sessionId: string, now: Date) {
  const [before] = await db
    .select()
    .from(oauthStates)
    .where(
      and(
        eq(oauthStates.stateHash, stateHash),
        eq(oauthStates.sessionId, sessionId),
        gt(oauthStates.expiresAt, now),
      ),
    );
  if (!before?.pendingChoiceEncrypted) return undefined;
  const [taken] = await db
    .update(oauthStates)
    .set({ pendingChoiceEncrypted: null })
    .where(
      and(
        eq(oauthStates.stateHash, stateHash),
        eq(oauthStates.pendingChoiceEncrypted, before.pendingChoiceEncrypted),
      ),
    )
    .returning({ stateHash: oauthStates.stateHash });
  return taken ? { state: before, sealed: before.pendingChoiceEncrypted } : undefined;
}

/** Connected accounts of every workspace whose token expires before `until` (the token job). */
export async function listAccountsExpiringBefore(db: Db, until: Date) {
  return db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.status, 'connected'), lt(socialAccounts.tokenExpiresAt, until)));
}

export async function updateSocialAccount(
  db: Db,
  id: string,
  changes: Partial<Omit<NewSocialAccountRow, 'workspaceId' | 'platform' | 'externalId'>>,
) {
  await db
    .update(socialAccounts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(socialAccounts.id, id));
}
