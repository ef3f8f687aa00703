import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsOverview } from '../../../../contracts/analytics';
import { platformLabels } from '../../../../contracts/platforms';
import { formatCompact, formatCount, hasMeasurements, seriesColour } from '../analytics-format';
import { ChartFigure, ChartLegend, DataTable, NotMeasuredYet, totalsColumns } from './chart-figure';
import { axisTick, gridStroke, tooltipCount, tooltipStyle, useIsPhone } from './chart-style';

type PlatformTotals = AnalyticsOverview['byPlatform'][number];

const REACH_COLOUR = seriesColour(0);
const ENGAGEMENT_COLOUR = seriesColour(1);

/** Short names for the axis ('X' rather than 'X (Twitter)'). */
const shortLabels: Record<PlatformTotals['platform'], string> = {
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  twitter: 'X',
  facebook: 'Facebook',
};

/** Reach and engagements per platform, as horizontal bars (platform names stay readable on a phone). */
export function PlatformChart({ byPlatform }: { byPlatform: PlatformTotals[] }) {
  const phone = useIsPhone();
  const rows = byPlatform.map((totals) => ({ ...totals, label: shortLabels[totals.platform] }));
  return (
    <ChartFigure
      title="By platform"
      description="Reach and engagements of the posts published on each platform."
      empty={hasMeasurements(byPlatform) ? undefined : <NotMeasuredYet />}
      chart={
        <ResponsiveContainer width="100%" height={48 + rows.length * (phone ? 56 : 64)}>
          <BarChart
            data={rows}
            layout="vertical"
            margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
            barGap={2}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={gridStroke} horizontal={false} />
            <XAxis
              type="number"
              tickFormatter={formatCompact}
              tick={axisTick}
              tickLine={false}
              allowDecimals={false}
              tickCount={phone ? 4 : 6}
            />
            <YAxis
              type="category"
              dataKey="label"
              tick={axisTick}
              tickLine={false}
              axisLine={false}
              width={phone ? 76 : 84}
            />
            <Tooltip
              contentStyle={tooltipStyle}
              filterNull={false}
              formatter={tooltipCount}
              labelFormatter={(label, payload) => {
                const posts = (payload[0]?.payload as PlatformTotals | undefined)?.posts;
                return posts === undefined ? label : `${label} · ${formatCount(posts)} posts`;
              }}
            />
            <Bar
              dataKey="reach"
              name="Reach"
              fill={REACH_COLOUR}
              radius={[0, 3, 3, 0]}
              isAnimationActive={false}
            />
            <Bar
              dataKey="engagements"
              name="Engagements"
              fill={ENGAGEMENT_COLOUR}
              radius={[0, 3, 3, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      }
      legend={
        <ChartLegend
          items={[
            { key: 'reach', label: 'Reach', colour: REACH_COLOUR },
            { key: 'engagements', label: 'Engagements', colour: ENGAGEMENT_COLOUR },
          ]}
        />
      }
      table={
        <DataTable
          caption="Totals by platform"
          rows={byPlatform}
          rowKey={(row) => row.platform}
          columns={[
            { header: 'Platform', rowHeader: true, cell: (row) => platformLabels[row.platform] },
            ...totalsColumns<PlatformTotals>(),
          ]}
        />
      }
    />
  );
}
