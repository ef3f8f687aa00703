import type { CSSProperties } from 'react';
import { useMediaQuery } from '../../notifications/use-media-query';
import { formatCount, NOT_REPORTED_MARK } from '../analytics-format';

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
