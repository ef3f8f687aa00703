import type { BrandKit } from '../../../contracts/brand-kit';
import { type PublishingPlatform, platformLabels, platformRules } from '../../../contracts/platforms';
import { checkPostFits } from '../../../contracts/post-text';
import {
  type CreatePostBody,
  type ListPostsQuery,
  type Post,
  postMessages,
  type SchedulePostBody,
  type UpdatePostBody,
} from '../../../contracts/posts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { checkBrand } from '../brand-kit/brand-check';
import { loadBrandKit } from '../brand-kit/brand-kit.service';
import { findSocialAccount } from '../social-accounts/social-accounts.repository';
import { type PostListCache, type PostListFilter, postListCacheFor } from './post-list-cache';
import { serializePostList, toPost } from './post-view';
import {
  deletePostUnlessPublishing,
  findPost,
  insertPost,
  listPosts as listPostRows,
  type NewPostRow,
  type PostRow,
  updateUnlockedPost,
} from './posts.repository';

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

export async function getPost(db: Db, actor: PostActor, id: string): Promise<Post> {
  return toPost(await requirePost(db, actor, id));
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
    brandFindings: checkBrand(kit, body),
  };
}

export async function updatePost(db: Db, actor: PostActor, id: string, body: UpdatePostBody): Promise<Post> {
  const current = await requirePost(db, actor, id);
  const next = {
    platform: body.platform ?? current.platform,
    content: body.content ?? current.content,
    hashtags: body.hashtags ?? current.hashtags,
  };
  await refuseUnknownReferences(
    db,
    actor,
    {
      ...body,
      socialAccountId: body.socialAccountId === undefined ? current.socialAccountId : body.socialAccountId,
    },
    next.platform,
  );
  // A scheduled post must stay publishable: its platform's limits hold after every edit.
  if (current.status === 'scheduled') assertFitsPlatform(next.platform, next.content, next.hashtags);
  const kit = await loadBrandKit(db, actor.workspaceId);
  const row = await updateUnlockedPost(db, actor.workspaceId, id, {
    ...body,
    brandFindings: checkBrand(kit, next),
  });
  if (!row) throw lockedError();
  return toPost(row);
}

export async function deletePost(db: Db, actor: PostActor, id: string): Promise<void> {
  const deleted = await deletePostUnlessPublishing(db, actor.workspaceId, id);
  if (deleted) return;
  await requirePost(db, actor, id);
  throw new AppError('conflict', 'This post is being published right now and cannot be deleted.');
}

/**
 * Accepts a post for publishing at `scheduledAt`: the time must be in the future and the text
 * must fit the platform. Publishing itself is the job pipeline's (architecture §5).
 */
export async function schedulePost(
  db: Db,
  actor: PostActor,
  id: string,
  body: SchedulePostBody,
  now = new Date(),
): Promise<Post> {
  const scheduledAt = new Date(body.scheduledAt);
  if (scheduledAt.getTime() <= now.getTime()) throw new AppError('bad_request', postMessages.pastTime);
  const current = await requirePost(db, actor, id);
  await refuseUnknownReferences(db, actor, body, current.platform);
  assertFitsPlatform(current.platform, current.content, current.hashtags);
  const row = await updateUnlockedPost(db, actor.workspaceId, id, {
    status: 'scheduled',
    scheduledAt,
    failureReason: null,
    ...(body.socialAccountId !== undefined ? { socialAccountId: body.socialAccountId } : {}),
  });
  if (!row) throw lockedError();
  return toPost(row);
}

async function requirePost(db: Db, actor: PostActor, id: string): Promise<PostRow> {
  const row = await findPost(db, actor.workspaceId, id);
  // Another workspace's post is indistinguishable from one that does not exist.
  if (!row) throw new AppError('not_found', 'Post not found');
  return row;
}

export function assertFitsPlatform(platform: PublishingPlatform, content: string, hashtags: string[]) {
  const fit = checkPostFits(platform, content, hashtags);
  const label = platformLabels[platform];
  if (!fit.fits) {
    throw new AppError(
      'bad_request',
      `This post has ${fit.length} characters; ${label} allows ${fit.max}. Shorten it before scheduling.`,
    );
  }
  if (fit.tooManyHashtags) {
    throw new AppError(
      'bad_request',
      `This post has ${hashtags.length} hashtags; ${label} allows ${platformRules[platform].maxHashtags}.`,
    );
  }
}

/**
 * Social accounts and media arrive with their own modules; until then no id can name one,
 * and an id that names nothing is refused rather than stored.
 */
/**
 * A post's account must be one of the workspace's, on the post's platform. Media arrive with
 * their own module; until then no id can name a file, and an id that names nothing is refused
 * rather than stored.
 */
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
  if (body.mediaIds && body.mediaIds.length > 0) throw new AppError('bad_request', postMessages.unknownMedia);
}

function lockedError() {
  return new AppError('conflict', postMessages.notEditable);
}
