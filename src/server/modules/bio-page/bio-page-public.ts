import { type BioPageInput, renderBioDocument } from '../../../contracts/bio-page-html';
import { BIO_GRID_POSTS, BIO_SLUG_PATTERN, SHORT_LINK_PATH } from '../../../contracts/links';
import type { AppContext } from '../../context';
import { loadBrandKit } from '../brand-kit';
import { networkFromReferrer } from '../links';
import { findMediaByIds } from '../media';
import {
  findBioPageBySlug,
  firstShortCodes,
  listBioLinks,
  listLatestPublishedPosts,
} from './bio-page.repository';
import { bioPageAddress, isLive } from './bio-page.service';
import { fullImageUrl, smallImageUrl } from './bio-page-images';

type Ctx = Pick<AppContext, 'config' | 'database' | 'mediaSigner'>;

/** The page's images by their path on the app: same origin whatever Host the visitor used. */
function onThisOrigin(appUrl: string, url: string | null): string | null {
  return url?.startsWith(`${appUrl}/`) ? url.slice(appUrl.length) : url;
}

/**
 * GET /@<slug>: the page as HTML, or null when no page has that address. A few indexed reads
 * (page by slug, brand kit, links, and with the grid its posts, their codes and images), rendered
 * per request: the schedule and the posts are always current, and nothing is cached to go stale.
 * A visitor who came from a network (the Referer: Instagram's link shim, t.co…) gets the page's
 * links with `?via=<network>`: the click on /l/ then carries the network, which its own Referer,
 * this page, cannot tell.
 */
export async function renderPublicBioPage(
  ctx: Ctx,
  rawSlug: string,
  now: Date,
  referrer?: string,
): Promise<{ workspaceId: string; html: string } | null> {
  const slug = rawSlug.toLowerCase();
  // A malformed address costs no query.
  if (!BIO_SLUG_PATTERN.test(slug)) return null;
  const db = ctx.database.db;
  const page = await findBioPageBySlug(db, slug);
  if (!page) return null;
  const { workspaceId } = page;
  const [brand, links, posts] = await Promise.all([
    loadBrandKit(db, workspaceId),
    listBioLinks(db, workspaceId).then((rows) => rows.filter((link) => isLive(link, now))),
    page.showPosts ? listLatestPublishedPosts(db, workspaceId, BIO_GRID_POSTS) : Promise.resolve([]),
  ]);
  const codes = await firstShortCodes(
    db,
    posts.map((post) => post.id),
  );
  const shown = posts.flatMap((post) => {
    const code = codes.get(post.id);
    const href = code ? `${SHORT_LINK_PATH}${code}` : post.externalUrl;
    return href ? [{ ...post, href }] : [];
  });
  const mediaIds = [
    ...(brand?.logoMediaId ? [brand.logoMediaId] : []),
    ...links.flatMap((link) => (link.thumbnailMediaId ? [link.thumbnailMediaId] : [])),
    ...shown.flatMap((post) => post.mediaIds.slice(0, 1)),
  ];
  const media = new Map((await findMediaByIds(db, workspaceId, mediaIds)).map((row) => [row.id, row]));
  const { appUrl } = ctx.config;
  const network = networkFromReferrer(referrer);
  const via = network ? `?via=${network}` : '';
  const small = (id: string | null | undefined) => {
    const row = id ? media.get(id) : undefined;
    return row ? onThisOrigin(appUrl, smallImageUrl(appUrl, row, ctx.mediaSigner, now)) : null;
  };
  const logo = brand?.logoMediaId ? media.get(brand.logoMediaId) : undefined;
  const input: BioPageInput = {
    brand: {
      name: brand?.brandName ?? '',
      description: brand?.description ?? '',
      logoUrl: small(brand?.logoMediaId),
      primaryColour: brand?.primaryColour ?? null,
      accentColour: brand?.accentColour ?? null,
    },
    page: { title: page.title, description: page.description, showPosts: page.showPosts },
    links: links.map((link) => ({
      title: link.title,
      href: `${SHORT_LINK_PATH}${link.shortCode}${via}`,
      thumbnailUrl: small(link.thumbnailMediaId),
    })),
    posts: shown.map((post) => {
      const first = post.mediaIds[0];
      return {
        href: post.href,
        imageUrl: small(first),
        alt: (first && post.altTexts[first]) || '',
        text: post.content,
      };
    }),
    meta: {
      canonicalUrl: bioPageAddress(appUrl, slug),
      ogImage: logo?.kind === 'image' ? fullImageUrl(appUrl, logo, ctx.mediaSigner, now) : null,
      lang: 'en',
    },
  };
  return { workspaceId, html: renderBioDocument(input) };
}
