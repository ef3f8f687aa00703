import { notReportedMetrics } from '../../../../contracts/analytics';
import type { PostMetricsReading } from '../social-provider';
import type { YouTubeVideo } from './transform';

/*
 * A video's `statistics` (developers.google.com/youtube/v3/docs/videos#statistics) as our metrics:
 * viewCount → views, likeCount → likes, commentCount → comments. YouTube reports no impressions,
 * reach, shares or clicks through the Data API (null, never 0); a count the owner hid (likes) is
 * absent, so null too.
 */
export function toVideoMetrics(video: YouTubeVideo): PostMetricsReading {
  const stats = video.statistics;
  return {
    ...notReportedMetrics,
    externalId: video.id,
    views: stats?.viewCount ?? null,
    likes: stats?.likeCount ?? null,
    comments: stats?.commentCount ?? null,
  };
}
