import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/**
 * Query parameters that carry a secret somewhere in the app: OAuth's `code`, `state` and PKCE
 * verifier (social connect callbacks, /api/identity/callback), tokens and client secrets (the
 * built-in platform simulator speaks Graph-style `?access_token=`), reset and other one-time tokens.
 */
const SECRET_QUERY_PARAMS = new Set([
  'code',
  'state',
  'code_verifier',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'fb_exchange_token',
  'input_token',
  'oauth_token',
  'oauth_verifier',
  'password',
]);

/**
 * Path segments that are secrets: the one after these prefixes (invitation links, reset links,
 * calendar subscription URLs: /api/calendar/<secret>.ics, but not its export and feed routes).
 */
const SECRET_PATH_SEGMENT = [
  /^(\/api\/team\/invitations\/)([^/?#]+)/,
  /^(.*\/reset-password\/)([^/?#]+)/,
  /^(\/api\/calendar\/)(?!(?:export\.ics|export\.csv|feed)(?:[/?#]|$))([^/?#]+)/,
];

/**
 * The request URL as it may be logged: token path segments and secret query values replaced,
 * everything else as sent (so a log line still tells which route and which parameters).
 */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  let path = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  for (const pattern of SECRET_PATH_SEGMENT) path = path.replace(pattern, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = withoutHash
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as sent; it names no secret we know.
      }
      return eq !== -1 && SECRET_QUERY_PARAMS.has(name.toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/**
 * pino `redact` paths: secrets in headers and bodies, should any log line carry them (Fastify's
 * request line logs neither; a handler's `log.info({ headers })` or `{ body }` would).
 */
export const logRedactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'body.password',
  'body.currentPassword',
  'body.newPassword',
  'body.accessCode',
  'body.token',
  'body.code',
  'body.state',
  '*.accessToken',
  '*.refreshToken',
  '*.idToken',
  '*.access_token',
  '*.refresh_token',
  '*.id_token',
  '*.client_secret',
  '*.password',
  '*.accessCode',
  '*.token',
  // better-auth's own log lines (bridged as `args`, integrations/identity) name the OAuth state.
  'args[*].details.state',
  'args[*].details.code',
  'args[*].state',
  'args[*].code',
];

/** Fastify's request serializer with the URL redacted (the fields Fastify logs by default). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

/**
 * Drizzle's failed-query error carries the query's values: in its message (`params: …`) and as
 * `params`. Those values are session tokens, emails, a post's text: never logged. The SQL stays
 * (it has only placeholders), and so does the driver's error underneath (`cause`).
 */
const QUERY_PARAMS = /\nparams: [^\n]*/g;

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** Pino's error shape (type, message, stack, own fields, cause) without query values. */
export function serializeError(error: Error, depth = 0): SerializedError {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'params' || key === 'cause') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  const { cause } = error;
  return {
    ...fields,
    type: error.constructor.name,
    message: error.message.replace(QUERY_PARAMS, ''),
    stack: (error.stack ?? '').replace(QUERY_PARAMS, ''),
    ...(cause === undefined || depth >= 4
      ? {}
      : { cause: cause instanceof Error ? serializeError(cause, depth + 1) : cause }),
  };
}
