import { analyticsMessages } from '../../../../contracts/analytics';
import { formatCount, formatRate, NOT_REPORTED_MARK } from '../analytics-format';

/**
 * A number the platform may not have reported: the number, or '—' that says why (a tooltip for
 * the mouse, words for screen readers). Never 0 for a missing number.
 */
export function MetricValue({ value, kind = 'count' }: { value: number | null; kind?: 'count' | 'rate' }) {
  if (value === null) {
    return (
      <>
        <span aria-hidden="true" title={analyticsMessages.notReported}>
          {NOT_REPORTED_MARK}
        </span>
        <span className="sr-only">{analyticsMessages.notReported}</span>
      </>
    );
  }
  return <>{kind === 'rate' ? formatRate(value) : formatCount(value)}</>;
}
