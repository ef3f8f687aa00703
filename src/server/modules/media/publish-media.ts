import type { PublishMedia } from '../../integrations/social/social-provider';
import { isRangeNotSatisfiable, type MediaStorage } from '../../integrations/storage/media-storage';
import type { MediaRow } from './media.repository';
import type { MediaUrlSigner } from './media-signing';
import { posterFileName, signedMediaUrl } from './media-view';

/** The image's row exists but its bytes are not in storage (deleted by hand, or a lost volume). */
export class MediaGoneError extends Error {
  override name = 'MediaGoneError';
  constructor(
    readonly mediaId: string,
    readonly storageKey: string,
  ) {
    super(`The image ${mediaId} is no longer in media storage (key ${storageKey}); upload it again.`);
  }
}

/**
 * An attached image or video as a platform adapter takes it: a signed URL that opens without a
 * session (for the platforms that download it), its facts, and its bytes on demand (a video's
 * only in ranges, for chunked uploads).
 */
export function toPublishMedia(
  row: MediaRow,
  storage: MediaStorage,
  urls: { appUrl: string; signer: MediaUrlSigner; now: Date },
  altText: string | null = null,
): PublishMedia {
  return {
    kind: row.kind,
    url: signedMediaUrl(urls.appUrl, row, urls.signer, urls.now),
    mimeType: row.mimeType,
    width: row.width,
    height: row.height,
    sizeBytes: row.sizeBytes,
    durationMs: row.durationMs,
    posterUrl: row.posterKey
      ? signedMediaUrl(urls.appUrl, row, urls.signer, urls.now, undefined, posterFileName(row))
      : null,
    altText,
    async read() {
      const bytes = await storage.read(row.storageKey);
      if (!bytes) throw new MediaGoneError(row.id, row.storageKey);
      return bytes;
    },
    async readRange(start, end) {
      const object = await storage.get(row.storageKey, { first: start, last: end - 1 });
      if (!object || isRangeNotSatisfiable(object)) throw new MediaGoneError(row.id, row.storageKey);
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
  };
}
