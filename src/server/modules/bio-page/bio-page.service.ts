import { randomUUID } from 'node:crypto';
import { type BioLink, type BioPage, type BioPageBody, bioPageMessages } from '../../../contracts/links';
import { mergeUtm } from '../../../contracts/utm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { conflictOnUniqueViolation } from '../../lib/unique-violation';
import { findLinkSettings, insertShortLink } from '../links';
import { findMediaByIds, requireWorkspaceImages } from '../media';
import {
  type BioLinkRow,
  type BioPageRow,
  deleteBioLinksExcept,
  findBioPage,
  insertBioLink,
  listBioLinks,
  slugTakenByOther,
  updateBioLink,
  upsertBioPage,
} from './bio-page.repository';
import { smallImageUrl } from './bio-page-images';

type Ctx = Pick<AppContext, 'config' | 'database' | 'mediaSigner'>;

/** Whether the link is on the page at `now`: from its start (included) to its end (excluded). */
export function isLive(link: Pick<BioLinkRow, 'startsAt' | 'endsAt'>, now: Date): boolean {
  return (!link.startsAt || link.startsAt <= now) && (!link.endsAt || now < link.endsAt);
}

export const bioPageAddress = (appUrl: string, slug: string) => `${appUrl}/@${slug}`;

/**
 * Where a bio link's short code leads: the URL as a WHATWG href (punycode host, encoded path), so
 * the redirect's Location is ASCII (the user's text stays in `url`), tagged
 * `utm_source=link_in_bio&utm_medium=social&utm_campaign=<slug>` unless the workspace turned UTM
 * tags off or the link has its own (mergeUtm). A code never changes target: turning UTM off later
 * applies to links added after.
 */
function targetOf(url: string, slug: string, utm: boolean): string {
  const merged = mergeUtm(url, utm ? { source: 'link_in_bio', medium: 'social', campaign: slug } : null);
  // The body's schema already refused what mergeUtm refuses (not http(s), credentials).
  return 'target' in merged ? merged.target : new URL(url).href;
}

async function toBioPage(ctx: Ctx, page: BioPageRow, links: BioLinkRow[], now: Date): Promise<BioPage> {
  const db = ctx.database.db;
  const thumbnailIds = links.flatMap((link) => (link.thumbnailMediaId ? [link.thumbnailMediaId] : []));
  const thumbnails = new Map(
    (await findMediaByIds(db, page.workspaceId, thumbnailIds)).map((row) => [row.id, row]),
  );
  return {
    slug: page.slug,
    title: page.title,
    description: page.description,
    showPosts: page.showPosts,
    links: links.map((link): BioLink => {
      const thumbnail = link.thumbnailMediaId ? thumbnails.get(link.thumbnailMediaId) : undefined;
      return {
        id: link.id,
        title: link.title,
        url: link.url,
        thumbnailMediaId: link.thumbnailMediaId,
        thumbnailUrl: thumbnail ? smallImageUrl(ctx.config.appUrl, thumbnail, ctx.mediaSigner, now) : null,
        startsAt: link.startsAt?.toISOString() ?? null,
        endsAt: link.endsAt?.toISOString() ?? null,
        code: link.shortCode,
        live: isLive(link, now),
      };
    }),
    url: bioPageAddress(ctx.config.appUrl, page.slug),
    updatedAt: page.updatedAt.toISOString(),
  };
}

/** GET /api/bio-page: the workspace's page, or null before its first save. */
export async function getBioPage(ctx: Ctx, workspaceId: string, now = new Date()): Promise<BioPage | null> {
  const db = ctx.database.db;
  const page = await findBioPage(db, workspaceId);
  if (!page) return null;
  return toBioPage(ctx, page, await listBioLinks(db, workspaceId), now);
}

/**
 * PUT /api/bio-page, in one transaction. The links' order is the body's. A link sent with its
 * `id` keeps its row and short code (its clicks stay with it) unless its URL changed: a code never
 * changes target, so a new URL gets a new code and the old code keeps leading to the old URL. A
 * link left out is deleted; its short link stays and keeps redirecting.
 */
export async function saveBioPage(ctx: Ctx, workspaceId: string, body: BioPageBody): Promise<BioPage> {
  const address = bioPageAddress(ctx.config.appUrl, body.slug);
  const { page, links } = await conflictOnUniqueViolation(bioPageMessages.taken(address), () =>
    ctx.database.db.transaction(async (tx) => {
      if (await slugTakenByOther(tx, workspaceId, body.slug)) {
        throw new AppError('conflict', bioPageMessages.taken(address));
      }
      await requireWorkspaceImages(
        tx,
        workspaceId,
        body.links.flatMap((link) => (link.thumbnailMediaId ? [link.thumbnailMediaId] : [])),
        { notFound: bioPageMessages.thumbnailNotFound, notImage: bioPageMessages.thumbnailNotImage },
      );
      const page = await upsertBioPage(tx, workspaceId, {
        slug: body.slug,
        title: body.title,
        description: body.description,
        showPosts: body.showPosts,
      });
      const { utm } = (await findLinkSettings(tx, workspaceId)) ?? { utm: true };
      const existing = new Map((await listBioLinks(tx, workspaceId)).map((link) => [link.id, link]));
      const kept: string[] = [];
      for (const [position, link] of body.links.entries()) {
        const fields = {
          position,
          title: link.title,
          url: link.url,
          thumbnailMediaId: link.thumbnailMediaId?.toLowerCase() ?? null,
          startsAt: link.startsAt ? new Date(link.startsAt) : null,
          endsAt: link.endsAt ? new Date(link.endsAt) : null,
        };
        const id = link.id?.toLowerCase();
        const known = id && !kept.includes(id) ? existing.get(id) : undefined;
        const bioLinkId = known?.id ?? randomUUID();
        const shortCode =
          known && known.url === link.url
            ? known.shortCode
            : (
                await insertShortLink(tx, {
                  workspaceId,
                  kind: 'bio',
                  bioLinkId,
                  url: link.url,
                  target: targetOf(link.url, body.slug, utm),
                })
              ).code;
        if (known) await updateBioLink(tx, workspaceId, known.id, { ...fields, shortCode });
        else await insertBioLink(tx, { id: bioLinkId, workspaceId, ...fields, shortCode });
        kept.push(bioLinkId);
      }
      await deleteBioLinksExcept(tx, workspaceId, kept);
      return { page, links: await listBioLinks(tx, workspaceId) };
    }),
  );
  return toBioPage(ctx, page, links, new Date());
}

/** The bio page as the account's data export gives it (GET /api/user/export): null when none. */
export async function exportBioPage(db: Db, workspaceId: string) {
  const page = await findBioPage(db, workspaceId);
  if (!page) return null;
  const links = await listBioLinks(db, workspaceId);
  return {
    slug: page.slug,
    title: page.title,
    description: page.description,
    showPosts: page.showPosts,
    links: links.map((link) => ({
      title: link.title,
      url: link.url,
      shortCode: link.shortCode,
      thumbnailMediaId: link.thumbnailMediaId,
      startsAt: link.startsAt?.toISOString() ?? null,
      endsAt: link.endsAt?.toISOString() ?? null,
    })),
    updatedAt: page.updatedAt.toISOString(),
  };
}
