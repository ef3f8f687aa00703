import { Hourglass, MessageSquareWarning } from 'lucide-react';
import type { Post } from '../../../../contracts/posts';
import type { PostComment } from '../../../../contracts/team';
import { useAuth } from '../../auth/api/get-current-user';
import { RelativeTime } from '../../notifications/components/relative-time';
import { openChangeRequest, schedulingNeedsApproval } from '../approval-display';

/**
 * The request for changes a draft came back with, at the top of the post: what the reviewer
 * asked, and how to resubmit.
 */
export function ChangesRequestedNotice({
  post,
  comments,
  zone,
  canWrite,
}: {
  post: Pick<Post, 'status'>;
  comments: PostComment[] | undefined;
  zone: string;
  canWrite: boolean;
}) {
  const { user } = useAuth();
  const resubmits = schedulingNeedsApproval(user);
  const request = openChangeRequest(post, comments);
  if (!request) return null;
  return (
    <div
      role="note"
      aria-label="Changes requested"
      className="flex gap-2.5 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-950"
    >
      <MessageSquareWarning className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="grid min-w-0 gap-1">
        <p>
          <span className="font-semibold">Changes requested</span>
          {' by '}
          {request.authorName ?? 'a former member'} · <RelativeTime at={request.createdAt} timeZone={zone} />
        </p>
        <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{request.body}</p>
        {canWrite ? (
          <p className="text-xs text-amber-900">
            {resubmits
              ? 'Edit the post, then submit it for approval again.'
              : 'Edit the post, then schedule it: your schedule approves it.'}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** For those who cannot approve: the post waits for an approver, and who sent it when. */
export function WaitingForApprovalNotice({
  post,
  submitter,
  zone,
}: {
  post: Pick<Post, 'submittedAt'>;
  submitter: string | null;
  zone: string;
}) {
  return (
    <div className="flex gap-2.5 rounded-lg border border-amber-200 bg-amber-50/70 px-3 py-2.5 text-sm text-amber-950">
      <Hourglass className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="grid min-w-0 gap-0.5">
        <p className="font-semibold">Waiting for approval</p>
        <p>
          {submitter || post.submittedAt ? 'Submitted' : null}
          {submitter ? ` by ${submitter}` : null}
          {post.submittedAt ? (
            <>
              {' '}
              <RelativeTime at={post.submittedAt} timeZone={zone} />
            </>
          ) : null}
          {submitter || post.submittedAt ? '. ' : null}
          An approver reviews it before it goes out.
        </p>
      </div>
    </div>
  );
}
