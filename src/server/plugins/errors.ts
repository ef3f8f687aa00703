import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../contracts/error-codes';
import { isConnectionError } from '../db/connection-errors';
import { AppError } from '../lib/app-error';
import { sendError } from '../lib/send-error';

/** While the database is away: seconds a client should wait before trying again. */
export const DATABASE_AWAY_RETRY_SECONDS = 5;
export const DATABASE_AWAY_MESSAGE =
  'Kitepost cannot reach its database right now. Nothing you saved is lost; please try again in a few seconds.';

type PageFallback = (reply: FastifyReply, path: string) => Promise<FastifyReply>;

/**
 * PostgreSQL's data exceptions that a request's value causes: NUL or bytes outside UTF-8 (22021,
 * 22P05), text that is not of the column's type (22P02, 22007, 22008), too long or too large
 * (22001, 22003). The contracts refuse such values first (decision 034); this is the net for one
 * they miss. Both engines (PGlite, node-postgres) give the SQLSTATE as `code`, Drizzle wraps the
 * error in `cause`. Other data exceptions (22012, division by zero) stay 500s: they are our bugs.
 */
const REFUSED_VALUE_STATES = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);

export function refusedDatabaseValue(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && REFUSED_VALUE_STATES.has(code)) return code;
    current = current.cause;
  }
  return undefined;
}

const VALIDATION_FAILED_MESSAGE = 'Invalid request';
const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/** Fastify's own 4xx errors (its FST_ERR_* codes) in our codes; their status stays. */
function codeOfClientError(status: number): ErrorCode {
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  return 'bad_request';
}

/** One handler for every error: a 400 lists the issues; a 5xx never shows internals. */
export function registerErrorHandler(
  app: FastifyInstance,
  options: {
    pageFallback?: PageFallback;
    /**
     * Whether the database answers now. A socket error may come from any outside service (S3, a
     * platform, SMTP): only when the database does not answer either is it the database's.
     */
    databaseAnswers?: () => Promise<boolean>;
  },
) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split('/')].filter(Boolean).join('.'),
        message: issue.message ?? 'Invalid value',
      }));
      return sendError(reply, 'validation_failed', VALIDATION_FAILED_MESSAGE, { issues });
    }
    if (error instanceof AppError) {
      const { reason, retryAfterSeconds, planNeeded } = error.details;
      return sendError(reply, error.code, error.message, {
        ...(reason ? { reason } : {}),
        ...(planNeeded ? { planNeeded } : {}),
        ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
      });
    }
    const refusedValue = refusedDatabaseValue(error);
    if (refusedValue) {
      // A value the contract should have refused: say so in the log, so that the contract is fixed.
      request.log.warn({ err: error, sqlState: refusedValue }, 'the database refused a value of the request');
      return sendError(reply, 'bad_request', 'A value in this request cannot be stored.');
    }
    if (isConnectionError(error) && !(await options.databaseAnswers?.())) {
      // A restart or failover of PostgreSQL: the pool reconnects by itself, so this is temporary.
      request.log.warn({ err: error }, 'the database does not answer');
      return sendError(reply, 'database_unavailable', DATABASE_AWAY_MESSAGE, {
        retryAfterSeconds: DATABASE_AWAY_RETRY_SECONDS,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return sendError(reply, 'internal', INTERNAL_ERROR_MESSAGE);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Malformed JSON body' : error.message;
      return sendError(reply, codeOfClientError(status), message, { status });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'internal', INTERNAL_ERROR_MESSAGE);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // The front end routes every other page itself, its not-found page included.
    if (options.pageFallback && request.method === 'GET' && path !== '/api' && !path.startsWith('/api/')) {
      return options.pageFallback(reply, path);
    }
    return sendError(reply, 'not_found', `No route ${request.method} ${path}`);
  });
}
