import type { FastifyReply } from 'fastify';
import { type ErrorCode, errorStatuses } from '../../contracts/error-codes';
import type { ErrorBody, ErrorIssue } from '../../contracts/errors';
import type { PlanId } from '../../contracts/plans';

/**
 * The one way an error answer is written: `{ error: { code, message, reason?, issues? } }` with the
 * code's status (decision 049). Hooks that refuse a request (sign-in, permissions, origin) use it
 * too, so that every refusal has the same shape.
 */
export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  extra: {
    reason?: string;
    issues?: ErrorIssue[];
    retryAfterSeconds?: number;
    status?: number;
    planNeeded?: PlanId;
  } = {},
): FastifyReply {
  const { retryAfterSeconds, status, ...rest } = extra;
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  const error: ErrorBody = { code, message, ...rest };
  return reply.status(status ?? errorStatuses[code]).send({ error });
}
