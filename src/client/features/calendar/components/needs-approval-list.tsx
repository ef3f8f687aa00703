import { ChevronDown, Hourglass } from 'lucide-react';
import { useId, useState } from 'react';
import { platformLabels } from '../../../../contracts/platforms';
import type { Post } from '../../../../contracts/posts';
import { PlatformMark } from '../../../components/platform-mark';
import { Card } from '../../../components/ui/card';
import { approvalNeedsNewTime } from '../../approvals/approval-display';
import { useNeedsApproval } from '../../approvals/use-needs-approval';
import { firstWords } from '../calendar-events';
import { formatDateTimeInZone } from '../zoned-time';

/** Rows shown before 'Show all'. */
export const NEEDS_APPROVAL_SHOWN = 6;

interface NeedsApprovalListProps {
  zone: string;
  onOpen: (post: Post) => void;
}

/**
 * The calendar's queue of posts waiting for approval, whatever their date, each opening the
 * post. Nothing at all while there are none (or while they load: the calendar is the page).
 * Approvers read it as their to-do ('Needs approval'); the others as what is waiting.
 */
export function NeedsApprovalList({ zone, onOpen }: NeedsApprovalListProps) {
  const id = useId();
  const { posts, canApprove, title, submitterOf } = useNeedsApproval();
  const [all, setAll] = useState(false);
  if (posts.length === 0) return null;
  const shown = all ? posts : posts.slice(0, NEEDS_APPROVAL_SHOWN);

  return (
    <Card className="grid gap-3 border-amber-200 bg-amber-50/40 p-3 sm:p-4">
      <section aria-labelledby={`${id}-title`} className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold text-slate-900">
            <Hourglass className="size-4 text-amber-700" aria-hidden="true" />
            {title}
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {posts.length}
            </span>
          </h2>
          <p className="text-sm text-slate-600">
            {canApprove
              ? 'Open a post to approve it or ask for changes.'
              : 'An approver reviews these before they go out.'}
          </p>
        </div>
        <ul aria-label={title} className="grid gap-2 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((post) => (
            <li key={post.id} className="flex">
              <PendingPostButton post={post} zone={zone} submitter={submitterOf(post)} onOpen={onOpen} />
            </li>
          ))}
        </ul>
        {posts.length > NEEDS_APPROVAL_SHOWN ? (
          <button
            type="button"
            onClick={() => setAll(!all)}
            aria-expanded={all}
            className="inline-flex w-fit items-center gap-1 rounded-md text-sm font-medium text-indigo-700 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
          >
            <ChevronDown className={all ? 'size-4 rotate-180' : 'size-4'} aria-hidden="true" />
            {all ? 'Show fewer' : `Show all ${posts.length}`}
          </button>
        ) : null}
      </section>
    </Card>
  );
}

function PendingPostButton({
  post,
  zone,
  submitter,
  onOpen,
}: {
  post: Post;
  zone: string;
  submitter: string | null;
  onOpen: (post: Post) => void;
}) {
  const passed = approvalNeedsNewTime(post);
  return (
    <button
      type="button"
      onClick={() => onOpen(post)}
      className="flex w-full min-w-0 items-start gap-2.5 rounded-lg border border-amber-200 bg-white px-3 py-2 text-left shadow-xs transition-colors hover:border-amber-300 hover:bg-amber-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
    >
      <PlatformMark platform={post.platform} size="sm" />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate text-sm font-medium text-slate-900">{firstWords(post.content, 80)}</span>
        <span className="text-xs text-slate-600">
          {platformLabels[post.platform]} ·{' '}
          {post.scheduledAt ? (
            <time dateTime={post.scheduledAt} className={passed ? 'font-medium text-red-700' : undefined}>
              {formatDateTimeInZone(post.scheduledAt, zone)}
              {passed ? ' (passed)' : ''}
            </time>
          ) : (
            'No time set'
          )}
          {submitter ? ` · by ${submitter}` : ''}
        </span>
      </span>
    </button>
  );
}
