import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32, createDeflate, deflateSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Media } from '../../src/contracts/media';
import { randomIp } from './users';

/*
 * Real images of any size, generated in code: each is a complete file a browser or a platform
 * decodes (a gray or gradient picture), small enough to build per test.
 */

const u16be = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u32le = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32be(data.length), typed, u32be(crc32(typed))]);
}

/** An 8-bit RGB PNG with a diagonal gradient. */
export function pngImage(width: number, height: number): Buffer {
  const rowLength = 1 + width * 3;
  const raw = Buffer.alloc(rowLength * height);
  for (let y = 0; y < height; y++) {
    raw[y * rowLength] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const at = y * rowLength + 1 + x * 3;
      raw[at] = (x * 255) / Math.max(1, width - 1);
      raw[at + 1] = (y * 255) / Math.max(1, height - 1);
      raw[at + 2] = 160;
    }
  }
  const header = Buffer.concat([u32be(width), u32be(height), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG that is all header: it claims `width`x`height` and has no image data at all. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const header = Buffer.concat([u32be(width), u32be(height), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IEND', Buffer.alloc(0))]);
}

/**
 * A decompression bomb: a complete, valid 8-bit grayscale PNG of `width`x`height` black pixels.
 * Zeros compress about a thousandfold, so 20000x20000 (400 MB of pixels) is a file of ~400 KB.
 * Compressed as a stream, so building it never holds the pixels in memory.
 */
export async function pngBomb(width: number, height: number): Promise<Buffer> {
  const row = Buffer.alloc(1 + width); // filter byte 0, then black
  const rowsPerChunk = Math.max(1, Math.floor((1 << 20) / row.length));
  const chunk = Buffer.concat(new Array(rowsPerChunk).fill(row));
  async function* rows() {
    for (let y = 0; y < height; y += rowsPerChunk) {
      yield y + rowsPerChunk <= height ? chunk : chunk.subarray(0, (height - y) * row.length);
    }
  }
  const parts: Buffer[] = [];
  for await (const part of Readable.from(rows()).pipe(createDeflate({ level: 9 })))
    parts.push(part as Buffer);
  const header = Buffer.concat([u32be(width), u32be(height), Buffer.from([8, 0, 0, 0, 0])]);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(parts)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function jpegSegment(marker: number, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0xff, marker]), u16be(data.length + 2), data]);
}

/** An APP1 Exif segment holding only an orientation tag (1 to 8). */
function exifOrientation(orientation: number): Buffer {
  const tiff = Buffer.concat([
    Buffer.from('MM\0*', 'latin1'),
    u32be(8), // IFD0 right after the header
    u16be(1), // one entry
    u16be(0x0112), // Orientation
    u16be(3), // SHORT
    u32be(1),
    u16be(orientation),
    u16be(0),
    u32be(0), // no next IFD
  ]);
  return jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]));
}

/**
 * A baseline grayscale JPEG, mid gray. Its Huffman tables hold one code each (DC difference 0,
 * end of block), so every 8x8 block is two zero bits: any size costs a few bytes.
 */
export function jpegImage(width: number, height: number, options: { orientation?: number } = {}): Buffer {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = blocks * 2;
  const scan = Buffer.alloc(Math.ceil(bits / 8));
  // Pad the last byte with one bits, as the standard asks.
  if (bits % 8 !== 0) scan[scan.length - 1] = 0xff >> (bits % 8);
  const oneCodeTable = (tableClass: number) =>
    Buffer.concat([
      Buffer.from([tableClass << 4]),
      Buffer.from([1, ...new Array(15).fill(0)]),
      Buffer.from([0]),
    ]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jpegSegment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])),
    ...(options.orientation ? [exifOrientation(options.orientation)] : []),
    jpegSegment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    jpegSegment(
      0xc0,
      Buffer.concat([Buffer.from([8]), u16be(height), u16be(width), Buffer.from([1, 1, 0x11, 0])]),
    ),
    jpegSegment(0xc4, oneCodeTable(0)),
    jpegSegment(0xc4, oneCodeTable(1)),
    jpegSegment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])),
    scan,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** Little-endian bit writer, as WebP lossless packs its bitstream. */
function bitWriter() {
  const bytes: number[] = [];
  let bitCount = 0;
  return {
    write(value: number, count: number) {
      for (let i = 0; i < count; i++) {
        if (bitCount % 8 === 0) bytes.push(0);
        if ((value >> i) & 1) bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) | (1 << (bitCount % 8));
        bitCount++;
      }
    },
    bytes: () => Buffer.from(bytes),
  };
}

/**
 * A lossless (VP8L) WebP, one gray color. Each of its five prefix codes is a "simple" code with
 * a single symbol, which costs zero bits per pixel: the bitstream is the header and the codes.
 */
export function webpImage(width: number, height: number): Buffer {
  if (width > 16384 || height > 16384) throw new Error('VP8L sides are at most 16384');
  const w = bitWriter();
  w.write(0x2f, 8); // signature
  w.write(width - 1, 14);
  w.write(height - 1, 14);
  w.write(0, 1); // alpha not used
  w.write(0, 3); // version
  w.write(0, 1); // no transform
  w.write(0, 1); // no color cache
  w.write(0, 1); // no meta prefix codes
  for (const symbol of [128, 128, 128, 255]) {
    // green, red, blue, alpha: simple code, one symbol, written in 8 bits
    w.write(1, 1);
    w.write(0, 1);
    w.write(1, 1);
    w.write(symbol, 8);
  }
  w.write(1, 1); // distance: simple code, one symbol, written in 1 bit: 0
  w.write(0, 1);
  w.write(0, 1);
  w.write(0, 1);
  let data = w.bytes();
  if (data.length % 2 === 1) data = Buffer.concat([data, Buffer.from([0])]);
  const chunk = Buffer.concat([Buffer.from('VP8L', 'latin1'), u32le(data.length), data]);
  return Buffer.concat([
    Buffer.from('RIFF', 'latin1'),
    u32le(4 + chunk.length),
    Buffer.from('WEBP', 'latin1'),
    chunk,
  ]);
}

/** A GIF89a, 1x1: a real image Kitepost does not take. */
export function gifImage(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
}

export type ImageKind = 'jpeg' | 'png' | 'webp';

export function imageOf(kind: ImageKind, width: number, height: number): Buffer {
  if (kind === 'jpeg') return jpegImage(width, height);
  if (kind === 'png') return pngImage(width, height);
  return webpImage(width, height);
}

export interface MultipartPart {
  name: string;
  /** A file part when set (an empty string is still a file part). */
  fileName?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body written by hand, as a browser's FormData would send it. */
export function multipartBody(parts: MultipartPart[]) {
  const boundary = `----KitepostTest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.fileName === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.fileName}"`;
    const headers = [`Content-Disposition: ${disposition}`];
    if (part.contentType) headers.push(`Content-Type: ${part.contentType}`);
    chunks.push(Buffer.from(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`, 'utf8'));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/media with these bytes in the `file` field (name and declared type as given). */
export function uploadFile(
  app: FastifyInstance,
  cookie: string | undefined,
  data: Buffer,
  options: { fileName?: string; contentType?: string; field?: string } = {},
): Promise<LightMyRequestResponse> {
  const body = multipartBody([
    {
      name: options.field ?? 'file',
      fileName: options.fileName ?? 'photo.jpg',
      contentType: options.contentType ?? 'image/jpeg',
      data,
    },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
    remoteAddress: randomIp(),
  });
}

const declaredTypes: Record<ImageKind, { ext: string; mime: string }> = {
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  webp: { ext: 'webp', mime: 'image/webp' },
};

/** Uploads a generated image of that kind and size; fails the test unless it was accepted. */
export async function uploadImage(
  app: FastifyInstance,
  cookie: string,
  kind: ImageKind = 'jpeg',
  size: { width: number; height: number } = { width: 1080, height: 1080 },
): Promise<Media> {
  const { ext, mime } = declaredTypes[kind];
  const response = await uploadFile(app, cookie, imageOf(kind, size.width, size.height), {
    fileName: `picture.${ext}`,
    contentType: mime,
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json();
}
