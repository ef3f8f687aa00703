import { randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { PublishingPlatform } from '../../../../contracts/platforms';
import type { Db } from '../../../db/client';
import { sandboxAccounts, sandboxGrants, type sandboxPosts } from '../../../db/schema';

/*
 * The simulator's world, shared by every pretend platform: accounts, grants (codes and tokens) and
 * posts (sandbox-posts.ts), in the database so that every web process serves the same world. The
 * simulator is its own little platform, so this is its repository: the rest of the app never reads
 * these tables.
 */

export type SandboxAccount = typeof sandboxAccounts.$inferSelect;
export type SandboxGrant = typeof sandboxGrants.$inferSelect;
export type SandboxPost = typeof sandboxPosts.$inferSelect;
export type GrantKind = SandboxGrant['kind'];

/**
 * Whose sandbox world a read sees (decision 036): the workspace that owns the caller's identity
 * (a token's account) or the signed-in member's workspace (a page). Identities and posts of another
 * workspace are not found, exactly as if they did not exist. `null` is the viewer of identities made
 * before they had an owner: their tokens keep seeing one another, and no session ever is `null`.
 */
export type SandboxViewer = string | null;

/** The condition "this sandbox account belongs to the viewer's workspace". */
export const ownedBy = (viewer: SandboxViewer) =>
  viewer === null ? isNull(sandboxAccounts.workspaceId) : eq(sandboxAccounts.workspaceId, viewer);

/** A random opaque value for codes and tokens (worthless outside the simulator). */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');

/**
 * A numeric id shaped like a platform snowflake: milliseconds since an epoch in the high bits and
 * randomness below, so ids sort by time like real X, Facebook and Instagram ids.
 */
export function newSnowflakeId(now = Date.now()): string {
  const sinceEpoch = BigInt(now - 1_288_834_974_657);
  return ((sinceEpoch << 22n) | BigInt(randomInt(0, 2 ** 22))).toString();
}

/** A plausible follower count, the same for the same handle: most small, a few large. */
export function followersFor(username: string): number {
  let hash = 2_166_136_261;
  for (const char of username.toLowerCase()) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619) >>> 0;
  const unit = hash / 2 ** 32;
  // Log-uniform between 40 and ~25,000: the spread of small-business accounts.
  return Math.round(40 * 625 ** unit);
}

const HANDLE_WORDS = [
  ['maple', 'harbor', 'sunny', 'copper', 'velvet', 'cedar', 'lantern', 'meadow', 'urban', 'golden'],
  ['bakery', 'studio', 'coffee', 'florist', 'bikes', 'books', 'kitchen', 'salon', 'garden', 'goods'],
] as const;

/** A handle to prefill on an authorize page, e.g. `maple_bakery42`. */
export function suggestHandle(): string {
  const [first, second] = HANDLE_WORDS;
  return `${first[randomInt(first.length)]}_${second[randomInt(second.length)]}${randomInt(10, 100)}`;
}

export async function findAccountByUsername(
  db: Db,
  platform: PublishingPlatform,
  username: string,
  viewer: SandboxViewer,
): Promise<SandboxAccount | undefined> {
  const rows = await db
    .select()
    .from(sandboxAccounts)
    .where(
      and(eq(sandboxAccounts.platform, platform), eq(sandboxAccounts.username, username), ownedBy(viewer)),
    );
  return rows[0];
}

/** The viewer's accounts among these ids (the consent page's "used before" list). */
export async function findAccountsByIds(
  db: Db,
  platform: PublishingPlatform,
  ids: string[],
  viewer: string,
): Promise<SandboxAccount[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(sandboxAccounts)
    .where(and(eq(sandboxAccounts.platform, platform), inArray(sandboxAccounts.id, ids), ownedBy(viewer)))
    .orderBy(desc(sandboxAccounts.createdAt));
}

/**
 * Loads the workspace's account with that username, or creates it for the workspace: signing in to
 * a sandbox needs no password, so a handle is the workspace's own. Answers null when the handle is
 * another workspace's (or an identity's made before identities had an owner): usernames are unique
 * on a platform, as on the real ones, so that much is said, and nothing else.
 */
export async function findOrCreateAccount(
  db: Db,
  platform: PublishingPlatform,
  workspaceId: string,
  input: { username: string; displayName: string; externalId: string },
): Promise<SandboxAccount | null> {
  const existing = await findAccountByUsername(db, platform, input.username, workspaceId);
  if (existing) return existing;
  const [created] = await db
    .insert(sandboxAccounts)
    .values({ platform, workspaceId, ...input, followers: followersFor(input.username) })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  // Taken: by another workspace, or by this one at the same moment.
  return (await findAccountByUsername(db, platform, input.username, workspaceId)) ?? null;
}

export async function insertGrant(
  db: Db,
  grant: Omit<typeof sandboxGrants.$inferInsert, 'id' | 'createdAt' | 'revokedAt'>,
): Promise<SandboxGrant> {
  const [row] = await db.insert(sandboxGrants).values(grant).returning();
  if (!row) throw new Error('sandbox grant was not stored');
  return row;
}

/** A grant of that kind that is neither revoked nor expired, with its account. */
export async function findLiveGrant(
  db: Db,
  platform: PublishingPlatform,
  kind: GrantKind,
  value: string,
  now = new Date(),
): Promise<{ grant: SandboxGrant; account: SandboxAccount } | undefined> {
  const rows = await db
    .select({ grant: sandboxGrants, account: sandboxAccounts })
    .from(sandboxGrants)
    .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxGrants.accountId))
    .where(
      and(
        eq(sandboxGrants.platform, platform),
        eq(sandboxGrants.kind, kind),
        eq(sandboxGrants.value, value),
        isNull(sandboxGrants.revokedAt),
        or(isNull(sandboxGrants.expiresAt), gt(sandboxGrants.expiresAt, now)),
      ),
    );
  return rows[0];
}

/**
 * Marks a single-use grant (a code, a rotated refresh token) used. Conditional, so that of two
 * requests racing with the same code only one wins.
 */
export async function consumeGrant(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(sandboxGrants)
    .set({ revokedAt: new Date() })
    .where(and(eq(sandboxGrants.id, id), isNull(sandboxGrants.revokedAt)))
    .returning({ id: sandboxGrants.id });
  return rows.length === 1;
}

/**
 * Revoking any token of a connection ends the whole connection (every code and token the account
 * gave that client): the grants table does not link an access token to its refresh token, and
 * "disconnect the app" is what a user expects a revoke to mean.
 */
export async function revokeConnection(
  db: Db,
  platform: PublishingPlatform,
  value: string,
): Promise<boolean> {
  const [grant] = await db
    .select()
    .from(sandboxGrants)
    .where(and(eq(sandboxGrants.platform, platform), eq(sandboxGrants.value, value)));
  if (!grant) return false;
  await db
    .update(sandboxGrants)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sandboxGrants.accountId, grant.accountId),
        eq(sandboxGrants.clientId, grant.clientId),
        isNull(sandboxGrants.revokedAt),
      ),
    );
  return true;
}

/** The viewer's account with that platform id. */
export async function findAccountByExternalId(
  db: Db,
  platform: PublishingPlatform,
  externalId: string,
  viewer: SandboxViewer,
): Promise<SandboxAccount | undefined> {
  const rows = await db
    .select()
    .from(sandboxAccounts)
    .where(
      and(
        eq(sandboxAccounts.platform, platform),
        eq(sandboxAccounts.externalId, externalId),
        ownedBy(viewer),
      ),
    );
  return rows[0];
}

/** The `revoked-token` fault: every code and token the account was given stops working. */
export async function revokeAccountGrants(db: Db, accountId: string): Promise<void> {
  await db
    .update(sandboxGrants)
    .set({ revokedAt: new Date() })
    .where(and(eq(sandboxGrants.accountId, accountId), isNull(sandboxGrants.revokedAt)));
}
