import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, Trash2 } from 'lucide-react';
import { platformLabels } from '../../../../contracts/platforms';
import type { QueuedPost } from '../../../../contracts/queue';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { StatusBadge } from '../../calendar/components/status-badge';
import { excerptOf, formatSlotInstant } from '../queue-display';

interface QueueRowProps {
  post: QueuedPost;
  /** The slot it holds (or is about to take, while a drag is saved). */
  slotAt: string;
  timeZone: string;
  paused: boolean;
  movable: boolean;
  onRemove?: () => void;
}

/** One queued post: its handle to drag (or move with the keyboard), its time, its text. */
export function QueueRow({ post, slotAt, timeZone, paused, movable, onRemove }: QueueRowProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: post.id,
    disabled: !movable,
  });
  const excerpt = excerptOf(post.content);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="queue-row"
      className={cn(
        'flex items-start gap-2 rounded-xl border border-slate-200 bg-white p-3 sm:items-center sm:gap-3',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-indigo-300',
      )}
    >
      <button
        type="button"
        {...attributes}
        {...listeners}
        disabled={!movable}
        aria-label={`Move the post at ${formatSlotInstant(slotAt, timeZone)}`}
        className="mt-0.5 cursor-grab touch-none rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none disabled:cursor-default disabled:opacity-40 sm:mt-0"
      >
        <GripVertical className="size-5" aria-hidden="true" />
      </button>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <time dateTime={slotAt} className="text-sm font-semibold text-slate-900">
            {formatSlotInstant(slotAt, timeZone)}
          </time>
          {paused && post.status === 'draft' ? (
            <span className="rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
              Held
            </span>
          ) : (
            <StatusBadge status={post.status} />
          )}
        </div>
        <p className="truncate text-sm text-slate-700" title={post.content}>
          {excerpt || `(${platformLabels[post.platform]} post without text)`}
        </p>
      </div>
      {onRemove ? (
        <Button
          variant="ghost"
          size="icon"
          onClick={onRemove}
          aria-label={`Remove “${excerpt}” from the queue`}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}
