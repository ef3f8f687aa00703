import type { WorkspaceRole } from '../../../contracts/auth';
import type { PostPlatformOptions } from '../../../contracts/platform-options';
import { type PublishingPlatform, platformLabels } from '../../../contracts/platforms';
import type { PostType } from '../../../contracts/post-types';
import { postMessages } from '../../../contracts/posts';
import { checkPublishable } from '../../../contracts/publish-checks';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { downloadsMediaByUrl, findMediaByIds, mediaReachProblem } from '../media';
import { requireAccountWithinPlan } from '../plans';
import { countSocialAccounts, findSocialAccount } from '../social-accounts';
import { findPost, type PostRow } from './posts.repository';
import { allMediaIds } from './rich-fields';

/*
 * The checks every use case that schedules a post runs (posts.service, and post-approvals.service
 * when an approver lets a post go out).
 */

/** Who acts: every call is scoped to this workspace. */
export interface PostActor {
  workspaceId: string;
  userId: string;
}

/** What the post use cases that touch the publish queue, and tell approvers, use. */
export type PostWork = Pick<AppContext, 'database' | 'jobs' | 'mail' | 'config' | 'log'>;

/** A member writing posts: their role decides whether their schedules wait for an approver. */
export interface PostWriter extends PostActor {
  role: WorkspaceRole;
}

export async function requirePost(db: Db, actor: PostActor, id: string): Promise<PostRow> {
  const row = await findPost(db, actor.workspaceId, id);
  // Another workspace's post is indistinguishable from one that does not exist.
  if (!row) throw new AppError('not_found', 'Post not found');
  return row;
}

export function futureTime(iso: string, now: Date): Date {
  const at = new Date(iso);
  if (at.getTime() <= now.getTime()) throw new AppError('bad_request', postMessages.pastTime);
  return at;
}

/**
 * The platform's pre-publish checks (contracts/publish-checks.ts): a 400 with the first problem.
 * With `reach`, also refused: images for a real Instagram or Facebook account while APP_URL is not
 * public (they would be fetched from it and fail at their time; media-reach.ts). The account is
 * the post's, or without one any real account of the platform that the publisher could choose.
 */
export async function assertPublishable(
  db: Db,
  actor: PostActor,
  post: {
    platform: PublishingPlatform;
    content: string;
    hashtags: string[];
    mediaIds: string[];
    altTexts?: Record<string, string>;
    postType?: PostType;
    firstComment?: string | null;
    thread?: { content: string; mediaIds: string[] }[];
    title?: string | null;
    platformOptions?: PostPlatformOptions;
    socialAccountId?: string | null;
  },
  reach?: { appUrl: string },
) {
  const thread = post.thread ?? [];
  // The account's own server's limits (a Mastodon instance's character limit) where it has them.
  const account = post.socialAccountId
    ? await findSocialAccount(db, actor.workspaceId, post.socialAccountId)
    : undefined;
  const rows = await findMediaByIds(db, actor.workspaceId, allMediaIds(post));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const facts = (ids: string[]) =>
    ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ ...row, altText: post.altTexts?.[id] ?? null }] : [];
    });
  const media = facts(post.mediaIds);
  const problems = checkPublishable(post.platform, {
    postType: post.postType,
    content: post.content,
    hashtags: post.hashtags,
    media,
    firstComment: post.firstComment,
    title: post.title,
    thread: thread.map((item) => ({ content: item.content, media: facts(item.mediaIds) })),
    platformOptions: post.platformOptions,
    limits: account?.platform === post.platform ? account.postLimits : null,
  });
  if (problems[0]) throw new AppError('bad_request', problems[0]);
  if (reach && media.length > 0 && downloadsMediaByUrl(post.platform)) {
    const real = account
      ? !account.sandbox
      : !post.socialAccountId &&
        (await countSocialAccounts(db, actor.workspaceId, post.platform, { sandbox: false })) > 0;
    const problem = real
      ? mediaReachProblem(reach.appUrl, { platform: post.platform, sandbox: false })
      : null;
    if (problem) throw new AppError('bad_request', problem);
  }
}

/**
 * What a stored post must pass to be queued (scheduling, retrying, approving): its platform's
 * checks, and an account within the plan's limit when it has one.
 */
export async function assertReadyToQueue(
  db: Db,
  actor: PostActor,
  post: PostRow,
  accountId: string | null,
  reach: { appUrl: string },
) {
  await assertPublishable(db, actor, { ...post, socialAccountId: accountId }, reach);
  if (accountId) await requireAccountWithinPlan(db, actor.workspaceId, accountId);
}

/** Posts that have no account and whose platform has none connected yet go out only if one is. */
export async function accountWarnings(db: Db, actor: PostActor, rows: PostRow[]): Promise<string[]> {
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
export async function refuseUnknownReferences(
  db: Db,
  actor: PostActor,
  body: { socialAccountId?: string | null; mediaIds?: string[]; platformOptions?: PostPlatformOptions },
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
  // A YouTube thumbnail is one of the workspace's images (thumbnails.set takes an image).
  const thumbnailId = body.platformOptions?.youtube?.thumbnailMediaId;
  if (thumbnailId) {
    const [found] = await findMediaByIds(db, actor.workspaceId, [thumbnailId]);
    if (found?.kind !== 'image') {
      throw new AppError(
        'bad_request',
        'The YouTube thumbnail must be an image from this workspace’s media library.',
      );
    }
  }
}

export function lockedError() {
  return new AppError('conflict', postMessages.notEditable);
}
