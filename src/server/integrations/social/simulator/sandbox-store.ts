import { randomBytes, randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PublishingPlatform } from '../../../../contracts/platforms';
import type { Db } from '../../../db/client';
import { sandboxAccounts, sandboxGrants, sandboxPosts } from '../../../db/schema';

/*
 * The simulator's world, shared by every pretend platform: accounts, grants (codes and tokens) and
 * posts, in the database so that every web process serves the same world. The simulator is its own
 * little platform, so this is its repository: the rest of the app never reads these tables.
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

export async function insertPost(
  db: Db,
  post: Omit<typeof sandboxPosts.$inferInsert, 'id' | 'createdAt'>,
): Promise<SandboxPost> {
  const [row] = await db.insert(sandboxPosts).values(post).returning();
  if (!row) throw new Error('sandbox post was not stored');
  return row;
}

/**
 * Publishes a post unless the account already has a live post with exactly this text (platforms
 * refuse duplicates), in one statement: the publish path must stay cheap when thousands of posts
 * go out at once. Answers null for a duplicate. Two racing publishes of the same text may both
 * pass; the sandbox accepts that.
 */
export async function insertPostUnlessDuplicate(
  db: Db,
  post: {
    platform: PublishingPlatform;
    externalId: string;
    accountId: string;
    text: string;
    media?: SandboxPost['media'];
    metricsSeed: number;
    publishedAt: Date;
  },
): Promise<{ id: string; externalId: string } | null> {
  const result = await db.execute(sql`
    insert into ${sandboxPosts} (platform, external_id, account_id, text, media, state, metrics_seed, published_at)
    select ${post.platform}::text, ${post.externalId}::text, ${post.accountId}::uuid, ${post.text}::text,
      ${JSON.stringify(post.media ?? [])}::jsonb, 'published', ${post.metricsSeed}::integer,
      ${post.publishedAt.toISOString()}::timestamptz
    where not exists (
      select 1 from ${sandboxPosts}
      where platform = ${post.platform}::text and account_id = ${post.accountId}::uuid
        and text = ${post.text}::text and state = 'published'
    )
    returning id, external_id`);
  const [row] = (result as unknown as { rows: Array<{ id: string; external_id: string }> }).rows;
  return row ? { id: row.id, externalId: row.external_id } : null;
}

/** The account's live (published) post with exactly this text, if any: platforms refuse duplicates. */
export async function findLivePostWithText(
  db: Db,
  platform: PublishingPlatform,
  accountId: string,
  text: string,
): Promise<SandboxPost | undefined> {
  const rows = await db
    .select()
    .from(sandboxPosts)
    .where(
      and(
        eq(sandboxPosts.platform, platform),
        eq(sandboxPosts.accountId, accountId),
        eq(sandboxPosts.text, text),
        eq(sandboxPosts.state, 'published'),
      ),
    )
    .limit(1);
  return rows[0];
}

/** Published posts by external id, with their authors: the viewer's only. */
export async function findPublishedPosts(
  db: Db,
  platform: PublishingPlatform,
  externalIds: string[],
  viewer: SandboxViewer,
): Promise<Array<{ post: SandboxPost; account: SandboxAccount }>> {
  if (externalIds.length === 0) return [];
  return db
    .select({ post: sandboxPosts, account: sandboxAccounts })
    .from(sandboxPosts)
    .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxPosts.accountId))
    .where(
      and(
        eq(sandboxPosts.platform, platform),
        inArray(sandboxPosts.externalId, externalIds),
        eq(sandboxPosts.state, 'published'),
        ownedBy(viewer),
      ),
    );
}

export async function markPostsDeleted(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(sandboxPosts).set({ state: 'deleted' }).where(inArray(sandboxPosts.id, ids));
}

/** Rows of the platform (in these states) whose media include an image at one of these URLs. */
async function findPostsWithMediaUrls(
  db: Db,
  platform: PublishingPlatform,
  urls: string[],
  states: SandboxPost['state'][],
): Promise<SandboxPost[]> {
  if (urls.length === 0) return [];
  return db
    .select()
    .from(sandboxPosts)
    .where(
      and(
        eq(sandboxPosts.platform, platform),
        inArray(sandboxPosts.state, states),
        or(...urls.map((url) => sql`${sandboxPosts.media} @> ${JSON.stringify([{ url }])}::jsonb`)),
      ),
    );
}

/** Which of these image URLs a live (published) post of the platform still shows. */
export async function stillUsedMediaUrls(
  db: Db,
  platform: PublishingPlatform,
  urls: string[],
): Promise<Set<string>> {
  const live = await findPostsWithMediaUrls(db, platform, urls, ['published']);
  return new Set(live.flatMap((post) => post.media.flatMap((item) => (item.url ? [item.url] : []))));
}

/** Ends the upload records (containers) of images whose bytes are removed. */
export async function endUploadsWithMediaUrls(
  db: Db,
  platform: PublishingPlatform,
  urls: string[],
): Promise<void> {
  const uploads = await findPostsWithMediaUrls(db, platform, urls, ['container']);
  await markPostsDeleted(
    db,
    uploads.map((upload) => upload.id),
  );
}

/**
 * Every post and upload of the sandbox identities of these workspaces (whatever their state):
 * what a workspace's deletion removes by cascade, read first so that their images can be removed
 * from storage afterwards.
 */
export async function listWorkspacesSandboxMedia(
  db: Db,
  workspaceIds: string[],
): Promise<Array<Pick<SandboxPost, 'platform' | 'media'>>> {
  if (workspaceIds.length === 0) return [];
  return db
    .select({ platform: sandboxPosts.platform, media: sandboxPosts.media })
    .from(sandboxPosts)
    .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxPosts.accountId))
    .where(inArray(sandboxAccounts.workspaceId, workspaceIds));
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

/** How many live posts the account has (its profile's post count). */
export async function countLivePosts(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(sandboxPosts)
    .where(and(eq(sandboxPosts.accountId, accountId), eq(sandboxPosts.state, 'published')));
  return row?.total ?? 0;
}

/**
 * Posts created on the platform since `since` (deleted ones too: a daily cap counts creations), by
 * one account or, without `accountId`, by every account (the app's cap): how many, and when the
 * oldest of them was created (the window frees a slot 24 h after it).
 */
export async function countPostsCreatedSince(
  db: Db,
  platform: PublishingPlatform,
  since: Date,
  accountId?: string,
): Promise<{ total: number; oldest: Date | null }> {
  const [row] = await db
    .select({ total: count(), oldest: sql<Date | string | null>`min(${sandboxPosts.publishedAt})` })
    .from(sandboxPosts)
    .where(
      and(
        eq(sandboxPosts.platform, platform),
        inArray(sandboxPosts.state, ['published', 'deleted']),
        gte(sandboxPosts.publishedAt, since),
        ...(accountId ? [eq(sandboxPosts.accountId, accountId)] : []),
      ),
    );
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { total: row?.total ?? 0, oldest };
}

/** The `revoked-token` fault: every code and token the account was given stops working. */
export async function revokeAccountGrants(db: Db, accountId: string): Promise<void> {
  await db
    .update(sandboxGrants)
    .set({ revokedAt: new Date() })
    .where(and(eq(sandboxGrants.accountId, accountId), isNull(sandboxGrants.revokedAt)));
}

/**
 * Unpublished objects of the account by their platform ids: uploaded images (X media, LinkedIn
 * images, unpublished Facebook photos) are `sandbox_posts` rows in state 'container', like
 * Instagram's containers, until a post uses them.
 */
export async function findContainers(
  db: Db,
  platform: PublishingPlatform,
  accountId: string,
  externalIds: string[],
): Promise<SandboxPost[]> {
  if (externalIds.length === 0) return [];
  return db
    .select()
    .from(sandboxPosts)
    .where(
      and(
        eq(sandboxPosts.platform, platform),
        inArray(sandboxPosts.externalId, externalIds),
        eq(sandboxPosts.accountId, accountId),
        eq(sandboxPosts.state, 'container'),
      ),
    );
}

/** Sets an uploaded object's media (its bytes arrived). */
export async function updateContainerMedia(db: Db, id: string, media: SandboxPost['media']): Promise<void> {
  await db.update(sandboxPosts).set({ media }).where(eq(sandboxPosts.id, id));
}

/**
 * The account's published posts, newest first, published at or after `since` (and before
 * `until`): what a platform's timeline or feed endpoint lists. `limit + 1` rows are read so the
 * caller knows whether there is a next page.
 */
export async function findTimeline(
  db: Db,
  platform: PublishingPlatform,
  accountId: string,
  input: { since?: Date; until?: Date; offset: number; limit: number },
): Promise<{ posts: SandboxPost[]; more: boolean }> {
  const rows = await db
    .select()
    .from(sandboxPosts)
    .where(
      and(
        eq(sandboxPosts.platform, platform),
        eq(sandboxPosts.accountId, accountId),
        eq(sandboxPosts.state, 'published'),
        input.since ? gte(sandboxPosts.publishedAt, input.since) : undefined,
        input.until
          ? sql`${sandboxPosts.publishedAt} < ${input.until.toISOString()}::timestamptz`
          : undefined,
      ),
    )
    .orderBy(desc(sandboxPosts.publishedAt), desc(sandboxPosts.externalId))
    .offset(input.offset)
    .limit(input.limit + 1);
  return { posts: rows.slice(0, input.limit), more: rows.length > input.limit };
}
