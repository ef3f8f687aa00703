import type { Post, UpdatePostBody } from '../../../../../contracts/posts';
import type { PostScope, RepeatPostBody } from '../../../../../contracts/recurring';
import { schedulePost } from '../../../content/api/schedule-post';
import { updatePost } from '../../../content/api/update-post';
import { repeatPost } from '../../api/repeat-post';
import { retryPost } from '../../api/retry-post';

/** What the composer's buttons do: keep a draft, schedule at a time, or add to the queue. */
export type ComposerAction = 'draft' | 'schedule' | 'queue';

export interface EditVariables {
  post: Post;
  changes: UpdatePostBody;
  action: ComposerAction;
  scheduledAt: string | null;
  /** A recurring post: 'future' edits this one and every later one (their content). */
  scope?: PostScope;
  /** Makes the post repeat once it is scheduled (a post that does not repeat yet). */
  repeat?: RepeatPostBody | null;
}

/**
 * Saves an edited post, then schedules it (a draft) or publishes it again (a failed post). A
 * scheduled post, or one waiting for approval, is only changed (and moved when its time changed).
 */
export async function saveEdit({ post, changes, action, scheduledAt, scope, repeat }: EditVariables) {
  const saved = await saveChanges(post, changes, action, scheduledAt, scope);
  if (
    !repeat ||
    post.series ||
    (saved.post.status !== 'scheduled' && saved.post.status !== 'pending_approval')
  ) {
    return saved;
  }
  return { post: await repeatPost({ id: post.id, body: repeat }), warnings: saved.warnings };
}

async function saveChanges(
  post: Post,
  changes: UpdatePostBody,
  action: ComposerAction,
  scheduledAt: string | null,
  scope: PostScope | undefined,
) {
  const planned = post.status === 'scheduled' || post.status === 'pending_approval';
  const moving =
    action === 'schedule' &&
    planned &&
    scheduledAt !== null &&
    new Date(scheduledAt).getTime() !== new Date(post.scheduledAt ?? 0).getTime();
  if (scope === 'future' && post.series) {
    // The series' content changes for all; a new time or account is this post's alone.
    const { platform: _platform, socialAccountId, scheduledAt: _at, ...content } = changes;
    const saved = await updatePost({ id: post.id, changes: content, scope: 'future' });
    const own: UpdatePostBody = {
      ...(moving && scheduledAt ? { scheduledAt } : {}),
      ...(socialAccountId !== undefined && socialAccountId !== post.socialAccountId
        ? { socialAccountId }
        : {}),
    };
    if (Object.keys(own).length === 0) return { post: saved, warnings: [] };
    return { post: await updatePost({ id: post.id, changes: own }), warnings: [] };
  }
  const saved = await updatePost({
    id: post.id,
    changes: moving && scheduledAt ? { ...changes, scheduledAt } : changes,
  });
  if (action !== 'schedule' || !scheduledAt || planned) return { post: saved, warnings: [] };
  if (post.status === 'failed' || post.status === 'missed') {
    return { post: await retryPost({ id: post.id, scheduledAt }), warnings: [] };
  }
  const scheduled = await schedulePost({
    id: post.id,
    scheduledAt,
    socialAccountId: changes.socialAccountId ?? null,
  });
  return { post: scheduled, warnings: scheduled.warnings };
}
