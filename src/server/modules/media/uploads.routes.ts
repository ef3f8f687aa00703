import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { media, mediaIdParams, mediaMessages } from '../../../contracts/media';
import { can, forbiddenMessage } from '../../../contracts/team';
import type { AppContext } from '../../context';
import { AppError, type ErrorCode } from '../../lib/app-error';
import { signedIn } from '../../lib/caller';
import { sendError } from '../../lib/send-error';
import { errorAnswers } from '../../plugins/error-answers';
import { enforceRateLimit, rateRules } from '../rate-limits';
import { getMedia } from './media.service';
import {
  createResumableUploads,
  type ResumableUploads,
  refuseDeclaredType,
  UPLOADS_PATH,
  uploadLimitFor,
} from './resumable-uploads';
import { assertStorageQuota } from './storage-quota';

/** tus's `Upload-Metadata`: comma-separated `key base64value` pairs (tus 1.0, "Upload-Metadata"). */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) metadata[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return metadata;
}

/** Headers that describe one hop of the connection, not the request (RFC 9110 §7.6.1). */
const HOP_HEADERS = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'expect']);

/** The Fastify request as the web Request @tus/server reads; its body is the untouched socket stream. */
function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_HEADERS.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = request.method === 'POST' || request.method === 'PATCH';
  return new Request(new URL(request.url, 'http://kitepost.invalid'), {
    method: request.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

/** tus's refusals (plain text) in the API's error shape, with tus's status. */
const tusErrorCodes: Record<number, ErrorCode> = {
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Checks a creation before tus sees it: its declared size and type, and the workspace's quota. */
async function checkCreation(ctx: AppContext, request: FastifyRequest, workspaceId: string) {
  if (
    request.headers['upload-defer-length'] !== undefined ||
    request.headers['upload-length'] === undefined
  ) {
    throw new AppError('bad_request', mediaMessages.uploadLengthRequired);
  }
  const length = Number(request.headers['upload-length']);
  if (!Number.isSafeInteger(length) || length < 0) {
    throw new AppError('bad_request', mediaMessages.uploadLengthRequired);
  }
  const metadata = parseUploadMetadata(request.headers['upload-metadata'] as string | undefined);
  const refusedType = refuseDeclaredType(metadata.filetype);
  if (refusedType) throw new AppError('bad_request', refusedType);
  const limit = uploadLimitFor(metadata.filetype);
  if (length > limit.maxBytes) throw new AppError('payload_too_large', limit.message);
  // The plan's quota, on the declared size: a full workspace is told before a byte is sent.
  await assertStorageQuota(ctx.database.db, workspaceId, length);
}

async function passToTus(
  ctx: AppContext,
  uploads: ResumableUploads,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const auth = signedIn(request);
  // The permission table skips HEAD routes (it takes them for GET's twins): checked here for all.
  if (!can(auth.user.workspace.role, 'posts.write')) {
    return sendError(reply, 'forbidden', forbiddenMessage(auth.user.workspace.role, 'posts.write'));
  }
  const actor = { workspaceId: auth.workspaceId, userId: auth.user.id };
  if (request.method === 'POST') {
    await enforceRateLimit(ctx.database.db, rateRules.uploadCreation, actor.userId);
    await checkCreation(ctx, request, actor.workspaceId);
  } else {
    await enforceRateLimit(ctx.database.db, rateRules.uploadRequests, actor.userId);
    const { id } = request.params as { id: string };
    // Another workspace's upload is as unknown as one that never was.
    if (!UUID.test(id) || (await uploads.ownerOf(id)) !== actor.workspaceId) {
      throw new AppError('not_found', mediaMessages.uploadNotFound);
    }
  }
  const web = toWebRequest(request);
  if (request.method === 'POST') uploads.actors.set(web, actor);
  const response = await uploads.server.handleWeb(web);
  const outcome = uploads.outcomes.get(web);
  if (outcome && 'error' in outcome) throw outcome.error;
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    // Same origin only: no CORS answers (tus adds them by default). The body is ours (JSON), so
    // its type and length are Fastify's.
    if (!name.startsWith('access-control-') && name !== 'content-length' && name !== 'content-type') {
      headers[name] = value;
    }
  });
  reply.headers(headers);
  if (outcome) return reply.status(200).send(outcome.media);
  if (response.status >= 400) {
    const text = (await response.text()).trim() || 'The upload request was refused.';
    const code = tusErrorCodes[response.status] ?? (response.status >= 500 ? 'internal' : 'bad_request');
    if (response.status >= 500) request.log.warn({ status: response.status, text }, 'tus answered an error');
    return sendError(reply, code, text, { status: response.status });
  }
  await response.body?.cancel();
  return reply.status(response.status).send();
}

/**
 * Resumable uploads (tus 1.0 with the creation, termination and expiration extensions) under
 * /api/uploads, in a scope of their own: no body parser touches a PATCH's bytes, which go from the
 * socket to the upload's file. The PATCH that brings the last byte is answered 200 with the Media
 * (tus allows a body there; tus-js-client hands it over as the last response); GET
 * /api/uploads/:id/media answers it again later (the upload's id is the media's).
 */
export async function uploadsRoutes(scope: FastifyInstance, ctx: AppContext) {
  const uploads = createResumableUploads(ctx);
  scope.addHook('onClose', async () => uploads.stop());
  void uploads
    .cleanUp()
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'could not clean up expired uploads'));

  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  const handler = (request: FastifyRequest, reply: FastifyReply) => passToTus(ctx, uploads, request, reply);
  const idParams = z.object({ id: z.string().max(100) });
  const api = scope.withTypeProvider<ZodTypeProvider>();
  api.post(UPLOADS_PATH, { schema: { hide: true } }, handler);
  api.route({
    method: 'HEAD',
    url: `${UPLOADS_PATH}/:id`,
    schema: { hide: true, params: idParams },
    handler,
  });
  api.patch(`${UPLOADS_PATH}/:id`, { schema: { hide: true, params: idParams } }, handler);
  api.delete(`${UPLOADS_PATH}/:id`, { schema: { hide: true, params: idParams } }, handler);
  api.get(
    `${UPLOADS_PATH}/:id/media`,
    { schema: { params: mediaIdParams, response: { 200: media, ...errorAnswers(404) } } },
    async (request) => getMedia(ctx, signedIn(request).workspaceId, request.params.id),
  );
}
