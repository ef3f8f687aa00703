import type { PublishMedia } from '../../src/server/integrations/social/social-provider';

/*
 * Images as the publishing port hands them to an adapter: a public URL (what Facebook and
 * Instagram download) and the bytes (what X and LinkedIn upload). The bytes are the smallest
 * valid headers of each type: enough for a platform (or the simulator) to read type and size.
 */

/** A 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A 3×2 JPEG header (SOI, JFIF, SOF0, EOI). */
export const JPEG_BYTES = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
  0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x02, 0x00, 0x03, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01,
  0x03, 0x11, 0x01, 0xff, 0xd9,
]);

/** An attached image of the given type at `url`, whose bytes are read on demand (reads are counted). */
export function testImage(
  url: string,
  type: 'image/png' | 'image/jpeg' = url.endsWith('.png') ? 'image/png' : 'image/jpeg',
): PublishMedia & { reads: () => number } {
  const bytes = type === 'image/png' ? PNG_BYTES : JPEG_BYTES;
  let reads = 0;
  return {
    url,
    mimeType: type,
    width: type === 'image/png' ? 1 : 3,
    height: type === 'image/png' ? 1 : 2,
    sizeBytes: bytes.length,
    async read() {
      reads++;
      return Buffer.from(bytes);
    },
    reads: () => reads,
  };
}
