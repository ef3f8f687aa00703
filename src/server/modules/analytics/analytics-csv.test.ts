import { describe, expect, it } from 'vitest';
import { type AnalyticsPost, analyticsCsvColumns, notReportedMetrics } from '../../../contracts/analytics';
import { analyticsCsvFilename, analyticsCsvHeader, analyticsCsvRow, CSV_BOM, csvCell } from './analytics-csv';

const post: AnalyticsPost = {
  postId: '7d8c4c8e-0a54-4a7e-9c55-1f0f3c1a2b3c',
  platform: 'linkedin',
  accountId: 'a1',
  accountName: 'Corner Bakery (@cornerbakery)',
  content: 'Fresh bread',
  hashtags: ['Bakery', 'Sourdough'],
  postType: 'post',
  mediaIds: [],
  threadPosts: 0,
  publishedAt: '2026-11-03T09:15:00.000Z',
  externalUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1',
  metrics: { impressions: null, reach: 500, likes: 20, comments: 3, shares: null, clicks: 1, views: null },
  engagements: 24,
  engagementRate: 4.8,
  syncedAt: '2026-11-04T10:00:00.000Z',
  removedFromPlatform: false,
  linkClicks: 12,
  uniqueVisitors: 9,
  clickThroughRate: 2.4,
};

describe('csvCell', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(0)).toBe('0');
  });

  it('writes null as an empty cell, never 0', () => {
    expect(csvCell(null)).toBe('');
  });

  it('quotes a comma, a quote or a line break and doubles the quotes (RFC 4180)', () => {
    expect(csvCell('bread, butter')).toBe('"bread, butter"');
    expect(csvCell('the "best" loaf')).toBe('"the ""best"" loaf"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('cr\r\nlf')).toBe('"cr\r\nlf"');
  });

  it('puts an apostrophe before text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.test","x")', 'text')).toBe(
      '"\'=HYPERLINK(""http://evil.test"",""x"")"',
    );
    expect(csvCell('+1 for sourdough', 'text')).toBe("'+1 for sourdough");
    expect(csvCell('-20% today', 'text')).toBe("'-20% today");
    expect(csvCell('@cornerbakery', 'text')).toBe("'@cornerbakery");
    expect(csvCell('\tcmd', 'text')).toBe("'\tcmd");
    expect(csvCell('a = b', 'text')).toBe('a = b');
  });
});

describe('analytics CSV rows', () => {
  it('has the columns of the contract in order', () => {
    expect(analyticsCsvHeader()).toBe(`${analyticsCsvColumns.join(',')}\r\n`);
    expect(analyticsCsvHeader().startsWith('published_at,platform,account,content,hashtags,url,')).toBe(true);
    // Issue 29's columns come last, so files read by position keep their old columns in place.
    expect(
      analyticsCsvHeader().endsWith(',synced_at,link_clicks,unique_visitors,click_through_rate\r\n'),
    ).toBe(true);
  });

  it('writes a post with empty cells for unreported metrics and the rate with 2 decimals', () => {
    expect(analyticsCsvRow(post)).toBe(
      [
        '2026-11-03T09:15:00.000Z',
        'linkedin',
        'Corner Bakery (@cornerbakery)',
        'Fresh bread',
        '#Bakery #Sourdough',
        'https://www.linkedin.com/feed/update/urn:li:share:1',
        '', // impressions not reported
        '500',
        '20',
        '3',
        '', // shares not reported
        '1',
        '', // no video: no views
        '24',
        '4.80',
        '2026-11-04T10:00:00.000Z',
        '12',
        '9',
        '2.40',
      ]
        .join(',')
        .concat('\r\n'),
    );
  });

  it('keeps the whole content, quoted, and leaves a post not read yet empty', () => {
    const content = `Menu: "soup", bread\nand = more ${'x'.repeat(500)}`;
    const row = analyticsCsvRow({
      ...post,
      content,
      accountName: null,
      externalUrl: null,
      metrics: notReportedMetrics,
      engagements: null,
      engagementRate: null,
      syncedAt: null,
      linkClicks: null,
      uniqueVisitors: null,
      clickThroughRate: null,
    });
    expect(row).toContain(`"${content.replaceAll('"', '""')}"`);
    // Published without short links: its clicks are unknown, empty like an unreported metric.
    expect(row.endsWith(',,,,,,,,,,,,,\r\n')).toBe(true);
  });

  it('starts the file with a UTF-8 byte order mark and names it after the range', () => {
    expect(CSV_BOM).toBe('\uFEFF');
    expect(Buffer.from(CSV_BOM, 'utf8')).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(analyticsCsvFilename('2026-11-01', '2026-11-30')).toBe(
      'kitepost-posts-2026-11-01-to-2026-11-30.csv',
    );
  });
});
