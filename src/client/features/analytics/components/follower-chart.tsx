import type { AnalyticsOverview } from '../../../../contracts/analytics';
import { platformLabels } from '../../../../contracts/platforms';
import { followerRows, formatDay, seriesColour } from '../analytics-format';
import { ChartFigure, ChartLegend, DataTable, emptyChartClasses } from './chart-figure';
import { FollowerChartInView } from './chart-in-view';
import { useIsPhone } from './chart-style';
import { MetricValue } from './metric-value';

type Series = AnalyticsOverview['followerGrowth'][number];

/**
 * Followers per account, one line each. Readings are daily when an account was read that day;
 * a line joins its known readings (followers do not vanish between two readings).
 */
export function FollowerChart({ series }: { series: Series[] }) {
  const phone = useIsPhone();
  const rows = followerRows(series);
  const withReadings = series.filter((account) => account.points.length > 0);
  const label = (account: Series) => `${account.displayName} (${platformLabels[account.platform]})`;
  return (
    <ChartFigure
      title="Follower growth"
      description="Followers of each account on the days they were read."
      empty={
        withReadings.length === 0 ? (
          <p className={emptyChartClasses}>No follower counts were read in this range yet.</p>
        ) : undefined
      }
      chart={
        <FollowerChartInView
          rows={rows}
          lines={withReadings.map((account, index) => ({
            key: account.accountId,
            name: label(account),
            colour: seriesColour(index),
          }))}
          phone={phone}
          height={phone ? 220 : 260}
        />
      }
      legend={
        <ChartLegend
          items={withReadings.map((account, index) => ({
            key: account.accountId,
            label: label(account),
            colour: seriesColour(index),
            line: true,
          }))}
        />
      }
      table={
        <DataTable
          caption="Followers by account and day"
          rows={withReadings.flatMap((account) => account.points.map((point) => ({ account, ...point })))}
          rowKey={(row) => `${row.account.accountId}:${row.date}`}
          columns={[
            { header: 'Account', rowHeader: true, cell: (row) => label(row.account) },
            { header: 'Day', cell: (row) => formatDay(row.date, 'long') },
            { header: 'Followers', numeric: true, cell: (row) => <MetricValue value={row.followers} /> },
          ]}
        />
      }
    />
  );
}
