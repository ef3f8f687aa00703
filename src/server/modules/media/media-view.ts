import type { Media } from '../../../contracts/media';
import type { MediaRow } from './media.repository';
import { type MediaUrlSigner, SIGNED_MEDIA_TTL_SECONDS } from './media-signing';
import { mediaExtensions } from './process-image';

/** The file name the public route serves an image under: `<id>.<ext>`. */
export function mediaFileName(row: Pick<MediaRow, 'id' | 'mimeType'>): string {
  return `${row.id}.${mediaExtensions[row.mimeType]}`;
}

/** The file name the public route serves an image's thumbnail under: `<id>.thumb.webp`. */
export function thumbnailFileName(row: Pick<MediaRow, 'id'>): string {
  return `${row.id}.thumb.webp`;
}

/**
 * The image's URL for the app's own pages: it opens only with a session of the image's workspace
 * (decision 041). A platform is given signedMediaUrl instead.
 */
export function mediaUrl(appUrl: string, row: Pick<MediaRow, 'id' | 'mimeType'>): string {
  return `${appUrl}/media/${mediaFileName(row)}`;
}

/** The image's signed, expiring URL, which opens without a session: what a platform downloads. */
export function signedMediaUrl(
  appUrl: string,
  row: Pick<MediaRow, 'id' | 'mimeType'>,
  signer: MediaUrlSigner,
  now: Date,
  ttlSeconds = SIGNED_MEDIA_TTL_SECONDS,
  /** Another file of the same media (its poster frame); the media's own file by default. */
  file = mediaFileName(row),
): string {
  const { exp, sig } = signer.sign(file, new Date(now.getTime() + ttlSeconds * 1000));
  return `${appUrl}/media/${file}?${new URLSearchParams({ exp, sig })}`;
}

/** Its thumbnail's URL; the image's own for images uploaded before thumbnails were made. */
export function thumbnailUrl(
  appUrl: string,
  row: Pick<MediaRow, 'id' | 'mimeType' | 'thumbnailKey'>,
): string {
  return row.thumbnailKey ? `${appUrl}/media/${thumbnailFileName(row)}` : mediaUrl(appUrl, row);
}

/** The file name the public route serves a video's JPEG poster frame under: `<id>.poster.jpg`. */
export function posterFileName(row: Pick<MediaRow, 'id'>): string {
  return `${row.id}.poster.jpg`;
}

/** A stored image or video as the API shows it. */
export function toMedia(row: MediaRow, appUrl: string): Media {
  return {
    id: row.id,
    kind: row.kind,
    url: mediaUrl(appUrl, row),
    thumbnailUrl: thumbnailUrl(appUrl, row),
    posterUrl: row.posterKey ? `${appUrl}/media/${posterFileName(row)}` : null,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    frameRate: row.frameRate,
    videoCodec: row.videoCodec,
    audioCodec: row.audioCodec,
    audioSampleRate: row.audioSampleRate,
    bitrate: row.bitrate,
    pageCount: row.pageCount,
    tags: row.tags,
    fileName: row.fileName,
    source: row.source,
    prompt: row.prompt,
    generator: row.generator,
    template: row.template,
    createdAt: row.createdAt.toISOString(),
  };
}
