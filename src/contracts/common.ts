import { z } from 'zod';

/** Body of every error answer: a 400 carries the validation issues. */
export const errorResponse = z.object({
  error: z.string(),
  message: z.string().optional(),
  /** With a fixed message, why this case was refused (e.g. DELETE /api/user/account's 409). */
  reason: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
