import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AnalyticsOverview } from '../../../../contracts/analytics';
import type { ClickAnalytics } from '../../../../contracts/links';
import { type followerRows, formatCompact, formatCount, formatDay } from '../analytics-format';
import {
  axisTick,
  countAxisProps,
  dayAxisProps,
  gridStroke,
  tooltipCount,
  tooltipStyle,
} from './chart-style';

/**
 * The Recharts drawings of the analytics charts, loaded on their own (chart-in-view.tsx) when the
 * first chart comes near the viewport. Each chart's title, legend and table stay in its own file.
 */

type PlatformTotals = AnalyticsOverview['byPlatform'][number];

export interface DailyDrawingProps {
  daily: AnalyticsOverview['daily'];
  phone: boolean;
  height: number;
  reachColour: string;
  engagementColour: string;
}

export function DailyDrawing({ daily, phone, height, reachColour, engagementColour }: DailyDrawingProps) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart
        data={daily}
        margin={{ top: 8, right: 4, bottom: 0, left: 4 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke={gridStroke} vertical={false} />
        <XAxis {...dayAxisProps(phone)} />
        <YAxis yAxisId="reach" {...countAxisProps(phone)} width={phone ? 36 : 48} />
        <YAxis yAxisId="engagements" orientation="right" {...countAxisProps(phone)} width={phone ? 32 : 44} />
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
          fill={reachColour}
          radius={[3, 3, 0, 0]}
          maxBarSize={28}
          isAnimationActive={false}
        />
        <Line
          yAxisId="engagements"
          dataKey="engagements"
          name="Engagements"
          stroke={engagementColour}
          strokeWidth={2}
          dot={{ r: 3 }}
          connectNulls={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

export interface PlatformDrawingProps {
  rows: (PlatformTotals & { label: string })[];
  phone: boolean;
  height: number;
  reachColour: string;
  engagementColour: string;
}

export function PlatformDrawing({
  rows,
  phone,
  height,
  reachColour,
  engagementColour,
}: PlatformDrawingProps) {
  return (
    <ResponsiveContainer width="100%" height={height}>
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
          fill={reachColour}
          radius={[0, 3, 3, 0]}
          isAnimationActive={false}
        />
        <Bar
          dataKey="engagements"
          name="Engagements"
          fill={engagementColour}
          radius={[0, 3, 3, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

export interface FollowerDrawingProps {
  rows: ReturnType<typeof followerRows>;
  /** One line per account with readings. */
  lines: { key: string; name: string; colour: string }[];
  phone: boolean;
  height: number;
}

export function FollowerDrawing({ rows, lines, phone, height }: FollowerDrawingProps) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 4 }} accessibilityLayer={false}>
        <CartesianGrid stroke={gridStroke} vertical={false} />
        <XAxis {...dayAxisProps(phone)} />
        <YAxis {...countAxisProps(phone)} width={phone ? 36 : 48} domain={['auto', 'auto']} />
        <Tooltip
          contentStyle={tooltipStyle}
          labelFormatter={(day) => formatDay(String(day), 'long')}
          formatter={tooltipCount}
        />
        {lines.map((line) => (
          <Line
            key={line.key}
            dataKey={line.key}
            name={line.name}
            stroke={line.colour}
            strokeWidth={2}
            dot={{ r: 2.5 }}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

export interface ClicksDrawingProps {
  daily: ClickAnalytics['daily'];
  phone: boolean;
  height: number;
  clickColour: string;
  visitorColour: string;
}

/** Link clicks (bars) and unique visitors (line) per day: the same unit, so one axis. */
export function ClicksDrawing({ daily, phone, height, clickColour, visitorColour }: ClicksDrawingProps) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart
        data={daily}
        margin={{ top: 8, right: 4, bottom: 0, left: 4 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke={gridStroke} vertical={false} />
        <XAxis {...dayAxisProps(phone)} />
        <YAxis {...countAxisProps(phone)} width={phone ? 32 : 44} />
        <Tooltip
          contentStyle={tooltipStyle}
          labelFormatter={(day) => formatDay(String(day), 'long')}
          formatter={tooltipCount}
        />
        <Bar
          dataKey="linkClicks"
          name="Link clicks"
          fill={clickColour}
          radius={[3, 3, 0, 0]}
          maxBarSize={28}
          isAnimationActive={false}
        />
        <Line
          dataKey="uniqueVisitors"
          name="Unique visitors"
          stroke={visitorColour}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
