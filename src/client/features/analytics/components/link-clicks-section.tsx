import { Link2, MousePointerClick, Percent, Users } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { AnalyticsQuery } from '../../../../contracts/analytics';
import type { ClickAnalytics } from '../../../../contracts/links';
import { paths } from '../../../app/paths';
import { EmptyState } from '../../../components/empty-state';
import { QueryFailureCard } from '../../../components/query-failure-card';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { UpgradePrompt } from '../../billing/components/upgrade-prompt';
import { planLimitMessage } from '../../billing/plan-limit';
import { formatCount, formatDay, formatRate, seriesColour } from '../analytics-format';
import { useClickAnalytics } from '../api/get-click-analytics';
import { ChartFigure, ChartLegend, DataTable } from './chart-figure';
import { ClicksChartInView } from './chart-in-view';
import { useIsPhone } from './chart-style';
import { InfoTip } from './info-tip';
import { BioPageVisits, ClicksByNetwork, NoRate, TopClickedPosts, TopLinks } from './link-clicks-lists';
import { SummaryCard } from './summary-cards';

/** Said where unique visitors are totalled (decision 093: a visitor is known for one UTC day). */
const UNIQUE_VISITORS_NOTE =
  'Visitors are told apart within a day only, without storing addresses: someone who comes back on another day counts again.';

/**
 * Link clicks (issue 29): visits through the workspace's short links and its bio page, from their
 * own endpoint and plan (Starter and above), so it shows even where the rest of analytics is
 * refused; a plan without it sees what it would get and an upgrade prompt.
 */
export function LinkClicksSection({ query }: { query: AnalyticsQuery }) {
  const titleId = useId();
  const clicks = useClickAnalytics(query);
  const locked = planLimitMessage(clicks.error);
  return (
    <section aria-labelledby={titleId} className="grid min-w-0 gap-4">
      <div>
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Link clicks
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">
          Visits to your links from your posts’ short links and your bio page, by the day they happened. Bots
          are not counted.
        </p>
      </div>
      {locked ? (
        <UpgradePrompt title="Link clicks are part of Starter and above" message={locked} plan="starter" />
      ) : clicks.isPending ? (
        <div role="status" className="h-40 animate-pulse rounded-2xl border border-slate-200 bg-white">
          <span className="sr-only">Loading link clicks...</span>
        </div>
      ) : clicks.isError ? (
        <QueryFailureCard title="Link clicks could not be loaded" query={clicks} />
      ) : nothingCounted(clicks.data) ? (
        <NoClicksYet />
      ) : (
        <div
          aria-busy={clicks.isPlaceholderData}
          className={cn('grid min-w-0 gap-4 transition-opacity', clicks.isPlaceholderData && 'opacity-60')}
        >
          <ClickTotals totals={clicks.data.totals} />
          <ClicksChart daily={clicks.data.daily} />
          <div className="grid min-w-0 items-start gap-4 xl:grid-cols-2">
            <ClicksByNetwork rows={clicks.data.byPlatform} />
            <BioPageVisits bioPage={clicks.data.bioPage} />
          </div>
          <TopLinks links={clicks.data.topLinks} />
          <TopClickedPosts posts={clicks.data.topPosts} />
        </div>
      )}
    </section>
  );
}

const nothingCounted = (data: ClickAnalytics) => data.totals.linkClicks === 0 && !data.bioPage?.views;

function ClickTotals({ totals }: { totals: ClickAnalytics['totals'] }) {
  return (
    <ul aria-label="Link click totals" className="grid grid-cols-2 gap-3 md:grid-cols-3">
      <SummaryCard icon={MousePointerClick} label="Link clicks">
        {formatCount(totals.linkClicks)}
      </SummaryCard>
      <SummaryCard
        icon={Users}
        label={
          <span className="inline-flex items-center gap-1">
            Unique visitors
            <InfoTip label="About unique visitors" text={UNIQUE_VISITORS_NOTE} />
          </span>
        }
      >
        {formatCount(totals.uniqueVisitors)}
      </SummaryCard>
      <SummaryCard
        icon={Percent}
        label="Click-through rate"
        note={<p className="text-xs text-slate-600">Clicks on posts / their impressions</p>}
      >
        {totals.clickThroughRate === null ? <NoRate /> : formatRate(totals.clickThroughRate)}
      </SummaryCard>
    </ul>
  );
}

const CLICK_COLOUR = seriesColour(0);
const VISITOR_COLOUR = seriesColour(1);

function ClicksChart({ daily }: { daily: ClickAnalytics['daily'] }) {
  const phone = useIsPhone();
  return (
    <ChartFigure
      title="Link clicks over time"
      headingLevel={3}
      description="By the day of the click."
      chart={
        <ClicksChartInView
          daily={daily}
          phone={phone}
          height={phone ? 200 : 240}
          clickColour={CLICK_COLOUR}
          visitorColour={VISITOR_COLOUR}
        />
      }
      legend={
        <ChartLegend
          items={[
            { key: 'clicks', label: 'Link clicks', colour: CLICK_COLOUR },
            { key: 'visitors', label: 'Unique visitors', colour: VISITOR_COLOUR, line: true },
          ]}
        />
      }
      table={
        <DataTable
          caption="Link clicks and unique visitors by day (days without clicks are left out)"
          rows={daily.filter((day) => day.linkClicks > 0)}
          rowKey={(day) => day.date}
          columns={[
            { header: 'Day', rowHeader: true, cell: (day) => formatDay(day.date, 'long') },
            { header: 'Link clicks', numeric: true, cell: (day) => formatCount(day.linkClicks) },
            { header: 'Unique visitors', numeric: true, cell: (day) => formatCount(day.uniqueVisitors) },
          ]}
        />
      }
    />
  );
}

/** No click and no bio page view in the range: say how clicks start being counted. */
function NoClicksYet() {
  return (
    <EmptyState
      icon={MousePointerClick}
      title="No link clicks in this range yet"
      description="Turn on short links in Link in Bio: the links in posts you publish then lead through a short link that counts each visit. Visits to your bio page count too."
      action={
        <Link href={paths.links} className={buttonClasses('default', 'sm')}>
          <Link2 aria-hidden="true" />
          Open Link in Bio
        </Link>
      }
    />
  );
}
