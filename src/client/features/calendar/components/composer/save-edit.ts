import type { Post, UpdatePostBody } from '../../../../../contracts/posts';
import { schedulePost } from '../../../content/api/schedule-post';
import { updatePost } from '../../../content/api/update-post';
import { retryPost } from '../../api/retry-post';

/** What the composer's buttons do: keep a draft, schedule at a time, or add to the queue. */
export type ComposerAction = 'draft' | 'schedule' | 'queue';

export interface EditVariables {
  post: Post;
  changes: UpdatePostBody;
  action: ComposerAction;
  scheduledAt: string | null;
}

/**
 * Saves an edited post, then schedules it (a draft) or publishes it again (a failed post). A
 * scheduled post, or one waiting for approval, is only changed (and moved when its time changed).
 */
export async function saveEdit({ post, changes, action, scheduledAt }: EditVariables) {
  const planned = post.status === 'scheduled' || post.status === 'pending_approval';
  const moving =
    action === 'schedule' &&
    planned &&
    scheduledAt !== null &&
    new Date(scheduledAt).getTime() !== new Date(post.scheduledAt ?? 0).getTime();
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
