import type { BrandKit } from '../../../contracts/brand-kit';
import {
  type CreatePostBody,
  type ListPostsQuery,
  type Post,
  type PostDetail,
  postMessages,
  type RetryPostBody,
  type SchedulePostBody,
  type ScheduleResponse,
  type UpdatePostBody,
} from '../../../contracts/posts';
import { can } from '../../../contracts/team';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { EncodedBody } from '../../lib/encoded-body';
import { announceSubmission, approvalModeFor, editFields, retryFields } from '../approvals';
import { checkBrand, loadBrandKit } from '../brand-kit';
import { listPostLinks } from '../links';
import { requireAccountWithinPlan } from '../plans';
import { dropPublishJob, listPublishAttempts, queuePublish } from '../publishing';
import { emitPostEvent } from '../webhooks';
import {
  assertPublishable,
  assertReadyToQueue,
  futureTime,
  lockedError,
  type PostActor,
  type PostWork,
  type PostWriter,
  refuseUnknownReferences,
  requirePost,
} from './post-checks';
import { type PostListCache, type PostListFilter, postListCacheFor } from './post-list-cache';
import { serializePostList, toPost } from './post-view';
import {
  deletePostUnlessPublishing,
  insertPost,
  listPosts as listPostRows,
  type NewPostRow,
  updateUnlockedPost,
} from './posts.repository';
import { placePost } from './posts-placement.service';

export type { PostActor, PostWork, PostWriter } from './post-checks';

import { allMediaIds, richPostFields } from './rich-fields';

/**
 * The workspace's posts as the JSON the list routes send, in each encoding (lib/encoded-body.ts). `postsVersion` is the workspace's posts
 * version read before anything else in this request (RequestAuth.postsVersion): the answer comes
 * from the cache while no post of the workspace has changed since (see post-list-cache.ts).
 */
export async function listPostsJson(
  db: Db,
  actor: PostActor,
  query: ListPostsQuery,
  postsVersion: string,
  cache: PostListCache = postListCacheFor(db),
): Promise<EncodedBody> {
  const filter: PostListFilter = {
    statuses: query.status,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    limit: query.limit,
  };
  return cache.get({ workspaceId: actor.workspaceId, postsVersion, ...filter }, async () =>
    serializePostList(await listPostRows(db, actor.workspaceId, filter)),
  );
}

/** One post with its publishing attempts and its short links. */
export async function getPost(
  ctx: Pick<AppContext, 'config' | 'database'>,
  actor: PostActor,
  id: string,
): Promise<PostDetail> {
  const db = ctx.database.db;
  const row = await requirePost(db, actor, id);
  const [attempts, links] = await Promise.all([
    listPublishAttempts(db, row.id),
    // Short links are made by its first publishing attempt: a post never sent has none to read.
    row.attemptCount > 0 ? listPostLinks(ctx, row.id) : [],
  ]);
  return { ...toPost(row), attempts, links };
}

export async function createPost(db: Db, actor: PostActor, body: CreatePostBody): Promise<Post> {
  await refuseUnknownReferences(db, actor, body, body.platform);
  const kit = await loadBrandKit(db, actor.workspaceId);
  const row = await insertPost(db, actor.workspaceId, newPostRow(actor, body, kit));
  return toPost(row);
}

/** What a new post row holds; the generator saves its ideas through this too. */
export function newPostRow(
  actor: PostActor,
  body: CreatePostBody & { generationId?: string },
  kit: BrandKit | null,
): NewPostRow {
  return {
    createdByUserId: actor.userId,
    generationId: body.generationId ?? null,
    platform: body.platform,
    content: body.content,
    hashtags: body.hashtags,
    tone: body.tone ?? null,
    contentType: body.contentType ?? null,
    suggestedImagePrompt: body.suggestedImagePrompt ?? null,
    bestTimeToPost: body.bestTimeToPost ?? null,
    estimatedReach: body.estimatedReach ?? null,
    status: 'draft',
    socialAccountId: body.socialAccountId ?? null,
    mediaIds: [],
    ...richPostFields(body),
    brandFindings: checkBrand(kit, body),
  };
}

/**
 * Edits a post. With approvals on, an editor's change to a scheduled post sends it back for
 * approval (its job dropped); any change by a non-approver voids an earlier approval
 * (approval-rules.ts editFields). A post waiting for approval stays waiting, and its time can move.
 */
export async function updatePost(
  ctx: PostWork,
  actor: PostWriter,
  id: string,
  body: UpdatePostBody,
  now = new Date(),
): Promise<Post> {
  const db = ctx.database.db;
  const current = await requirePost(db, actor, id);
  const {
    scheduledAt: movedTo,
    mediaIds: _ids,
    media: _media,
    postType: _type,
    firstComment: _comment,
    thread: _thread,
    title: _title,
    platformOptions: _options,
    utm: _utm,
    ...plain
  } = body;
  const rich = richPostFields(body, current);
  const next = {
    platform: body.platform ?? current.platform,
    content: body.content ?? current.content,
    hashtags: body.hashtags ?? current.hashtags,
    mediaIds: rich.mediaIds ?? current.mediaIds,
    altTexts: rich.altTexts ?? current.altTexts,
    postType: rich.postType ?? current.postType,
    firstComment: rich.firstComment === undefined ? current.firstComment : rich.firstComment,
    thread: rich.thread ?? current.thread,
    title: rich.title === undefined ? current.title : rich.title,
    platformOptions: rich.platformOptions ?? current.platformOptions,
  };
  const changes = { ...plain, ...rich };
  const planned = current.status === 'scheduled' || current.status === 'pending_approval';
  if (movedTo !== undefined && !planned) {
    throw new AppError('bad_request', 'Only a scheduled post can be moved; schedule it first.');
  }
  const scheduledAt = movedTo === undefined ? undefined : futureTime(movedTo, now);
  await refuseUnknownReferences(
    db,
    actor,
    {
      ...changes,
      mediaIds: allMediaIds(next),
      socialAccountId:
        changes.socialAccountId === undefined ? current.socialAccountId : changes.socialAccountId,
    },
    next.platform,
  );
  // A scheduled (or pending) post must stay publishable: its platform's rules hold after every edit.
  if (planned) {
    await assertPublishable(
      db,
      actor,
      {
        ...next,
        socialAccountId:
          changes.socialAccountId === undefined ? current.socialAccountId : changes.socialAccountId,
      },
      ctx.config,
    );
  }
  if (planned && changes.socialAccountId) {
    await requireAccountWithinPlan(db, actor.workspaceId, changes.socialAccountId);
  }
  const kit = await loadBrandKit(db, actor.workspaceId);
  const wasScheduled = current.status === 'scheduled';
  const mode = await approvalModeFor(db, actor);
  const approval = editFields(current.status, mode, can(actor.role, 'posts.approve'), actor.userId, now);
  const row = await updateUnlockedPost(
    db,
    actor.workspaceId,
    id,
    {
      ...changes,
      // A time of its own, or another account: the post leaves its queue (the slot frees up).
      ...(scheduledAt ? { scheduledAt, queueSlotAt: null } : {}),
      ...(changes.socialAccountId !== undefined && changes.socialAccountId !== current.socialAccountId
        ? { queueSlotAt: null }
        : {}),
      brandFindings: checkBrand(kit, next),
      ...approval,
    },
    // Any change to a scheduled post makes its queued job stale; a new one replaces it.
    { newVersion: wasScheduled },
  );
  if (!row) throw lockedError();
  if (row.status === 'scheduled' && row.scheduledAt) await queuePublish(ctx, row, row.scheduledAt);
  else if (wasScheduled) await dropPublishJob(ctx, current);
  // Scheduled now, or at another time: receivers hear of it (not of an edit of the text alone).
  if (
    row.status === 'scheduled' &&
    (!wasScheduled || row.scheduledAt?.getTime() !== current.scheduledAt?.getTime())
  ) {
    await emitPostEvent(ctx, 'post.scheduled', [row]);
  }
  if (wasScheduled && row.status === 'pending_approval') await announceSubmission(ctx, actor, [row]);
  return toPost(row);
}

export async function deletePost(ctx: PostWork, actor: PostActor, id: string): Promise<void> {
  const current = await requirePost(ctx.database.db, actor, id);
  const deleted = await deletePostUnlessPublishing(ctx.database.db, actor.workspaceId, id);
  if (!deleted) {
    throw new AppError('conflict', 'This post is being published right now and cannot be deleted.');
  }
  await dropPublishJob(ctx, current);
}

/**
 * Accepts a post for publishing at `scheduledAt`: the time must be in the future and the post must
 * pass its platform's pre-publish checks (length, hashtags, media). The publish job is queued for
 * that time (architecture §5). No account for the platform yet is a warning, not a refusal.
 * With approvals on, an editor's post passes the same checks but waits in pending_approval, with
 * no job, until an approver approves it (posts/post-approvals.service); an approver-level schedule approves.
 */
export async function schedulePost(
  ctx: PostWork,
  actor: PostWriter,
  id: string,
  body: SchedulePostBody,
  now = new Date(),
): Promise<ScheduleResponse> {
  const db = ctx.database.db;
  const scheduledAt = futureTime(body.scheduledAt, now);
  const current = await requirePost(db, actor, id);
  await refuseUnknownReferences(db, actor, body, current.platform);
  const accountId = body.socialAccountId === undefined ? current.socialAccountId : body.socialAccountId;
  await assertReadyToQueue(db, actor, current, accountId, ctx.config);
  // A time of its own: the post leaves any queue it was in (its slot frees up).
  return placePost(
    ctx,
    actor,
    current,
    { times: [scheduledAt], queued: false, socialAccountId: body.socialAccountId },
    now,
  );
}

/** Stops a post before it goes out; its job is removed. Published or publishing posts cannot be. */
export async function cancelPost(ctx: PostWork, actor: PostActor, id: string): Promise<Post> {
  const current = await requirePost(ctx.database.db, actor, id);
  if (current.status === 'cancelled') return toPost(current);
  const row = await updateUnlockedPost(
    ctx.database.db,
    actor.workspaceId,
    id,
    { status: 'cancelled', nextAttemptAt: null, queueSlotAt: null },
    { newVersion: true },
  );
  if (!row) throw new AppError('conflict', postMessages.notCancellable);
  await dropPublishJob(ctx, current);
  return toPost(row);
}

/**
 * Publishes a failed or missed post again: now (a few seconds from now), or at the time given.
 * With approvals on, a post whose approval no longer stands (an editor changed it after it
 * failed) goes to pending_approval instead, with no job: nobody approved the text it now holds
 * (approval-rules.ts retryFields). One still approved goes out without asking again.
 */
export async function retryPost(
  ctx: PostWork,
  actor: PostWriter,
  id: string,
  body: RetryPostBody,
  now = new Date(),
): Promise<Post> {
  const db = ctx.database.db;
  const current = await requirePost(db, actor, id);
  if (current.status !== 'failed' && current.status !== 'missed') {
    throw new AppError('conflict', postMessages.notRetryable);
  }
  const at = body.scheduledAt ? futureTime(body.scheduledAt, now) : now;
  await assertReadyToQueue(db, actor, current, current.socialAccountId, ctx.config);
  const mode = await approvalModeFor(db, actor);
  const approval = retryFields(mode, current.approvedAt !== null, actor.userId, now);
  const row = await updateUnlockedPost(
    db,
    actor.workspaceId,
    id,
    { ...approval, scheduledAt: at, queueSlotAt: null, failureReason: null, nextAttemptAt: null },
    // Only the post as read: an edit landing meanwhile (voiding the approval) must not go out.
    { newVersion: true, unchangedSince: current.updatedAt },
  );
  if (!row) throw new AppError('conflict', postMessages.changedSinceOpened);
  if (row.status === 'scheduled') {
    await queuePublish(ctx, row, at);
    await emitPostEvent(ctx, 'post.scheduled', [row]);
  } else await announceSubmission(ctx, actor, [row]);
  return toPost(row);
}
