import {
  MEDIA_LIBRARY_PAGE_SIZE,
  type Media,
  type MediaLibraryPage,
  type MediaUse,
  mediaHoldingStatuses,
  mediaLibraryMessages,
  mediaMessages,
} from '../../../contracts/media';
import { platformLabels } from '../../../contracts/platforms';
import type { PostStatus } from '../../../contracts/posts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  findPostsUsingMedia,
  listMediaTags,
  type MediaUsingPost,
  searchMedia,
  updateMediaTags,
} from './media-library.repository';
import { toMedia } from './media-view';

const holding = (status: PostStatus) => (mediaHoldingStatuses as readonly string[]).includes(status);

/** Where each of `ids` is used: in a post's media, or (X threads) in a later post of the thread. */
function usageByMedia(ids: string[], usingPosts: MediaUsingPost[]): Map<string, MediaUse[]> {
  const byMedia = new Map<string, MediaUse[]>(ids.map((id) => [id, []]));
  for (const post of usingPosts) {
    const inThread = new Set(post.thread.flatMap((item) => item.mediaIds));
    const inPost = new Set(post.mediaIds);
    for (const id of ids) {
      if (!inPost.has(id) && !inThread.has(id)) continue;
      byMedia.get(id)?.push({
        postId: post.id,
        platform: post.platform,
        status: post.status,
        scheduledAt: post.scheduledAt?.toISOString() ?? null,
        publishedAt: post.publishedAt?.toISOString() ?? null,
        inThread: !inPost.has(id),
        holds: holding(post.status),
      });
    }
  }
  return byMedia;
}

export interface LibrarySearch {
  q?: string | undefined;
  type?: Media['kind'] | undefined;
  tag?: string | undefined;
  source?: 'ai' | undefined;
  page?: number | undefined;
}

/** A page of the library: the matching media, newest first, each with the posts that use it. */
export async function searchLibrary(
  ctx: Pick<AppContext, 'database' | 'config'>,
  workspaceId: string,
  search: LibrarySearch,
): Promise<MediaLibraryPage> {
  const db = ctx.database.db;
  const page = search.page ?? 1;
  const [rows, tags] = await Promise.all([
    searchMedia(db, workspaceId, {
      q: search.q || undefined,
      type: search.type,
      tag: search.tag,
      source: search.source,
      limit: MEDIA_LIBRARY_PAGE_SIZE + 1,
      offset: (page - 1) * MEDIA_LIBRARY_PAGE_SIZE,
    }),
    listMediaTags(db, workspaceId),
  ]);
  const shown = rows.slice(0, MEDIA_LIBRARY_PAGE_SIZE);
  const ids = shown.map((row) => row.id);
  const usage = usageByMedia(ids, await findPostsUsingMedia(db, workspaceId, ids));
  return {
    items: shown.map((row) => ({ ...toMedia(row, ctx.config.appUrl), usage: usage.get(row.id) ?? [] })),
    nextPage: rows.length > MEDIA_LIBRARY_PAGE_SIZE ? page + 1 : null,
    tags,
  };
}

/** Replaces the item's tags (already normalised by the contract). */
export async function setMediaTags(
  ctx: Pick<AppContext, 'database' | 'config'>,
  workspaceId: string,
  id: string,
  tags: string[],
) {
  const row = await updateMediaTags(ctx.database.db, workspaceId, id, tags);
  if (!row) throw new AppError('not_found', mediaMessages.notFound);
  const usage = usageByMedia([id], await findPostsUsingMedia(ctx.database.db, workspaceId, [id]));
  return { ...toMedia(row, ctx.config.appUrl), usage: usage.get(id) ?? [] };
}

/** 'Instagram, waiting for approval, 2026-12-03 10:00 UTC: "Spring sale…"': the 409 names the post. */
function describePost(post: MediaUsingPost): string {
  const status = {
    pending_approval: 'waiting for approval',
    approved: 'approved',
    scheduled: 'scheduled',
    publishing: 'being published now',
  }[post.status as (typeof mediaHoldingStatuses)[number]];
  const when = post.scheduledAt
    ? `, ${post.scheduledAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
    : '';
  const text = post.content.trim().replace(/\s+/g, ' ');
  const excerpt = text ? `: "${text.length > 40 ? `${text.slice(0, 40)}…` : text}"` : '';
  return `${platformLabels[post.platform]}, ${status ?? post.status}${when}${excerpt}`;
}

/** The 409's message when a delete was refused: names the post that holds the item. */
export async function inUseMessage(db: Db, workspaceId: string, id: string): Promise<string> {
  const holder = (await findPostsUsingMedia(db, workspaceId, [id])).find((post) => holding(post.status));
  // The post moved on between the refusal and this read: say it generally.
  return mediaLibraryMessages.inUse(holder ? describePost(holder) : 'it has just changed');
}
