import { type AnalyticsPost, analyticsCsvColumns } from '../../../contracts/analytics';

/*
 * The posts table as CSV (pure), for GET /api/analytics/posts.csv. RFC 4180: CRLF line ends, a
 * field with a comma, quote or line break is quoted and its quotes doubled. A metric the platform
 * did not report is an empty cell, never 0. Text that a spreadsheet would run as a formula gets a
 * leading apostrophe (OWASP "CSV injection"). The file starts with a UTF-8 byte order mark so
 * Excel reads accents and emoji right.
 */

export const CSV_BOM = '\uFEFF';
const LINE_END = '\r\n';

/** A cell starting with one of these is a formula to Excel, LibreOffice and Google Sheets. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, quoted when it must be; text cells are guarded against formula injection. */
export function csvCell(value: string | number | null, kind: 'text' | 'value' = 'value'): string {
  if (value === null) return '';
  let text = String(value);
  if (kind === 'text' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly string[]): string {
  return cells.join(',') + LINE_END;
}

/** The header row, the columns of analyticsCsvColumns in order. */
export function analyticsCsvHeader(): string {
  return csvLine(analyticsCsvColumns.map((column) => csvCell(column)));
}

/** One post's row, in the order of analyticsCsvColumns. */
export function analyticsCsvRow(post: AnalyticsPost): string {
  const { metrics } = post;
  const cells: Record<(typeof analyticsCsvColumns)[number], string> = {
    published_at: csvCell(post.publishedAt),
    platform: csvCell(post.platform),
    account: csvCell(post.accountName, 'text'),
    content: csvCell(post.content, 'text'),
    hashtags: csvCell(post.hashtags.map((tag) => (tag.startsWith('#') ? tag : `#${tag}`)).join(' '), 'text'),
    url: csvCell(post.externalUrl, 'text'),
    impressions: csvCell(metrics.impressions),
    reach: csvCell(metrics.reach),
    likes: csvCell(metrics.likes),
    comments: csvCell(metrics.comments),
    shares: csvCell(metrics.shares),
    clicks: csvCell(metrics.clicks),
    views: csvCell(metrics.views),
    engagements: csvCell(post.engagements),
    engagement_rate: csvCell(post.engagementRate === null ? null : post.engagementRate.toFixed(2)),
    synced_at: csvCell(post.syncedAt),
    link_clicks: csvCell(post.linkClicks),
    unique_visitors: csvCell(post.uniqueVisitors),
    click_through_rate: csvCell(post.clickThroughRate === null ? null : post.clickThroughRate.toFixed(2)),
  };
  return csvLine(analyticsCsvColumns.map((column) => cells[column]));
}

/** e.g. kitepost-posts-2026-11-01-to-2026-11-30.csv (the days are validated YYYY-MM-DD). */
export function analyticsCsvFilename(from: string, to: string): string {
  return `kitepost-posts-${from}-to-${to}.csv`;
}
