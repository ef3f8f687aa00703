import type { PublishMedia } from '../../src/server/integrations/social/social-provider';
import { jpegImage, pngImage } from '../factories/media';

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
    kind: 'image',
    url,
    mimeType: type,
    width: type === 'image/png' ? 1 : 3,
    height: type === 'image/png' ? 1 : 2,
    sizeBytes: bytes.length,
    durationMs: null,
    posterUrl: null,
    altText: null,
    async read() {
      reads++;
      return Buffer.from(bytes);
    },
    async readRange(start, end) {
      reads++;
      return Buffer.from(bytes.subarray(start, end));
    },
    reads: () => reads,
  };
}

/** A 1×1 GIF. */
export const GIF_BYTES = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const EXAMPLE_IMAGES: Record<string, { type: string; bytes: Buffer }> = {
  jpg: { type: 'image/jpeg', bytes: JPEG_BYTES },
  jpeg: { type: 'image/jpeg', bytes: JPEG_BYTES },
  png: { type: 'image/png', bytes: PNG_BYTES },
  gif: { type: 'image/gif', bytes: GIF_BYTES },
};

/**
 * The internet as the platform simulator's downloader sees it in tests (buildApp's
 * simulatorOutsideFetch): any host under `.example` (RFC 2606, never real) serves the image its
 * path's extension names (of the size a name like `shop-400x300.jpg` asks, else the smallest), and
 * answers 404 for a path with `missing` in it; every other host is unreachable. Each URL fetched is
 * recorded.
 */
export function exampleImagesFetch(): typeof fetch & { fetched: string[] } {
  const fetched: string[] = [];
  const fake = async (input: Parameters<typeof fetch>[0]) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    fetched.push(url.toString());
    if (!url.hostname.endsWith('.example')) throw new TypeError('fetch failed');
    const sized = /-(\d{1,4})x(\d{1,4})\.(jpe?g|png)$/.exec(url.pathname);
    const image = sized
      ? {
          type: sized[3] === 'png' ? 'image/png' : 'image/jpeg',
          bytes: (sized[3] === 'png' ? pngImage : jpegImage)(Number(sized[1]), Number(sized[2])),
        }
      : EXAMPLE_IMAGES[/\.([a-z]+)$/.exec(url.pathname)?.[1] ?? ''];
    if (!image || url.pathname.includes('missing')) {
      return new Response('<h1>Not Found</h1>', { status: 404, headers: { 'content-type': 'text/html' } });
    }
    return new Response(new Uint8Array(image.bytes), {
      status: 200,
      headers: { 'content-type': image.type, 'content-length': String(image.bytes.length) },
    });
  };
  return Object.assign(fake as typeof fetch, { fetched });
}
