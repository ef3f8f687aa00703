import { CircleCheck, LoaderCircle, MessageSquareWarning } from 'lucide-react';
import { useId, useState } from 'react';
import { platformLabels } from '../../../../contracts/platforms';
import { type Post, postMessages } from '../../../../contracts/posts';
import { requestChangesBody, teamMessages } from '../../../../contracts/team';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { useApprovePost } from '../../approvals/api/approve-post';
import { useRequestChanges } from '../../approvals/api/request-changes';
import { approvalNeedsNewTime } from '../../approvals/approval-display';
import { RelativeTime } from '../../notifications/components/relative-time';
import { defaultScheduleWallTime, formatDateTimeInZone, type WallTime } from '../zoned-time';
import { checkScheduleTime, ScheduleFields } from './schedule-fields';

interface ApprovalPanelProps {
  post: Post;
  zone: string;
  /** 'you', a member's name, or null when not known. */
  submitter: string | null;
}

type Tried = 'approve' | 'changes' | null;

/**
 * What an approver does with a post waiting for approval: approve it (an optional note; a new
 * time when the planned one has passed), or send it back with a comment saying what to change.
 */
export function ApprovalPanel({ post, zone, submitter }: ApprovalPanelProps) {
  const id = useId();
  const [note, setNote] = useState('');
  const [tried, setTried] = useState<Tried>(null);
  // Decided once, when the panel opens: the fields do not appear under the approver's cursor.
  const [needsTime] = useState(() => approvalNeedsNewTime(post));
  const [wall, setWall] = useState<WallTime>(() => defaultScheduleWallTime(zone));
  const approve = useApprovePost();
  const requestChanges = useRequestChanges();
  const pending = approve.isPending || requestChanges.isPending;
  const timeCheck = checkScheduleTime(wall, zone);
  const label = platformLabels[post.platform];
  // The textarea's maxLength keeps the comment within the contract's limit; only emptiness is left.
  const noteMissing = tried === 'changes' && note.trim().length === 0;

  const failed = (title: string, fallback: string) => (error: unknown) => {
    if (isUnauthorized(error)) return;
    const message = failureMessage(error, fallback);
    // The refetch that follows every answer shows the newer version in place of this one.
    if (message === postMessages.changedSinceOpened) {
      toast({
        title: 'Post Changed',
        description: `${message}: its latest version is shown now. Read it again before you decide.`,
        variant: 'destructive',
      });
      return;
    }
    toast({ title, description: message, variant: 'destructive' });
  };

  const onApprove = () => {
    setTried('approve');
    if (pending) return;
    if (needsTime && (timeCheck.problem || !timeCheck.instant)) return;
    const comment = note.trim();
    approve.mutate(
      {
        id: post.id,
        // What the approver is looking at: a version saved since is refused, not approved unseen.
        expectedUpdatedAt: post.updatedAt,
        ...(comment ? { comment } : {}),
        ...(needsTime && timeCheck.instant ? { scheduledAt: timeCheck.instant.iso } : {}),
      },
      {
        onSuccess: (saved) => {
          setNote('');
          setTried(null);
          toast({
            title: teamMessages.approved,
            description: saved.scheduledAt
              ? `The ${label} post goes out ${formatDateTimeInZone(saved.scheduledAt, zone)}.`
              : `The ${label} post is approved.`,
          });
        },
        onError: failed('Approval Failed', 'The post could not be approved. Please try again.'),
      },
    );
  };

  const onRequestChanges = () => {
    setTried('changes');
    if (pending) return;
    const parsed = requestChangesBody.safeParse({ comment: note });
    if (!parsed.success) return;
    requestChanges.mutate(
      { id: post.id, comment: parsed.data.comment, expectedUpdatedAt: post.updatedAt },
      {
        onSuccess: () => {
          setNote('');
          setTried(null);
          toast({
            title: teamMessages.changesRequested,
            description:
              submitter && submitter !== 'you'
                ? `The ${label} post went back to ${submitter} as a draft, with your comment.`
                : `The ${label} post went back to its author as a draft, with your comment.`,
          });
        },
        onError: failed('Request Failed', 'The request for changes could not be sent. Please try again.'),
      },
    );
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-xl border border-amber-200 bg-amber-50/60 p-3 sm:p-4"
    >
      <div className="grid gap-0.5">
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          Review this post
        </h3>
        {submitter || post.submittedAt ? (
          <p className="text-sm text-slate-700">
            Submitted{submitter ? ` by ${submitter}` : ''}
            {post.submittedAt ? (
              <>
                {' '}
                <RelativeTime at={post.submittedAt} timeZone={zone} />
              </>
            ) : null}
            .
          </p>
        ) : null}
        <p className="text-sm text-slate-700">
          {needsTime
            ? 'Its planned time has passed: choose when it goes out, then approve it.'
            : `Approving schedules it for ${formatDateTimeInZone(post.scheduledAt ?? '', zone)}.`}
        </p>
      </div>
      {needsTime ? (
        <ScheduleFields
          id={`${id}-when`}
          value={wall}
          onChange={setWall}
          zone={zone}
          check={timeCheck}
          showProblem={tried === 'approve'}
        />
      ) : null}
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-note`} className="text-sm font-medium text-slate-800">
          Comment for the author
        </label>
        <Textarea
          id={`${id}-note`}
          value={note}
          rows={2}
          maxLength={2000}
          className="min-h-16"
          placeholder="Optional when approving; say what to change when asking for changes"
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={noteMissing ? true : undefined}
          aria-describedby={`${id}-note-problem`}
        />
        <p id={`${id}-note-problem`} aria-live="polite" className="text-xs font-medium text-red-700">
          {noteMissing ? 'Say what should change before sending the post back.' : null}
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" size="sm" disabled={pending} onClick={onRequestChanges}>
          {requestChanges.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <MessageSquareWarning aria-hidden="true" />
          )}
          {requestChanges.isPending ? 'Sending...' : 'Request changes'}
        </Button>
        <Button size="sm" disabled={pending} onClick={onApprove}>
          {approve.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <CircleCheck aria-hidden="true" />
          )}
          {approve.isPending ? 'Approving...' : 'Approve'}
        </Button>
      </div>
    </section>
  );
}
