import { randomUUID } from 'node:crypto';
import { optionsForPlatform } from '../../../contracts/platform-options';
import { fieldsForTarget, takesThread } from '../../../contracts/post-rules';
import type { ComposePostBody, ComposeResponse } from '../../../contracts/posts';
import { AppError } from '../../lib/app-error';
import { announceSubmission, approvalModeFor, scheduleFields } from '../approvals';
import { loadBrandKit } from '../brand-kit';
import { requireAccountWithinPlan } from '../plans';
import { queuePublish } from '../publishing';
import { emitPostEvent } from '../webhooks';
import { accountWarnings, assertPublishable, futureTime, refuseUnknownReferences } from './post-checks';
import { toPost } from './post-view';
import { insertPosts } from './posts.repository';
import { newPostRow, type PostWork, type PostWriter } from './posts.service';
import { allMediaIds, richPostFields } from './rich-fields';

/**
 * One target's share of a composed post: its own post type, and of the shared alt texts, first
 * comment, thread and title what its network and type take (contracts/post-rules fieldsForTarget).
 */
function composedFields(body: ComposePostBody, target: ComposePostBody['targets'][number]) {
  const {
    targets: _targets,
    scheduledAt: _at,
    asDraft: _draft,
    media,
    mediaIds,
    firstComment,
    thread,
    title,
    platformOptions,
    ...shared
  } = body;
  const postType = target.postType ?? 'post';
  const own = fieldsForTarget(target.platform, postType, {
    media: media ?? mediaIds.map((id) => ({ id, altText: null })),
    firstComment,
    thread,
    title,
  });
  return {
    ...shared,
    postType,
    media: own.media,
    firstComment: own.firstComment,
    title: own.title,
    platformOptions: optionsForPlatform(target.platform, platformOptions),
    thread: takesThread(target.platform) ? own.thread : undefined,
  };
}

/**
 * The body as one target sees it: its own text when it carries one (issue 30, "Adapt for each
 * network"), else the shared one. Checked and saved per target like the rest.
 */
function withTargetText(body: ComposePostBody, target: ComposePostBody['targets'][number]): ComposePostBody {
  return {
    ...body,
    content: target.content ?? body.content,
    hashtags: target.hashtags ?? body.hashtags,
    thread: target.thread ?? body.thread,
  };
}

/**
 * One composed post for several accounts (the calendar's composer): one post per target, sharing a
 * group id, each with its own state. Every target is checked before anything is saved.
 */
export async function composePosts(
  ctx: PostWork,
  actor: PostWriter,
  body: ComposePostBody,
  now = new Date(),
): Promise<ComposeResponse> {
  const db = ctx.database.db;
  const scheduledAt = body.scheduledAt ? futureTime(body.scheduledAt, now) : null;
  if (!scheduledAt && !body.asDraft) {
    throw new AppError('bad_request', 'Choose a date and time, or save the post as a draft.');
  }
  const seen = new Set<string>();
  for (const target of body.targets) {
    const key = target.socialAccountId ?? `platform:${target.platform}`;
    if (seen.has(key)) throw new AppError('bad_request', 'Each account or platform can be chosen once.');
    seen.add(key);
    const own = withTargetText(body, target);
    const rich = { ...richPostFields(composedFields(own, target)) };
    await refuseUnknownReferences(
      db,
      actor,
      {
        ...target,
        mediaIds: allMediaIds({ mediaIds: rich.mediaIds, thread: rich.thread }),
        platformOptions: rich.platformOptions,
      },
      target.platform,
    );
    if (!body.asDraft) {
      await assertPublishable(
        db,
        actor,
        {
          ...own,
          ...rich,
          mediaIds: rich.mediaIds ?? [],
          platform: target.platform,
          socialAccountId: target.socialAccountId ?? null,
        },
        ctx.config,
      );
    }
    if (!body.asDraft && target.socialAccountId) {
      await requireAccountWithinPlan(db, actor.workspaceId, target.socialAccountId);
    }
  }
  const kit = await loadBrandKit(db, actor.workspaceId);
  const mode = body.asDraft ? null : await approvalModeFor(db, actor);
  const state = mode ? scheduleFields(mode, actor.userId, now) : { status: 'draft' as const };
  const groupId = body.targets.length > 1 ? randomUUID() : null;
  const rows = await insertPosts(
    db,
    actor.workspaceId,
    body.targets.map((target) => ({
      ...newPostRow(
        actor,
        { ...composedFields(withTargetText(body, target), target), platform: target.platform },
        kit,
      ),
      socialAccountId: target.socialAccountId,
      groupId,
      scheduledAt,
      publishVersion: 1,
      ...state,
    })),
  );
  if (scheduledAt) {
    for (const row of rows) if (row.status === 'scheduled') await queuePublish(ctx, row, scheduledAt);
    await emitPostEvent(
      ctx,
      'post.scheduled',
      rows.filter((row) => row.status === 'scheduled'),
    );
  }
  // The approvers get one notice for the whole group, naming its platforms.
  if (mode === 'submit') await announceSubmission(ctx, actor, rows);
  return {
    groupId: groupId ?? rows[0]?.id ?? '',
    posts: rows.map(toPost),
    warnings: body.asDraft ? [] : await accountWarnings(db, actor, rows),
  };
}
