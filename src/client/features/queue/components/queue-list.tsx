import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { ListOrdered, LoaderCircle, Pause, Play, Shuffle } from 'lucide-react';
import { useState } from 'react';
import type { QueuedPost } from '../../../../contracts/queue';
import { EmptyState } from '../../../components/empty-state';
import { QueryFailureCard } from '../../../components/query-failure-card';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { useCan } from '../../auth/use-permission';
import { useQueue } from '../api/get-queue';
import { usePauseQueue } from '../api/pause-queue';
import { useReorderQueue } from '../api/reorder-queue';
import { useResumeQueue } from '../api/resume-queue';
import { useShuffleQueue } from '../api/shuffle-queue';
import { moveId } from '../queue-display';
import { QueueRow } from './queue-row';
import { RemoveFromQueueDialog } from './remove-from-queue-dialog';

/** A queue change that failed: its toast (a refusal's own words, e.g. 'The queue changed…'). */
const failed = (title: string) => (error: unknown) => {
  if (isUnauthorized(error)) return;
  toast({ title, description: failureMessage(error, 'Please try again.'), variant: 'destructive' });
};

/** The account's queued posts in the order they go out: drag to reorder, shuffle, pause, remove. */
export function QueueList({ accountId }: { accountId: string }) {
  const queue = useQueue(accountId);
  const canWrite = useCan('posts.write');
  const reorder = useReorderQueue();
  const shuffle = useShuffleQueue();
  const pause = usePauseQueue();
  const resume = useResumeQueue();
  const [removing, setRemoving] = useState<QueuedPost | null>(null);
  /** The order shown while a reorder is on its way (the server's answer replaces it). */
  const [dragged, setDragged] = useState<string[] | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  if (queue.isError) return <QueryFailureCard title="This queue could not be loaded" query={queue} />;
  if (!queue.data) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Loading the queue…
      </p>
    );
  }
  const { posts, paused, timeZone } = queue.data;
  const byId = new Map(posts.map((post) => [post.id, post]));
  const order = (dragged ?? posts.map((post) => post.id)).filter((id) => byId.has(id));
  const busy = reorder.isPending || shuffle.isPending || pause.isPending || resume.isPending;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = moveId(order, order.indexOf(String(active.id)), order.indexOf(String(over.id)));
    setDragged(next);
    reorder.mutate(
      { accountId, postIds: next },
      { onError: failed('The queue was not reordered'), onSettled: () => setDragged(null) },
    );
  };

  return (
    <Card className="grid gap-4 p-5 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ListOrdered className="size-5 text-indigo-600" aria-hidden="true" />
          Queued posts
          <span className="text-sm font-normal text-slate-500">({posts.length})</span>
        </h2>
        {canWrite ? (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={busy || posts.length < 2}
              onClick={() => shuffle.mutate(accountId, { onError: failed('The queue was not shuffled') })}
            >
              <Shuffle aria-hidden="true" />
              Shuffle
            </Button>
            {paused ? (
              <Button
                size="sm"
                disabled={busy}
                onClick={() => resume.mutate(accountId, { onError: failed('The queue was not resumed') })}
              >
                <Play aria-hidden="true" />
                Resume queue
              </Button>
            ) : (
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                onClick={() => pause.mutate(accountId, { onError: failed('The queue was not paused') })}
              >
                <Pause aria-hidden="true" />
                Pause queue
              </Button>
            )}
          </div>
        ) : null}
      </div>

      {paused ? (
        <p
          role="status"
          className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950"
        >
          This queue is paused: its posts keep their places and publish nothing. Resume it to send them out
          from the next free times.
        </p>
      ) : null}

      {posts.length === 0 ? (
        <EmptyState
          icon={ListOrdered}
          title="No posts in this queue"
          description="Use ‘Add to queue’ in the calendar’s composer or on a generated post: it takes this account’s next free time."
          className="border-dashed shadow-none"
        />
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={order} strategy={verticalListSortingStrategy}>
            <ol className="grid gap-2" aria-label="Queued posts in the order they go out">
              {order.map((id, index) => {
                const post = byId.get(id);
                if (!post) return null;
                return (
                  <QueueRow
                    key={id}
                    post={post}
                    // While a drag is saved, each post is shown at the time it is about to take.
                    slotAt={posts[index]?.queueSlotAt ?? post.queueSlotAt}
                    timeZone={timeZone}
                    paused={paused}
                    movable={canWrite && !busy}
                    onRemove={canWrite ? () => setRemoving(post) : undefined}
                  />
                );
              })}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <RemoveFromQueueDialog post={removing} timeZone={timeZone} onClose={() => setRemoving(null)} />
    </Card>
  );
}
