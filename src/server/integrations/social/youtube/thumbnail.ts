import { InvalidContentError, type PublishMedia } from '../social-provider';
import type { createYouTubeApi } from './youtube-api';

/*
 * A video's custom thumbnail (thumbnails.set, developers.google.com/youtube/v3/docs/thumbnails/set):
 * JPEG or PNG ("Accepted Media MIME types: image/jpeg, image/png, application/octet-stream"), at
 * most 2 MB ("Maximum file size: 2MB"). Only a channel verified by phone may set one (403
 * `forbidden` otherwise: support.google.com/youtube/answer/72431). Checked before the upload; set
 * after it, when the video exists: a refusal then leaves the video published with YouTube's own
 * thumbnail (failing the post would upload the video twice on the retry).
 */

export const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;
const THUMBNAIL_TYPES = new Set(['image/jpeg', 'image/png']);

export function checkThumbnail(image: PublishMedia): void {
  if (image.kind !== 'image' || !THUMBNAIL_TYPES.has(image.mimeType)) {
    throw new InvalidContentError('youtube', 'A YouTube thumbnail must be a JPEG or PNG image.');
  }
  if (image.sizeBytes > THUMBNAIL_MAX_BYTES) {
    throw new InvalidContentError('youtube', 'A YouTube thumbnail must be at most 2 MB.');
  }
}

/** Sets the thumbnail; answers false when YouTube refused it (the video stays published). */
export async function setThumbnail(
  api: ReturnType<typeof createYouTubeApi>,
  accessToken: string,
  videoId: string,
  image: PublishMedia,
): Promise<boolean> {
  try {
    await api.setThumbnail(accessToken, videoId, { bytes: await image.read(), mimeType: image.mimeType });
    return true;
  } catch {
    return false;
  }
}
