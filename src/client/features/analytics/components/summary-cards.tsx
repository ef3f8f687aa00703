import type { LucideIcon } from 'lucide-react';
import { Eye, FileText, Heart, Megaphone, Percent, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AnalyticsOverview } from '../../../../contracts/analytics';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatChange } from '../analytics-format';
import { MetricValue } from './metric-value';

/** The range's totals: posts, impressions, reach, engagements, rate and followers with their change. */
export function SummaryCards({ totals }: { totals: AnalyticsOverview['totals'] }) {
  return (
    <ul aria-label="Summary" className="grid grid-cols-2 gap-3 md:grid-cols-3 2xl:grid-cols-6">
      <SummaryCard icon={FileText} label="Posts">
        <MetricValue value={totals.posts} />
      </SummaryCard>
      <SummaryCard icon={Eye} label="Impressions">
        <MetricValue value={totals.impressions} />
      </SummaryCard>
      <SummaryCard icon={Megaphone} label="Reach">
        <MetricValue value={totals.reach} />
      </SummaryCard>
      <SummaryCard icon={Heart} label="Engagements">
        <MetricValue value={totals.engagements} />
      </SummaryCard>
      <SummaryCard icon={Percent} label="Engagement rate">
        <MetricValue value={totals.engagementRate} kind="rate" />
      </SummaryCard>
      <SummaryCard icon={Users} label="Followers" note={<FollowerChange change={totals.followerChange} />}>
        <MetricValue value={totals.followers} />
      </SummaryCard>
    </ul>
  );
}

/** One number of a summary: its icon and name above it (also the link clicks' totals). */
export function SummaryCard({
  icon: Icon,
  label,
  note,
  children,
}: {
  icon: LucideIcon;
  label: ReactNode;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="min-w-0">
      <Card className="flex h-full flex-col gap-1.5 p-4">
        <p className="flex items-start gap-1.5 text-xs font-medium text-slate-600 sm:text-sm">
          <Icon className="size-4 shrink-0 text-indigo-600" aria-hidden="true" />
          <span className="min-w-0 leading-tight">{label}</span>
        </p>
        <p className="text-xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-2xl">{children}</p>
        {note}
      </Card>
    </li>
  );
}

function FollowerChange({ change }: { change: number | null }) {
  if (change === null) {
    return <p className="text-xs text-slate-600">Too few readings for a change</p>;
  }
  return (
    <p
      className={cn(
        'text-xs font-medium',
        change > 0 ? 'text-emerald-700' : change < 0 ? 'text-red-700' : 'text-slate-600',
      )}
    >
      {formatChange(change)} in this range
    </p>
  );
}
