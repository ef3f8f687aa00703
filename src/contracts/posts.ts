import { z } from 'zod';
import { brandFinding } from './brand-kit';
import { contentType, hashtag, tone } from './content-options';
import { publishingPlatform } from './platforms';

/** architecture §5: draft -> (pending_approval -> approved) -> scheduled -> publishing -> published | failed. */
export const postStatuses = [
  'draft',
  'pending_approval',
  'approved',
  'scheduled',
  'publishing',
  'published',
  'failed',
  'cancelled',
] as const;
export const postStatus = z.enum(postStatuses);
export type PostStatus = z.infer<typeof postStatus>;

/** Ids of unsaved ideas shown to a visitor start with this (spec §3). */
export const UNSAVED_ID_PREFIX = 'ai_';
export const isUnsavedPostId = (id: string) => id.startsWith(UNSAVED_ID_PREFIX);

export const MAX_HASHTAGS_PER_POST = 30;
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
  mediaIds: z.array(z.string()),
  /** What the brand check found (banned words, missing required hashtags); empty when clean. */
  brandFindings: z.array(brandFinding),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  externalUrl: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type Post = z.infer<typeof post>;

export const postIdParams = z.object({ id: z.uuid({ message: 'Not a post id' }) });

const content = z.string().trim().min(1, 'Write something to post').max(63206);
const suggestedImagePrompt = z.string().trim().max(1000).nullable();
const hashtags = z.array(hashtag).max(MAX_HASHTAGS_PER_POST);

export const createPostBody = z.object({
  platform: publishingPlatform,
  content,
  hashtags: hashtags.default([]),
  suggestedImagePrompt: suggestedImagePrompt.optional(),
  socialAccountId: z.uuid().nullable().optional(),
  mediaIds: z.array(z.uuid()).max(10).optional(),
  tone: tone.nullable().optional(),
  contentType: contentType.nullable().optional(),
  bestTimeToPost: z.string().trim().max(100).nullable().optional(),
  estimatedReach: z.number().int().min(0).nullable().optional(),
});
export type CreatePostBody = z.infer<typeof createPostBody>;

export const updatePostBody = z
  .object({
    platform: publishingPlatform,
    content,
    hashtags,
    suggestedImagePrompt,
    socialAccountId: z.uuid().nullable(),
    mediaIds: z.array(z.uuid()).max(10),
    tone: tone.nullable(),
    contentType: contentType.nullable(),
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

export const MAX_POSTS_PER_PAGE = 200;
export const listPostsQuery = z.object({
  status: z
    .string()
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
} as const;
