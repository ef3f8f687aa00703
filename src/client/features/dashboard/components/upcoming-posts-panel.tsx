import { CalendarClock } from 'lucide-react';
import { Link } from 'wouter';
import { platformLabels } from '../../../../contracts/platforms';
import type { Post } from '../../../../contracts/posts';
import type { SocialAccount } from '../../../../contracts/social-accounts';
import { paths } from '../../../app/paths';
import { PlatformMark } from '../../../components/platform-mark';
import { buttonClasses, wrapsOnNarrowScreens } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useUpcomingPosts } from '../../calendar/api/get-upcoming-posts';
import { firstWords } from '../../calendar/calendar-events';
import { StoredMediaThumb } from '../../calendar/components/media-thumb';
import { PostKindBadge } from '../../calendar/components/post-kind-badge';
import { formatDateTimeInZone } from '../../calendar/zoned-time';
import { DashboardSection, EmptyList } from './dashboard-section';

export const DASHBOARD_UPCOMING_SHOWN = 5;

interface UpcomingPostsPanelProps {
  zone: string;
  /** The workspace's accounts, to name each post's account (empty while they load). */
  accounts: SocialAccount[];
}

/** Spec §2: the next scheduled posts, each opening in the calendar. */
export function UpcomingPostsPanel({ zone, accounts }: UpcomingPostsPanelProps) {
  const upcoming = useUpcomingPosts(DASHBOARD_UPCOMING_SHOWN);
  return (
    <DashboardSection
      titleId="dashboard-upcoming-title"
      title="Upcoming Posts"
      link={{ href: paths.calendar, label: 'Open calendar', icon: CalendarClock }}
      query={upcoming}
      failureTitle="Upcoming posts could not be loaded"
      empty={
        <EmptyList
          icon={CalendarClock}
          title="Nothing scheduled"
          text="Plan a post on the calendar and it shows up here."
          action={
            <Link href={paths.calendar} className={cn(buttonClasses('outline', 'md'), wrapsOnNarrowScreens)}>
              Schedule a post on the calendar
            </Link>
          }
        />
      }
    >
      {(posts) =>
        posts.map((post) => <UpcomingRow key={post.id} post={post} zone={zone} accounts={accounts} />)
      }
    </DashboardSection>
  );
}

function UpcomingRow({ post, zone, accounts }: { post: Post; zone: string; accounts: SocialAccount[] }) {
  const account = accounts.find((item) => item.id === post.socialAccountId);
  const when = post.scheduledAt ? formatDateTimeInZone(post.scheduledAt, zone) : '';
  return (
    <li>
      <Link
        href={`${paths.calendar}?post=${encodeURIComponent(post.id)}`}
        className="flex items-start gap-3 px-4 py-3 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none focus-visible:ring-inset"
      >
        <PlatformMark platform={post.platform} size="sm" />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="line-clamp-2 text-sm font-medium text-slate-900 [overflow-wrap:anywhere] sm:line-clamp-1">
            {firstWords(post.content, 90)}
          </span>
          <span className="flex flex-wrap items-center gap-x-1.5 text-xs text-slate-600">
            <span>
              {post.scheduledAt ? <time dateTime={post.scheduledAt}>{when}</time> : null}
              {' · '}
              {platformLabels[post.platform]}
              {account ? ` · @${account.username}` : ''}
            </span>
            <PostKindBadge post={post} />
          </span>
        </span>
        {post.mediaIds[0] ? <StoredMediaThumb mediaId={post.mediaIds[0]} className="size-10" /> : null}
      </Link>
    </li>
  );
}
