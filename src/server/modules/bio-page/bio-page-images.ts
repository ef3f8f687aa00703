import type { AppContext } from '../../context';
import type { media } from '../../db/schema';
import { posterFileName, signedMediaUrl, thumbnailFileName } from '../media';

type MediaRow = typeof media.$inferSelect;
type MediaUrlSigner = AppContext['mediaSigner'];

/*
 * The bio page's images open without a session, so they are signed. Signed from the start of the
 * UTC day and valid 8 days, a URL is the same for every request of the day: browsers and CDNs
 * keep the image cached, and a link preview read on any day of the week still opens it.
 */
const BIO_IMAGE_TTL_SECONDS = 8 * 24 * 60 * 60;

export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * A small version of the media for the page (its 400 px thumbnail, a video's poster frame), or
 * null for what has no picture (a PDF, a video without a poster).
 */
export function smallImageUrl(
  appUrl: string,
  row: MediaRow,
  signer: MediaUrlSigner,
  now: Date,
): string | null {
  const file =
    row.kind === 'image'
      ? row.thumbnailKey
        ? thumbnailFileName(row)
        : undefined
      : row.kind === 'video' && row.posterKey
        ? posterFileName(row)
        : null;
  if (file === null) return null;
  return signedMediaUrl(appUrl, row, signer, startOfUtcDay(now), BIO_IMAGE_TTL_SECONDS, file);
}

/** The full image, for link previews (og:image). */
export function fullImageUrl(appUrl: string, row: MediaRow, signer: MediaUrlSigner, now: Date): string {
  return signedMediaUrl(appUrl, row, signer, startOfUtcDay(now), BIO_IMAGE_TTL_SECONDS);
}
