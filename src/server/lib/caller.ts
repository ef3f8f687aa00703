import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../modules/auth/auth.service';

export function callerOf(request: FastifyRequest): Caller {
  return { ip: request.ip, headers: fromNodeHeaders(request.headers) };
}

export function sendWithCookies<T>(
  reply: FastifyReply,
  outcome: { status: number; body: T; setCookies: string[] },
) {
  if (outcome.setCookies.length > 0) reply.header('set-cookie', outcome.setCookies);
  return reply.status(outcome.status).send(outcome.body);
}
