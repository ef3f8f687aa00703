import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { QueuedPost } from '../../../../contracts/queue';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { useRemoveFromQueue } from '../api/remove-from-queue';
import { excerptOf, formatSlotInstant } from '../queue-display';

interface RemoveFromQueueDialogProps {
  post: QueuedPost | null;
  timeZone: string;
  onClose: () => void;
}

/** Takes a post out of its queue (it stays as a draft), closing the gap if the user wants. */
export function RemoveFromQueueDialog({ post, timeZone, onClose }: RemoveFromQueueDialogProps) {
  const remove = useRemoveFromQueue();
  const [closeGap, setCloseGap] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <ConfirmDialog
      open={post !== null}
      title="Remove from the queue?"
      description="The post stays as a draft, out of the queue; you can schedule or queue it again."
      subject={
        post ? (
          <span className="grid gap-0.5">
            <span className="font-medium">{formatSlotInstant(post.queueSlotAt, timeZone)}</span>
            <span className="text-slate-600">{excerptOf(post.content, 80)}</span>
          </span>
        ) : null
      }
      error={error}
      confirmLabel="Remove from queue"
      pendingLabel="Removing…"
      confirmIcon={Trash2}
      pending={remove.isPending}
      onClose={close}
      onConfirm={() => {
        if (!post) return;
        setError(null);
        remove.mutate(
          { postId: post.id, closeGap },
          {
            onSuccess: close,
            onError: (failure) => {
              if (!isUnauthorized(failure))
                setError(failureMessage(failure, 'It could not be removed. Please try again.'));
            },
          },
        );
      }}
    >
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={closeGap}
          onChange={(event) => setCloseGap(event.target.checked)}
          className="mt-0.5 size-4 rounded border-slate-300 accent-indigo-600"
        />
        <span>
          <span className="font-medium">Close the gap</span>
          <span className="block text-slate-600">Each later post moves up one time slot.</span>
        </span>
      </label>
    </ConfirmDialog>
  );
}
