import type { CSSProperties } from 'react';
import { useMediaQuery } from '../../notifications/use-media-query';
import { formatCompact, formatCount, formatDay, NOT_REPORTED_MARK } from '../analytics-format';

/** Shared look of the analytics charts (Recharts props). */

export const PHONE_QUERY = '(max-width: 639px)';

/** True on a phone-sized screen: charts draw fewer ticks and shorter labels there. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}

export const axisTick = { fontSize: 12, fill: '#475569' } as const;
export const gridStroke = '#e2e8f0';

export const tooltipStyle: CSSProperties = {
  borderRadius: 8,
  border: '1px solid #e2e8f0',
  boxShadow: '0 4px 12px rgb(15 23 42 / 0.08)',
  fontSize: 12,
  padding: '6px 10px',
};

/** Tooltip values: a count, or '—' for a day or platform that did not report it (filterNull off). */
export function tooltipCount(value: unknown): string {
  return typeof value === 'number' ? formatCount(value) : NOT_REPORTED_MARK;
}

/** The x axis of a chart over the range's days (rows with a `date`). */
export function dayAxisProps(phone: boolean) {
  return {
    dataKey: 'date',
    tickFormatter: (day: string) => formatDay(day),
    tick: axisTick,
    tickLine: false,
    interval: 'preserveStartEnd',
    minTickGap: phone ? 28 : 16,
  } as const;
}

/** A y axis of counts: compact whole numbers, no axis line (its width is the chart's choice). */
export function countAxisProps(phone: boolean) {
  return {
    tickFormatter: formatCompact,
    tick: axisTick,
    tickLine: false,
    axisLine: false,
    allowDecimals: false,
    tickCount: phone ? 4 : 5,
  } as const;
}
