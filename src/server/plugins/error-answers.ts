import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { codesOfStatus } from '../../contracts/error-codes';
import { errorResponse } from '../../contracts/errors';
import type { RouteAccess } from './auth';
import { routeKey, routePermissions } from './permissions';

/**
 * The error body of one status, its `code` narrowed to that status's codes: the OpenAPI document
 * then says which codes a 409 (or a 402, a 503...) may carry. The server still writes every error
 * through sendError, so the body always matches.
 */
function errorAnswer(status: number) {
  const [first, ...rest] = codesOfStatus(status);
  if (!first) throw new Error(`No error code answers ${status} (src/contracts/errors.ts)`);
  return errorResponse.extend({
    error: errorResponse.shape.error.extend({ code: z.enum([first, ...rest]) }),
  });
}

/** A route's own refusals for its schema: `response: { 200: ..., ...errorAnswers(402, 409) }`. */
export function errorAnswers<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: ReturnType<typeof errorAnswer> } {
  return Object.fromEntries(statuses.map((status) => [status, errorAnswer(status)])) as {
    [K in S[number]]: ReturnType<typeof errorAnswer>;
  };
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether an API key may call the route (issue 26): every route a member's session may, except
 * what belongs to the person ('self' routes, but GET /api/auth/user) and the admin portal.
 */
export function takesApiKeys(method: string, url: string, access: RouteAccess = 'user'): boolean {
  if (access === 'public' || url.startsWith('/api/admin')) return false;
  const key = routeKey(method, url);
  return routePermissions[key] !== 'self' || key === 'GET /api/auth/user';
}

/**
 * The refusals every API route may answer whatever it does, from what it is: 400 when it takes
 * input (a contract, or a JSON body that may be malformed), 401 when it needs a session, 403 when a
 * role may be refused (its permission, the admin portal) or the origin checked (every unsafe
 * method, an API key where keys never reach), 404 when its path names something, 429 when an API key
 * may call it.
 */
function standardErrorStatuses(route: RouteOptions): number[] {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
  const unsafe = methods.some((method) => UNSAFE_METHODS.has(method));
  const schema = route.schema ?? {};
  const takesInput = unsafe || Boolean(schema.body || schema.querystring || schema.params || schema.headers);
  const access = route.config?.access ?? 'user';
  const admin = route.url.startsWith('/api/admin/') && route.url !== '/api/admin/access';
  const permission = methods.some((method) => {
    const needed = routePermissions[routeKey(method, route.url)];
    return needed !== undefined && needed !== 'self';
  });
  const statuses: number[] = [];
  if (takesInput) statuses.push(400);
  if (access === 'user' || admin) statuses.push(401);
  // A key is refused where it never reaches (a person's own account), so those may answer 403 too.
  const refusesKeys =
    access !== 'public' && !methods.some((method) => takesApiKeys(method, route.url, access));
  if (unsafe || permission || admin || refusesKeys) statuses.push(403);
  if (route.url.includes(':')) statuses.push(404);
  // Each API key has its own rate limit (RateLimit-* headers, then 429 with Retry-After).
  if (methods.some((method) => takesApiKeys(method, route.url, access))) statuses.push(429);
  return statuses;
}

/**
 * Adds the standard refusals to the schema of every /api route (decision 049), so that the OpenAPI
 * document lists them without each route repeating them; a route's own answers (its 402, 409 or
 * 429, or the login calls' `{success, user, message}`) win over these. Registered before the
 * routes, so that the schema is complete when Fastify compiles it.
 */
export function declareStandardErrorAnswers(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    // Hidden routes are not in the document; the simulator's answer in its platforms' shapes.
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    const schema = route.schema ?? {};
    const own = (schema.response ?? {}) as Record<string | number, unknown>;
    route.schema = { ...schema, response: { ...errorAnswers(...standardErrorStatuses(route)), ...own } };
  });
}
