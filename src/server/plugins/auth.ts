import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../contracts/auth';
import type { AppContext } from '../context';
import { readCookie, sessionCookieSettings, verifySignedValue } from '../integrations/identity/better-auth';
import { sendError } from '../lib/send-error';
import { loadSessionByToken } from '../modules/users/users.service';

/** Who is calling: set on every request whose route is not public. */
export interface RequestAuth {
  sessionId: string;
  user: SessionUser;
  /** Every repository call takes this: the caller's workspace, never null here. */
  workspaceId: string;
  /**
   * workspaces.posts_version (a bigint, as a string) as the session query read it, before this
   * request read anything else: the key of the cached post lists (posts/post-list-cache.ts).
   */
  postsVersion: string;
  /**
   * workspaces.analytics_version, read so too: with `postsVersion`, the key of the cached
   * analytics overviews (analytics/overview-cache.ts).
   */
  analyticsVersion: string;
}

/**
 * 'public': no session looked up. 'optional': looked up, may be absent.
 * 'user' (the default for /api routes): 401 without a session.
 */
export type RouteAccess = 'public' | 'optional' | 'user';

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/**
 * The caller's session, in one query: the signed session cookie is verified here (better-auth's
 * format, see verifySignedValue), then the session, its user and their workspace are read by
 * token (with the workspace's posts version). Refused: a bad signature, an unknown or expired
 * session, a deactivated user.
 */
export async function resolveRequestAuth(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<RequestAuth | null> {
  const settings = await sessionCookieSettings(ctx.identity);
  const cookie = readCookie(request.headers.cookie, settings.cookieName);
  if (!cookie) return null;
  const token = verifySignedValue(cookie, settings.secret);
  if (!token) return null;
  const found = await loadSessionByToken(ctx.database.db, token, settings);
  if (!found) return null;
  return {
    sessionId: found.sessionId,
    user: found.user,
    workspaceId: found.user.workspace.id,
    postsVersion: found.postsVersion,
    analyticsVersion: found.analyticsVersion,
  };
}

const SIGN_IN_MESSAGE = 'Please sign in.';

export function registerAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    const configured = request.routeOptions.config?.access;
    const access: RouteAccess = configured ?? (request.url.startsWith('/api/') ? 'user' : 'public');
    if (access === 'public') return;
    request.auth = await resolveRequestAuth(ctx, request);
    if (access === 'user' && !request.auth) {
      return sendError(reply, 'unauthorized', SIGN_IN_MESSAGE);
    }
  });
}

/** The guard of the whole /api/admin subtree: 401 signed out, 403 to a non-admin. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
  if (!request.auth) return sendError(reply, 'unauthorized', SIGN_IN_MESSAGE);
  if (!request.auth.user.isAdmin) {
    return sendError(reply, 'forbidden', 'Admin access required.');
  }
}
