import { randomUUID } from 'node:crypto';
import type { BrandKit } from '../../../contracts/brand-kit';
import { type PublishingPlatform, platformLabels } from '../../../contracts/platforms';
import {
  type ComposePostBody,
  type ComposeResponse,
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
import { checkPublishable } from '../../../contracts/publish-checks';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/boss';
import { AppError } from '../../lib/app-error';
import { checkBrand } from '../brand-kit/brand-check';
import { loadBrandKit } from '../brand-kit/brand-kit.service';
import { findMediaByIds } from '../media/media.repository';
import { requireAccountWithinPlan } from '../plans/plan-gates';
import { dropPublishJob, queuePublish } from '../publishing/publish-queue';
import { listPublishAttempts } from '../publishing/publishing.repository';
import { countSocialAccounts, findSocialAccount } from '../social-accounts/social-accounts.repository';
import { type PostListCache, type PostListFilter, postListCacheFor } from './post-list-cache';
import { serializePostList, toPost } from './post-view';
import {
  deletePostUnlessPublishing,
  findPost,
  insertPost,
  insertPosts,
  listPosts as listPostRows,
  type NewPostRow,
  type PostRow,
  updateUnlockedPost,
} from './posts.repository';

/** What the post use cases that touch the publish queue need. */
export interface PostsDeps {
  db: Db;
  jobs: JobQueue;
  log: { warn(obj: object, msg?: string): void };
}

/** Who acts: every call is scoped to this workspace. */
export interface PostActor {
  workspaceId: string;
  userId: string;
}

/**
 * The workspace's posts as the JSON the list routes send. `postsVersion` is the workspace's posts
 * version read before anything else in this request (RequestAuth.postsVersion): the answer comes
 * from the cache while no post of the workspace has changed since (see post-list-cache.ts).
 */
export async function listPostsJson(
  db: Db,
  actor: PostActor,
  query: ListPostsQuery,
  postsVersion: string,
  cache: PostListCache = postListCacheFor(db),
): Promise<string> {
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

/** One post with its publishing attempts. */
export async function getPost(db: Db, actor: PostActor, id: string): Promise<PostDetail> {
  const row = await requirePost(db, actor, id);
  return { ...toPost(row), attempts: await listPublishAttempts(db, row.id) };
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
    mediaIds: body.mediaIds ?? [],
    brandFindings: checkBrand(kit, body),
  };
}

export async function updatePost(
  deps: PostsDeps,
  actor: PostActor,
  id: string,
  body: UpdatePostBody,
): Promise<Post> {
  const { db } = deps;
  const current = await requirePost(db, actor, id);
  const next = {
    platform: body.platform ?? current.platform,
    content: body.content ?? current.content,
    hashtags: body.hashtags ?? current.hashtags,
    mediaIds: body.mediaIds ?? current.mediaIds,
  };
  const { scheduledAt: movedTo, ...changes } = body;
  if (movedTo !== undefined && current.status !== 'scheduled') {
    throw new AppError('bad_request', 'Only a scheduled post can be moved; schedule it first.');
  }
  const scheduledAt = movedTo === undefined ? undefined : futureTime(movedTo, new Date());
  await refuseUnknownReferences(
    db,
    actor,
    {
      ...changes,
      socialAccountId:
        changes.socialAccountId === undefined ? current.socialAccountId : changes.socialAccountId,
    },
    next.platform,
  );
  // A scheduled post must stay publishable: its platform's rules hold after every edit.
  if (current.status === 'scheduled') await assertPublishable(db, actor, next);
  if (current.status === 'scheduled' && changes.socialAccountId) {
    await requireAccountWithinPlan(db, actor.workspaceId, changes.socialAccountId);
  }
  const kit = await loadBrandKit(db, actor.workspaceId);
  const wasScheduled = current.status === 'scheduled';
  const row = await updateUnlockedPost(
    db,
    actor.workspaceId,
    id,
    { ...changes, ...(scheduledAt ? { scheduledAt } : {}), brandFindings: checkBrand(kit, next) },
    // Any change to a scheduled post makes its queued job stale; a new one replaces it.
    { newVersion: wasScheduled },
  );
  if (!row) throw lockedError();
  if (row.status === 'scheduled' && row.scheduledAt) await queuePublish(deps, row, row.scheduledAt);
  else if (wasScheduled) await dropPublishJob(deps, current);
  return toPost(row);
}

export async function deletePost(deps: PostsDeps, actor: PostActor, id: string): Promise<void> {
  const current = await requirePost(deps.db, actor, id);
  const deleted = await deletePostUnlessPublishing(deps.db, actor.workspaceId, id);
  if (!deleted) {
    throw new AppError('conflict', 'This post is being published right now and cannot be deleted.');
  }
  await dropPublishJob(deps, current);
}

/**
 * Accepts a post for publishing at `scheduledAt`: the time must be in the future and the post must
 * pass its platform's pre-publish checks (length, hashtags, media). The publish job is queued for
 * that time (architecture §5). No account for the platform yet is a warning, not a refusal.
 */
export async function schedulePost(
  deps: PostsDeps,
  actor: PostActor,
  id: string,
  body: SchedulePostBody,
  now = new Date(),
): Promise<ScheduleResponse> {
  const { db } = deps;
  const scheduledAt = futureTime(body.scheduledAt, now);
  const current = await requirePost(db, actor, id);
  await refuseUnknownReferences(db, actor, body, current.platform);
  await assertPublishable(db, actor, current);
  const accountId = body.socialAccountId === undefined ? current.socialAccountId : body.socialAccountId;
  if (accountId) await requireAccountWithinPlan(db, actor.workspaceId, accountId);
  const row = await updateUnlockedPost(
    db,
    actor.workspaceId,
    id,
    {
      status: 'scheduled',
      scheduledAt,
      failureReason: null,
      nextAttemptAt: null,
      ...(body.socialAccountId !== undefined ? { socialAccountId: body.socialAccountId } : {}),
    },
    { newVersion: true },
  );
  if (!row) throw lockedError();
  await queuePublish(deps, row, scheduledAt);
  return { ...toPost(row), warnings: await accountWarnings(db, actor, [row]) };
}

/** Stops a post before it goes out; its job is removed. Published or publishing posts cannot be. */
export async function cancelPost(deps: PostsDeps, actor: PostActor, id: string): Promise<Post> {
  const current = await requirePost(deps.db, actor, id);
  if (current.status === 'cancelled') return toPost(current);
  const row = await updateUnlockedPost(
    deps.db,
    actor.workspaceId,
    id,
    { status: 'cancelled', nextAttemptAt: null },
    { newVersion: true },
  );
  if (!row) throw new AppError('conflict', postMessages.notCancellable);
  await dropPublishJob(deps, current);
  return toPost(row);
}

/** Publishes a failed or missed post again: now (a few seconds from now), or at the time given. */
export async function retryPost(
  deps: PostsDeps,
  actor: PostActor,
  id: string,
  body: RetryPostBody,
  now = new Date(),
): Promise<Post> {
  const { db } = deps;
  const current = await requirePost(db, actor, id);
  if (current.status !== 'failed' && current.status !== 'missed') {
    throw new AppError('conflict', postMessages.notRetryable);
  }
  const at = body.scheduledAt ? futureTime(body.scheduledAt, now) : now;
  await assertPublishable(db, actor, current);
  if (current.socialAccountId) await requireAccountWithinPlan(db, actor.workspaceId, current.socialAccountId);
  const row = await updateUnlockedPost(
    db,
    actor.workspaceId,
    id,
    { status: 'scheduled', scheduledAt: at, failureReason: null, nextAttemptAt: null },
    { newVersion: true },
  );
  if (!row) throw lockedError();
  await queuePublish(deps, row, at);
  return toPost(row);
}

/**
 * One composed post for several accounts (the calendar's composer): one post per target, sharing a
 * group id, each with its own state. Every target is checked before anything is saved.
 */
export async function composePosts(
  deps: PostsDeps,
  actor: PostActor,
  body: ComposePostBody,
  now = new Date(),
): Promise<ComposeResponse> {
  const { db } = deps;
  const scheduledAt = body.scheduledAt ? futureTime(body.scheduledAt, now) : null;
  if (!scheduledAt && !body.asDraft) {
    throw new AppError('bad_request', 'Choose a date and time, or save the post as a draft.');
  }
  const seen = new Set<string>();
  for (const target of body.targets) {
    const key = target.socialAccountId ?? `platform:${target.platform}`;
    if (seen.has(key)) throw new AppError('bad_request', 'Each account or platform can be chosen once.');
    seen.add(key);
    await refuseUnknownReferences(db, actor, { ...target, mediaIds: body.mediaIds }, target.platform);
    if (!body.asDraft) await assertPublishable(db, actor, { ...body, platform: target.platform });
    if (!body.asDraft && target.socialAccountId) {
      await requireAccountWithinPlan(db, actor.workspaceId, target.socialAccountId);
    }
  }
  const kit = await loadBrandKit(db, actor.workspaceId);
  const groupId = body.targets.length > 1 ? randomUUID() : null;
  const rows = await insertPosts(
    db,
    actor.workspaceId,
    body.targets.map((target) => ({
      ...newPostRow(actor, { ...body, platform: target.platform }, kit),
      socialAccountId: target.socialAccountId,
      mediaIds: body.mediaIds,
      groupId,
      status: body.asDraft ? ('draft' as const) : ('scheduled' as const),
      scheduledAt,
      publishVersion: 1,
    })),
  );
  if (!body.asDraft && scheduledAt) {
    for (const row of rows) await queuePublish(deps, row, scheduledAt);
  }
  return {
    groupId: groupId ?? rows[0]?.id ?? '',
    posts: rows.map(toPost),
    warnings: body.asDraft ? [] : await accountWarnings(db, actor, rows),
  };
}

async function requirePost(db: Db, actor: PostActor, id: string): Promise<PostRow> {
  const row = await findPost(db, actor.workspaceId, id);
  // Another workspace's post is indistinguishable from one that does not exist.
  if (!row) throw new AppError('not_found', 'Post not found');
  return row;
}

function futureTime(iso: string, now: Date): Date {
  const at = new Date(iso);
  if (at.getTime() <= now.getTime()) throw new AppError('bad_request', postMessages.pastTime);
  return at;
}

/** The platform's pre-publish checks (contracts/publish-checks.ts): a 400 with the first problem. */
async function assertPublishable(
  db: Db,
  actor: PostActor,
  post: { platform: PublishingPlatform; content: string; hashtags: string[]; mediaIds: string[] },
) {
  const media = await findMediaByIds(db, actor.workspaceId, post.mediaIds);
  const problems = checkPublishable(post.platform, { content: post.content, hashtags: post.hashtags, media });
  if (problems[0]) throw new AppError('bad_request', problems[0]);
}

/** Posts that have no account and whose platform has none connected yet go out only if one is. */
async function accountWarnings(db: Db, actor: PostActor, rows: PostRow[]): Promise<string[]> {
  const platforms = new Set(rows.filter((row) => !row.socialAccountId).map((row) => row.platform));
  const warnings: string[] = [];
  for (const platform of platforms) {
    if ((await countSocialAccounts(db, actor.workspaceId, platform)) === 0) {
      warnings.push(postMessages.noAccountWarning(platformLabels[platform]));
    }
  }
  return warnings;
}

/** A post's account must be one of the workspace's, on the post's platform; its media the workspace's. */
async function refuseUnknownReferences(
  db: Db,
  actor: PostActor,
  body: { socialAccountId?: string | null; mediaIds?: string[] },
  platform: PublishingPlatform,
) {
  if (body.socialAccountId) {
    const account = await findSocialAccount(db, actor.workspaceId, body.socialAccountId);
    if (!account) throw new AppError('bad_request', postMessages.unknownAccount);
    if (account.platform !== platform) {
      throw new AppError(
        'bad_request',
        `That account is on ${platformLabels[account.platform]}; this post is for ${platformLabels[platform]}.`,
      );
    }
  }
  if (body.mediaIds && body.mediaIds.length > 0) {
    const found = await findMediaByIds(db, actor.workspaceId, body.mediaIds);
    if (found.length !== new Set(body.mediaIds).size)
      throw new AppError('bad_request', postMessages.unknownMedia);
  }
}

function lockedError() {
  return new AppError('conflict', postMessages.notEditable);
}
