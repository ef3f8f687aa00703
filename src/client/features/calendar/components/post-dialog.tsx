import { CircleAlert, ExternalLink, Repeat } from 'lucide-react';
import { platformLabels } from '../../../../contracts/platforms';
import { publishedText } from '../../../../contracts/post-text';
import type { Post, PostDetail } from '../../../../contracts/posts';
import { repeatInWords } from '../../../../contracts/recurring';
import type { SocialAccount } from '../../../../contracts/social-accounts';
import { InlineLoading } from '../../../components/full-page-message';
import { PlatformMark } from '../../../components/platform-mark';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { failureCode, failureMessage } from '../../../lib/api-client';
import { usePostComments } from '../../approvals/api/get-post-comments';
import { approvalNeedsNewTime } from '../../approvals/approval-display';
import { ChangesRequestedNotice } from '../../approvals/components/review-notices';
import { useCan } from '../../auth/use-permission';
import { usePostDetail } from '../api/get-post';
import { accountName } from '../calendar-events';
import { formatDateTimeInZone } from '../zoned-time';
import { AttemptList } from './attempt-list';
import { EvergreenToggle } from './evergreen-toggle';
import { FollowUps } from './follow-ups';
import { PostApproval } from './post-approval';
import { PostDialogFooter } from './post-dialog-footer';
import { PostKindBadge } from './post-kind-badge';
import { PostLinks } from './post-links';
import { PostRichDetails } from './post-rich-details';
import { QueueNote } from './queue-note';
import { StatusBadge } from './status-badge';

export interface PostDialogActions {
  onEdit: (post: Post) => void;
  onReschedule: (post: Post) => void;
  onCancel: (post: Post) => void;
  onRetry: (post: Post) => void;
  onDelete: (post: Post) => void;
}

interface PostDialogProps extends PostDialogActions {
  postId: string | null;
  zone: string;
  accounts: SocialAccount[];
  /** Posts of the calendar's range, to show the others composed together with this one. */
  posts: Post[];
  retrying: boolean;
  onOpenPost: (id: string) => void;
  onClose: () => void;
}

/**
 * A post's panel: what it says, where and when it goes, what happened, and what can be done; with
 * a team, its review (approve or request changes) and comments.
 */
export function PostDialog({ postId, onClose, ...rest }: PostDialogProps) {
  return (
    <Dialog
      open={postId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent className="sm:max-w-xl">
        {postId ? <PostDialogBody postId={postId} {...rest} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PostDialogBody({
  postId,
  zone,
  accounts,
  posts,
  retrying,
  onOpenPost,
  ...actions
}: Omit<PostDialogProps, 'onClose'> & { postId: string }) {
  const detail = usePostDetail(postId);
  if (detail.isPending) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Post</DialogTitle>
          <DialogDescription className="sr-only">Loading the post</DialogDescription>
        </DialogHeader>
        <InlineLoading message="Loading the post..." />
      </>
    );
  }
  if (detail.isError) {
    const code = failureCode(detail.error);
    const gone = code === 'not_found' || code === 'validation_failed';
    return (
      <DialogHeader>
        <DialogTitle>{gone ? 'Post not found' : 'The post could not be loaded'}</DialogTitle>
        <DialogDescription>
          {gone
            ? 'It may have been deleted, or it belongs to another workspace.'
            : failureMessage(detail.error, 'Please try again in a moment.')}
        </DialogDescription>
      </DialogHeader>
    );
  }
  return (
    <PostDetails
      post={detail.data}
      zone={zone}
      accounts={accounts}
      group={posts.filter(
        (item) => item.groupId && item.groupId === detail.data.groupId && item.id !== postId,
      )}
      retrying={retrying}
      onOpenPost={onOpenPost}
      {...actions}
    />
  );
}

function PostDetails({
  post,
  zone,
  accounts,
  group,
  retrying,
  onOpenPost,
  onEdit,
  onReschedule,
  onCancel,
  onRetry,
  onDelete,
}: {
  post: PostDetail;
  zone: string;
  accounts: SocialAccount[];
  group: Post[];
  retrying: boolean;
  onOpenPost: (id: string) => void;
} & PostDialogActions) {
  const label = platformLabels[post.platform];
  const handle = accountName(post, accounts);
  const canWrite = useCan('posts.write');
  const comments = usePostComments(post.id);
  const problem = post.status === 'failed' || post.status === 'missed';
  // A post still waiting for approval when its time came: the approver picks a new one.
  const waitingTooLong = post.status === 'pending_approval' && approvalNeedsNewTime(post);
  const plannedWord =
    post.status === 'scheduled' || post.status === 'publishing'
      ? 'Goes out'
      : waitingTooLong
        ? 'Was planned for'
        : 'Planned for';
  const when = post.publishedAt
    ? `Published ${formatDateTimeInZone(post.publishedAt, zone)}`
    : post.scheduledAt
      ? `${plannedWord} ${formatDateTimeInZone(post.scheduledAt, zone)}`
      : 'No time set yet';

  return (
    <>
      <DialogHeader>
        <div className="flex items-center gap-3">
          <PlatformMark platform={post.platform} />
          <div className="min-w-0">
            <DialogTitle>{label} post</DialogTitle>
            <DialogDescription>{handle ? `To ${handle}` : `No ${label} account chosen`}</DialogDescription>
          </div>
        </div>
      </DialogHeader>

      <div className="flex flex-wrap items-center gap-2 text-sm">
        <StatusBadge status={post.status} testId="post-status" />
        <PostKindBadge post={post} />
        <span className="text-slate-700">{when}</span>
        {post.series ? (
          <span className="inline-flex items-center gap-1 text-slate-700" data-testid="post-repeat">
            <Repeat className="size-3.5 text-indigo-600" aria-hidden="true" />
            {repeatInWords(post.series)} (post {post.series.occurrence})
          </span>
        ) : null}
      </div>

      <ChangesRequestedNotice post={post} comments={comments.data} zone={zone} canWrite={canWrite} />

      {problem ? (
        <div
          role="alert"
          className="flex gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden="true" />
          <div className="grid gap-0.5 [overflow-wrap:anywhere]">
            <p className="font-semibold">{post.status === 'missed' ? 'Missed' : 'Not published'}</p>
            <p>{post.failureReason ?? 'Kitepost could not publish this post.'}</p>
          </div>
        </div>
      ) : null}
      {post.nextAttemptAt && post.status !== 'published' ? (
        <p className="text-sm text-amber-800">
          Next attempt {formatDateTimeInZone(post.nextAttemptAt, zone)}.
        </p>
      ) : null}

      <div className="grid gap-3">
        <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 text-sm leading-relaxed whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
          {publishedText(post.content, post.hashtags)}
        </p>
        <PostRichDetails post={post} />
        {post.externalUrl ? (
          <a
            href={post.externalUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-indigo-700 underline-offset-4 hover:underline"
          >
            View on {label}
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        ) : null}
      </div>

      <PostLinks links={post.links} />

      <QueueNote post={post} />

      <FollowUps post={post} label={label} />

      {canWrite && post.socialAccountId ? <EvergreenToggle post={post} /> : null}

      {group.length > 0 ? (
        <section aria-labelledby="post-group-title" className="grid gap-2">
          <h3 id="post-group-title" className="text-sm font-semibold text-slate-900">
            Composed together with
          </h3>
          <ul className="grid gap-1.5">
            {group.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => onOpenPost(item.id)}
                  className="flex w-full items-center gap-2 rounded-lg border border-slate-200 px-2.5 py-1.5 text-left text-sm hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
                >
                  <PlatformMark platform={item.platform} size="sm" />
                  <span className="min-w-0 flex-1 truncate">
                    {platformLabels[item.platform]} {accountName(item, accounts) ?? ''}
                  </span>
                  <StatusBadge status={item.status} />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <PostApproval post={post} zone={zone} comments={comments} />

      <section aria-labelledby="post-attempts-title" className="grid gap-2">
        <h3 id="post-attempts-title" className="text-sm font-semibold text-slate-900">
          Publishing attempts{post.attempts.length ? ` (${post.attempts.length})` : ''}
        </h3>
        <AttemptList
          attempts={post.attempts}
          zone={zone}
          waiting={['draft', 'pending_approval', 'approved', 'scheduled', 'publishing'].includes(post.status)}
        />
      </section>

      {canWrite ? (
        <PostDialogFooter
          post={post}
          retrying={retrying}
          onEdit={onEdit}
          onReschedule={onReschedule}
          onCancel={onCancel}
          onRetry={onRetry}
          onDelete={onDelete}
        />
      ) : null}
    </>
  );
}
