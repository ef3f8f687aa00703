import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_KEY_PREFIX } from '../../../contracts/integrations';
import { takesApiKeys } from '../../plugins/error-answers';
import { routeKey } from '../../plugins/permissions';
import { gettingStarted } from './getting-started';
import { operationExamples } from './operation-examples';
import { type ApiTag, apiTags, operationSummaries } from './operation-summaries';

/*
 * The OpenAPI document of /api/docs and /api/openapi.json, generated from the routes' zod schemas
 * (decision 079). Whatever a route declares, this adds what every operation needs and no route
 * should repeat: its tag and summary (operation-summaries.ts), an operationId made from its method
 * and path (stable: client code generators name functions after it), which credentials it takes,
 * a description for each answer, and the examples of operation-examples.ts.
 */

type JsonSchema = Record<string, unknown>;
type TransformInput = Parameters<NonNullable<FastifyDynamicSwaggerOptions['transform']>>[0];
type RouteSchema = Record<string, unknown> & { response?: Record<string, JsonSchema> };

const BEARER = 'bearerAuth';
const SESSION = 'sessionCookie';

/** What each answer says when its schema does not describe itself. */
const answerDescriptions: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: it goes on in the background',
  204: 'Done (no body)',
  302: 'A redirect (a browser navigation)',
  400: 'The request was refused: see `issues` for the fields',
  401: 'No valid credentials: a missing, revoked or expired key, or no session',
  402: 'The plan does not include this, or a limit of the plan is reached (`planNeeded`)',
  403: 'The role may not do this (or a browser request from another origin)',
  404: 'Nothing of that id in this workspace',
  409: 'The current state does not allow it',
  413: 'Too large',
  415: 'Unsupported media type',
  416: 'Range not satisfiable',
  429: 'Too many requests: wait the `Retry-After` seconds',
  500: 'An unexpected error',
  502: 'An outside service (the AI writer, a network, storage) failed',
  503: 'Unavailable now, or not set up on this server',
  504: 'An outside service did not answer in time',
};

const summaryByRoute = new Map<string, { tag: ApiTag; summary: string }>(
  (Object.entries(operationSummaries) as [ApiTag, Record<string, string>][]).flatMap(([tag, routes]) =>
    Object.entries(routes).map(([key, summary]) => [key, { tag, summary }] as const),
  ),
);

/** The routes a tag of the table does not name, grouped by their first path segment. */
function fallbackTag(url: string): string {
  const segment = url.replace(/^\/api\//, '').split('/')[0] ?? 'api';
  return segment.charAt(0).toUpperCase() + segment.slice(1).replace(/-/g, ' ');
}

/** `GET /api/posts/:id/comments` → `getPostsByIdComments`: unique, URL-safe, never reworded. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split('-'))
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return method.toLowerCase() + words.join('');
}

/**
 * Who may call it. A public route takes nothing; an 'optional' one anything or nothing; the rest
 * an API key or the browser session, but the person's own things and the admin portal only the
 * session (takesApiKeys).
 */
function securityOf(route: RouteOptions, method: string): Record<string, string[]>[] {
  const access = route.config?.access ?? 'user';
  if (access === 'public') return [];
  const credentials: Record<string, string[]>[] = takesApiKeys(method, route.url, access)
    ? [{ [BEARER]: [] }, { [SESSION]: [] }]
    : [{ [SESSION]: [] }];
  return access === 'optional' ? [{}, ...credentials] : credentials;
}

/** The answer's description goes where @fastify/swagger reads it, without touching the schema. */
function describeAnswers(
  response: Record<string, JsonSchema> | undefined,
  examples: Record<string, unknown>,
) {
  if (!response) return undefined;
  return Object.fromEntries(
    Object.entries(response).map(([status, schema]) => {
      const described = { ...schema };
      if (!described.description && !described['x-response-description']) {
        described['x-response-description'] = answerDescriptions[status] ?? `HTTP ${status}`;
      }
      if (status in examples) described.examples = [examples[status]];
      return [status, described];
    }),
  );
}

/**
 * A query of any names (a `z.record`, as the identity provider's callback takes) has no
 * `properties` to list as parameters: it is documented as one free-form object parameter, which
 * is how OpenAPI says "any query parameters" (style form, exploded).
 */
function freeFormQuery(querystring: JsonSchema | undefined): JsonSchema | undefined {
  if (!querystring || querystring.properties) return querystring;
  const { propertyNames: _names, ...anyNames } = querystring;
  return { type: 'object', properties: { query: anyNames }, style: 'form', explode: true };
}

/** The per-route transform: zod to JSON Schema, then what every operation needs. */
export function transformRoute(input: TransformInput) {
  const { schema, url } = jsonSchemaTransform(input) as { schema: RouteSchema; url: string };
  if (schema.hide) return { schema, url };
  const route = input.route as RouteOptions;
  const method = [route.method].flat().map(String)[0] ?? 'GET';
  const key = routeKey(method, route.url);
  const listed = summaryByRoute.get(key);
  const examples = operationExamples[key] ?? {};
  const body = schema.body as JsonSchema | undefined;
  return {
    url,
    schema: {
      ...schema,
      summary: schema.summary ?? listed?.summary ?? `${method} ${route.url}`,
      operationId: schema.operationId ?? operationIdOf(method, route.url),
      tags: schema.tags ?? [listed?.tag ?? fallbackTag(route.url)],
      security: schema.security ?? securityOf(route, method),
      ...(schema.querystring ? { querystring: freeFormQuery(schema.querystring as JsonSchema) } : {}),
      ...(body && 'body' in examples ? { body: { ...body, examples: [examples.body] } } : {}),
      response: describeAnswers(schema.response, examples),
    },
  };
}

/** The document's own parts: the Getting started, the servers, the credentials, the tags. */
export function documentHeader(options: {
  appUrl: string;
  version: string;
  sessionCookieName: string;
  keyRequestsPerMinute: number;
}) {
  const origin = new URL(options.appUrl).origin;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kitepost API',
      version: options.version,
      description: gettingStarted(options),
      contact: { name: 'Kitepost support', email: 'support@kitepost.app' },
    },
    servers: [{ url: origin, description: 'This Kitepost server' }],
    components: {
      securitySchemes: {
        [BEARER]: {
          type: 'http' as const,
          scheme: 'bearer',
          bearerFormat: `${API_KEY_PREFIX}...`,
          description: `An API key (\`${API_KEY_PREFIX}...\`) made in Settings › API, sent as \`Authorization: Bearer ${API_KEY_PREFIX}...\`. It acts as the role it was given, in its workspace (Professional and Enterprise plans).`,
        },
        [SESSION]: {
          type: 'apiKey' as const,
          in: 'cookie' as const,
          name: options.sessionCookieName,
          description: 'The browser session of the Kitepost web app, set when a person signs in.',
        },
      },
    },
    security: [{ [BEARER]: [] }, { [SESSION]: [] }] as Record<string, string[]>[],
    tags: (Object.entries(apiTags) as [ApiTag, string][]).map(([name, description]) => ({
      name,
      description,
    })),
  };
}

type Operations = Record<string, { tags?: string[] }>;

/** Keeps only the tags some operation has, and adds the ones a route brought that the list lacks. */
export function keepUsedTags<T extends { tags?: { name: string }[]; paths?: object }>(document: T): T {
  const used = new Set(
    Object.values((document.paths ?? {}) as Record<string, Operations>).flatMap((operations) =>
      Object.values(operations).flatMap((operation) => operation.tags ?? []),
    ),
  );
  const listed = (document.tags ?? []).filter((tag) => used.has(tag.name));
  const extra = [...used]
    .filter((name) => !listed.some((tag) => tag.name === name))
    .map((name) => ({ name }));
  return { ...document, tags: [...listed, ...extra] };
}
