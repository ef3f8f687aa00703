import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '../../contracts/common';
import { AppError } from '../lib/app-error';

/** One handler for every error: a 400 lists the issues; a 5xx never shows internals. */
type PageFallback = (reply: FastifyReply, path: string) => FastifyReply;

export function registerErrorHandler(app: FastifyInstance, options: { pageFallback?: PageFallback }) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
