import { z } from 'zod';
import { brandFinding } from './brand-kit';
import { safeString } from './common';
import { businessType, contentType, hashtag, tone } from './content-options';
import { errorCodes } from './error-codes';
import { publishingPlatform, publishingPlatforms } from './platforms';
import { post } from './posts';

/*
 * Issue 30 (decision 094): platform variants (one text adapted for each network) and "plan a
 * month" (a month of posts written and placed from one brief, previewed, then accepted as drafts).
 * Never imported by the landing or the app shell.
 */

/** Most posts one plan holds (credits bound it further). */
export const MAX_PLAN_POSTS = 100;
/** How far ahead a plan may start, in days from today in the user's zone. */
export const MAX_PLAN_START_DAYS = 90;
/** X threads are cut into at most this many posts. */
export const MAX_VARIANT_THREAD = 25;

export const aiPlanMessages = {
  tooManyPosts: 'A plan holds at most 100 posts: choose fewer posts a week or fewer weeks.',
  freePlan:
    'The Free plan does not include monthly planning. Upgrade to Starter to plan a month of posts from one brief.',
  startsOn: 'Start the plan between today and 90 days from now.',
  duplicateNetwork: 'Name each network once.',
  offerDates: 'An offer must end on or after the day it starts.',
  notFound: 'That plan does not exist',
  otherPlan: 'Accept the posts of this plan only.',
  accountNotFound: 'That account is not connected to this workspace.',
  accountPlatform: (label: string) => `That account is not a ${label} account.`,
  /** `time` as the user reads it. */
  pastTime: (time: string) => `${time} is in the past: pick a later time for this post.`,
  creditsCover: (granted: number, planned: number) =>
    `Your credits cover ${granted} of the ${planned} posts.`,
  alreadyAccepted: 'already accepted',
  nothingToPlace:
    'No time is free for these posts: every day of the plan is a skip date, or already full. Choose other dates.',
  /** A quality-gate reason: the post opens as an earlier one does. */
  sameOpening: 'Starts with the same words as another post: open it differently.',
} as const;

const isoDate = z.iso.date({ message: 'Use a date as YYYY-MM-DD' });
const planHashtags = z.array(hashtag).max(30);

/** POST /api/ai/variants: one text adapted for each network (1 credit per variant). */
export const variantsBody = z.object({
  text: safeString().trim().min(1, 'Write the text to adapt').max(10000),
  hashtags: planHashtags.default([]),
  platforms: z
    .array(publishingPlatform)
    .min(1, 'Choose at least one network')
    .max(publishingPlatforms.length)
    .refine((list) => new Set(list).size === list.length, aiPlanMessages.duplicateNetwork),
});
export type VariantsBody = z.infer<typeof variantsBody>;

export const platformVariant = z.object({
  platform: publishingPlatform,
  content: z.string(),
  /** Without '#'. */
  hashtags: z.array(z.string()),
  /** X's thread when the text is long: each item one post, the first equal to `content`; else empty. */
  thread: z.array(z.string()),
  /** Pinterest: the URL moved out of the description into the pin's link. */
  link: z.string().optional(),
  /** The quality gate's reasons the text still fails after the retry; empty when it passes. */
  problems: z.array(z.string()),
});
export type PlatformVariant = z.infer<typeof platformVariant>;

export const variantsResponse = z.object({
  variants: z.array(platformVariant),
  generator: z.string(),
  sandbox: z.boolean(),
  notice: z.string().optional(),
});
export type VariantsResponse = z.infer<typeof variantsResponse>;

/** POST /api/ai/plan: the brief. Starter and up; 1 credit per planned post. */
export const planBody = z
  .object({
    goal: safeString().trim().min(3, 'Say in a few words what the month should achieve').max(500),
    audience: safeString().trim().max(300).optional(),
    businessType: businessType.optional(),
    tone: tone.optional(),
    offers: z
      .array(
        z
          .object({
            title: safeString().trim().min(1, 'Name the offer').max(120),
            details: safeString().trim().max(300).default(''),
            from: isoDate.optional(),
            until: isoDate.optional(),
          })
          .refine((offer) => !offer.from || !offer.until || offer.from <= offer.until, {
            message: aiPlanMessages.offerDates,
            path: ['until'],
          }),
      )
      .max(10)
      .default([]),
    dates: z
      .array(z.object({ date: isoDate, label: safeString().trim().min(1, 'Name the day').max(120) }))
      .max(20)
      .default([]),
    /** Days without posts (the public holidays the user lists). */
    skipDates: z.array(isoDate).max(60).default([]),
    /** Today to 90 days ahead in the user's zone (checked by the service, which knows the zone). */
    startsOn: isoDate,
    weeks: z.number().int().min(1).max(5),
    networks: z
      .array(
        z.object({
          platform: publishingPlatform,
          /** The account to plan for; else the workspace's only account of that network, else none. */
          accountId: z.uuid({ message: 'Not an account id' }).optional(),
          postsPerWeek: z.number().int().min(1).max(14),
        }),
      )
      .min(1, 'Choose at least one network')
      .max(6)
      .refine(
        (list) => new Set(list.map((network) => network.accountId ?? network.platform)).size === list.length,
        aiPlanMessages.duplicateNetwork,
      ),
  })
  .refine(
    (body) =>
      body.networks.reduce((sum, network) => sum + network.postsPerWeek, 0) * body.weeks <= MAX_PLAN_POSTS,
    { message: aiPlanMessages.tooManyPosts, path: ['networks'] },
  );
export type PlanBody = z.infer<typeof planBody>;
export type PlanBodyInput = z.input<typeof planBody>;

export const aiPlanStatuses = ['writing', 'ready', 'cut_short', 'accepted'] as const;

export const aiPlanItem = z.object({
  id: z.string(),
  position: z.number().int(),
  platform: publishingPlatform,
  socialAccountId: z.string().nullable(),
  plannedAt: z.string(),
  contentType,
  /** The offer or date the item is about. */
  occasion: z.string().nullable(),
  content: z.string(),
  hashtags: z.array(z.string()),
  thread: z.array(z.string()),
  suggestedImagePrompt: z.string(),
  problems: z.array(z.string()),
  brandFindings: z.array(brandFinding),
  /** The draft made from it on accept; null until then. */
  postId: z.string().nullable(),
});
export type AiPlanItem = z.infer<typeof aiPlanItem>;

export const aiPlan = z.object({
  id: z.string(),
  status: z.enum(aiPlanStatuses),
  startsOn: z.string(),
  weeks: z.number().int(),
  timeZone: z.string(),
  plannedCount: z.number().int(),
  writtenCount: z.number().int(),
  notice: z.string().nullable(),
  generator: z.string(),
  sandbox: z.boolean(),
  items: z.array(aiPlanItem),
});
export type AiPlan = z.infer<typeof aiPlan>;

/**
 * With `Accept: application/x-ndjson` POST /api/ai/plan streams one line per event: each written
 * item, progress after each batch, then `done` with the whole plan (or `error`).
 */
export const planStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('item'), item: aiPlanItem }),
  z.object({ type: z.literal('progress'), written: z.number().int(), total: z.number().int() }),
  z.object({ type: z.literal('done'), plan: aiPlan }),
  z.object({
    type: z.literal('error'),
    status: z.number().int(),
    code: z.enum(errorCodes),
    message: z.string(),
  }),
]);
export type PlanStreamEvent = z.infer<typeof planStreamEvent>;

export const planIdParams = z.object({ id: z.uuid({ message: 'Not a plan id' }) });

/** POST /api/ai/plan/:id/accept: the items to make drafts of, each with the user's edits. */
export const planAcceptBody = z.object({
  items: z
    .array(
      z.object({
        id: z.uuid({ message: 'Not a plan item id' }),
        content: safeString().trim().min(1, 'Write something to post').max(63206).optional(),
        hashtags: planHashtags.optional(),
        thread: z.array(safeString().trim().min(1).max(25000)).max(MAX_VARIANT_THREAD).optional(),
        plannedAt: z.iso
          .datetime({
            offset: true,
            message: 'plannedAt must be an ISO date-time, e.g. 2026-12-01T14:00:00Z',
          })
          .optional(),
      }),
    )
    .min(1, 'Choose at least one post to accept')
    .max(MAX_PLAN_POSTS)
    .refine((list) => new Set(list.map((item) => item.id)).size === list.length, 'Name each post once.'),
});
export type PlanAcceptBody = z.infer<typeof planAcceptBody>;

export const planAcceptResponse = z.object({
  posts: z.array(post),
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export type PlanAcceptResponse = z.infer<typeof planAcceptResponse>;
