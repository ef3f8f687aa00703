import type { AnalyticsOverview } from '../../../../contracts/analytics';
import { daysWithPosts, formatDay, hasMeasurements, seriesColour } from '../analytics-format';
import { ChartFigure, ChartLegend, DataTable, NotMeasuredYet, totalsColumns } from './chart-figure';
import { DailyChartInView } from './chart-in-view';
import { useIsPhone } from './chart-style';

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
        <DailyChartInView
          daily={daily}
          phone={phone}
          height={phone ? 220 : 280}
          reachColour={REACH_COLOUR}
          engagementColour={ENGAGEMENT_COLOUR}
        />
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
