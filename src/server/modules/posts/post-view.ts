import { type Post, postListResponse } from '../../../contracts/posts';
import type { PostRow } from './posts.repository';

/** A post as read by this module, or elsewhere (the data export) without its series' rule. */
type ViewRow = Omit<PostRow, 'seriesRule'> & { seriesRule?: PostRow['seriesRule'] };

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A stored post as the API shows it. */
export function toPost(row: ViewRow): Post {
  return {
    id: row.id,
    platform: row.platform,
    content: row.content,
    tone: row.tone,
    contentType: row.contentType,
    hashtags: row.hashtags,
    suggestedImagePrompt: row.suggestedImagePrompt,
    bestTimeToPost: row.bestTimeToPost,
    estimatedReach: row.estimatedReach,
    status: row.status,
    scheduledAt: iso(row.scheduledAt),
    socialAccountId: row.socialAccountId,
    mediaIds: row.mediaIds,
    postType: row.postType,
    media: row.mediaIds.map((id) => ({ id, altText: row.altTexts[id] ?? null })),
    title: row.title,
    platformOptions: row.platformOptions,
    firstComment: row.firstComment,
    firstCommentStatus: row.firstCommentStatus,
    firstCommentUrl: row.firstCommentUrl,
    firstCommentError: row.firstCommentError,
    thread: row.thread,
    brandFindings: row.brandFindings,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: iso(row.publishedAt),
    externalUrl: row.externalUrl,
    failureReason: row.failureReason,
    groupId: row.groupId,
    attemptCount: row.attemptCount,
    nextAttemptAt: iso(row.nextAttemptAt),
    createdByUserId: row.createdByUserId,
    submittedByUserId: row.submittedByUserId,
    submittedAt: iso(row.submittedAt),
    approvedByUserId: row.approvedByUserId,
    approvedAt: iso(row.approvedAt),
    series:
      row.seriesId && row.seriesRule
        ? { id: row.seriesId, ...row.seriesRule, occurrence: (row.occurrenceIndex ?? 0) + 1 }
        : null,
    evergreen: row.evergreen,
    recycledFromPostId: row.recycledFromPostId,
    queueSlotAt: iso(row.queueSlotAt),
    utm: row.utm,
  };
}

/**
 * A list as the JSON the API sends: the bytes the route's response serializer would write
 * (fastify-type-provider-zod: JSON.stringify of the schema's encoded output), so the list routes
 * can send it, cached, as is.
 */
export function serializePostList(rows: PostRow[]): string {
  return JSON.stringify(postListResponse.encode(rows.map(toPost)));
}
