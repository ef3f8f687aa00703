import { z } from 'zod';
import { notReportedMetrics } from '../../../../contracts/analytics';
import { answerReader } from '../http/parse-answer';
import type { PostMetricsReading } from '../social-provider';

/*
 * `POST /v2/video/query/?fields=id,view_count,like_count,comment_count,share_count` to our metric
 * names (contracts/analytics.ts). Source: [TT-QUERY] developers.tiktok.com/doc/tiktok-api-v2-video-query
 * ("video_ids": up to 20 per request; a video that is gone or not the user's is left out).
 */

const parse = answerReader('tiktok', 'TikTok');

export const TIKTOK_VIDEO_FIELDS = [
  'id',
  'view_count',
  'like_count',
  'comment_count',
  'share_count',
] as const;
/** "The maximum number of video_ids is 20" [TT-QUERY]. */
export const MAX_IDS_PER_QUERY = 20;

const count = z.number().int().nonnegative().optional();
const queryResponse = z.object({
  data: z.object({
    videos: z.array(
      z.object({
        id: z.union([z.string(), z.number()]).transform(String),
        view_count: count,
        like_count: count,
        comment_count: count,
        share_count: count,
      }),
    ),
  }),
});

/**
 * A video's views are its views (TikTok reports no impressions or reach); likes, comments and
 * shares as they are. A metric not in the answer is null; an id not in the answer is missing.
 */
export function toTikTokReadings(
  body: unknown,
  asked: string[],
): { metrics: PostMetricsReading[]; missing: string[] } {
  const { videos } = parse(queryResponse, body, 'video query').data;
  const found = new Map(videos.map((video) => [video.id, video]));
  const metrics: PostMetricsReading[] = [];
  const missing: string[] = [];
  for (const id of asked) {
    const video = found.get(id);
    if (!video) {
      missing.push(id);
      continue;
    }
    metrics.push({
      ...notReportedMetrics,
      externalId: id,
      views: video.view_count ?? null,
      likes: video.like_count ?? null,
      comments: video.comment_count ?? null,
      shares: video.share_count ?? null,
    });
  }
  return { metrics, missing };
}

/** A TikTok video id is numeric; a publish id (an inbox draft, a post still in moderation) is not. */
export const isVideoId = (id: string) => /^\d{1,25}$/.test(id);
