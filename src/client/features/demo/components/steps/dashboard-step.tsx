import {
  BarChart3,
  CalendarClock,
  CalendarPlus,
  FileText,
  Heart,
  type LucideIcon,
  Share2,
  Sparkles,
  WandSparkles,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { PlatformMark } from '../../../../components/platform-mark';
import { Button } from '../../../../components/ui/button';
import { demoStats, platformNames, recentActivity } from '../../demo-data';
import { showDemoOnly } from '../../demo-only';
import { MockScreenHeader, MockWindow } from '../mock-window';

const numbers = new Intl.NumberFormat('en-US');

const quickActions: { label: string; action: string; icon: LucideIcon }[] = [
  { label: 'Generate Content', action: 'generate posts', icon: WandSparkles },
  { label: 'Schedule a Post', action: 'schedule posts', icon: CalendarPlus },
  { label: 'Connect Account', action: 'connect your accounts', icon: Share2 },
  { label: 'View Analytics', action: 'see your analytics', icon: BarChart3 },
];

/** Step 2: the dashboard, with the spec's static sample numbers. */
export function DashboardStep() {
  const creditsPercent = Math.round((demoStats.creditsUsed / demoStats.creditsTotal) * 100);
  return (
    <MockWindow section="Dashboard">
      <MockScreenHeader title="Dashboard" description="Good morning, Sam. Here is how Sol Bistro is doing." />
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard label="Posts This Month" icon={FileText} value={String(demoStats.postsThisMonth)}>
          <span className="text-emerald-700">{demoStats.postsTrend}</span>
        </StatCard>
        <StatCard label="Total Engagement" icon={Heart} value={numbers.format(demoStats.totalEngagement)}>
          <span className="text-emerald-700">{demoStats.engagementTrend}</span>
        </StatCard>
        <StatCard label="Scheduled Posts" icon={CalendarClock} value={String(demoStats.scheduledPosts)}>
          {demoStats.scheduledHint}
        </StatCard>
        <StatCard
          label="AI Credits Used"
          icon={Sparkles}
          value={`${demoStats.creditsUsed}/${demoStats.creditsTotal}`}
        >
          <span aria-hidden="true" className="mb-1.5 block h-1.5 overflow-hidden rounded-full bg-indigo-100">
            <span
              className="block h-full rounded-full bg-gradient-to-r from-indigo-600 to-violet-600"
              style={{ width: `${creditsPercent}%` }}
            />
          </span>
          {demoStats.creditsRemaining} remaining
        </StatCard>
      </div>

      <div className="mt-4 grid gap-4 lg:grid-cols-[1fr_1.5fr]">
        <section
          aria-labelledby="demo-quick-actions"
          className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        >
          <h4 id="demo-quick-actions" className="font-semibold text-slate-900">
            Quick Actions
          </h4>
          <div className="mt-3 grid gap-2">
            {quickActions.map((item) => (
              <Button
                key={item.label}
                variant="outline"
                className="justify-start"
                onClick={() => showDemoOnly(item.action)}
              >
                <item.icon className="text-indigo-600" aria-hidden="true" />
                {item.label}
              </Button>
            ))}
          </div>
        </section>
        <section
          aria-labelledby="demo-recent-activity"
          className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        >
          <h4 id="demo-recent-activity" className="font-semibold text-slate-900">
            Recent Activity
          </h4>
          <ul className="mt-2 divide-y divide-slate-100">
            {recentActivity.map((item) => (
              <li key={item.id} className="flex items-start gap-3 py-3">
                <PlatformMark platform={item.platform} size="sm" />
                <div className="min-w-0 flex-1">
                  <p className="text-sm text-slate-800">
                    <span className="sr-only">{platformNames[item.platform]}: </span>
                    {item.text}
                  </p>
                  <p className="mt-0.5 text-xs text-slate-600">{item.when}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </MockWindow>
  );
}

function StatCard({
  label,
  icon: Icon,
  value,
  children,
}: {
  label: string;
  icon: LucideIcon;
  value: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col rounded-2xl border border-slate-200 bg-white p-3.5 shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <p className="text-xs font-medium text-slate-600 sm:text-sm">{label}</p>
        <span className="hidden size-8 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 sm:flex">
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </div>
      <p className="mt-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-3xl">
        {value}
      </p>
      <div className="mt-auto pt-1 text-xs text-slate-600">{children}</div>
    </div>
  );
}
