import type { Sharp } from 'sharp';
import {
  type ImageMimeType,
  MAX_IMAGE_PIXELS,
  MAX_WEBP_PIXELS,
  type MediaMimeType,
} from '../../../contracts/media';

export type MediaExtension = 'jpg' | 'png' | 'webp' | 'mp4' | 'mov' | 'pdf';

export const mediaExtensions: Record<MediaMimeType, MediaExtension> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'application/pdf': 'pdf',
};

/** Thumbnails for the UI's grids: WebP, at most this wide (smaller images keep their size). */
export const THUMBNAIL_WIDTH = 400;
/** ...and at most this tall, so a very tall strip still makes a small file (and a valid WebP). */
const THUMBNAIL_MAX_HEIGHT = 3 * THUMBNAIL_WIDTH;

/*
 * Decoding is CPU work done on libuv's thread pool (sharp never blocks the event loop). One
 * libvips thread per image, no operation cache (each upload is decoded once), and one image at a
 * time per process: a burst of uploads waits its turn instead of taking the cores from the API
 * and the publisher. Most images stream through libvips in strips; one that must be turned is held
 * whole (up to ~150 MB at 50 MP), which is why they do not run side by side.
 */
const MAX_PARALLEL_DECODES = 1;

/** sharp, loaded at the first upload rather than at every start (issue 22's cold start). */
let sharpModule: Promise<typeof import('sharp')> | undefined;
function loadSharp() {
  sharpModule ??= import('sharp').then((loaded) => {
    loaded.default.concurrency(1);
    loaded.default.cache(false);
    return loaded;
  });
  return sharpModule.then((loaded) => loaded.default);
}

export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/** An upload as it is stored: re-encoded without metadata, upright, with its thumbnail. */
export interface ProcessedImage extends EncodedImage {
  mimeType: MediaMimeType;
  /** Always WebP. */
  thumbnail: EncodedImage;
}

export type ImageProcessing =
  | { ok: true; image: ProcessedImage }
  /**
   * 'unsupported': not a JPEG, PNG or WebP. 'unreadable': it says it is one, but does not decode.
   * 'too_many_pixels': it would decode to more than MAX_IMAGE_PIXELS (MAX_WEBP_PIXELS for WebP): a
   * decompression bomb, a forged header, or simply too big a picture.
   */
  | { ok: false; reason: 'unsupported' | 'unreadable' | 'too_many_pixels' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (bytes: Uint8Array, at: number, length: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.max(0, Math.min(length, bytes.length - at))).toString(
    'latin1',
  );
const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);

/**
 * The type the bytes are, by their magic numbers; the file's name and declared type are never asked.
 * Only these three reach the decoder: sharp also reads SVG, TIFF, GIF, HEIF and more, which we
 * neither need nor want to expose.
 */
export function sniffImageType(bytes: Uint8Array): ImageMimeType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'image/webp';
  return null;
}

/**
 * The pixel count a PNG's IHDR (always the first chunk) declares. Only used to refuse: libvips
 * will not read the header of a PNG that has no image data at all, and such a forged file should
 * be told it is too big, not that it is damaged.
 */
function declaredPngPixels(bytes: Uint8Array): number | null {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return null;
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return view.readUInt32BE(16) * view.readUInt32BE(20);
}

const sharpFormats: Record<ImageMimeType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const pixelLimits: Record<ImageMimeType, number> = {
  'image/jpeg': MAX_IMAGE_PIXELS,
  'image/png': MAX_IMAGE_PIXELS,
  'image/webp': MAX_WEBP_PIXELS,
};

/**
 * The stored encoding. Quality 85 keeps a camera's picture as it was to the eye; a file that comes
 * out larger than it went in (it was saved at a lower quality) is saved again at 75, so that a
 * picture that fit a platform's size limit before still does. JPEG without Huffman optimisation:
 * that pass holds every coefficient of the picture (~300 MB at 48 MP) for 6% of the size. PNG is
 * lossless at zlib's default level (level 9 was slower and no smaller on photos). WebP at effort
 * 2: a third of the default's time, nearly its size.
 */
function encode(pipeline: Sharp, mimeType: ImageMimeType, quality: number): Sharp {
  switch (mimeType) {
    case 'image/jpeg':
      return pipeline.jpeg({ quality, optimiseCoding: false });
    case 'image/png':
      return pipeline.png();
    case 'image/webp':
      return pipeline.webp({ quality, effort: 2 });
    default: {
      const never: never = mimeType;
      throw new Error(`unknown image type ${never}`);
    }
  }
}

let running = 0;
const waiting: (() => void)[] = [];

async function inDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_PARALLEL_DECODES) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, or is freed.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/**
 * Decodes an upload for real and stores what the decoder produced, never the bytes as sent:
 * - the pixel limit is checked by libvips before any pixel is decoded, so a small file that
 *   would inflate to gigabytes is refused at its header;
 * - the image is re-encoded in its own format (JPEG, PNG or WebP; an animated WebP keeps its
 *   frames), turned upright by its EXIF orientation, with every piece of metadata dropped (EXIF
 *   with GPS, XMP, comments, ICC after conversion to sRGB), and anything after the image's end
 *   (some phones append a video) is gone;
 * - width, height and size are those of the stored file, which is what platforms receive.
 */
export async function processImage(bytes: Buffer): Promise<ImageProcessing> {
  const mimeType = sniffImageType(bytes);
  if (!mimeType) return { ok: false, reason: 'unsupported' };
  const limit = pixelLimits[mimeType];
  if (mimeType === 'image/png' && (declaredPngPixels(bytes) ?? 0) > limit) {
    return { ok: false, reason: 'too_many_pixels' };
  }
  const sharp = await loadSharp();
  return inDecodeSlot(async () => {
    // 'error' refuses truncated and corrupt data; 'warning' would also refuse the harmless
    // warnings many cameras' files raise (extraneous bytes before a marker).
    const input = { limitInputPixels: limit, failOn: 'error' } as const;
    try {
      const metadata = await sharp(bytes, input).metadata();
      if (metadata.format !== sharpFormats[mimeType]) return { ok: false, reason: 'unreadable' } as const;
      // Every frame is decoded when the animation is kept: the limit is on all of them.
      const frames = metadata.pages ?? 1;
      if (metadata.width * metadata.height * frames > limit) {
        return { ok: false, reason: 'too_many_pixels' } as const;
      }
      const animated = mimeType === 'image/webp' && frames > 1;
      const reencode = (quality: number) =>
        encode(sharp(bytes, { ...input, animated }).autoOrient(), mimeType, quality).toBuffer({
          resolveWithObject: true,
        });
      let stored = await reencode(85);
      if (mimeType !== 'image/png' && stored.data.length > bytes.length) {
        const smaller = await reencode(75);
        if (smaller.data.length < stored.data.length) stored = smaller;
      }
      // The first frame only, however many there are; JPEGs decode at a fraction of their size.
      const thumbnail = await sharp(bytes, input)
        .autoOrient()
        .resize({
          width: THUMBNAIL_WIDTH,
          height: THUMBNAIL_MAX_HEIGHT,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      return {
        ok: true,
        image: {
          mimeType,
          bytes: stored.data,
          width: stored.info.width,
          // An animation is a strip of frames; its picture is one frame high.
          height: stored.info.pageHeight ?? stored.info.height,
          thumbnail: {
            bytes: thumbnail.data,
            width: thumbnail.info.width,
            height: thumbnail.info.height,
          },
        },
      } as const;
    } catch (error) {
      return { ok: false, reason: isPixelLimitError(error) ? 'too_many_pixels' : 'unreadable' } as const;
    }
  });
}
