import type { FastifyReply } from 'fastify';

/**
 * Sends a body that is already JSON, as UTF-8 bytes (the bytes the route's response serializer
 * would write; lib/answer-cache.ts keeps them so): Fastify sends bytes as they are, with the
 * content type given. The route's schema type only allows the unserialized body, hence the untyped
 * reply; the response schema still documents the route in the OpenAPI document.
 */
export function sendSerialized<R extends FastifyReply>(reply: R, json: Buffer): R {
  (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
  return reply;
}
