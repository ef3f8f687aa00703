import type { FastifyReply } from 'fastify';
import { type EncodedBody, sendEncoded } from './encoded-body';

/**
 * Sends a body that is already JSON (the bytes the route's response serializer would write;
 * lib/answer-cache.ts keeps them so), in the encoding the request prefers. The route's schema type
 * only allows the unserialized body, hence the untyped reply; the response schema still documents
 * the route in the OpenAPI document.
 */
export function sendSerialized<R extends FastifyReply>(reply: R, json: EncodedBody): R {
  sendEncoded((reply as FastifyReply).type('application/json; charset=utf-8'), json);
  return reply;
}
