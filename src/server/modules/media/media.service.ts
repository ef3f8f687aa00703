import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { GraphicTemplate, MediaSource } from '../../../contracts/ai-studio';
import { MAX_MEDIA_BYTES, type Media, mediaMessages } from '../../../contracts/media';
import type { AppContext } from '../../context';
import type { RangeRequest } from '../../integrations/storage/byte-range';
import {
  type RangeNotSatisfiable,
  StorageUnavailableError,
  type StoredObject,
} from '../../integrations/storage/media-storage';
import { AppError } from '../../lib/app-error';
import {
  deleteMediaUnlessHeld,
  findMedia,
  findMediaForServing,
  insertMedia,
  listMedia as listMediaRows,
} from './media.repository';
import { cleanFileName, type MediaActor, readHead, removeObjects, sniffUpload } from './media-files';
import { inUseMessage } from './media-library.service';
import { mediaFileName, posterFileName, thumbnailFileName, toMedia } from './media-view';
import { ingestDocument } from './process-document';
import { mediaExtensions, processImage } from './process-image';
import { assertStorageQuota } from './storage-quota';
import { ingestVideo } from './video-ingest';

export type { MediaActor } from './media-files';

export const MEDIA_LIST_LIMIT = 50;

const refusals = {
  unsupported: mediaMessages.unsupportedType,
  unreadable: mediaMessages.unreadable,
  too_many_pixels: mediaMessages.tooManyPixels,
} as const;

/**
 * Stores an uploaded image: it is decoded (never trusted by its name, declared type or header),
 * and what is stored is the re-encoded picture (upright, no metadata) under
 * `<workspace>/<id>.<ext>` with its WebP thumbnail under `<workspace>/<id>.thumb.webp`; then the
 * row is written. The bytes are stored first: a failure leaves at worst an orphan object, never a
 * row whose file is missing.
 */
/** Where an image came from, when not from an upload: kept with it and shown in the library. */
export interface MediaOrigin {
  source: MediaSource;
  /** The prompt an AI image was made from, or a graphic's text. */
  prompt?: string | null;
  /** 'openai gpt-image-1', 'offline renderer'. */
  generator?: string | null;
  template?: GraphicTemplate | null;
}

export async function uploadMedia(
  ctx: Pick<AppContext, 'database' | 'storage' | 'config' | 'log'>,
  actor: MediaActor,
  upload: { bytes: Buffer; fileName: string | undefined; id?: string; origin?: MediaOrigin },
): Promise<Media> {
  const processed = await processImage(upload.bytes);
  if (!processed.ok) throw new AppError('bad_request', refusals[processed.reason]);
  const { mimeType, bytes, width, height, thumbnail } = processed.image;
  await assertStorageQuota(ctx.database.db, actor.workspaceId, bytes.length);
  const id = upload.id ?? randomUUID();
  const storageKey = `${actor.workspaceId}/${id}.${mediaExtensions[mimeType]}`;
  const thumbnailKey = `${actor.workspaceId}/${thumbnailFileName({ id })}`;
  try {
    await ctx.storage.put(storageKey, bytes, mimeType);
    await ctx.storage.put(thumbnailKey, thumbnail.bytes, 'image/webp');
  } catch (error) {
    ctx.log.error({ err: error, storageKey }, 'media storage refused an upload');
    await removeObjects(ctx, [storageKey, thumbnailKey]);
    throw new AppError('upstream_failed', 'The image could not be stored. Please try again.');
  }
  try {
    const row = await insertMedia(ctx.database.db, actor.workspaceId, {
      id,
      uploadedByUserId: actor.userId,
      storageKey,
      thumbnailKey,
      mimeType,
      sizeBytes: bytes.length,
      width,
      height,
      fileName: cleanFileName(upload.fileName),
      ...upload.origin,
    });
    return toMedia(row, ctx.config.appUrl);
  } catch (error) {
    await removeObjects(ctx, [storageKey, thumbnailKey]);
    throw error;
  }
}

/**
 * Stores an uploaded file that is on disk (a finished resumable upload, or a multipart upload
 * streamed to a temporary file), whatever it is: an image (at most MAX_MEDIA_BYTES, read and
 * re-encoded as uploadMedia does), an MP4/MOV video (ingestVideo, streamed) or a PDF document
 * (ingestDocument: read in a worker, stored as is). What it is comes
 * from its bytes. `id` becomes the media's id (a resumable upload's id: its media is found by it).
 * The file stays where it is; the caller removes it.
 */
export async function uploadMediaFile(
  ctx: Pick<AppContext, 'database' | 'storage' | 'config' | 'log' | 'videoTools'>,
  actor: MediaActor,
  upload: { id?: string; path: string; fileName: string | undefined },
): Promise<Media> {
  const id = upload.id ?? randomUUID();
  const sniffed = sniffUpload(await readHead(upload.path));
  if (sniffed === 'image') {
    const { size } = await stat(upload.path);
    if (size > MAX_MEDIA_BYTES) throw new AppError('payload_too_large', mediaMessages.tooLarge);
    return uploadMedia(ctx, actor, { id, bytes: await readFile(upload.path), fileName: upload.fileName });
  }
  if (sniffed === 'mp4-family') return ingestVideo(ctx, actor, { ...upload, id });
  if (sniffed === 'pdf') return ingestDocument(ctx, actor, { ...upload, id });
  throw new AppError(
    'bad_request',
    sniffed === 'other-video' ? mediaMessages.videoUnsupported : mediaMessages.unsupportedType,
  );
}

/** The workspace's latest uploads, newest first. */
export async function listMedia(
  ctx: Pick<AppContext, 'database' | 'config'>,
  workspaceId: string,
): Promise<Media[]> {
  const rows = await listMediaRows(ctx.database.db, workspaceId, MEDIA_LIST_LIMIT);
  return rows.map((row) => toMedia(row, ctx.config.appUrl));
}

export async function getMedia(
  ctx: Pick<AppContext, 'database' | 'config'>,
  workspaceId: string,
  id: string,
): Promise<Media> {
  const row = await findMedia(ctx.database.db, workspaceId, id);
  if (!row) throw new AppError('not_found', 'Image not found.');
  return toMedia(row, ctx.config.appUrl);
}

/**
 * Deletes an image unless a queued or publishing post uses it (the platform still has to
 * download it); the refusal names the post. The row goes first, then the bytes: a storage failure leaves an orphan object
 * (logged), never a listed image whose file is gone.
 */
export async function deleteMedia(
  ctx: Pick<AppContext, 'database' | 'storage' | 'log'>,
  workspaceId: string,
  id: string,
): Promise<void> {
  const result = await deleteMediaUnlessHeld(ctx.database.db, workspaceId, id);
  if (result.outcome === 'not_found') throw new AppError('not_found', 'Image not found.');
  if (result.outcome === 'in_use') {
    throw new AppError('conflict', await inUseMessage(ctx.database.db, workspaceId, id));
  }
  const { storageKey, thumbnailKey, posterKey } = result.row;
  for (const key of [storageKey, thumbnailKey, posterKey].filter((k): k is string => k !== null)) {
    await ctx.storage.delete(key).catch((error: unknown) => {
      ctx.log.warn({ err: error, storageKey: key }, 'deleted an image whose object could not be removed');
    });
  }
}

const SERVED_FILE =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|webp|mp4|mov|pdf|thumb\.webp|poster\.jpg)$/;

export interface ServedMedia {
  /**
   * How the caller may keep it: 'private' for a session (one person's browser), 'public' for a
   * signed link until it expires (its URL is the capability, and only until `exp`).
   */
  cache: { scope: 'private' | 'public'; maxAgeSeconds: number };
  /** Stable for the life of the file (its id): the bytes behind a media URL never change. */
  etag: string;
  mimeType: Media['mimeType'];
  /** 'video' for a video's own file (players seek in it with ranges). */
  kind: Media['kind'];
  /**
   * Opens the bytes, or only those of `range`; null when the object is gone from storage.
   * AppError(service_unavailable) with a Retry-After when the storage does not answer.
   */
  open(range?: RangeRequest): Promise<StoredObject | RangeNotSatisfiable | null>;
}

/** Seconds a client should wait before asking for an image again while the storage is away. */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

function refuseLink(verdict: 'expired' | 'invalid'): never {
  throw new AppError(
    'forbidden',
    verdict === 'expired' ? mediaMessages.linkExpired : mediaMessages.linkInvalid,
  );
}

/** Who asks for an image: a session's workspace, and the link's `exp`/`sig` when it has them. */
export interface MediaRequester {
  workspaceId: string | null;
  link: { exp?: string; sig?: string };
  now: Date;
}

/** A year: the bytes behind a file name never change. */
const IMMUTABLE_SECONDS = 31_536_000;

/**
 * The image behind a file name `<id>.<ext>`, or its thumbnail behind `<id>.thumb.webp`, for a
 * caller allowed to see it (decision 041): a session of the image's workspace (the app's own
 * pages), or a link signed for that file name and not expired (a platform downloading). A bad or
 * expired signature is a 403 that says so; otherwise anything unknown, mismatched or another
 * workspace's is null (a 404, which tells nothing about other workspaces' images).
 */
export async function findServedMedia(
  ctx: Pick<AppContext, 'database' | 'storage' | 'mediaSigner' | 'log'>,
  file: string,
  requester: MediaRequester,
): Promise<ServedMedia | null> {
  const match = SERVED_FILE.exec(file);
  if (!match?.[1]) return null;
  const signed = requester.link.exp !== undefined || requester.link.sig !== undefined;
  const verdict = signed ? ctx.mediaSigner.verify(file, requester.link, requester.now) : null;
  // A forged or expired link without a session costs no query.
  if (verdict && verdict !== 'ok' && !requester.workspaceId) refuseLink(verdict);
  const row = await findMediaForServing(ctx.database.db, match[1]);
  if (!row) return null;
  // The workspace's own session opens its images, whatever the link (a sandbox post page shows
  // the link the pretend platform was given, long after it expired).
  const ownSession = requester.workspaceId !== null && row.workspaceId === requester.workspaceId;
  if (!ownSession) {
    if (!verdict) return null;
    if (verdict !== 'ok') refuseLink(verdict);
  }
  const cache = ownSession
    ? { scope: 'private' as const, maxAgeSeconds: IMMUTABLE_SECONDS }
    : {
        scope: 'public' as const,
        maxAgeSeconds: Math.max(0, Math.floor(Number(requester.link.exp) - requester.now.getTime() / 1000)),
      };
  const served =
    row.thumbnailKey && thumbnailFileName(row) === file
      ? {
          key: row.thumbnailKey,
          etag: `"${row.id}-thumb"`,
          mimeType: 'image/webp' as const,
          kind: 'image' as const,
        }
      : row.posterKey && posterFileName(row) === file
        ? {
            key: row.posterKey,
            etag: `"${row.id}-poster"`,
            mimeType: 'image/jpeg' as const,
            kind: 'image' as const,
          }
        : mediaFileName(row) === file
          ? { key: row.storageKey, etag: `"${row.id}"`, mimeType: row.mimeType, kind: row.kind }
          : null;
  if (!served) return null;
  return {
    cache,
    etag: served.etag,
    mimeType: served.mimeType,
    kind: served.kind,
    async open(range) {
      const object = await ctx.storage.get(served.key, range).catch((error: unknown) => {
        if (!(error instanceof StorageUnavailableError)) throw error;
        // The storage is away (S3 refused the connection, timed out, answered 5xx): the image
        // is not missing, so not a 404, and not our bug, so not a 500.
        ctx.log.warn({ err: error, mediaId: row.id, storageKey: served.key }, 'media storage unavailable');
        throw new AppError('service_unavailable', mediaMessages.storageUnavailable, {
          retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS,
        });
      });
      if (!object) {
        ctx.log.warn({ mediaId: row.id, storageKey: served.key }, 'an image row has no object in storage');
      }
      return object;
    },
  };
}
