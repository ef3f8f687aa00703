import { CalendarDays, ChartColumnIncreasing, Share2, WandSparkles } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { analyticsMessages, analyticsPostSorts } from '../../../contracts/analytics';
import { paths } from '../../app/paths';
import { EmptyState } from '../../components/empty-state';
import { QueryFailureCard } from '../../components/query-failure-card';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { UpgradePrompt } from '../billing/components/upgrade-prompt';
import { planLimitMessage } from '../billing/plan-limit';
import { useSocialAccounts } from '../social-accounts/api/get-social-accounts';
import { useTimeZone } from '../time-zone/use-time-zone';
import {
  type AnalyticsScreenState,
  apiQuery,
  csvExportHref,
  readScreenState,
  sortLabels,
  writeScreenState,
} from './analytics-filters';
import { formatRange, hasPosts, todayIn } from './analytics-format';
import { useAnalyticsOverview } from './api/get-analytics-overview';
import { useAnalyticsPosts } from './api/get-analytics-posts';
import { useClickAnalytics } from './api/get-click-analytics';
import { AccountTable } from './components/account-table';
import { AnalyticsFilterBar } from './components/analytics-filter-bar';
import { AnalyticsHeader } from './components/analytics-header';
import { AnalyticsSkeleton } from './components/analytics-skeleton';
import { DailyChart } from './components/daily-chart';
import { FollowerChart } from './components/follower-chart';
import { LinkClicksSection } from './components/link-clicks-section';
import { PlatformChart } from './components/platform-chart';
import { SummaryCards } from './components/summary-cards';
import { TopPostsList } from './components/top-posts';

/**
 * Analytics (issue 9): how the workspace's published posts did over a range of days in the user's
 * time zone: totals, reach and engagement by day, by platform and by account, follower growth and
 * the top posts, with a CSV export. Filters live in the URL. Plans without analytics see an
 * upgrade prompt instead (the server answers 402).
 */
export function AnalyticsPage() {
  useDocumentTitle('Analytics — Kitepost');
  const { zone } = useTimeZone();
  const today = todayIn(zone);
  const search = useSearch();
  const [, navigate] = useLocation();
  const state = readScreenState(search, today);
  const query = apiQuery(state.filters, zone);
  const overview = useAnalyticsOverview(query);
  const posts = useAnalyticsPosts(query, state.sort);
  const accounts = useSocialAccounts();
  // The same query as the link clicks section's (one request): whether the plan has them.
  const clicksLocked = planLimitMessage(useClickAnalytics(query).error) !== null;

  const show = (next: AnalyticsScreenState) =>
    navigate(`${paths.analytics}${writeScreenState(next, today)}`, { replace: true });

  const locked = planLimitMessage(overview.error);
  if (locked) {
    return (
      <div className="grid min-w-0 gap-6">
        <AnalyticsHeader
          rangeLabel={null}
          lastSyncedAt={undefined}
          sandbox={false}
          zone={zone}
          csvHref={null}
        />
        <UpgradePrompt
          title="Analytics are part of Professional and Enterprise"
          message={locked}
          plan="professional"
        />
        {/* Link clicks have their own plan (Starter and up): with it, their range and network filters. */}
        {clicksLocked ? null : (
          <AnalyticsFilterBar
            filters={state.filters}
            today={today}
            accounts={[]}
            showAccount={false}
            onChange={(filters) => show({ ...state, filters })}
          />
        )}
        <LinkClicksSection query={query} />
        <EmptyState
          icon={ChartColumnIncreasing}
          title="See what works on each platform"
          description="Reach, engagement and followers over time, by platform and by account, your top posts and a CSV export of every post's numbers."
        />
      </div>
    );
  }

  const data = overview.data;
  return (
    <div className="grid min-w-0 gap-6">
      <AnalyticsHeader
        rangeLabel={formatRange(state.filters.from, state.filters.to)}
        lastSyncedAt={data?.lastSyncedAt}
        sandbox={data?.sandbox ?? false}
        zone={zone}
        csvHref={csvExportHref(query)}
      />
      <AnalyticsFilterBar
        filters={state.filters}
        today={today}
        accounts={accounts.data ?? []}
        onChange={(filters) => show({ ...state, filters })}
      />

      {overview.isPending ? (
        <AnalyticsSkeleton />
      ) : overview.isError ? (
        <QueryFailureCard title="Analytics could not be loaded" query={overview} />
      ) : (
        <div
          aria-busy={overview.isPlaceholderData}
          className={cn('grid min-w-0 gap-6 transition-opacity', overview.isPlaceholderData && 'opacity-60')}
        >
          <SummaryCards totals={overview.data.totals} />
          {hasPosts(overview.data) ? (
            <>
              <DailyChart daily={overview.data.daily} />
              <div className="grid min-w-0 items-start gap-6 xl:grid-cols-2">
                <PlatformChart byPlatform={overview.data.byPlatform} />
                <FollowerChart series={overview.data.followerGrowth} />
              </div>
            </>
          ) : (
            <>
              <NoPostsInRange noAccounts={accounts.isSuccess && accounts.data.length === 0} />
              <FollowerChart series={overview.data.followerGrowth} />
            </>
          )}
          <AccountTable
            accounts={overview.data.byAccount}
            filtered={state.filters.platform !== null || state.filters.accountId !== null}
          />
          <LinkClicksSection query={query} />
          {hasPosts(overview.data) ? (
            <section aria-labelledby="top-posts-title" className="grid gap-3">
              <div className="flex flex-wrap items-end justify-between gap-3">
                <h2 id="top-posts-title" className="text-lg font-semibold text-slate-900">
                  Top posts
                </h2>
                <div className="flex items-center gap-2">
                  <Label htmlFor="top-posts-sort" className="whitespace-nowrap">
                    Sort by
                  </Label>
                  <Select
                    id="top-posts-sort"
                    value={state.sort}
                    onChange={(event) => {
                      const sort = analyticsPostSorts.find((known) => known === event.target.value);
                      if (sort) show({ ...state, sort });
                    }}
                  >
                    {analyticsPostSorts.map((sort) => (
                      <option key={sort} value={sort}>
                        {sortLabels[sort]}
                      </option>
                    ))}
                  </Select>
                </div>
              </div>
              {posts.isPending ? (
                <Card className="h-40 animate-pulse" aria-hidden="true" />
              ) : posts.isError ? (
                <QueryFailureCard title="Top posts could not be loaded" query={posts} />
              ) : (
                <TopPostsList posts={posts.data} zone={zone} />
              )}
            </section>
          ) : null}
        </div>
      )}
    </div>
  );
}

/** The range has no published post: say so and lead to where posts are made. */
function NoPostsInRange({ noAccounts }: { noAccounts: boolean }) {
  return (
    <EmptyState
      icon={ChartColumnIncreasing}
      title={analyticsMessages.noData}
      description={
        noAccounts
          ? 'Connect a social account, then create and schedule posts: their numbers show here once they are published.'
          : 'Numbers show here once posts are published. Create posts, or plan them on the calendar.'
      }
      action={
        <div className="flex flex-wrap justify-center gap-2">
          {noAccounts ? (
            <Link href={paths.socialAccounts} className={buttonClasses('default', 'sm')}>
              <Share2 aria-hidden="true" />
              Connect an account
            </Link>
          ) : null}
          <Link
            href={paths.contentGenerator}
            className={buttonClasses(noAccounts ? 'outline' : 'default', 'sm')}
          >
            <WandSparkles aria-hidden="true" />
            Create posts
          </Link>
          <Link href={paths.calendar} className={buttonClasses('outline', 'sm')}>
            <CalendarDays aria-hidden="true" />
            Open the calendar
          </Link>
        </div>
      }
    />
  );
}
