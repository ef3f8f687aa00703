import { z } from 'zod';

/** GET /api/user/credits: this month's AI credits of the caller's workspace. One credit = one post. */
export const creditsResponse = z.object({
  used: z.number().int().min(0),
  /** null when the plan is unlimited. */
  limit: z.number().int().min(0).nullable(),
  /** null when the plan is unlimited. */
  remaining: z.number().int().min(0).nullable(),
  /** When the allowance starts over (the first instant of next month, UTC). */
  resetsAt: z.string(),
  /**
   * Issue 30: AI images and branded graphics this month, counted apart from post credits
   * (aiStudioByPlan.imagesPerMonth); limit and remaining are null when the plan has no limit.
   */
  images: z.object({
    used: z.number().int().min(0),
    limit: z.number().int().min(0).nullable(),
    remaining: z.number().int().min(0).nullable(),
  }),
});
export type CreditsResponse = z.infer<typeof creditsResponse>;
