import { type ErrorCode, errorStatuses } from '../../contracts/error-codes';
import type { PlanId } from '../../contracts/plans';

export type { ErrorCode } from '../../contracts/error-codes';

/**
 * The product's one error type: its code (shared with the client, src/contracts/errors.ts) fixes
 * the HTTP status, its message is what the user reads. The error handler turns it into the body
 * `{ error: { code, message, reason? } }`.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: {
      retryAfterSeconds?: number;
      /** Why, in words the UI shows under a fixed message (e.g. a refused account deletion). */
      reason?: string;
      /** A plan_limit refusal of a feature: the first plan that includes it (the upgrade prompt's). */
      planNeeded?: PlanId;
    } = {},
  ) {
    super(message);
  }
  get status(): number {
    return errorStatuses[this.code];
  }
}
