import { CalendarClock } from 'lucide-react';
import { Link } from 'wouter';
import { platformLabels } from '../../../../contracts/platforms';
import type { Post } from '../../../../contracts/posts';
import { paths } from '../../../app/paths';
import { PlatformMark } from '../../../components/platform-mark';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { approvalNeedsNewTime } from '../../approvals/approval-display';
import { useNeedsApproval } from '../../approvals/use-needs-approval';
import { firstWords } from '../../calendar/calendar-events';
import { formatDateTimeInZone } from '../../calendar/zoned-time';
import { DashboardSection } from './dashboard-section';

export const DASHBOARD_PENDING_SHOWN = 5;

/**
 * The posts waiting for approval, each with Review (the post on the calendar). Shown only while
 * there are any: approvers read it as their to-do, the others as what is waiting.
 */
export function NeedsApprovalPanel({ zone }: { zone: string }) {
  const { pending, posts, canApprove, title, submitterOf } = useNeedsApproval();
  if (!pending.isSuccess || posts.length === 0) return null;
  const more = posts.length - DASHBOARD_PENDING_SHOWN;

  return (
    <DashboardSection
      titleId="dashboard-needs-approval-title"
      title={title}
      link={{
        href: paths.calendar,
        label: more > 0 ? `All ${posts.length} on the calendar` : 'Open calendar',
        icon: CalendarClock,
      }}
      query={pending}
      failureTitle="Posts waiting for approval could not be loaded"
      empty={null}
    >
      {(items) =>
        items
          .slice(0, DASHBOARD_PENDING_SHOWN)
          .map((post) => (
            <PendingRow
              key={post.id}
              post={post}
              zone={zone}
              submitter={submitterOf(post)}
              review={canApprove}
            />
          ))
      }
    </DashboardSection>
  );
}

function PendingRow({
  post,
  zone,
  submitter,
  review,
}: {
  post: Post;
  zone: string;
  submitter: string | null;
  review: boolean;
}) {
  const passed = approvalNeedsNewTime(post);
  const words = firstWords(post.content, 90);
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <PlatformMark platform={post.platform} size="sm" />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="line-clamp-2 text-sm font-medium text-slate-900 [overflow-wrap:anywhere] sm:line-clamp-1">
          {words}
        </span>
        <span className="text-xs text-slate-600">
          {platformLabels[post.platform]} ·{' '}
          {post.scheduledAt ? (
            <time dateTime={post.scheduledAt} className={cn(passed && 'font-medium text-red-700')}>
              {formatDateTimeInZone(post.scheduledAt, zone)}
              {passed ? ' (time passed)' : ''}
            </time>
          ) : (
            'No time set'
          )}
          {submitter ? ` · submitted by ${submitter}` : ''}
        </span>
      </span>
      <Link
        href={`${paths.calendar}?post=${encodeURIComponent(post.id)}`}
        aria-label={`${review ? 'Review' : 'Open'} ${platformLabels[post.platform]} post: ${words}`}
        className={buttonClasses(review ? 'default' : 'outline', 'sm')}
      >
        {review ? 'Review' : 'Open'}
      </Link>
    </li>
  );
}
