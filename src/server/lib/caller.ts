import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WorkspaceRole } from '../../contracts/auth';
import { CLIENT_IP_HEADER } from '../integrations/identity/better-auth';
import type { RequestAuth } from '../plugins/auth';
import { AppError } from './app-error';

/** Headers a client could send to claim an address; Fastify alone reads them (per TRUST_PROXY). */
/** The caller as services see it: no Fastify request, just what matters. */
export interface Caller {
  ip: string;
  headers: Headers;
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded', CLIENT_IP_HEADER];

/**
 * The caller for a service and for better-auth: `ip` is Fastify's client address, which trusts
 * X-Forwarded-For only as far as TRUST_PROXY says. better-auth reads a session's address from
 * headers itself, so the headers it gets carry that address in CLIENT_IP_HEADER and no raw
 * forwarding header at all.
 */
export function callerOf(request: FastifyRequest): Caller {
  const headers = fromNodeHeaders(request.headers);
  for (const name of FORWARDING_HEADERS) headers.delete(name);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return { ip: request.ip, headers };
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

/** The signed-in member as a workspace's services take them: the workspace, the user, their role. */
export function memberOf(request: FastifyRequest): {
  workspaceId: string;
  userId: string;
  role: WorkspaceRole;
} {
  const auth = signedIn(request);
  return { workspaceId: auth.workspaceId, userId: auth.user.id, role: auth.user.workspace.role };
}

/**
 * The caller of a route that needs a person in a browser (their password, sessions, an OAuth
 * popup): an API key is refused here, with a message that says so (issue 26).
 */
export function browserSession(request: FastifyRequest): RequestAuth & { sessionId: string } {
  const auth = signedIn(request);
  if (auth.sessionId === null) {
    throw new AppError(
      'forbidden',
      'This needs a person signed in to Kitepost in a browser: an API key cannot use it.',
    );
  }
  return { ...auth, sessionId: auth.sessionId };
}

/** The request's browser session, or null (signed out, or an API key: popups need a person). */
export function browserSessionOrNull(request: FastifyRequest): (RequestAuth & { sessionId: string }) | null {
  const auth = request.auth;
  return auth && auth.sessionId !== null ? { ...auth, sessionId: auth.sessionId } : null;
}
