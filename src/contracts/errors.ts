import { z } from 'zod';
import { errorCodes } from './error-codes';
import { planIds } from './plans';

/** Where and why a request failed its contract (a 400 `validation_failed`). */
const errorIssue = z.object({ path: z.string(), message: z.string() });
export type ErrorIssue = z.infer<typeof errorIssue>;

/** The body of every error answer (the login calls keep the spec's `{success, user, message}`). */
export const errorResponse = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    /** With a fixed message, why this case was refused (e.g. DELETE /api/user/account's 409). */
    reason: z.string().optional(),
    /** A 402 `plan_limit` for a feature: the first plan that includes it. */
    planNeeded: z.enum(planIds).optional(),
    issues: z.array(errorIssue).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
export type ErrorBody = ErrorResponse['error'];
