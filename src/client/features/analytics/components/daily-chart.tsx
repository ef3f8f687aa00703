import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AnalyticsOverview } from '../../../../contracts/analytics';
import { daysWithPosts, formatDay, hasMeasurements, seriesColour } from '../analytics-format';
import { ChartFigure, ChartLegend, DataTable, NotMeasuredYet, totalsColumns } from './chart-figure';
import {
  countAxisProps,
  dayAxisProps,
  gridStroke,
  tooltipCount,
  tooltipStyle,
  useIsPhone,
} from './chart-style';

type Day = AnalyticsOverview['daily'][number];

const REACH_COLOUR = seriesColour(0);
const ENGAGEMENT_COLOUR = seriesColour(1);

/**
 * Reach (bars, left axis) and engagements (line, right axis) per publishing day. A day whose posts
 * reported nothing is a gap, not a 0; the line's dots show days that stand alone.
 */
export function DailyChart({ daily }: { daily: Day[] }) {
  const phone = useIsPhone();
  const measured = daysWithPosts(daily);
  return (
    <ChartFigure
      title="Reach and engagement over time"
      description="By the day posts were published."
      empty={hasMeasurements(daily) ? undefined : <NotMeasuredYet />}
      chart={
        <ResponsiveContainer width="100%" height={phone ? 220 : 280}>
          <ComposedChart
            data={daily}
            margin={{ top: 8, right: 4, bottom: 0, left: 4 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={gridStroke} vertical={false} />
            <XAxis {...dayAxisProps(phone)} />
            <YAxis yAxisId="reach" {...countAxisProps(phone)} width={phone ? 36 : 48} />
            <YAxis
              yAxisId="engagements"
              orientation="right"
              {...countAxisProps(phone)}
              width={phone ? 32 : 44}
            />
            <Tooltip
              contentStyle={tooltipStyle}
              filterNull={false}
              labelFormatter={(day) => formatDay(String(day), 'long')}
              formatter={tooltipCount}
            />
            <Bar
              yAxisId="reach"
              dataKey="reach"
              name="Reach"
              fill={REACH_COLOUR}
              radius={[3, 3, 0, 0]}
              maxBarSize={28}
              isAnimationActive={false}
            />
            <Line
              yAxisId="engagements"
              dataKey="engagements"
              name="Engagements"
              stroke={ENGAGEMENT_COLOUR}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      }
      legend={
        <ChartLegend
          items={[
            { key: 'reach', label: 'Reach (left axis)', colour: REACH_COLOUR },
            { key: 'engagements', label: 'Engagements (right axis)', colour: ENGAGEMENT_COLOUR, line: true },
          ]}
        />
      }
      table={
        <DataTable
          caption="Reach and engagement by publishing day (days without posts are left out)"
          rows={measured}
          rowKey={(day) => day.date}
          columns={[
            { header: 'Day', rowHeader: true, cell: (day) => formatDay(day.date, 'long') },
            ...totalsColumns<Day>(),
          ]}
        />
      }
    />
  );
}
