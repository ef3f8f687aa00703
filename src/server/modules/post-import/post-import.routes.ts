import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  importFields,
  importMessages,
  importResponse,
  MAX_IMPORT_BYTES,
} from '../../../contracts/post-import';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { memberOf, signedIn } from '../../lib/caller';
import { sendError } from '../../lib/send-error';
import { errorAnswers } from '../../plugins/error-answers';
import type { PostWriter } from '../posts';
import { importPosts, importTemplate } from './post-import.service';

const actorOf = (request: FastifyRequest): PostWriter => memberOf(request);

/** What a browser or a sheet program declares for a CSV file; anything else is not one. */
const csvTypes = new Set([
  'text/csv',
  'text/plain',
  'application/csv',
  'text/comma-separated-values',
  'application/vnd.ms-excel',
  'application/octet-stream',
]);

/** For the OpenAPI document only: the multipart body is read in the handler. */
const importBodyDoc = z.unknown().meta({
  type: 'object',
  properties: {
    file: { type: 'string', format: 'binary', description: 'The CSV file (UTF-8), at most 500 rows' },
    dryRun: { type: 'string', enum: ['true', 'false'], description: 'true (default): only the report' },
    timezone: { type: 'string', description: 'The IANA zone of the dates and times, e.g. Europe/Berlin' },
  },
  required: ['file', 'timezone'],
});

/** GET /api/posts/import/template.csv answers a file, not JSON. */
const csvFile = z.string().describe('text/csv');

interface ImportUpload {
  file: Buffer | null;
  fields: Record<string, string>;
}

/** The form's parts: the `file` in memory (at most MAX_IMPORT_BYTES), the other fields as text. */
async function readImportForm(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart()) throw new AppError('bad_request', importMessages.noFile);
  const upload: ImportUpload = { file: null, fields: {} };
  try {
    for await (const part of request.parts() as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') upload.fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'file') continue;
      if (part.file.truncated) throw new AppError('payload_too_large', importMessages.tooLarge);
      if (part.mimetype && !csvTypes.has(part.mimetype.toLowerCase())) {
        throw new AppError('bad_request', importMessages.notCsv);
      }
      upload.file = bytes;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Malformed multipart (no boundary, cut short): busboy's errors carry no status.
    request.log.info({ err: error }, 'unreadable import upload');
    throw new AppError('bad_request', importMessages.noFile);
  }
  return upload;
}

/**
 * The import route in a scope of its own: only it parses multipart, and in it every other body
 * reaches the handler unparsed, to be answered "attach a CSV file".
 */
async function importUploadRoutes(scope: FastifyInstance, ctx: AppContext) {
  scope.removeAllContentTypeParsers();
  await scope.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 20 },
    isPartAFile: (fieldName, contentType, fileName) =>
      fieldName === 'file' || fileName !== undefined || contentType === 'application/octet-stream',
  });
  scope.addContentTypeParser('*', (_request, payload, done) => {
    payload.resume();
    done(null, undefined);
  });

  scope.withTypeProvider<ZodTypeProvider>().post(
    '/api/posts/import',
    {
      schema: {
        consumes: ['multipart/form-data'],
        body: importBodyDoc,
        response: { ...errorAnswers(402, 413), 200: importResponse },
      },
    },
    async (request, reply) => {
      const upload = await readImportForm(request);
      const fields = importFields.safeParse(upload.fields);
      if (!fields.success) {
        const issues = fields.error.issues.map((issue) => ({
          path: ['body', ...issue.path.map(String)].join('.'),
          message: issue.message,
        }));
        return sendError(reply, 'validation_failed', issues[0]?.message ?? 'Invalid request', { issues });
      }
      if (!upload.file) throw new AppError('bad_request', importMessages.noFile);
      return importPosts(ctx, actorOf(request), {
        file: upload.file,
        dryRun: fields.data.dryRun === 'true',
        timezone: fields.data.timezone,
      });
    },
  );
}

/** Bulk CSV import of posts (issue 25): the import (or its preview) and the template. */
export async function postImportRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => importUploadRoutes(scope, ctx));

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/posts/import/template.csv',
      { schema: { response: { 200: csvFile } } },
      async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="kitepost-import-template.csv"')
          .header('cache-control', 'no-store')
          .send(await importTemplate(ctx, signedIn(request).workspaceId)),
    );
}
