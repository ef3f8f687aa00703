import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../contracts/auth';
import type { AppContext } from '../context';
import { readCookie, sessionCookieSettings, verifySignedValue } from '../integrations/identity/better-auth';
import { sendError } from '../lib/send-error';
import { countApiKeyRequest, resolveApiKeyAuth } from '../modules/api-keys';
import { loadSessionByToken } from '../modules/users/users.service';
import { routeKey, routePermissions } from './permissions';

/** Who is calling: set on every request whose route is not public. */
export interface RequestAuth {
  /** The browser session; null when an API key made the request. */
  sessionId: string | null;
  /** The API key that made the request (issue 26); null for a browser session. */
  apiKeyId: string | null;
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
    apiKeyId: null,
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
    const bearer = request.url.startsWith('/api/') ? bearerToken(request.headers.authorization) : null;
    if (bearer !== null) return authenticateApiKey(ctx, request, reply, access, bearer);
    if (access === 'public') return;
    request.auth = await resolveRequestAuth(ctx, request);
    if (access === 'user' && !request.auth) {
      return sendError(reply, 'unauthorized', SIGN_IN_MESSAGE);
    }
  });
}

/** The token of `Authorization: Bearer <token>`; '' for another scheme; null without the header. */
function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

/** Routes a key may call although they are 'self' routes: who am I. */
const SELF_ROUTES_FOR_KEYS = new Set(['GET /api/auth/user']);

/** Public routes that sign a person in or out: a key has no business there. */
function signsInOrOut(url: string): boolean {
  return /^\/api\/(auth\/(signin|signup|logout|two-factor|passkey|forgot-password|reset-password)|login|user\/login)(\/|$)/.test(
    url,
  );
}

/**
 * A request with `Authorization: Bearer …` (issue 26): an API key stands in for a session, with
 * the same permission table (permissions.ts, checked after this hook) and workspace scope. What a
 * key never reaches is refused here, clearly: the admin portal, a person's own account ('self'
 * routes: password, sessions, two-factor…) and signing in or out. Every answer to a key says
 * where it stands against its per-minute limit (RateLimit-* headers; 429 with Retry-After over it).
 */
async function authenticateApiKey(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  access: RouteAccess,
  token: string,
) {
  const url = request.routeOptions.url ?? request.url;
  if (access === 'public') {
    if (!signsInOrOut(url)) return;
    return sendError(
      reply,
      'forbidden',
      'An API key cannot sign in or out. To stop a key from working, revoke it in Settings › API.',
    );
  }
  if (url.startsWith('/api/admin')) {
    return sendError(reply, 'forbidden', 'An API key cannot use the admin portal.');
  }
  const route = routeKey(request.method === 'HEAD' ? 'GET' : request.method, url);
  if (routePermissions[route] === 'self' && !SELF_ROUTES_FOR_KEYS.has(route)) {
    return sendError(
      reply,
      'forbidden',
      "This acts on a person's own account (password, sessions, sign-in methods, their settings), so it needs them signed in: an API key cannot use it.",
    );
  }
  if (!token) {
    return sendError(reply, 'unauthorized', 'Send an API key as "Authorization: Bearer kp_live_…".');
  }
  const resolved = await resolveApiKeyAuth(ctx.database.db, token);
  if ('refusal' in resolved) {
    const { code, message, planNeeded } = resolved.refusal;
    return sendError(reply, code, message, planNeeded ? { planNeeded } : {});
  }
  const { keyId, ...caller } = resolved.caller;
  const standing = await countApiKeyRequest(ctx.database.db, keyId, ctx.config.apiKeys.rateLimitPerMinute);
  reply.header('ratelimit-limit', String(standing.limit));
  reply.header('ratelimit-remaining', String(standing.remaining));
  reply.header('ratelimit-reset', String(standing.resetSeconds));
  if (standing.exceeded) {
    return sendError(
      reply,
      'rate_limited',
      `This API key made more than ${standing.limit} requests in a minute. Try again in ${standing.resetSeconds} seconds.`,
      { retryAfterSeconds: standing.resetSeconds },
    );
  }
  request.auth = { ...caller, sessionId: null, apiKeyId: keyId };
}

/** The guard of the whole /api/admin subtree: 401 signed out, 403 to a non-admin. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
  if (!request.auth) return sendError(reply, 'unauthorized', SIGN_IN_MESSAGE);
  if (!request.auth.user.isAdmin) {
    return sendError(reply, 'forbidden', 'Admin access required.');
  }
}
