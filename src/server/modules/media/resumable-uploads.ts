import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import {
  MAX_DOCUMENT_BYTES,
  MAX_MEDIA_BYTES,
  MAX_VIDEO_BYTES,
  type Media,
  mediaMessages,
  mediaMimeTypes,
} from '../../../contracts/media';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { uploadMediaFile } from './media.service';
import type { MediaActor } from './media-files';

/*
 * Resumable uploads with the tus protocol 1.0 (https://tus.io/protocols/resumable-upload):
 * @tus/server speaks the protocol, @tus/file-store keeps each upload's bytes in a file under
 * DATA_DIR/uploads (never in memory) with its info in `<id>.json`. The upload's id is a uuid that
 * becomes the media's id once the last byte arrived and the file was ingested (decision 057).
 */

export const UPLOADS_PATH = '/api/uploads';
/** The partial uploads' folder: local disk, even when media go to S3 (decision 057). */
export const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');
/** How often expired partial uploads are looked for. */
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** Metadata keys the server sets at creation; what the client sends under these names is replaced. */
const OWNER_KEYS = ['kitepostWorkspaceId', 'kitepostUserId'] as const;

/** What the route learns from tus about one request: the media made, or why the upload was refused. */
export type UploadOutcome = { media: Media } | { error: AppError };

export interface ResumableUploads {
  server: Server;
  /** The workspace an upload belongs to; null when there is no such upload (or it expired). */
  ownerOf(id: string): Promise<string | null>;
  /** Set by the finishing PATCH's hook, read by the route to answer it. */
  outcomes: WeakMap<Request, UploadOutcome>;
  /** Called by the route before handing tus a creation: who the new upload belongs to. */
  actors: WeakMap<Request, MediaActor>;
  /** Removes expired partial uploads now; returns how many. */
  cleanUp(): Promise<number>;
  stop(): void;
}

/** The size an upload may declare for the type its metadata names (the bytes decide in the end). */
export function uploadLimitFor(fileType: string | undefined): { maxBytes: number; message: string } {
  if (fileType === 'application/pdf')
    return { maxBytes: MAX_DOCUMENT_BYTES, message: mediaMessages.documentTooLarge };
  return fileType?.startsWith('image/')
    ? { maxBytes: MAX_MEDIA_BYTES, message: mediaMessages.tooLarge }
    : { maxBytes: MAX_VIDEO_BYTES, message: mediaMessages.videoTooLarge };
}

/**
 * Refuses at creation a declared type we would refuse anyway at the end (a WebM, a GIF), so
 * nobody uploads a gigabyte to be told no. An absent or generic type is let through: the bytes
 * decide when the upload is complete.
 */
export function refuseDeclaredType(fileType: string | undefined): string | null {
  if (!fileType || fileType === 'application/octet-stream') return null;
  if ((mediaMimeTypes as readonly string[]).includes(fileType)) return null;
  return fileType.startsWith('video/') ? mediaMessages.videoUnsupported : mediaMessages.unsupportedType;
}

/** The error tus sends when a hook refuses; the route answers with the AppError instead. */
const hookRefusal = (error: AppError) => ({ status_code: error.status, body: `${error.message}\n` });

export function createResumableUploads(
  ctx: Pick<AppContext, 'config' | 'database' | 'storage' | 'log' | 'videoTools'>,
): ResumableUploads {
  const directory = uploadsDir(ctx.config.dataDir);
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: ctx.config.uploads.expiryMs });
  const outcomes = new WeakMap<Request, UploadOutcome>();
  const actors = new WeakMap<Request, MediaActor>();

  const finish = async (req: Request, upload: Upload) => {
    const workspaceId = upload.metadata?.kitepostWorkspaceId;
    const userId = upload.metadata?.kitepostUserId;
    try {
      if (!workspaceId || !userId) throw new AppError('not_found', mediaMessages.uploadNotFound);
      const media = await uploadMediaFile(
        ctx,
        { workspaceId, userId },
        {
          id: upload.id,
          path: upload.storage?.path ?? join(directory, upload.id),
          fileName: upload.metadata?.filename ?? undefined,
        },
      );
      outcomes.set(req, { media });
      return {
        status_code: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(media),
      };
    } catch (error) {
      const refusal =
        error instanceof AppError
          ? error
          : new AppError('internal', 'The upload could not be processed. Please try again.');
      if (!(error instanceof AppError))
        ctx.log.error({ err: error, uploadId: upload.id }, 'upload ingest failed');
      outcomes.set(req, { error: refusal });
      throw hookRefusal(refusal);
    } finally {
      // Stored (or refused): the partial file has served its purpose either way.
      await store.remove(upload.id).catch((error: unknown) => {
        ctx.log.warn({ err: error, uploadId: upload.id }, 'could not remove a finished upload file');
      });
    }
  };

  const server = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    // The Location is '/api/uploads/<id>' on whatever origin the client used (behind a proxy too).
    relativeLocation: true,
    maxSize: MAX_VIDEO_BYTES,
    namingFunction: () => randomUUID(),
    onUploadCreate: async (req, upload) => {
      const actor = actors.get(req);
      if (!actor) throw { status_code: 401, body: 'Please sign in.\n' };
      return {
        metadata: {
          ...upload.metadata,
          [OWNER_KEYS[0]]: actor.workspaceId,
          [OWNER_KEYS[1]]: actor.userId,
        },
      };
    },
    onUploadFinish: finish,
  });

  const cleanUp = async () => {
    const removed = await server.cleanUpExpiredUploads();
    if (removed > 0) ctx.log.info({ removed }, 'removed expired partial uploads');
    return removed;
  };
  const timer = setInterval(() => {
    cleanUp().catch((error: unknown) => ctx.log.warn({ err: error }, 'could not clean up expired uploads'));
  }, CLEANUP_INTERVAL_MS);
  timer.unref();

  return {
    server,
    outcomes,
    actors,
    cleanUp,
    stop: () => clearInterval(timer),
    async ownerOf(id) {
      try {
        const upload = await store.getUpload(id);
        return upload.metadata?.kitepostWorkspaceId ?? null;
      } catch {
        return null;
      }
    },
  };
}
