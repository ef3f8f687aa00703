import { postMetricsOf } from './sandbox-metrics';
import type { SandboxAccount, SandboxPost } from './sandbox-store';
import { videoOf } from './youtube-store';

/*
 * The pretend YouTube's resources as the Data API writes them (developers.google.com/youtube/v3/
 * docs/videos#resource, channels#resource): counts are strings (uint64), times RFC 3339.
 */

const when = (row: SandboxPost) => (row.publishedAt ?? row.createdAt).toISOString();

/**
 * A video with the parts asked for. `status.uploadStatus` is `uploaded` while processing, then
 * `processed` or `failed` (with `failureReason`); `processingDetails` follows (only the owner
 * sees it, and only the owner is served here).
 */
export function videoResource(
  row: SandboxPost,
  account: SandboxAccount,
  parts: ReadonlySet<string>,
  now: number,
): Record<string, unknown> {
  const video = videoOf(row);
  const done = now >= video.availableAt;
  const failed = done && video.failure !== null;
  const resource: Record<string, unknown> = { kind: 'youtube#video', id: video.id };
  if (parts.has('snippet')) {
    resource.snippet = {
      publishedAt: when(row),
      channelId: account.externalId,
      title: video.title,
      description: video.description,
      ...(video.tags.length > 0 ? { tags: video.tags } : {}),
      categoryId: video.categoryId,
      channelTitle: account.displayName,
    };
  }
  if (parts.has('status')) {
    resource.status = {
      uploadStatus: done ? (failed ? 'failed' : 'processed') : 'uploaded',
      ...(failed ? { failureReason: video.failure } : {}),
      privacyStatus: video.privacyStatus,
      license: 'youtube',
      embeddable: true,
      publicStatsViewable: true,
      ...(video.madeForKids === null ? {} : { selfDeclaredMadeForKids: video.madeForKids }),
      madeForKids: video.madeForKids === true,
    };
  }
  if (parts.has('processingDetails')) {
    resource.processingDetails = {
      processingStatus: done ? (failed ? 'failed' : 'succeeded') : 'processing',
      ...(failed ? { processingFailureReason: 'transcodeFailed' } : {}),
    };
  }
  if (parts.has('contentDetails') && video.durationMs !== null) {
    resource.contentDetails = { duration: `PT${Math.max(1, Math.round(video.durationMs / 1000))}S` };
  }
  if (parts.has('statistics')) {
    const metrics = postMetricsOf(row, account, now);
    resource.statistics = {
      viewCount: String(failed ? 0 : metrics.impressions),
      likeCount: String(failed ? 0 : metrics.likes),
      favoriteCount: '0',
      commentCount: String(failed ? 0 : metrics.replies),
    };
  }
  return resource;
}
