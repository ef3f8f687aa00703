import { z } from 'zod';
import { brandFinding } from './brand-kit';
import { safeString } from './common';
import { contentType, hashtag, tone } from './content-options';
import { postLink } from './links';
import { MAX_ALT_TEXT_LENGTH, MAX_MEDIA_PER_POST } from './media';
import { postPlatformOptions } from './platform-options';
import { publishingPlatform } from './platforms';
import { postType } from './post-types';
import { publishAttempt } from './publishing';
import { postSeriesSummary } from './recurring';

/**
 * architecture §5: draft -> (pending_approval -> approved) -> scheduled -> publishing -> published | failed;
 * `missed` when the post was due long ago (downtime) and was not sent late unannounced;
 * `cancelled` from any state before publishing.
 */
export const postStatuses = [
  'draft',
  'pending_approval',
  'approved',
  'scheduled',
  'publishing',
  'published',
  'failed',
  'missed',
  'cancelled',
] as const;
export const postStatus = z.enum(postStatuses);
export type PostStatus = z.infer<typeof postStatus>;
/** Statuses in which a post is out of the user's hands (posts, and the brand kit's re-check). */
export const lockedPostStatuses: readonly PostStatus[] = ['publishing', 'published'];

/** Ids of unsaved ideas shown to a visitor start with this (spec §3). */
export const UNSAVED_ID_PREFIX = 'ai_';
export const isUnsavedPostId = (id: string) => id.startsWith(UNSAVED_ID_PREFIX);

export const MAX_HASHTAGS_PER_POST = 30;
/** The most posts an X thread has after its first (issue 24); each is checked as a post. */
export const MAX_THREAD_REPLIES = 24;

/** One attached image or video, in the order it is shown, with its alt text (issue 24). */
export const postMediaItem = z.object({ id: z.string(), altText: z.string().nullable() });
export type PostMediaItem = z.infer<typeof postMediaItem>;

/**
 * The first comment (X: the first reply) goes out right after the post; its failure never fails
 * the post: it has its own state. `sending` while the call is out: found so after a crash, the
 * outcome is unknown and it is never sent again blindly (it becomes `failed`, saying so).
 */
export const firstCommentStatuses = ['pending', 'sending', 'posted', 'failed'] as const;
export const firstCommentStatus = z.enum(firstCommentStatuses);
export type FirstCommentStatus = z.infer<typeof firstCommentStatus>;

/**
 * A post of an X thread after the first, with where publishing got: each is sent as a reply to the
 * one before once that one is out; the chain stops at the first that fails (the rest stay pending).
 * `sending` as for the first comment.
 */
export const threadItemStatuses = ['pending', 'sending', 'published', 'failed'] as const;
export const threadItem = z.object({
  content: z.string(),
  mediaIds: z.array(z.string()),
  status: z.enum(threadItemStatuses),
  externalId: z.string().nullable(),
  url: z.string().nullable(),
  error: z.string().nullable(),
});
export type ThreadItem = z.infer<typeof threadItem>;

/** Spec §3 post, plus what a real product keeps about it. */
export const post = z.object({
  id: z.string(),
  platform: publishingPlatform,
  content: z.string(),
  tone: tone.nullable(),
  contentType: contentType.nullable(),
  /** Without '#'. */
  hashtags: z.array(z.string()),
  suggestedImagePrompt: z.string().nullable(),
  /** Advice such as 'Weekdays 9–11 AM', from general engagement patterns of the platform. */
  bestTimeToPost: z.string().nullable(),
  /** An estimate, never a measurement: people the post may reach. */
  estimatedReach: z.number().int().nullable(),
  status: postStatus,
  scheduledAt: z.string().nullable(),
  socialAccountId: z.string().nullable(),
  /** The attached media's ids in order (kept for older callers; `media` has the alt texts). */
  mediaIds: z.array(z.string()),
  postType,
  media: z.array(postMediaItem),
  /** The title a LinkedIn document post shows; null when none was given. */
  title: z.string().nullable(),
  /** What the network asks beyond text and media (a Mastodon content warning, a Pinterest board). */
  platformOptions: postPlatformOptions,
  firstComment: z.string().nullable(),
  firstCommentStatus: firstCommentStatus.nullable(),
  firstCommentUrl: z.string().nullable(),
  firstCommentError: z.string().nullable(),
  /** X threads: the posts after the first, in order; empty for every other post. */
  thread: z.array(threadItem),
  /** What the brand check found (banned words, missing required hashtags); empty when clean. */
  brandFindings: z.array(brandFinding),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  externalUrl: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** Posts composed together for several accounts share a group id; null for a single post. */
  groupId: z.string().nullable(),
  /** Publishing attempts so far (the list is on the post's detail). */
  attemptCount: z.number().int(),
  /** When a retry is due after a failed attempt that proved nothing was created; else null. */
  nextAttemptAt: z.string().nullable(),
  /** Who wrote it (null: a removed account). */
  createdByUserId: z.string().nullable(),
  /** The last submission for approval (who, when); null when never submitted. */
  submittedByUserId: z.string().nullable(),
  submittedAt: z.string().nullable(),
  /** The approval of the content as it is now; cleared when an editor changes it. */
  approvedByUserId: z.string().nullable(),
  approvedAt: z.string().nullable(),
  /** A recurring post's series and which occurrence it is; null for a post that does not repeat. */
  series: postSeriesSummary.nullable(),
  /** Marked evergreen: the account's recycler may queue a copy when its queue runs dry (issue 25). */
  evergreen: z.boolean(),
  /** A recycled evergreen copy: the original it was copied from; null otherwise. */
  recycledFromPostId: z.string().nullable(),
  /**
   * The slot it holds in its account's queue (issue 25); null for a post with a time of its own.
   * A draft holding one is held there by a paused queue.
   */
  queueSlotAt: z.string().nullable(),
  /** Add UTM tags to its links' short-link targets when the workspace does (issue 29); true unless turned off. */
  utm: z.boolean(),
});
export type Post = z.infer<typeof post>;

/**
 * The lifecycle fields of a draft nothing has happened to yet: never scheduled, submitted,
 * approved or published, no account or media chosen. The generator's unsaved ideas are such
 * drafts; so are the client tests' sample posts. A function, so that no two posts share the
 * arrays.
 */
export function untouchedDraftFields(): Omit<
  Post,
  | 'id'
  | 'platform'
  | 'content'
  | 'tone'
  | 'contentType'
  | 'hashtags'
  | 'suggestedImagePrompt'
  | 'bestTimeToPost'
  | 'estimatedReach'
  | 'createdAt'
  | 'updatedAt'
> {
  return {
    status: 'draft',
    scheduledAt: null,
    socialAccountId: null,
    mediaIds: [],
    postType: 'post',
    media: [],
    title: null,
    platformOptions: {},
    firstComment: null,
    firstCommentStatus: null,
    firstCommentUrl: null,
    firstCommentError: null,
    thread: [],
    brandFindings: [],
    publishedAt: null,
    externalUrl: null,
    failureReason: null,
    groupId: null,
    attemptCount: 0,
    nextAttemptAt: null,
    createdByUserId: null,
    submittedByUserId: null,
    submittedAt: null,
    approvedByUserId: null,
    approvedAt: null,
    series: null,
    evergreen: false,
    recycledFromPostId: null,
    queueSlotAt: null,
    utm: true,
  };
}

/** One post with its publishing attempts, newest last (GET /api/posts/{id}). */
export const postDetail = post.extend({
  attempts: z.array(publishAttempt),
  /** Its short links in the order they appear (issue 29); empty until it is published with them. */
  links: z.array(postLink),
});
export type PostDetail = z.infer<typeof postDetail>;

export const postIdParams = z.object({ id: z.uuid({ message: 'Not a post id' }) });

const content = safeString().trim().min(1, 'Write something to post').max(63206);
const suggestedImagePrompt = safeString().trim().max(1000).nullable();
const hashtags = z.array(hashtag).max(MAX_HASHTAGS_PER_POST);
const mediaIds = z.array(z.uuid()).max(MAX_MEDIA_PER_POST);
/** `media` replaces `mediaIds` when both are given; an empty or missing alt text is none. */
const mediaInput = z
  .array(
    z.object({
      id: z.uuid(),
      altText: safeString().trim().max(MAX_ALT_TEXT_LENGTH).nullable().optional(),
    }),
  )
  .max(MAX_MEDIA_PER_POST);
const firstComment = safeString().trim().max(8000).nullable();
/**
 * A post's title, where its network asks for one: a LinkedIn document post must have one (the
 * document's title shown above the pages). Ignored by the other networks and types.
 */
export const MAX_POST_TITLE_LENGTH = 200;
const postTitle = safeString().trim().max(MAX_POST_TITLE_LENGTH).nullable();
const threadInput = z
  .array(
    z.object({
      content: safeString().trim().min(1, 'Write something for every post of the thread').max(25000),
      mediaIds: z.array(z.uuid()).max(4).default([]),
    }),
  )
  .max(MAX_THREAD_REPLIES);

export const createPostBody = z.object({
  platform: publishingPlatform,
  content,
  hashtags: hashtags.default([]),
  suggestedImagePrompt: suggestedImagePrompt.optional(),
  socialAccountId: z.uuid().nullable().optional(),
  mediaIds: mediaIds.optional(),
  postType: postType.optional(),
  media: mediaInput.optional(),
  title: postTitle.optional(),
  platformOptions: postPlatformOptions.optional(),
  firstComment: firstComment.optional(),
  thread: threadInput.optional(),
  tone: tone.nullable().optional(),
  contentType: contentType.nullable().optional(),
  bestTimeToPost: safeString().trim().max(100).nullable().optional(),
  estimatedReach: z.number().int().min(0).nullable().optional(),
  /** False: its short links lead to its links without UTM tags. Default true. */
  utm: z.boolean().optional(),
});
export type CreatePostBody = z.infer<typeof createPostBody>;

export const updatePostBody = z
  .object({
    platform: publishingPlatform,
    content,
    hashtags,
    suggestedImagePrompt,
    socialAccountId: z.uuid().nullable(),
    mediaIds,
    postType,
    media: mediaInput,
    title: postTitle,
    platformOptions: postPlatformOptions,
    firstComment,
    thread: threadInput,
    /** Moves a scheduled post (the calendar's drag); must be in the future. */
    scheduledAt: z.iso.datetime({ offset: true, message: 'scheduledAt must be an ISO date-time' }),
    tone: tone.nullable(),
    contentType: contentType.nullable(),
    utm: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
export type UpdatePostBody = z.infer<typeof updatePostBody>;

export const schedulePostBody = z.object({
  scheduledAt: z.iso.datetime({
    offset: true,
    message: 'scheduledAt must be an ISO date-time, e.g. 2026-12-01T14:00:00Z',
  }),
  socialAccountId: z.uuid().nullable().optional(),
});
export type SchedulePostBody = z.infer<typeof schedulePostBody>;

/** What scheduling answers: the post, and what the user should know (e.g. no account yet). */
export const scheduleResponse = post.extend({ warnings: z.array(z.string()) });
export type ScheduleResponse = z.infer<typeof scheduleResponse>;

/** Publish a failed or missed post again: now, or at a new time. */
export const retryPostBody = z
  .object({
    scheduledAt: z.iso
      .datetime({ offset: true, message: 'scheduledAt must be an ISO date-time, e.g. 2026-12-01T14:00:00Z' })
      .optional(),
  })
  .default({});
export type RetryPostBody = z.infer<typeof retryPostBody>;

export const MAX_COMPOSE_TARGETS = 20;
/**
 * One composed post for several accounts (the calendar's composer): one post per target, grouped.
 * A target without an account is a platform whose account the user will connect later.
 */
export const composePostBody = z.object({
  content,
  hashtags: hashtags.default([]),
  mediaIds: mediaIds.default([]),
  media: mediaInput.optional(),
  title: postTitle.optional(),
  /** Each target keeps its own network's options (contracts/platform-options optionsForPlatform). */
  platformOptions: postPlatformOptions.optional(),
  firstComment: firstComment.optional(),
  thread: threadInput.optional(),
  /** False: the posts' short links lead to their links without UTM tags. Default true. */
  utm: z.boolean().optional(),
  targets: z
    .array(
      z.object({
        platform: publishingPlatform,
        socialAccountId: z.uuid().nullable(),
        /** The post type on this target's network; its default ('post') when omitted. */
        postType: postType.optional(),
        /**
         * This target's own text (issue 30, "Adapt for each network"): replaces the body's
         * `content`, `hashtags` and `thread` for this target only; checked per target as the rest.
         */
        content: content.optional(),
        hashtags: hashtags.optional(),
        thread: threadInput.optional(),
      }),
    )
    .min(1, 'Choose at least one account or platform')
    .max(MAX_COMPOSE_TARGETS),
  /** The time every post goes out; omitted or null only for drafts. */
  scheduledAt: z.iso
    .datetime({ offset: true, message: 'scheduledAt must be an ISO date-time, e.g. 2026-12-01T14:00:00Z' })
    .nullable()
    .optional(),
  /** Saves drafts (planned for `scheduledAt` when given) instead of scheduling them. */
  asDraft: z.boolean().default(false),
});
export type ComposePostBody = z.infer<typeof composePostBody>;
export const timezoneBody = z.object({
  /** An IANA zone such as Europe/Berlin; null: use the browser's zone. */
  timezone: safeString()
    .trim()
    .max(64)
    .refine(isKnownTimeZone, 'Choose a time zone such as Europe/Berlin or America/New_York')
    .nullable(),
});
function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}
export const composeResponse = z.object({
  groupId: z.string(),
  posts: z.array(post),
  warnings: z.array(z.string()),
});
export type ComposeResponse = z.infer<typeof composeResponse>;

export const MAX_POSTS_PER_PAGE = 200;
export const listPostsQuery = z.object({
  status: safeString()
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(postStatus).min(1))
    .optional(),
  /** Date range on the post's date: publishedAt, else scheduledAt, else createdAt. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_POSTS_PER_PAGE).default(50),
});
export type ListPostsQuery = z.infer<typeof listPostsQuery>;

export const postListResponse = z.array(post);

export const postMessages = {
  scheduled: 'Post Scheduled',
  pastTime: 'Choose a time in the future.',
  notEditable: 'This post is being published or has been published and can no longer be changed.',
  unknownAccount: 'That social account is not connected to this workspace.',
  unknownMedia: 'That media file does not exist in this workspace.',
  notCancellable: 'This post is being published or has been published and can no longer be cancelled.',
  notRetryable: 'Only a failed or missed post can be retried.',
  /** Someone changed the post after the caller read it (approve's expectedUpdatedAt, a retry's race). */
  changedSinceOpened: 'This post changed since you opened it',
  noAccountWarning: (platformLabel: string) =>
    `No ${platformLabel} account is connected yet. Connect one before the scheduled time, or the post will fail.`,
} as const;
