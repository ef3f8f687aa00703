import { z } from 'zod';
import { notReportedMetrics, type PostMetricValues } from '../../../../contracts/analytics';
import { answerReader } from '../http/parse-answer';

/*
 * A Pin's analytics to our metric names. `GET /v5/pins/{id}/analytics` answers, per app type
 * (`ALL` without a split), `summary_metrics` over the requested days and `lifetime_metrics`
 * (`PinAnalyticsMetricsResponse`, pinterest/api-description v5/openapi.json v5.23.0, P1).
 *
 *   IMPRESSION       -> impressions
 *   PIN_CLICK        -> clicks      ("total clicks on your Pin to content on or off Pinterest")
 *   SAVE             -> shares      (a save re-shares the Pin to the saver's board and followers;
 *                                    we have no "saves" column: decision 084)
 *   TOTAL_COMMENTS   -> comments    (lifetime)
 *   TOTAL_REACTIONS  -> likes       (lifetime)
 *   OUTBOUND_CLICK   -> not kept: part of PIN_CLICK, and no column of ours names it (decision 084)
 *
 * Reach and video views are not asked (image Pins): null. A metric absent from the answer is null.
 */

export const PINTEREST_METRIC_TYPES = [
  'IMPRESSION',
  'PIN_CLICK',
  'OUTBOUND_CLICK',
  'SAVE',
  'TOTAL_COMMENTS',
  'TOTAL_REACTIONS',
] as const;

/**
 * The API reads at most 90 days back from today ("Cannot be more than 90 days back", P1
 * `start_date`): the summary of an older Pin counts its last 90 days only.
 */
export const PINTEREST_ANALYTICS_DAYS = 90;

const parse = answerReader('pinterest', 'Pinterest');
const numbers = z.record(z.string(), z.number().nullable());
const metrics = z.object({
  summary_metrics: numbers.nullish(),
  lifetime_metrics: numbers.nullish(),
});
const answer = z.record(z.string(), metrics);

const count = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.round(value)) : null;

export function toPinMetrics(body: unknown): PostMetricValues {
  const parsed = parse(answer, body, 'Pin analytics');
  // Without a split the answer has one key (`all`/`ALL`); take it whatever its case.
  const entry =
    Object.entries(parsed).find(([key]) => key.toUpperCase() === 'ALL')?.[1] ?? Object.values(parsed)[0];
  if (!entry) return { ...notReportedMetrics };
  const summary = entry.summary_metrics ?? {};
  const lifetime = entry.lifetime_metrics ?? {};
  return {
    ...notReportedMetrics,
    impressions: count(summary.IMPRESSION),
    clicks: count(summary.PIN_CLICK),
    shares: count(summary.SAVE),
    comments: count(lifetime.TOTAL_COMMENTS ?? summary.TOTAL_COMMENTS),
    likes: count(lifetime.TOTAL_REACTIONS ?? summary.TOTAL_REACTIONS),
  };
}

/** `YYYY-MM-DD` (UTC) of the analytics window that ends today. */
export function analyticsWindow(now: Date): { startDate: string; endDate: string } {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const start = new Date(now.getTime() - (PINTEREST_ANALYTICS_DAYS - 1) * 86_400_000);
  return { startDate: day(start), endDate: day(now) };
}
