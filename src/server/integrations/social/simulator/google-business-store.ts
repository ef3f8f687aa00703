import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, gte, like } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxAccounts, sandboxPosts } from '../../../db/schema';
import { followersFor, type SandboxAccount, type SandboxPost } from './sandbox-store';

/*
 * The pretend Google Business Profile's corner of the sandbox tables (platform 'google_business').
 * The Google user is a sandbox account without an owner (made by the shared Google consent page);
 * each location they manage is a sandbox account whose owner_id is the user and whose external id
 * is the v4 path `accounts/{accountId}/locations/{locationId}` (one business account per user:
 * their personal one). A user who has none gets two on their first accounts read, as a new
 * Business Profile owner with two shops would, so the choice of location shows. A local post is
 * a `sandbox_posts` row whose text is the summary and whose media[0] holds the rest of the
 * LocalPost (no table of its own: no migration for the sandbox).
 */

export const GBP_PLATFORM = 'google_business' as const;
export const LOCATION_PATH = /^accounts\/(\d{1,20})\/locations\/(\d{1,20})$/;

export interface LocalPostEntry {
  id: string;
  /** The photo Google downloaded (kept by the sandbox), or null. */
  url: string | null;
  kind: 'local-post';
  topicType: 'STANDARD' | 'EVENT' | 'OFFER';
  languageCode: string | null;
  callToAction: { actionType: string; url?: string } | null;
  event: { title: string; schedule: unknown } | null;
  offer: { couponCode?: string; redeemOnlineUrl?: string; termsConditions?: string } | null;
  /** The photo's source URL as sent. */
  sourceUrl: string | null;
  /** Until then the post is PROCESSING; after it LIVE, or REJECTED with the reason. */
  availableAt: number;
  rejected: string | null;
}

export const localPostOf = (row: Pick<SandboxPost, 'media'>) => row.media[0] as unknown as LocalPostEntry;
export const asStored = (entry: LocalPostEntry) => [entry] as unknown as SandboxPost['media'];

export type LocalPostState = 'PROCESSING' | 'LIVE' | 'REJECTED';
export function stateOf(entry: LocalPostEntry, now = Date.now()): LocalPostState {
  if (now < entry.availableAt) return 'PROCESSING';
  return entry.rejected ? 'REJECTED' : 'LIVE';
}

/** The user's locations, oldest first. */
export function findLocationsOf(db: Db, user: SandboxAccount): Promise<SandboxAccount[]> {
  return db
    .select()
    .from(sandboxAccounts)
    .where(and(eq(sandboxAccounts.platform, GBP_PLATFORM), eq(sandboxAccounts.ownerId, user.id)))
    .orderBy(asc(sandboxAccounts.createdAt), asc(sandboxAccounts.externalId));
}

/** The user's business account (`accounts/{id}`), read from their locations' paths. */
export const businessAccountOf = (locations: SandboxAccount[]) =>
  locations.map((location) => LOCATION_PATH.exec(location.externalId)?.[1]).find(Boolean) ?? null;

const LOCATION_NAMES = ['', ' – Riverside'];

/** Makes sure the user manages at least one business account with its locations; answers them. */
export async function ensureLocations(db: Db, user: SandboxAccount): Promise<SandboxAccount[]> {
  const existing = await findLocationsOf(db, user);
  if (existing.length > 0) return existing;
  const accountId = String(randomInt(100_000_000, 999_999_999));
  for (const suffix of LOCATION_NAMES) {
    const locationId = `${randomInt(1_000_000_000, 2_000_000_000)}${randomInt(1000, 9999)}`;
    await db
      .insert(sandboxAccounts)
      .values({
        platform: GBP_PLATFORM,
        externalId: `accounts/${accountId}/locations/${locationId}`,
        username: `location-${locationId}`,
        displayName: `${user.displayName}${suffix}`,
        followers: followersFor(locationId),
        ownerId: user.id,
        workspaceId: user.workspaceId,
      })
      .onConflictDoNothing();
  }
  return findLocationsOf(db, user);
}

/** The location's local posts, newest first (every state but deleted). */
export function listLocalPosts(db: Db, location: SandboxAccount, limit: number): Promise<SandboxPost[]> {
  return db
    .select()
    .from(sandboxPosts)
    .where(
      and(
        eq(sandboxPosts.platform, GBP_PLATFORM),
        eq(sandboxPosts.accountId, location.id),
        eq(sandboxPosts.state, 'published'),
      ),
    )
    .orderBy(desc(sandboxPosts.createdAt), desc(sandboxPosts.externalId))
    .limit(limit);
}

/** How many local posts the location made since `since`: Google allows 10 edits a minute a profile. */
export async function countRecentPosts(db: Db, location: SandboxAccount, since: Date): Promise<number> {
  const rows = await db
    .select({ id: sandboxPosts.id })
    .from(sandboxPosts)
    .where(
      and(
        eq(sandboxPosts.platform, GBP_PLATFORM),
        eq(sandboxPosts.accountId, location.id),
        gte(sandboxPosts.createdAt, since),
      ),
    );
  return rows.length;
}

/** One local post by its v4 name (any location: the caller checks whose). */
export async function findLocalPost(db: Db, name: string): Promise<SandboxPost | undefined> {
  const rows = await db
    .select()
    .from(sandboxPosts)
    .where(
      and(
        eq(sandboxPosts.platform, GBP_PLATFORM),
        eq(sandboxPosts.externalId, name),
        eq(sandboxPosts.state, 'published'),
      ),
    );
  return rows[0];
}

/** A local post by the id its public page carries (the last segment of its name), with its location. */
export async function findLocalPostById(
  db: Db,
  postId: string,
  viewer: string,
): Promise<{ post: SandboxPost; account: SandboxAccount } | undefined> {
  const rows = await db
    .select({ post: sandboxPosts, account: sandboxAccounts })
    .from(sandboxPosts)
    .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxPosts.accountId))
    .where(
      and(
        eq(sandboxPosts.platform, GBP_PLATFORM),
        like(sandboxPosts.externalId, `%/localPosts/${postId}`),
        eq(sandboxPosts.state, 'published'),
        eq(sandboxAccounts.workspaceId, viewer),
      ),
    );
  return rows[0];
}
