import { randomInt } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, like, not, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxAccounts, sandboxGrants } from '../../../db/schema';
import { newMetricsSeed } from './sandbox-metrics';
import { findPublishedPosts, insertPost } from './sandbox-posts';
import {
  findAccountByExternalId,
  followersFor,
  insertGrant,
  newOpaqueToken,
  newSnowflakeId,
  type SandboxAccount,
  type SandboxGrant,
  type SandboxPost,
  type SandboxViewer,
} from './sandbox-store';

/*
 * The pretend Facebook's own corner of the sandbox tables: a user (a sandbox account without an
 * owner) owns Pages (sandbox accounts whose owner_id is the user). A Page's token is an 'access'
 * grant on the Page's account.
 *
 * A Business portfolio is a sandbox account owned by the user whose username starts with
 * `business.` (a Page's handle never holds a period: pageHandle); the Pages it owns have the
 * business as their owner. Such Pages are not in the user's `/me/accounts`: they are reached through
 * `/me/businesses` → `/{business-id}/owned_pages` (Postiz facebook.provider.ts, platforms.md Audit
 * 2026-11), as on Facebook.
 */

const BUSINESS_PREFIX = 'business.';
/** A Graph object's id (a Page, a photo, a video): digits. */
export const OBJECT_ID = /^\d{1,20}$/;
/** A Page post's id: `{page-id}_{post-id}`. */
export const PAGE_POST_ID = /^\d{1,20}_\d{1,20}$/;

/** The published Page post with that id the viewer may see, with its Page; undefined: none. */
export async function findPagePost(
  db: Db,
  id: string,
  viewer: SandboxViewer,
): Promise<{ post: SandboxPost; account: SandboxAccount } | undefined> {
  if (!PAGE_POST_ID.test(id)) return undefined;
  const [found] = await findPublishedPosts(db, 'facebook', [id], viewer);
  return found;
}

/**
 * The row of a Page's published post (a feed post, a published photo, a story, a feed video):
 * a new `{page-id}_{post-id}` id unless it keeps its own (a video keeps its video id), its own
 * metrics, out now unless `publishedAt` says when (a video, once processed).
 */
export function newPagePost(
  page: SandboxAccount,
  input: { text: string; media: SandboxPost['media']; externalId?: string; publishedAt?: Date },
) {
  return {
    platform: 'facebook' as const,
    externalId: input.externalId ?? `${page.externalId}_${newSnowflakeId()}`,
    accountId: page.id,
    text: input.text,
    media: input.media,
    state: 'published' as const,
    metricsSeed: newMetricsSeed(),
    publishedAt: input.publishedAt ?? new Date(),
  };
}

/** Stores a Page's published post (newPagePost). */
export function publishPagePost(
  db: Db,
  page: SandboxAccount,
  input: Parameters<typeof newPagePost>[1],
): Promise<SandboxPost> {
  return insertPost(db, newPagePost(page, input));
}

/**
 * Stores what a Page holds unpublished: a photo uploaded with published=false, a video being
 * uploaded or processed (or that failed processing), a comment (`at`: when it was written). Never
 * in a feed or a count.
 */
export function keepPageContainer(
  db: Db,
  page: SandboxAccount,
  input: { externalId: string; text: string; media: SandboxPost['media']; at?: Date },
): Promise<SandboxPost> {
  return insertPost(db, {
    platform: 'facebook',
    externalId: input.externalId,
    accountId: page.id,
    text: input.text,
    media: input.media,
    state: 'container',
    metricsSeed: 0,
    publishedAt: input.at ?? null,
  });
}

export const isBusiness = (account: SandboxAccount) =>
  account.ownerId !== null && account.username.startsWith(BUSINESS_PREFIX);
/** A Page (owned by a user or a business); a user or a business is not. */
export const isPage = (account: SandboxAccount) => account.ownerId !== null && !isBusiness(account);

/** The Page a call names: the caller itself when it holds that Page's token (no query needed). */
export async function findPageNamed(
  db: Db,
  id: string,
  caller: SandboxAccount,
): Promise<SandboxAccount | undefined> {
  if (caller.externalId === id && isPage(caller)) return caller;
  const page = OBJECT_ID.test(id)
    ? await findAccountByExternalId(db, 'facebook', id, caller.workspaceId)
    : undefined;
  return page && isPage(page) ? page : undefined;
}

/** Accounts the owner owns, oldest first: its Pages, or its Business portfolios. */
function findOwned(db: Db, owner: SandboxAccount, kind: 'pages' | 'businesses'): Promise<SandboxAccount[]> {
  const business = like(sandboxAccounts.username, `${BUSINESS_PREFIX}%`);
  return db
    .select()
    .from(sandboxAccounts)
    .where(
      and(
        eq(sandboxAccounts.platform, 'facebook'),
        eq(sandboxAccounts.ownerId, owner.id),
        kind === 'businesses' ? business : not(business),
      ),
    )
    .orderBy(asc(sandboxAccounts.createdAt), asc(sandboxAccounts.externalId));
}

/** The user's (or a business's) Pages, oldest first (the order `/me/accounts` lists them in). */
export function findPagesOf(db: Db, owner: SandboxAccount): Promise<SandboxAccount[]> {
  return findOwned(db, owner, 'pages');
}

/** The user's Business portfolios (`/me/businesses`), oldest first. */
export function findBusinessesOf(db: Db, owner: SandboxAccount): Promise<SandboxAccount[]> {
  return findOwned(db, owner, 'businesses');
}

/**
 * Makes sure the user has a Business portfolio owning a Page (not in `/me/accounts`); answers
 * that Page.
 */
export async function ensureBusinessPage(db: Db, owner: SandboxAccount): Promise<SandboxAccount> {
  let [business] = await findBusinessesOf(db, owner);
  if (!business) {
    for (let attempt = 0; attempt < 5 && !business; attempt++) {
      const username = `${BUSINESS_PREFIX}${pageHandle(owner.displayName)}`;
      [business] = await db
        .insert(sandboxAccounts)
        .values({
          platform: 'facebook',
          externalId: newSnowflakeId(),
          username,
          displayName: `${owner.displayName} Business`,
          followers: 0,
          ownerId: owner.id,
          workspaceId: owner.workspaceId,
        })
        .onConflictDoNothing()
        .returning();
    }
    if (!business) throw new Error('sandbox business could not be created');
  }
  const [page] = await findPagesOf(db, business);
  return page ?? createPage(db, business, `${owner.displayName} Agency Client`);
}

/** A handle for a Page from its name: lowercase letters and digits, and a number to keep it unique. */
function pageHandle(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 20);
  return `${slug || 'page'}${randomInt(1000, 10_000)}`;
}

export async function createPage(db: Db, owner: SandboxAccount, name: string): Promise<SandboxAccount> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = pageHandle(name);
    const [created] = await db
      .insert(sandboxAccounts)
      .values({
        platform: 'facebook',
        externalId: newSnowflakeId(),
        username,
        displayName: name,
        followers: followersFor(username),
        ownerId: owner.id,
        // A Page belongs to the workspace its user belongs to.
        workspaceId: owner.workspaceId,
      })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
  }
  throw new Error(`sandbox Page ${name} could not be created`);
}

const PAGE_NAME_ENDINGS = ['', ' Downtown', ' Online Shop', ' Events', ' Studio'];

/**
 * Makes sure the user has at least `count` Pages, and one named `name` when a name is given;
 * Pages it adds are named after the user. Answers all the user's Pages.
 */
export async function ensurePages(
  db: Db,
  owner: SandboxAccount,
  input: { count: number; name?: string },
): Promise<SandboxAccount[]> {
  let pages = await findPagesOf(db, owner);
  const taken = (name: string) => pages.some((page) => page.displayName.toLowerCase() === name.toLowerCase());
  if (input.name && !taken(input.name)) {
    pages = [...pages, await createPage(db, owner, input.name)];
  }
  for (let index = 0; pages.length < input.count; index++) {
    const ending = PAGE_NAME_ENDINGS[index] ?? ` ${index + 1}`;
    const name = `${owner.displayName}${ending}`;
    if (!taken(name)) pages = [...pages, await createPage(db, owner, name)];
  }
  return pages;
}

/** A grant by value whatever its state (to say why a code is refused: used, expired, unknown). */
export async function findGrant(
  db: Db,
  kind: SandboxGrant['kind'],
  value: string,
): Promise<{ grant: SandboxGrant; account: SandboxAccount } | undefined> {
  const rows = await db
    .select({ grant: sandboxGrants, account: sandboxAccounts })
    .from(sandboxGrants)
    .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxGrants.accountId))
    .where(
      and(
        eq(sandboxGrants.platform, 'facebook'),
        eq(sandboxGrants.kind, kind),
        eq(sandboxGrants.value, value),
      ),
    );
  return rows[0];
}

/**
 * The Page token `/me/accounts` hands out. Read with a long-lived user token it does not expire
 * (and the same live one is handed out again); read with a short-lived one it ends with it.
 */
export async function pageTokenFor(
  db: Db,
  page: SandboxAccount,
  userGrant: SandboxGrant,
  longLived: boolean,
): Promise<SandboxGrant> {
  if (longLived) {
    const [existing] = await db
      .select()
      .from(sandboxGrants)
      .where(
        and(
          eq(sandboxGrants.platform, 'facebook'),
          eq(sandboxGrants.kind, 'access'),
          eq(sandboxGrants.accountId, page.id),
          eq(sandboxGrants.clientId, userGrant.clientId),
          isNull(sandboxGrants.revokedAt),
          isNull(sandboxGrants.expiresAt),
        ),
      )
      .limit(1);
    if (existing) return existing;
  }
  return insertGrant(db, {
    platform: 'facebook',
    kind: 'access',
    value: newOpaqueToken(),
    accountId: page.id,
    clientId: userGrant.clientId,
    scopes: userGrant.scopes,
    expiresAt: longLived ? null : userGrant.expiresAt,
  });
}

/**
 * `DELETE /me/permissions`: the app loses the user, and with it every token it holds for the
 * user and the user's Pages.
 */
export async function revokeApp(db: Db, owner: SandboxAccount, clientId: string): Promise<void> {
  const pages = await findPagesOf(db, owner);
  for (const business of await findBusinessesOf(db, owner)) pages.push(...(await findPagesOf(db, business)));
  await db
    .update(sandboxGrants)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sandboxGrants.platform, 'facebook'),
        eq(sandboxGrants.clientId, clientId),
        inArray(sandboxGrants.accountId, [owner.id, ...pages.map((page) => page.id)]),
        isNull(sandboxGrants.revokedAt),
        or(isNull(sandboxGrants.expiresAt), gt(sandboxGrants.expiresAt, new Date())),
      ),
    );
}
