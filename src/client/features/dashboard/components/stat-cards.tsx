import {
  CalendarClock,
  Eye,
  FileText,
  Heart,
  type LucideIcon,
  Megaphone,
  Percent,
  Share2,
  Sparkles,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { DashboardStats } from '../../../../contracts/analytics';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatCount, formatRate, NOT_REPORTED_MARK } from '../../../lib/metric-format';
import {
  describeCreditsUsed,
  formatCreditsUsed,
  formatReachThisMonth,
  reachUnreportedNote,
} from '../dashboard-display';

/**
 * The spec's four stat cards, then a row of the other numbers. Without `stats` (loading) every
 * label is drawn with a placeholder of the number's size, so nothing moves when it arrives.
 */
export function StatCards({ stats, monthName }: { stats: DashboardStats | undefined; monthName: string }) {
  const reachNote = stats ? reachUnreportedNote(stats.reachUnreportedPosts) : null;
  const reach = stats && formatReachThisMonth(stats);
  return (
    <div className="grid grid-cols-1 gap-4" aria-busy={stats ? undefined : true}>
      {stats ? null : <p className="sr-only">Loading your numbers…</p>}
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label="Posts This Month"
          icon={FileText}
          value={stats && formatCount(stats.postsThisMonth)}
          hint={`Published in ${monthName}`}
        />
        <StatCard
          label="Total Reach"
          icon={Eye}
          value={
            reach === NOT_REPORTED_MARK ? <NotMeasured reason="Not reported by these platforms" /> : reach
          }
          hint={
            reachNote ? (
              <span title="Some platforms (X) report no reach: the total leaves those posts out rather than count them as 0.">
                {reachNote}
              </span>
            ) : (
              `People reached in ${monthName}`
            )
          }
        />
        <StatCard
          label="Active Campaigns"
          icon={Megaphone}
          value={stats && formatCount(stats.campaignsActive)}
          hint="With posts still to go out"
        />
        <StatCard
          label="Team Members"
          icon={Users}
          value={stats && formatCount(stats.teamMembers)}
          hint="People in this workspace"
        />
      </dl>

      <Card className="px-5 py-4">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-4 sm:grid-cols-3 lg:grid-cols-5">
          <MinorStat
            label="Total Engagement"
            icon={Heart}
            title="Likes, comments, shares and clicks of every published post"
            value={stats && formatCount(stats.totalEngagement)}
          />
          <MinorStat
            label="Scheduled Posts"
            icon={CalendarClock}
            value={stats && formatCount(stats.scheduledPosts)}
          />
          <MinorStat
            label="AI Credits Used"
            icon={Sparkles}
            title="AI credits used this month; they reset on the 1st"
            value={
              stats && (
                <>
                  <span aria-hidden="true">{formatCreditsUsed(stats.creditsUsed, stats.creditsTotal)}</span>
                  <span className="sr-only">
                    {describeCreditsUsed(stats.creditsUsed, stats.creditsTotal)}
                  </span>
                </>
              )
            }
          />
          <MinorStat
            label="Avg Engagement Rate"
            icon={Percent}
            title="Engagements per person reached (per impression where a platform reports no reach), over the posts of the last 30 days"
            value={
              stats &&
              (stats.avgEngagementRate === null ? (
                <NotMeasured reason="Not measured yet" />
              ) : (
                formatRate(stats.avgEngagementRate)
              ))
            }
          />
          <MinorStat
            label="Connected Accounts"
            icon={Share2}
            value={stats && formatCount(stats.connectedAccounts)}
          />
        </dl>
      </Card>
    </div>
  );
}

interface StatProps {
  label: string;
  icon: LucideIcon;
  /** undefined while loading. */
  value: ReactNode | undefined;
}

function StatCard({ label, icon: Icon, value, hint }: StatProps & { hint: ReactNode }) {
  // dt and dd sit directly in the card's div: a <dl> allows nothing deeper (axe: definition-list).
  return (
    <Card className="flex min-w-0 flex-col gap-2 p-4 sm:p-5">
      <dt className="flex items-start justify-between gap-2 text-sm font-medium text-slate-600">
        {label}
        <span
          aria-hidden="true"
          className="hidden size-9 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 sm:flex"
        >
          <Icon className="size-5" />
        </span>
      </dt>
      <dd className="grid gap-1">
        <Value
          value={value}
          testId={statTestId(label)}
          className="text-2xl font-bold text-slate-900 sm:text-3xl"
          size="h-8 sm:h-9 w-20"
        />
        <span className="text-xs text-slate-500">{hint}</span>
      </dd>
    </Card>
  );
}

function MinorStat({ label, icon: Icon, value, title }: StatProps & { title?: string }) {
  return (
    <div className="grid min-w-0 content-start gap-1" title={title}>
      <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
        <Icon className="size-3.5 shrink-0 text-indigo-600" aria-hidden="true" />
        {label}
      </dt>
      <dd>
        <Value
          value={value}
          testId={statTestId(label)}
          className="text-lg font-semibold text-slate-900"
          size="h-7 w-16"
        />
      </dd>
    </div>
  );
}

/** A dash for the eye, the reason for a screen reader and in a tooltip. */
function NotMeasured({ reason }: { reason: string }) {
  return (
    <span title={reason}>
      <span aria-hidden="true">{NOT_REPORTED_MARK}</span>
      <span className="sr-only">{reason}</span>
    </span>
  );
}

/** 'Posts This Month' → 'stat-posts-this-month': what end-to-end tests find a number by. */
function statTestId(label: string): string {
  return `stat-${label.toLowerCase().replace(/\s+/g, '-')}`;
}

interface ValueProps {
  /** undefined while loading. */
  value: ReactNode | undefined;
  testId: string;
  className: string;
  /** The placeholder's size classes. */
  size: string;
}

/** The number, or a placeholder of its line's height while loading. */
function Value({ value, testId, className, size }: ValueProps) {
  if (value === undefined) {
    return (
      <span aria-hidden="true" className={cn('block', className)}>
        <span className={cn('block animate-pulse rounded-md bg-slate-100', size)} />
      </span>
    );
  }
  return (
    <span data-testid={testId} className={cn('block tabular-nums [overflow-wrap:anywhere]', className)}>
      {value}
    </span>
  );
}
