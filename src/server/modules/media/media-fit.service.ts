import { type FitMediaBody, type Media, mediaLibraryMessages, mediaMessages } from '../../../contracts/media';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { fitImage } from './fit-image';
import { findMedia } from './media.repository';
import { type MediaActor, uploadMedia } from './media.service';
import { updateMediaTags } from './media-library.repository';
import { toMedia } from './media-view';

/**
 * Converts and/or crops an image into a NEW media item (the original stays as it was): a PNG or
 * WebP to JPEG (Instagram takes JPEG only), a centre crop to a platform's aspect ratio. The new
 * item keeps the original's tags and counts against the quota like an upload.
 */
export async function fitMedia(
  ctx: Pick<AppContext, 'database' | 'storage' | 'config' | 'log'>,
  actor: MediaActor,
  id: string,
  body: FitMediaBody,
): Promise<Media> {
  const db = ctx.database.db;
  const original = await findMedia(db, actor.workspaceId, id);
  if (!original) throw new AppError('not_found', mediaMessages.notFound);
  if (original.kind !== 'image') throw new AppError('bad_request', mediaLibraryMessages.fitVideo);
  const bytes = await ctx.storage.read(original.storageKey);
  if (!bytes) throw new AppError('not_found', 'The file of this image is missing from storage.');
  const fitted = await fitImage(bytes, body);
  if (!fitted) throw new AppError('bad_request', mediaMessages.unreadable);
  const created = await uploadMedia(ctx, actor, {
    bytes: fitted.bytes,
    fileName: fittedName(original.fileName, body, fitted.extension),
  });
  if (original.tags.length === 0) return created;
  const tagged = await updateMediaTags(db, actor.workspaceId, created.id, original.tags);
  return tagged ? toMedia(tagged, ctx.config.appUrl) : created;
}

/** 'shop-front (4-5).jpg' from 'shop-front.png'. */
function fittedName(name: string | null, body: FitMediaBody, extension: string): string {
  const base = (name ?? 'image').replace(/\.[^.]*$/, '') || 'image';
  const suffix = body.aspect ? ` (${body.aspect.replace(':', '-')})` : '';
  return `${base}${suffix}.${extension}`;
}
