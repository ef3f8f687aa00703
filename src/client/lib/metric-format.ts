/*
 * How every screen writes a measured number (contracts/analytics.ts honesty rules): a number a
 * platform did not report, or that cannot be computed yet, is a dash, never 0.
 */

export const NOT_REPORTED_MARK = '—';

const wholeNumber = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 12,345, or '—' when not reported. */
export function formatCount(value: number | null): string {
  return value === null ? NOT_REPORTED_MARK : wholeNumber.format(value);
}

/** 4.25%, 4.8%, 0%, or '—' when it cannot be computed. */
export function formatRate(value: number | null): string {
  return value === null ? NOT_REPORTED_MARK : `${percent.format(value)}%`;
}
