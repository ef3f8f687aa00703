import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../contracts/auth';
import type { AppContext } from '../context';
import { loadSessionUser } from '../modules/users/users.service';

/** Who is calling: set on every request whose route is not public. */
export interface RequestAuth {
  sessionId: string;
  user: SessionUser;
  /** Every repository call takes this: the caller's workspace, never null here. */
  workspaceId: string;
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

export async function resolveRequestAuth(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<RequestAuth | null> {
  const found = await ctx.identity.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!found) return null;
  const session = found.session as { id: string; adminAccess?: boolean | null };
  const user = found.user as { id: string; isActive?: boolean | null };
  // A deactivated user's sessions are worth nothing, even before they are deleted.
  if (user.isActive === false) return null;
  const sessionUser = await loadSessionUser(ctx.database.db, user.id, {
    adminAccess: session.adminAccess === true,
  });
  if (!sessionUser) return null;
  return { sessionId: session.id, user: sessionUser, workspaceId: sessionUser.workspace.id };
}

export function registerAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    const configured = request.routeOptions.config?.access;
    const access: RouteAccess = configured ?? (request.url.startsWith('/api/') ? 'user' : 'public');
    if (access === 'public') return;
    request.auth = await resolveRequestAuth(ctx, request);
    if (access === 'user' && !request.auth) {
      return reply.status(401).send({ error: 'Unauthorized', message: 'Please sign in.' });
    }
  });
}

/** The guard of the whole /api/admin subtree: 401 signed out, 403 to a non-admin. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
  if (!request.auth) return reply.status(401).send({ error: 'Unauthorized', message: 'Please sign in.' });
  if (!request.auth.user.isAdmin) {
    return reply.status(403).send({ error: 'Forbidden', message: 'Admin access required.' });
  }
}
