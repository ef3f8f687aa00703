import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '../../contracts/common';
import { isConnectionError } from '../db/connection-errors';
import { AppError } from '../lib/app-error';

/** While the database is away: seconds a client should wait before trying again. */
export const DATABASE_AWAY_RETRY_SECONDS = 5;
export const DATABASE_AWAY_MESSAGE =
  'Kitepost cannot reach its database right now. Nothing you saved is lost; please try again in a few seconds.';

/** One handler for every error: a 400 lists the issues; a 5xx never shows internals. */
type PageFallback = (reply: FastifyReply, path: string) => FastifyReply;

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
      const body: ErrorResponse = {
        error: 'Invalid request',
        issues: error.validation.map((issue) => ({
          path: [error.validationContext, ...issue.instancePath.split('/')].filter(Boolean).join('.'),
          message: issue.message ?? 'Invalid value',
        })),
      };
      return reply.status(400).send(body);
    }
    if (error instanceof AppError) {
      if (error.details.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.details.retryAfterSeconds));
      }
      const { reason } = error.details;
      return reply
        .status(error.status)
        .send({ error: error.message, message: error.message, ...(reason ? { reason } : {}) });
    }
    const refusedValue = refusedDatabaseValue(error);
    if (refusedValue) {
      // A value the contract should have refused: say so in the log, so that the contract is fixed.
      request.log.warn({ err: error, sqlState: refusedValue }, 'the database refused a value of the request');
      return reply
        .status(400)
        .send({ error: 'Invalid request', message: 'A value in this request cannot be stored.' });
    }
    if (isConnectionError(error) && !(await options.databaseAnswers?.())) {
      // A restart or failover of PostgreSQL: the pool reconnects by itself, so this is temporary.
      request.log.warn({ err: error }, 'the database does not answer');
      reply.header('retry-after', String(DATABASE_AWAY_RETRY_SECONDS));
      return reply.status(503).send({ error: DATABASE_AWAY_MESSAGE, message: DATABASE_AWAY_MESSAGE });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ error: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Malformed JSON body' : error.message;
      return reply.status(status).send({ error: message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // The front end routes every other page itself, its not-found page included.
    if (options.pageFallback && request.method === 'GET' && path !== '/api' && !path.startsWith('/api/')) {
      return options.pageFallback(reply, path);
    }
    return reply.status(404).send({ error: `No route ${request.method} ${path}` });
  });
}
