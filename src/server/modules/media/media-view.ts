import type { Media } from '../../../contracts/media';
import { mediaExtensions } from './inspect-image';
import type { MediaRow } from './media.repository';

/** The file name the public route serves an image under: `<id>.<ext>`. */
export function mediaFileName(row: Pick<MediaRow, 'id' | 'mimeType'>): string {
  return `${row.id}.${mediaExtensions[row.mimeType]}`;
}

/** The image's public URL (platforms download from it without a session). */
export function mediaUrl(appUrl: string, row: Pick<MediaRow, 'id' | 'mimeType'>): string {
  return `${appUrl}/media/${mediaFileName(row)}`;
}

/** A stored image as the API shows it. */
export function toMedia(row: MediaRow, appUrl: string): Media {
  return {
    id: row.id,
    url: mediaUrl(appUrl, row),
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    fileName: row.fileName,
    createdAt: row.createdAt.toISOString(),
  };
}
