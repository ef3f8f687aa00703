import { createHash, type Hash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_TTL_HOURS,
} from '../../contracts/integrations';
import type { AppContext } from '../context';
import { sendError } from '../lib/send-error';
import {
  beginIdempotentRequest,
  finishIdempotentRequest,
  type IdempotencyScope,
  type IdempotentRequest,
  type StoredAnswer,
} from '../modules/idempotency';
import type { RequestAuth } from './auth';

/*
 * Idempotency-Key on the API's POST routes (Stripe's rules, decision 077). A signed-in caller (a
 * session or an API key) may send the header with a POST; the first request with a key runs and
 * its answer is kept IDEMPOTENCY_TTL_HOURS; a retry with the same key, path and body gets that
 * answer again (`Idempotent-Replayed: true`) without running; the same key with another request,
 * or while the first still runs, is a 409.
 *
 * Covered: every POST under /api/ that is in the API document with a JSON body (or none), unless
 * its route says `config: { idempotent: false }`: a streamed answer, or one that carries a secret
 * shown once (a new API key, a webhook's signing secret), which must never be stored. Not covered
 * either: public routes (no caller to scope the key to), /api/admin, hidden routes (tus uploads,
 * the platform simulator) and multipart uploads (their bodies are files streamed to disk, not
 * hashed in memory). On those the header is ignored.
 *
 * Order in a request: the auth and permission hooks (onRequest) refuse first, so a 401, 403 or
 * 429 never takes a key; preParsing hashes the raw body as it is read; preValidation takes the key
 * (or replays, or refuses); onSend keeps the answer; onResponse gives back a key whose answer was
 * never kept (a hijacked reply).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this POST ignores Idempotency-Key (its answer cannot be replayed). Default true. */
    idempotent?: boolean;
  }
}

export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

const KEY_MESSAGE = `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters.`;
const DIFFERENT_REQUEST_MESSAGE = 'This Idempotency-Key was used with a different request.';
const IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is still being processed.';

const idempotencyKey = z
  .string()
  .min(1, KEY_MESSAGE)
  .max(IDEMPOTENCY_KEY_MAX_LENGTH, KEY_MESSAGE)
  .regex(/^[\x20-\x7e]+$/, KEY_MESSAGE);

/** What the OpenAPI document says of the header on every covered route. */
const idempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: idempotencyKey.optional().meta({
    description:
      `Makes a retry safe: a unique value (a UUID v4) per operation. A retry with the same key and body ` +
      `answers the first answer again, with \`Idempotent-Replayed: true\`, without doing it twice; the same ` +
      `key with a different request answers 409. Keys are kept ${IDEMPOTENCY_TTL_HOURS} hours, per API key ` +
      `(or per user for a browser session). 5xx, 401, 403 and 429 answers are not kept: a retry with the ` +
      `same key runs again.`,
    example: '5f0c9a2e-8c1b-4e57-9a43-2d6f1c7b8e10',
  }),
});

interface KeyedRequest {
  scope: IdempotencyScope;
  bodyHash: Hash;
  request?: IdempotentRequest;
  /** This request holds the key and its answer is not settled yet. */
  holding: boolean;
}

const keyed = new WeakMap<FastifyRequest, KeyedRequest>();

/** Whose keys these are: an API key's own, or the user's for a browser session. */
function callerOf(auth: RequestAuth): string {
  return auth.apiKeyId ?? auth.user.id;
}

/** Whether a route takes Idempotency-Key (see the comment at the top). */
export function takesIdempotencyKey(route: RouteOptions): boolean {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
  if (!methods.includes('POST')) return false;
  if (!route.url.startsWith('/api/') || route.url.startsWith('/api/admin')) return false;
  if (route.schema?.hide || route.config?.access === 'public' || route.config?.idempotent === false) {
    return false;
  }
  const consumes = route.schema?.consumes;
  return !consumes || consumes.includes('application/json');
}

/** The body as it streams to the parser goes through a hash too; nothing is held. */
function hashWhileReading(payload: NodeJS.ReadableStream & { receivedEncodedLength?: number }, hash: Hash) {
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      // A decoding stream before this one counts the encoded bytes; Fastify checks them.
      if (payload.receivedEncodedLength !== undefined) {
        (hashing as Transform & { receivedEncodedLength?: number }).receivedEncodedLength =
          payload.receivedEncodedLength;
      }
      done(null, chunk);
    },
  });
  payload.on('error', (error) => hashing.destroy(error as Error));
  return payload.pipe(hashing);
}

function replay(reply: FastifyReply, answer: StoredAnswer) {
  reply.status(answer.statusCode).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (answer.contentType) reply.header('content-type', answer.contentType);
  return reply.send(answer.body === '' ? undefined : answer.body);
}

/** The answer as sent, when it can be kept as text; null otherwise (the key is given back). */
function answerOf(reply: FastifyReply, payload: unknown): StoredAnswer | null {
  const contentType = reply.getHeader('content-type');
  const type = typeof contentType === 'string' ? contentType : null;
  let body: string;
  if (payload === undefined || payload === null) body = '';
  else if (typeof payload === 'string') body = payload;
  else if (Buffer.isBuffer(payload) && type && /json|text/.test(type)) body = payload.toString('utf8');
  else return null;
  return { statusCode: reply.statusCode, body, contentType: type };
}

export function registerIdempotency(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  async function settle(request: FastifyRequest, answer: StoredAnswer | null) {
    const state = keyed.get(request);
    if (!state?.holding || !state.request) return;
    state.holding = false;
    try {
      await finishIdempotentRequest(db, state.scope, state.request, answer);
    } catch (error) {
      // The answer goes out anyway; the key stays running until it counts as abandoned.
      request.log.error({ err: error }, 'could not settle an idempotency key');
    }
  }

  app.addHook('onRoute', (route) => {
    if (!takesIdempotencyKey(route)) return;
    const schema = route.schema ?? {};
    if (schema.headers === undefined) route.schema = { ...schema, headers: idempotencyHeaders };
    else if (schema.headers instanceof z.ZodObject) {
      route.schema = { ...schema, headers: schema.headers.extend(idempotencyHeaders.shape) };
    }
    route.preParsing = [
      ...(Array.isArray(route.preParsing) ? route.preParsing : route.preParsing ? [route.preParsing] : []),
      async (request, _reply, payload) => {
        const key = request.headers[IDEMPOTENCY_HEADER];
        if (request.method !== 'POST' || key === undefined || !request.auth) return payload;
        const bodyHash = createHash('sha256');
        const scope = {
          workspaceId: request.auth.workspaceId,
          caller: callerOf(request.auth),
          key: String(key),
        };
        keyed.set(request, { scope, bodyHash, holding: false });
        return hashWhileReading(payload, bodyHash);
      },
    ];
    route.preValidation = [
      async (request, reply) => {
        const state = keyed.get(request);
        if (!state) return;
        const valid = idempotencyKey.safeParse(state.scope.key);
        if (!valid.success) {
          keyed.delete(request);
          return sendError(reply, 'validation_failed', KEY_MESSAGE, {
            issues: [{ path: `headers.${IDEMPOTENCY_HEADER}`, message: KEY_MESSAGE }],
          });
        }
        // Everything the parser read went through the hash; no body hashes as empty.
        state.request = {
          method: request.method,
          path: request.url,
          requestHash: state.bodyHash.digest('hex'),
        };
        const outcome = await beginIdempotentRequest(db, state.scope, state.request);
        if (outcome.kind === 'run') {
          state.holding = true;
          return;
        }
        if (outcome.kind === 'replay') return replay(reply, outcome.answer);
        return sendError(
          reply,
          'conflict',
          outcome.kind === 'different_request' ? DIFFERENT_REQUEST_MESSAGE : IN_PROGRESS_MESSAGE,
        );
      },
      ...(Array.isArray(route.preValidation)
        ? route.preValidation
        : route.preValidation
          ? [route.preValidation]
          : []),
    ];
    route.onSend = [
      ...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []),
      async (request, reply, payload) => {
        await settle(request, answerOf(reply, payload));
        return payload;
      },
    ];
    route.onResponse = [
      ...(Array.isArray(route.onResponse) ? route.onResponse : route.onResponse ? [route.onResponse] : []),
      async (request) => settle(request, null),
    ];
  });
}
