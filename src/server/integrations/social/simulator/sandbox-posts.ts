import { and, count, desc, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PublishingPlatform } from '../../../../contracts/platforms';
import type { Db } from '../../../db/client';
import { sandboxAccounts, sandboxPosts } from '../../../db/schema';
import { ownedBy, type SandboxAccount, type SandboxPost, type SandboxViewer } from './sandbox-store';

/*
 * The pretend platforms' posts, and their uploads (containers), in `sandbox_posts`: what is
 * published, listed, counted against caps, deleted, and which images are still shown.
 */

/** The platform's post rows that meet every one of these conditions. */
const selectPosts = (db: Db, platform: PublishingPlatform, ...conditions: Array<SQL | undefined>) =>
  db
    .select()
    .from(sandboxPosts)
    .where(and(eq(sandboxPosts.platform, platform), ...conditions));

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
  const rows = await selectPosts(
    db,
    platform,
    eq(sandboxPosts.accountId, accountId),
    eq(sandboxPosts.text, text),
    eq(sandboxPosts.state, 'published'),
  ).limit(1);
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
  return selectPosts(
    db,
    platform,
    inArray(sandboxPosts.state, states),
    or(...urls.map((url) => sql`${sandboxPosts.media} @> ${JSON.stringify([{ url }])}::jsonb`)),
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
  return selectPosts(
    db,
    platform,
    inArray(sandboxPosts.externalId, externalIds),
    eq(sandboxPosts.accountId, accountId),
    eq(sandboxPosts.state, 'container'),
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
  const rows = await selectPosts(
    db,
    platform,
    eq(sandboxPosts.accountId, accountId),
    eq(sandboxPosts.state, 'published'),
    input.since ? gte(sandboxPosts.publishedAt, input.since) : undefined,
    input.until ? sql`${sandboxPosts.publishedAt} < ${input.until.toISOString()}::timestamptz` : undefined,
  )
    .orderBy(desc(sandboxPosts.publishedAt), desc(sandboxPosts.externalId))
    .offset(input.offset)
    .limit(input.limit + 1);
  return { posts: rows.slice(0, input.limit), more: rows.length > input.limit };
}
