import { CircleAlert, CircleCheck, Clock, ExternalLink, RotateCcw } from 'lucide-react';
import type { Post } from '../../../../contracts/posts';
import { Button, wrapsOnNarrowScreens } from '../../../components/ui/button';
import { failureCode, failureMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useRetryFollowUps } from '../api/retry-follow-ups';

type StepStatus = 'pending' | 'sending' | 'published' | 'posted' | 'failed';

const stepLabels: Record<StepStatus, string> = {
  pending: 'Waiting',
  sending: 'Sending',
  published: 'Published',
  posted: 'Posted',
  failed: 'Not sent',
};

function StepState({
  status,
  url,
  error,
  label,
}: {
  status: StepStatus;
  url: string | null;
  error: string | null;
  label: string;
}) {
  const Icon =
    status === 'failed' ? CircleAlert : status === 'published' || status === 'posted' ? CircleCheck : Clock;
  const tone =
    status === 'failed'
      ? 'text-red-700'
      : status === 'published' || status === 'posted'
        ? 'text-emerald-800'
        : 'text-slate-600';
  return (
    <div className="grid gap-0.5">
      <p className={`inline-flex items-center gap-1.5 text-xs font-medium ${tone}`}>
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
        {stepLabels[status]}
        {url ? (
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium text-indigo-700 underline-offset-4 hover:underline"
          >
            View on {label}
            <ExternalLink className="size-3" aria-hidden="true" />
          </a>
        ) : null}
      </p>
      {error ? <p className="text-xs text-red-800 [overflow-wrap:anywhere]">{error}</p> : null}
    </div>
  );
}

/**
 * "Retry the rest" of a published post whose thread stopped or whose first comment failed. When
 * Kitepost lost track of a step (it may be out already), the server asks for a confirmation: the
 * reason is shown with a second button that sends it again anyway.
 */
function RetryFollowUps({ post, label }: { post: Post; label: string }) {
  const retry = useRetryFollowUps();
  const threadFailed = post.thread.some((item) => item.status === 'failed');
  const commentFailed = !!post.firstComment && post.firstCommentStatus === 'failed';
  if (post.status !== 'published' || (!threadFailed && !commentFailed)) return null;
  const what = threadFailed
    ? commentFailed
      ? 'Retry the rest of the thread and the comment'
      : 'Retry the rest of the thread'
    : 'Retry the comment';
  const confirming = failureCode(retry.error) === 'confirmation_required';
  return (
    <div className="grid gap-2">
      {confirming ? (
        <div
          role="alert"
          className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm"
        >
          <p className="text-amber-900">
            {failureMessage(retry.error, `Kitepost may have sent this to ${label} already.`)} Sending it again
            may post it twice.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="destructive"
              disabled={retry.isPending}
              onClick={() => retry.mutate({ id: post.id, confirm: true })}
            >
              Send it again anyway
            </Button>
            <Button size="sm" variant="ghost" disabled={retry.isPending} onClick={() => retry.reset()}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button
          size="sm"
          variant="outline"
          // The label may be long ("…of the thread and the comment"): it wraps on a phone.
          className={cn(wrapsOnNarrowScreens, 'min-h-9 justify-self-start text-left')}
          disabled={retry.isPending}
          onClick={() => retry.mutate({ id: post.id })}
        >
          <RotateCcw aria-hidden="true" />
          {retry.isPending ? 'Retrying…' : what}
        </Button>
      )}
      {retry.error && !confirming ? (
        <p role="alert" className="text-sm text-red-800">
          {failureMessage(retry.error, 'The retry did not go through. Try again.')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * What went out after the post (issue 24): the next posts of an X thread, each with its state and
 * link (a thread stops at the first refused post: the rest wait, visibly), and the first comment.
 */
export function FollowUps({ post, label }: { post: Post; label: string }) {
  const total = post.thread.length + 1;
  if (post.thread.length === 0 && !post.firstComment) return null;
  const stopped = post.thread.findIndex((item) => item.status === 'failed');
  return (
    <section aria-labelledby="post-follow-ups-title" className="grid gap-2">
      <h3 id="post-follow-ups-title" className="text-sm font-semibold text-slate-900">
        {post.thread.length > 0 ? `Thread (${total} posts)` : 'First comment'}
      </h3>
      {stopped >= 0 ? (
        <p role="status" className="text-sm text-red-800">
          The thread stopped at post {stopped + 2} of {total}; the posts after it were not sent.
        </p>
      ) : null}
      <ol className="grid gap-2">
        {post.thread.map((item, index) => (
          <li
            // The thread's order is its identity; items are never reordered once saved.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            className="grid gap-1 rounded-lg border border-slate-200 px-3 py-2 text-sm"
          >
            <p className="text-xs font-semibold text-slate-500">
              {index + 2}/{total}
            </p>
            <p className="whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">{item.content}</p>
            {post.status === 'published' || item.status !== 'pending' ? (
              <StepState status={item.status} url={item.url} error={item.error} label={label} />
            ) : null}
          </li>
        ))}
        {post.firstComment ? (
          <li className="grid gap-1 rounded-lg border border-slate-200 px-3 py-2 text-sm">
            {post.thread.length > 0 ? (
              <p className="text-xs font-semibold text-slate-500">First comment</p>
            ) : null}
            <p className="whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">{post.firstComment}</p>
            {post.firstCommentStatus &&
            (post.status === 'published' || post.firstCommentStatus !== 'pending') ? (
              <StepState
                status={post.firstCommentStatus}
                url={post.firstCommentUrl}
                error={post.firstCommentError}
                label={label}
              />
            ) : null}
          </li>
        ) : null}
      </ol>
      <RetryFollowUps post={post} label={label} />
    </section>
  );
}
