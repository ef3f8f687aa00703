import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { PostWriter } from '../posts';
import { addToQueue } from '../queue';

/*
 * Queue mode: each post made from a feed item takes its account's next free slot, through the
 * same rules as 'Add to queue' in the composer (checks, approvals, the plan's queues, a paused
 * queue holding it in place). A post the queue refuses stays a draft, and the feed says why.
 */

/** Queues the posts in order; the refusals, in the user's words (empty when all were queued). */
export async function queueFeedPosts(
  ctx: AppContext,
  actor: PostWriter,
  posts: { id: string }[],
  now = new Date(),
): Promise<string[]> {
  const refusals: string[] = [];
  for (const post of posts) {
    try {
      await addToQueue(ctx, actor, post.id, now);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refusals.push(error.message);
    }
  }
  return refusals;
}

/** What the feed shows after a read whose posts the queue refused: they wait in the drafts. */
export function queueRefusalNote(refusals: string[]): string | null {
  const [first] = refusals;
  if (!first) return null;
  const count = refusals.length;
  return `${count} ${count === 1 ? 'post' : 'posts'} from this feed stayed in your drafts: ${first}`;
}
