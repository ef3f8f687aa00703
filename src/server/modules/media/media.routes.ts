import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent, safeString } from '../../../contracts/common';
import {
  MAX_DOCUMENT_BYTES,
  MAX_MEDIA_BYTES,
  MAX_SIMPLE_VIDEO_BYTES,
  media,
  mediaIdParams,
  mediaList,
  mediaMessages,
} from '../../../contracts/media';
import type { AppContext } from '../../context';
import { contentRange, parseRangeHeader } from '../../integrations/storage/byte-range';
import { isRangeNotSatisfiable } from '../../integrations/storage/media-storage';
import { AppError } from '../../lib/app-error';
import { signedIn } from '../../lib/caller';
import { sendError } from '../../lib/send-error';
import { errorAnswers } from '../../plugins/error-answers';
import { deleteMedia, findServedMedia, getMedia, listMedia, uploadMediaFile } from './media.service';
import { SNIFF_BYTES, sniffUpload } from './media-files';
import { mediaLibraryRoutes } from './media-library.routes';
import { uploadsRoutes } from './uploads.routes';

/**
 * A user's PDF is shown by the browser's own viewer (inline), never as anything else: the type is
 * declared and nosniff holds it. Not `Content-Security-Policy: sandbox`: Chromium refuses to run
 * its PDF viewer in a sandboxed document (crbug 413851), so the document would not show at all;
 * the app's CSP (no inline or foreign script) stays, and a PDF's own scripts run in the viewer,
 * not in our origin (decision 066).
 */
const documentHeaders = { 'content-disposition': 'inline' } as const;

/** Room for the multipart framing around the file (boundaries, part headers, a few fields). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const actorOf = (request: FastifyRequest) => {
  const auth = signedIn(request);
  return { workspaceId: auth.workspaceId, userId: auth.user.id };
};

/**
 * Too large: answered at once, and the connection closed after the answer, so the rest of an
 * oversized upload is not read and thrown away.
 */
function refuseTooLarge(reply: FastifyReply, message: string) {
  return sendError(reply.header('connection', 'close'), 'payload_too_large', message);
}

/** Where a multipart upload's file is written while it arrives (never held in memory). */
const multipartTempDir = (dataDir: string) => join(dataDir, 'upload-temp');

type WrittenPart = { path: string; dir: string } | { tooLarge: string };

/**
 * Streams the file part to a temporary file, and stops as soon as it passes its limit: an image's
 * (MAX_MEDIA_BYTES) once its first bytes say it is one, else a video's in one request
 * (MAX_SIMPLE_VIDEO_BYTES). The rest is not read.
 */
async function writeFilePart(part: MultipartFile, dataDir: string): Promise<WrittenPart> {
  await mkdir(multipartTempDir(dataDir), { recursive: true });
  const dir = await mkdtemp(join(multipartTempDir(dataDir), 'part-'));
  const path = join(dir, 'file');
  let total = 0;
  let head = Buffer.alloc(0);
  let limit: { maxBytes: number; message: string } = {
    maxBytes: MAX_SIMPLE_VIDEO_BYTES,
    message: mediaMessages.videoTooLargeForOneRequest,
  };
  let tooLarge: string | null = null;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (head.length < SNIFF_BYTES) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES)]);
        const sniffed = head.length >= SNIFF_BYTES ? sniffUpload(head) : null;
        if (sniffed === 'image') limit = { maxBytes: MAX_MEDIA_BYTES, message: mediaMessages.tooLarge };
        if (sniffed === 'pdf')
          limit = { maxBytes: MAX_DOCUMENT_BYTES, message: mediaMessages.documentTooLarge };
      }
      if (total > limit.maxBytes || part.file.truncated) {
        tooLarge = limit.message;
        callback(new Error('too large'));
        return;
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(part.file, counter, createWriteStream(path));
  } catch (error) {
    if (!tooLarge) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
  }
  if (part.file.truncated) tooLarge ??= limit.message;
  if (tooLarge) {
    await rm(dir, { recursive: true, force: true });
    return { tooLarge };
  }
  return { path, dir };
}

/** The `file` part of a multipart upload, on disk; AppError(noFile) for anything else. */
async function readUpload(request: FastifyRequest, dataDir: string) {
  if (!request.isMultipart()) throw new AppError('bad_request', mediaMessages.noFile);
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (error) {
    // Malformed multipart (no boundary, cut short): busboy's errors carry no status.
    request.log.info({ err: error }, 'unreadable multipart upload');
    throw new AppError('bad_request', mediaMessages.noFile);
  }
  if (part?.fieldname !== 'file') throw new AppError('bad_request', mediaMessages.noFile);
  try {
    return { written: await writeFilePart(part, dataDir), fileName: part.filename };
  } catch (error) {
    request.log.info({ err: error }, 'upload cut short');
    throw new AppError('bad_request', mediaMessages.unreadable);
  }
}

/**
 * For the OpenAPI document only: the body is read by the multipart parser in the handler, so
 * this schema accepts anything and validates nothing.
 */
const uploadBodyDoc = z.unknown().meta({
  type: 'object',
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      description:
        'A JPEG, PNG or WebP image, an MP4/MOV video of at most 100 MB (larger: /api/uploads), or a PDF document of at most 100 MB and 300 pages',
    },
  },
  required: ['file'],
});

/**
 * The upload route in a scope of its own: only it parses multipart, and in it every other body
 * (JSON, text, no content type) reaches the handler unparsed, to be answered "attach a file".
 */
async function uploadRoutes(scope: FastifyInstance, ctx: AppContext) {
  scope.removeAllContentTypeParsers();
  await scope.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: MAX_SIMPLE_VIDEO_BYTES,
      files: 1,
      fields: 10,
      fieldSize: 1024,
      parts: 12,
      headerPairs: 20,
    },
    // A `file` part counts as a file even without a file name (some clients send none).
    isPartAFile: (fieldName, contentType, fileName) =>
      fieldName === 'file' || fileName !== undefined || contentType === 'application/octet-stream',
  });
  scope.addContentTypeParser('*', (_request, payload, done) => {
    payload.resume();
    done(null, undefined);
  });
  // Refused before reading when the declared length already says too large (after the auth check).
  scope.addHook('onRequest', async (request, reply) => {
    const length = Number(request.headers['content-length']);
    if (length > MAX_SIMPLE_VIDEO_BYTES + MULTIPART_OVERHEAD_BYTES) {
      return refuseTooLarge(reply, mediaMessages.videoTooLargeForOneRequest);
    }
  });

  scope.withTypeProvider<ZodTypeProvider>().post(
    '/api/media',
    {
      schema: {
        consumes: ['multipart/form-data'],
        body: uploadBodyDoc,
        response: { ...errorAnswers(413, 502), 201: media },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, ctx.config.dataDir);
      if ('tooLarge' in upload.written) return refuseTooLarge(reply, upload.written.tooLarge);
      try {
        const created = await uploadMediaFile(ctx, actorOf(request), {
          path: upload.written.path,
          fileName: upload.fileName,
        });
        return reply.status(201).send(created);
      } finally {
        await rm(upload.written.dir, { recursive: true, force: true });
      }
    },
  );
}

export async function mediaRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  await app.register(async (scope) => uploadRoutes(scope, ctx));
  await app.register(async (scope) => uploadsRoutes(scope, ctx));

  api.get('/api/media', { schema: { response: { 200: mediaList } } }, async (request) =>
    listMedia(ctx, signedIn(request).workspaceId),
  );
  mediaLibraryRoutes(app, ctx);
  api.get(
    '/api/media/:id',
    { schema: { params: mediaIdParams, response: { 200: media } } },
    async (request) => getMedia(ctx, signedIn(request).workspaceId, request.params.id),
  );
  api.delete(
    '/api/media/:id',
    { schema: { response: { 204: noContent, ...errorAnswers(409) }, params: mediaIdParams } },
    async (request, reply) => {
      await deleteMedia(ctx, signedIn(request).workspaceId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // Without the session's workspace, only a signed link opens an image (decision 041): Instagram
  // and Facebook download attached images from here with the link the publisher gave them; the
  // app's own pages load them with the session. The bytes behind a name never change.
  api.get(
    '/media/:file',
    {
      config: { access: 'optional' },
      schema: {
        params: z.object({ file: safeString().max(200) }),
        querystring: z.object({
          exp: safeString().max(20).optional(),
          sig: safeString().max(100).optional(),
        }),
        hide: true,
      },
    },
    async (request, reply) => {
      const served = await findServedMedia(ctx, request.params.file, {
        workspaceId: request.auth?.workspaceId ?? null,
        link: request.query,
        now: new Date(),
      });
      if (!served) throw new AppError('not_found', mediaMessages.notFound);
      const cacheHeaders = {
        // A session's copy stays in that browser ('private'); a signed link may be cached by
        // anyone who has it, until it expires.
        'cache-control':
          served.cache.scope === 'private'
            ? `private, max-age=${served.cache.maxAgeSeconds}, immutable`
            : `public, max-age=${served.cache.maxAgeSeconds}`,
        etag: served.etag,
        // Ranges are honoured (RFC 9110 §14.3): a resumed or partial download gets only its bytes.
        'accept-ranges': 'bytes',
      };
      if (request.headers['if-none-match'] === served.etag) {
        return reply.status(304).headers(cacheHeaders).send();
      }
      // If-Range (RFC 9110 §13.1.5): the range only if the client's copy is still ours; the bytes
      // behind a name never change, so only another ETag (or a date) asks for the whole image.
      const ifRange = request.headers['if-range'];
      const range =
        ifRange === undefined || ifRange === served.etag ? parseRangeHeader(request.headers.range) : null;
      const object = await served.open(range ?? undefined);
      if (!object) throw new AppError('not_found', mediaMessages.notFound);
      if (isRangeNotSatisfiable(object)) {
        // §15.5.17: a 416 says the current length in Content-Range.
        reply.headers({
          'accept-ranges': 'bytes',
          ...(object.size === null ? {} : { 'content-range': `bytes */${object.size}` }),
        });
        return sendError(reply, 'range_not_satisfiable', `That range is outside the ${served.kind}.`);
      }
      const length = object.range
        ? {
            'content-range': contentRange(object.range, object.size),
            'content-length': String(object.range.end - object.range.start + 1),
          }
        : { 'content-length': String(object.size) };
      return reply
        .status(object.range ? 206 : 200)
        .headers({
          ...cacheHeaders,
          ...length,
          'content-type': served.mimeType,
          'x-content-type-options': 'nosniff',
          ...(served.kind === 'document' ? documentHeaders : {}),
          // Helmet's same-origin default would stop other sites (a platform's composer preview,
          // the dev client on another port) from showing an image they hold a link to.
          'cross-origin-resource-policy': 'cross-origin',
        })
        .send(object.body);
    },
  );
}
