import { imageSize } from 'image-size';
import type { MediaMimeType } from '../../../contracts/media';

export type MediaExtension = 'jpg' | 'png' | 'webp';

export const mediaExtensions: Record<MediaMimeType, MediaExtension> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export interface ImageFacts {
  mimeType: MediaMimeType;
  width: number;
  height: number;
}

export type ImageInspection =
  | { ok: true; image: ImageFacts }
  /** 'unsupported': not a JPEG, PNG or WebP. 'unreadable': it says it is one, but is broken. */
  | { ok: false; reason: 'unsupported' | 'unreadable' };

/** Larger sides are a forged header rather than a photo (and no platform takes them). */
export const MAX_IMAGE_SIDE = 30_000;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (bytes: Uint8Array, at: number, length: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.max(0, Math.min(length, bytes.length - at))).toString(
    'latin1',
  );
const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);

/** The type the bytes are, by their magic numbers; the file's name and declared type are never asked. */
export function sniffImageType(bytes: Uint8Array): MediaMimeType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'image/webp';
  return null;
}

/**
 * Whether the file reaches its end: a truncated upload has a valid header (so its size reads
 * fine) but no image after some point. JPEG: an end-of-image marker (data after it is allowed:
 * some phones append a video). PNG: the IEND chunk. WebP: the RIFF length fits in the file.
 */
function isComplete(bytes: Uint8Array, type: MediaMimeType): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (type) {
    case 'image/jpeg':
      return buffer.lastIndexOf(Buffer.from([0xff, 0xd9])) > 2;
    case 'image/png':
      return buffer.lastIndexOf('IEND', undefined, 'latin1') > PNG_SIGNATURE.length;
    case 'image/webp':
      return buffer.length >= 12 && buffer.readUInt32LE(4) + 8 <= buffer.length;
    default: {
      const never: never = type;
      throw new Error(`unknown image type ${never}`);
    }
  }
}

const imageSizeTypes: Record<MediaMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * What an uploaded file is, read from its bytes: its type and displayed size. Nothing is
 * decoded beyond the headers (no pixel data), so a forged header is caught only as far as the
 * checks above go.
 */
export function inspectImage(bytes: Uint8Array): ImageInspection {
  const mimeType = sniffImageType(bytes);
  if (!mimeType) return { ok: false, reason: 'unsupported' };
  if (!isComplete(bytes, mimeType)) return { ok: false, reason: 'unreadable' };
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const valid = (side: number | undefined): side is number =>
    Number.isInteger(side) && (side as number) > 0 && (side as number) <= MAX_IMAGE_SIDE;
  if (size.type !== imageSizeTypes[mimeType] || !valid(size.width) || !valid(size.height)) {
    return { ok: false, reason: 'unreadable' };
  }
  // EXIF orientations 5 to 8 turn the picture a quarter: what viewers and platforms show has the
  // stored width and height swapped, and that is what the aspect-ratio rules are about.
  const turned = mimeType === 'image/jpeg' && (size.orientation ?? 1) >= 5;
  return {
    ok: true,
    image: {
      mimeType,
      width: turned ? size.height : size.width,
      height: turned ? size.width : size.height,
    },
  };
}
