import type { PublishMedia } from '../../integrations/social/social-provider';
import type { MediaStorage } from '../../integrations/storage/media-storage';
import type { MediaRow } from './media.repository';
import type { MediaUrlSigner } from './media-signing';
import { signedMediaUrl } from './media-view';

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
 * An attached image as a platform adapter takes it: a signed URL that opens without a session
 * (for the platforms that download it), its facts, and its bytes on demand.
 */
export function toPublishMedia(
  row: MediaRow,
  storage: MediaStorage,
  urls: { appUrl: string; signer: MediaUrlSigner; now: Date },
): PublishMedia {
  return {
    url: signedMediaUrl(urls.appUrl, row, urls.signer, urls.now),
    mimeType: row.mimeType,
    width: row.width,
    height: row.height,
    sizeBytes: row.sizeBytes,
    async read() {
      const bytes = await storage.read(row.storageKey);
      if (!bytes) throw new MediaGoneError(row.id, row.storageKey);
      return bytes;
    },
  };
}
