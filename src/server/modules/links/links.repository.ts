import { asc, eq } from 'drizzle-orm';
import type { LinkSettingsBody } from '../../../contracts/links';
import type { PlanId } from '../../../contracts/plans';
import type { Db } from '../../db/client';
import { linkSettings, shortLinks, workspaces } from '../../db/schema';

/** A workspace's link settings as stored (defaults when it never saved them) and its plan. */
export interface StoredLinkSettings {
  plan: PlanId;
  shortLinks: boolean;
  utm: boolean;
}

/**
 * The workspace's plan and link settings in one read (the workspace left-joined to its settings
 * row, which exists only once saved); undefined: no such workspace.
 */
export async function findLinkSettings(db: Db, workspaceId: string): Promise<StoredLinkSettings | undefined> {
  const [row] = await db
    .select({ plan: workspaces.plan, shortLinks: linkSettings.shortLinks, utm: linkSettings.utm })
    .from(workspaces)
    .leftJoin(linkSettings, eq(linkSettings.workspaceId, workspaces.id))
    .where(eq(workspaces.id, workspaceId));
  if (!row) return undefined;
  return { plan: row.plan, shortLinks: row.shortLinks ?? false, utm: row.utm ?? true };
}

export async function upsertLinkSettings(db: Db, workspaceId: string, body: LinkSettingsBody): Promise<void> {
  const now = new Date();
  await db
    .insert(linkSettings)
    .values({ workspaceId, ...body, updatedAt: now })
    .onConflictDoUpdate({ target: linkSettings.workspaceId, set: { ...body, updatedAt: now } });
}

/** A post's short links in the order they appear in its texts. */
export async function listPostShortLinks(db: Db, postId: string) {
  return db
    .select({
      code: shortLinks.code,
      url: shortLinks.url,
      target: shortLinks.target,
      position: shortLinks.position,
    })
    .from(shortLinks)
    .where(eq(shortLinks.postId, postId))
    .orderBy(asc(shortLinks.position), asc(shortLinks.createdAt));
}
