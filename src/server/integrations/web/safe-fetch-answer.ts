import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

// Reading an answer for the SSRF-safe fetch (safe-fetch.ts): its body, capped after decompression
// (so a small gzip bomb cannot grow), and its media type.

/**
 * The answer's body, decompressed, at most `maxBytes` of it: with 'truncate' the first maxBytes,
 * with 'fail' null when there is more. The connection is closed at the cap, never drained.
 */
export async function readCapped(
  response: IncomingMessage,
  maxBytes: number,
  overLimit: 'fail' | 'truncate',
): Promise<{ body: Buffer; truncated: boolean } | null> {
  const stream = decoded(response);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      if (size + buffer.length > maxBytes) {
        if (overLimit === 'fail') return null;
        chunks.push(buffer.subarray(0, maxBytes - size));
        return { body: Buffer.concat(chunks), truncated: true };
      }
      chunks.push(buffer);
      size += buffer.length;
    }
    return { body: Buffer.concat(chunks), truncated: false };
  } finally {
    // Stops the download at the cap: the connection closes instead of draining the rest.
    response.destroy();
    if (stream !== response) stream.destroy();
  }
}

function decoded(response: IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  if (!decoder) return response;
  response.on('error', (error) => decoder.destroy(error));
  return response.pipe(decoder);
}

export function parseContentType(header: string | undefined): { mediaType: string; charset: string | null } {
  const [type = '', ...params] = (header ?? '').split(';');
  const charset = params
    .map((param) => param.trim().match(/^charset\s*=\s*"?([^";\s]+)"?$/i)?.[1])
    .find((value) => value !== undefined);
  return { mediaType: type.trim().toLowerCase(), charset: charset?.toLowerCase() ?? null };
}
