import type { PublishMedia } from '../../integrations/social/social-provider';
import type { MediaStorage } from '../../integrations/storage/media-storage';
import type { MediaRow } from './media.repository';
import { mediaUrl } from './media-view';

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

/** An attached image as a platform adapter takes it: its public URL, facts, and bytes on demand. */
export function toPublishMedia(row: MediaRow, storage: MediaStorage, appUrl: string): PublishMedia {
  return {
    url: mediaUrl(appUrl, row),
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
