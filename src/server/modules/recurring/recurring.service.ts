import type { Post, UpdatePostBody } from '../../../contracts/posts';
import { type RepeatPostBody, recurringMessages } from '../../../contracts/recurring';
import type { SeriesTemplate } from '../../../contracts/scheduling';
import { AppError } from '../../lib/app-error';
import { isKnownZone } from '../../lib/time-zones';
import { requireScheduling } from '../plans';
import {
  deletePost,
  type PostWork,
  type PostWriter,
  requirePost,
  type SeriesScope,
  toPost,
  updatePost,
} from '../posts';
import { generateOccurrences } from './occurrences.service';
import {
  attachFirstOccurrence,
  endSeries,
  insertSeries,
  listLaterOccurrenceIds,
  updateSeriesTemplate,
} from './recurring.repository';

/** A member making a post repeat: their zone is the series' default one. */
export interface RepeatWriter extends PostWriter {
  timezone: string | null;
}

/** What every later occurrence is made from: the post as it is now. */
function templateOf(
  post: Pick<
    Post,
    'content' | 'hashtags' | 'media' | 'postType' | 'title' | 'platformOptions' | 'firstComment' | 'thread'
  >,
): SeriesTemplate {
  return {
    content: post.content,
    hashtags: post.hashtags,
    mediaIds: post.media.map((item) => item.id),
    altTexts: Object.fromEntries(
      post.media.flatMap((item) => (item.altText ? [[item.id, item.altText]] : [])),
    ),
    postType: post.postType,
    title: post.title,
    platformOptions: post.platformOptions,
    firstComment: post.firstComment,
    thread: post.thread.map((item) => ({ content: item.content, mediaIds: item.mediaIds })),
  };
}

/**
 * Makes a scheduled (or pending) post the first of a series repeating every `every` `unit`s from
 * its time, in wall time of the given zone (the member's, else UTC), and creates the occurrences
 * of the coming 30 days at once, so the calendar shows them; the hourly job adds the later ones.
 */
export async function repeatPost(
  ctx: PostWork,
  actor: RepeatWriter,
  id: string,
  body: RepeatPostBody,
  now = new Date(),
): Promise<Post> {
  const db = ctx.database.db;
  const current = await requirePost(db, actor, id);
  await requireScheduling(db, actor.workspaceId, 'recurringPosts');
  if (current.seriesId) throw new AppError('conflict', recurringMessages.alreadyRepeats);
  const planned = current.status === 'scheduled' || current.status === 'pending_approval';
  if (!planned || !current.scheduledAt) throw new AppError('bad_request', recurringMessages.notPlanned);
  if (body.timeZone !== undefined && !isKnownZone(body.timeZone)) {
    throw new AppError('bad_request', recurringMessages.unknownZone);
  }
  const timeZone = body.timeZone ?? (isKnownZone(actor.timezone) ? actor.timezone : 'UTC');
  const until = body.until === undefined ? null : new Date(body.until);
  if (until && until.getTime() <= current.scheduledAt.getTime()) {
    throw new AppError('bad_request', recurringMessages.untilBeforeStart);
  }
  const startsAt = current.scheduledAt;
  // One transaction: a series never exists without its first post, nor a post in two series.
  const series = await db.transaction(async (tx) => {
    const row = await insertSeries(tx, {
      workspaceId: actor.workspaceId,
      createdByUserId: actor.userId,
      socialAccountId: current.socialAccountId,
      interval: body.every,
      unit: body.unit,
      startsAt,
      timeZone,
      until,
      count: body.count ?? null,
      template: templateOf(toPost(current)),
      generatedCount: 1,
    });
    if (!(await attachFirstOccurrence(tx, actor.workspaceId, id, row.id))) {
      throw new AppError('conflict', recurringMessages.alreadyRepeats);
    }
    return row;
  });
  await generateOccurrences(ctx, series, now);
  return toPost(await requirePost(db, actor, id));
}

/** The post's series, or a 400: 'future' and stopping apply to a post that repeats. */
async function requireOccurrence(ctx: PostWork, actor: PostWriter, id: string) {
  const current = await requirePost(ctx.database.db, actor, id);
  if (!current.seriesId) throw new AppError('bad_request', recurringMessages.notInSeries);
  return { current, seriesId: current.seriesId, index: current.occurrenceIndex ?? 0 };
}

/** Deletes the series' posts after `index` that nothing happened to yet; one being published stays. */
async function deleteLaterOccurrences(ctx: PostWork, actor: PostWriter, seriesId: string, index: number) {
  for (const laterId of await listLaterOccurrenceIds(ctx.database.db, actor.workspaceId, seriesId, index)) {
    await skipConflict(() => deletePost(ctx, actor, laterId));
  }
}

/** A later post that went out (or is going) meanwhile keeps what it had: it is left alone. */
async function skipConflict(work: () => Promise<unknown>) {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'conflict')) throw error;
  }
}

/** Stops the repeat after this post: the series ends, and its later posts are deleted. */
export async function stopRepeat(ctx: PostWork, actor: PostWriter, id: string): Promise<Post> {
  const { seriesId, index } = await requireOccurrence(ctx, actor, id);
  await endSeries(ctx.database.db, actor.workspaceId, seriesId);
  await deleteLaterOccurrences(ctx, actor, seriesId, index);
  return toPost(await requirePost(ctx.database.db, actor, id));
}

/**
 * 'This and all future posts': the edit applies to this post, to the series' template (what later
 * occurrences are made from) and to every later occurrence nothing happened to yet, each through
 * the posts module's edit rules (checks, approvals). Only content changes: a post is moved, or
 * given another account, on its own.
 */
async function updateFuture(
  ctx: PostWork,
  actor: PostWriter,
  id: string,
  body: UpdatePostBody,
): Promise<Post> {
  const { seriesId, index } = await requireOccurrence(ctx, actor, id);
  if (body.scheduledAt !== undefined || body.socialAccountId !== undefined || body.platform !== undefined) {
    throw new AppError('bad_request', recurringMessages.futureMovesOne);
  }
  await requireScheduling(ctx.database.db, actor.workspaceId, 'recurringPosts');
  const updated = await updatePost(ctx, actor, id, body);
  await updateSeriesTemplate(ctx.database.db, actor.workspaceId, seriesId, templateOf(updated));
  for (const laterId of await listLaterOccurrenceIds(ctx.database.db, actor.workspaceId, seriesId, index)) {
    await skipConflict(() => updatePost(ctx, actor, laterId, body));
  }
  return updated;
}

/** 'This and all future posts' deleted: this post and the later ones go, and the series ends. */
async function deleteFuture(ctx: PostWork, actor: PostWriter, id: string): Promise<void> {
  const { seriesId, index } = await requireOccurrence(ctx, actor, id);
  await deletePost(ctx, actor, id);
  await endSeries(ctx.database.db, actor.workspaceId, seriesId);
  await deleteLaterOccurrences(ctx, actor, seriesId, index);
}

/** The posts routes' 'future' scope (app.ts hands it to them). */
export const seriesScope: SeriesScope = { updateFuture, deleteFuture };
