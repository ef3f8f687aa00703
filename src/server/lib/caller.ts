import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../modules/auth/auth.service';
import type { RequestAuth } from '../plugins/auth';
import { AppError } from './app-error';

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

/** The caller of a signed-in route ('user' access): the auth plugin has already refused the rest. */
export function signedIn(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new AppError('unauthorized', 'Please sign in.');
  return request.auth;
}
