import type { FitAspect, FitMediaBody } from '../../../contracts/media';
import { MAX_IMAGE_PIXELS } from '../../../contracts/media';

/** Width over height of each aspect a platform takes. */
const ratios: Record<FitAspect, number> = { '4:5': 4 / 5, '1:1': 1, '1.91:1': 1.91, '9:16': 9 / 16 };

/**
 * The largest centred rectangle of `ratio` inside width × height. 1.91:1 is Instagram's and
 * LinkedIn's landscape limit, rounded: the crop keeps whole pixels, a hair inside the ratio.
 */
export function centreCrop(width: number, height: number, aspect: FitAspect) {
  const ratio = ratios[aspect];
  if (width / height > ratio) {
    const cropWidth = Math.max(1, Math.floor(height * ratio));
    return { left: Math.floor((width - cropWidth) / 2), top: 0, width: cropWidth, height };
  }
  const cropHeight = Math.max(1, Math.floor(width / ratio));
  return { left: 0, top: Math.floor((height - cropHeight) / 2), width, height: cropHeight };
}

/**
 * The stored image (already upright, no metadata: process-image) converted and/or cropped. The
 * result goes through the upload path again (processImage: decoded, re-encoded, thumbnail), so it
 * is encoded here at high quality (JPEG and WebP 95, PNG lossless) to lose little the second time.
 * Transparency becomes white in a JPEG (what Instagram would show anyway). The first frame of an
 * animation only. null when it does not decode.
 */
export async function fitImage(
  bytes: Buffer,
  body: FitMediaBody,
): Promise<{ bytes: Buffer; extension: 'jpg' | 'png' | 'webp' } | null> {
  const sharp = (await import('sharp')).default;
  try {
    const input = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;
    const metadata = await sharp(bytes, input).metadata();
    let pipeline = sharp(bytes, input);
    if (body.aspect) pipeline = pipeline.extract(centreCrop(metadata.width, metadata.height, body.aspect));
    const format = body.format === 'jpeg' ? 'jpeg' : metadata.format;
    if (format === 'jpeg') {
      return {
        bytes: await pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 95 }).toBuffer(),
        extension: 'jpg',
      };
    }
    if (format === 'png') return { bytes: await pipeline.png().toBuffer(), extension: 'png' };
    if (format === 'webp')
      return { bytes: await pipeline.webp({ quality: 95 }).toBuffer(), extension: 'webp' };
    return null;
  } catch {
    return null;
  }
}

/** 'shop-front (4-5).jpg' from 'shop-front.png' (a fitted image's or video's file name). */
export function fittedName(
  name: string | null,
  body: Pick<FitMediaBody, 'aspect'>,
  extension: string,
): string {
  const base = (name ?? 'image').replace(/\.[^.]*$/, '') || 'image';
  const suffix = body.aspect ? ` (${body.aspect.replace(':', '-')})` : '';
  return `${base}${suffix}.${extension}`;
}
