import { ListOrdered } from 'lucide-react';
import { Link } from 'wouter';
import type { Post } from '../../../../contracts/posts';
import { paths } from '../../../app/paths';

/**
 * Where a queued post stands (issue 25): in its account's queue, or held in its slot by a paused
 * queue (a draft holding a slot), with the way to the Queue page.
 */
export function QueueNote({ post }: { post: Pick<Post, 'status' | 'queueSlotAt'> }) {
  if (!post.queueSlotAt) return null;
  const held = post.status === 'draft';
  if (!held && post.status !== 'scheduled' && post.status !== 'pending_approval') return null;
  return (
    <p className="flex items-start gap-2 rounded-lg border border-indigo-100 bg-indigo-50 px-3 py-2 text-sm text-indigo-950">
      <ListOrdered className="mt-0.5 size-4 shrink-0 text-indigo-600" aria-hidden="true" />
      <span>
        {held
          ? 'Held in its queue slot: the queue is paused, so this post goes nowhere until it is resumed.'
          : 'In its account’s queue: it takes this time slot.'}{' '}
        <Link href={paths.queue} className="font-medium text-indigo-700 underline-offset-4 hover:underline">
          Open the queue
        </Link>
      </span>
    </p>
  );
}
