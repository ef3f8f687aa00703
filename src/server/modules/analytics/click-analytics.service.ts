import { engagementRate } from '../../../contracts/analytics';
import type { ClickAnalytics } from '../../../contracts/links';
import type { Db } from '../../db/client';
import type { AnalyticsView } from './analytics.service';
import { daysOfRange, rangeInstants } from './analytics-sums';
import { readClickSources } from './click-analytics.repository';

/*
 * GET /api/analytics/clicks (issue 29, decision 093): visits from the workspace's short links and
 * its bio page. Clicks count on the day they happened in the view's zone (unlike posts, which
 * count on their publishing day). Rates are percent with two decimals, as the engagement rate.
 */

/** Link clicks / base in percent; null when the base is unknown or 0. */
const rateOf = (sides: { measuredClicks: number; base: number | null }) =>
  engagementRate(sides.measuredClicks, sides.base);

type ClickView = Omit<AnalyticsView, 'accountId'>;

const sourcesOf = (db: Db, view: ClickView) =>
  readClickSources(db, {
    workspaceId: view.workspaceId,
    ...rangeInstants(view.from, view.to, view.timeZone),
    timeZone: view.timeZone,
    platform: view.platform,
  });

/** What the weekly report says of a week's visits (the caller checks the plan). */
export interface VisitNumbers {
  /** Human clicks on the links of posts. */
  postLinkClicks: number;
  /** Null: no bio page. */
  bioPage: { views: number; linkClicks: number } | null;
}

export async function loadVisitNumbers(db: Db, view: ClickView): Promise<VisitNumbers> {
  const sources = await sourcesOf(db, view);
  return {
    postLinkClicks: sources.totals.postClicks,
    bioPage: sources.bio && { views: sources.bio.views, linkClicks: sources.bio.clicks },
  };
}

export async function loadClickAnalytics(db: Db, view: ClickView): Promise<ClickAnalytics> {
  const sources = await sourcesOf(db, view);
  const byDay = new Map(sources.daily.map((day) => [day.day, day]));
  return {
    totals: {
      linkClicks: sources.totals.clicks,
      uniqueVisitors: sources.totals.uniques,
      clickThroughRate: rateOf(sources.totals),
    },
    daily: daysOfRange(view.from, view.to).map((date) => ({
      date,
      linkClicks: byDay.get(date)?.clicks ?? 0,
      uniqueVisitors: byDay.get(date)?.uniques ?? 0,
    })),
    byPlatform: sources.byPlatform
      .map((row) => ({
        platform: row.platform,
        linkClicks: row.clicks,
        uniqueVisitors: row.uniques,
        clickThroughRate: rateOf(row),
      }))
      .sort((a, b) => b.linkClicks - a.linkClicks || a.platform.localeCompare(b.platform)),
    topPosts: sources.topPosts.map((post) => ({
      postId: post.postId,
      platform: post.platform,
      content: post.content,
      linkClicks: post.clicks,
      uniqueVisitors: post.uniques,
      impressions: post.impressions,
      clickThroughRate: engagementRate(post.clicks, post.base),
    })),
    topLinks: sources.topLinks.map((link) => ({
      code: link.code,
      url: link.url,
      source: link.kind,
      postId: link.postId,
      linkClicks: link.clicks,
      uniqueVisitors: link.uniques,
    })),
    bioPage: sources.bio && {
      views: sources.bio.views,
      uniqueViews: sources.bio.uniqueViews,
      linkClicks: sources.bio.clicks,
      clickThroughRate: engagementRate(sources.bio.clicks, sources.bio.views),
    },
  };
}
