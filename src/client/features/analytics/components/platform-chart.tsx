import type { AnalyticsOverview } from '../../../../contracts/analytics';
import { platformLabels } from '../../../../contracts/platforms';
import { hasMeasurements, seriesColour } from '../analytics-format';
import { ChartFigure, ChartLegend, DataTable, NotMeasuredYet, totalsColumns } from './chart-figure';
import { PlatformChartInView } from './chart-in-view';
import { useIsPhone } from './chart-style';

type PlatformTotals = AnalyticsOverview['byPlatform'][number];

const REACH_COLOUR = seriesColour(0);
const ENGAGEMENT_COLOUR = seriesColour(1);

/** Short names for the axis ('X' rather than 'X (Twitter)'). */
const shortLabels: Record<PlatformTotals['platform'], string> = {
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  twitter: 'X',
  facebook: 'Facebook',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
  threads: 'Threads',
  pinterest: 'Pinterest',
  linkedin_page: 'LinkedIn Page',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  google_business: 'Google',
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
        <PlatformChartInView
          rows={rows}
          phone={phone}
          height={48 + rows.length * (phone ? 56 : 64)}
          reachColour={REACH_COLOUR}
          engagementColour={ENGAGEMENT_COLOUR}
        />
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
