import { stat } from 'node:fs/promises';
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENT_PAGES, type Media, mediaMessages } from '../../../contracts/media';
import type { AppContext } from '../../context';
import { type PdfReading, readPdf } from '../../integrations/documents/pdf-reader';
import { AppError } from '../../lib/app-error';
import { insertMedia } from './media.repository';
import { cleanFileName, type MediaActor, readHead, removeObjects } from './media-files';
import { mediaFileName, thumbnailFileName, toMedia } from './media-view';
import { THUMBNAIL_WIDTH } from './process-image';
import { assertStorageQuota } from './storage-quota';

/** The first page's thumbnail: as wide as an image's (process-image.ts), at most three times as tall. */
export const DOCUMENT_THUMBNAIL = { maxWidth: THUMBNAIL_WIDTH, maxHeight: 3 * THUMBNAIL_WIDTH } as const;

type PdfRefusal = Exclude<PdfReading, { ok: true }>['reason'];

const refusals: Record<PdfRefusal, string> = {
  not_pdf: mediaMessages.unsupportedType,
  encrypted: mediaMessages.documentEncrypted,
  unreadable: mediaMessages.documentUnreadable,
  too_many_pages: mediaMessages.documentTooManyPages,
  timeout: mediaMessages.documentTooSlow,
};

/** The user-facing words for a PDF the reader refused. */
export const documentRefusal = (reason: PdfRefusal) => refusals[reason];

/**
 * Stores an uploaded PDF whose file is on disk at `path` (a PDF by its first bytes): it is read by
 * pdf.js in a worker (integrations/documents/pdf-reader.ts: never on the server's thread, with a
 * time limit), refused when it is larger than LinkedIn takes (100 MB, 300 pages), encrypted, or
 * unreadable; the bytes are stored as uploaded (the document is what LinkedIn gets; re-writing it
 * could change how it looks) under `<workspace>/<id>.pdf`, its first page as the WebP thumbnail.
 * width × height are the first page's size in PDF points (1/72 inch, i.e. pixels at 72 dpi), so
 * a US Letter page is 612 × 792 whatever resolution the thumbnail was drawn at.
 */
export async function ingestDocument(
  ctx: Pick<AppContext, 'database' | 'storage' | 'config' | 'log'>,
  actor: MediaActor,
  upload: { id: string; path: string; fileName: string | undefined },
): Promise<Media> {
  const { size } = await stat(upload.path);
  if (size > MAX_DOCUMENT_BYTES) throw new AppError('payload_too_large', mediaMessages.documentTooLarge);
  const reading = await readPdf(
    { path: upload.path, head: await readHead(upload.path) },
    { maxPages: MAX_DOCUMENT_PAGES, thumbnail: DOCUMENT_THUMBNAIL },
  );
  if (!reading.ok) {
    if (reading.reason === 'timeout')
      ctx.log.warn({ mediaId: upload.id }, 'reading an uploaded PDF timed out');
    throw new AppError('bad_request', documentRefusal(reading.reason));
  }
  const { facts } = reading;
  await assertStorageQuota(ctx.database.db, actor.workspaceId, size);
  const row = { id: upload.id, mimeType: 'application/pdf' as const };
  const keys = {
    storageKey: `${actor.workspaceId}/${mediaFileName(row)}`,
    thumbnailKey: `${actor.workspaceId}/${thumbnailFileName(row)}`,
  };
  const all = Object.values(keys);
  try {
    await ctx.storage.putFile(keys.storageKey, upload.path, 'application/pdf');
    await ctx.storage.put(keys.thumbnailKey, facts.thumbnail.bytes, 'image/webp');
  } catch (error) {
    ctx.log.error({ err: error, storageKey: keys.storageKey }, 'media storage refused a document');
    await removeObjects(ctx, all);
    throw new AppError('upstream_failed', 'The document could not be stored. Please try again.');
  }
  try {
    const inserted = await insertMedia(ctx.database.db, actor.workspaceId, {
      id: upload.id,
      uploadedByUserId: actor.userId,
      ...keys,
      kind: 'document',
      mimeType: 'application/pdf',
      sizeBytes: size,
      width: facts.width,
      height: facts.height,
      pageCount: facts.pageCount,
      fileName: cleanFileName(upload.fileName),
    });
    return toMedia(inserted, ctx.config.appUrl);
  } catch (error) {
    await removeObjects(ctx, all);
    throw error;
  }
}
