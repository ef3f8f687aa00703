import { CalendarClock, LoaderCircle, Pencil, RotateCcw, Trash2, XCircle } from 'lucide-react';
import type { Post } from '../../../../contracts/posts';
import { Button } from '../../../components/ui/button';
import { schedulingNeedsApproval } from '../../approvals/approval-display';
import { useAuth } from '../../auth/api/get-current-user';
import { postActions } from '../post-status';
import type { PostDialogActions } from './post-dialog';

/**
 * What can be done with a post from its panel, by what its state allows (the server enforces the
 * same). Only for roles that may change posts: the panel leaves it out for the others.
 */
export function PostDialogFooter({
  post,
  retrying,
  onEdit,
  onReschedule,
  onCancel,
  onRetry,
  onDelete,
}: { post: Post; retrying: boolean } & PostDialogActions) {
  const { user } = useAuth();
  const submits = post.status !== 'scheduled' && schedulingNeedsApproval(user);
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
      <button
        type="button"
        onClick={() => onDelete(post)}
        disabled={!postActions.delete(post.status)}
        className="inline-flex h-9 items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium text-red-700 hover:bg-red-50 hover:text-red-800 focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:outline-none disabled:opacity-50"
      >
        <Trash2 className="size-4" aria-hidden="true" />
        Delete
      </button>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap">
        {postActions.cancel(post.status) ? (
          <Button variant="outline" size="sm" onClick={() => onCancel(post)}>
            <XCircle aria-hidden="true" />
            Cancel post
          </Button>
        ) : null}
        {postActions.edit(post.status) ? (
          <Button variant="outline" size="sm" onClick={() => onEdit(post)}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        ) : null}
        {postActions.retry(post.status) ? (
          <Button size="sm" onClick={() => onRetry(post)} disabled={retrying}>
            {retrying ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <RotateCcw aria-hidden="true" />
            )}
            {retrying ? 'Retrying...' : 'Retry now'}
          </Button>
        ) : null}
        {postActions.reschedule(post.status) || postActions.schedule(post.status) ? (
          <Button size="sm" onClick={() => onReschedule(post)}>
            <CalendarClock aria-hidden="true" />
            {post.status === 'scheduled' ? 'Reschedule' : submits ? 'Submit for approval' : 'Schedule'}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
