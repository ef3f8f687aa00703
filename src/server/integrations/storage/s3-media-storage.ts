import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../../config';
import type { MediaStorage } from './media-storage';

export type S3Config = NonNullable<Config['s3']>;

export interface S3StorageOptions {
  /** The transport (tests route virtual-hosted requests to a loopback fake); the global fetch by default. */
  fetch?: typeof fetch;
  /** Per request, headers and body included. */
  timeoutMs?: number;
}

/** Something S3 answered that is neither success nor "no such key"; never carries credentials. */
export class S3StorageError extends Error {
  override name = 'S3StorageError';
  constructor(
    readonly operation: 'put' | 'get' | 'delete',
    readonly status: number,
    detail: string,
  ) {
    super(`S3 ${operation} failed: HTTP ${status}${detail ? ` (${detail})` : ''}`);
  }
}

/** RFC 3986 encoding of one key segment, as SigV4 canonicalises S3 paths (encoded once). */
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Where an object lives. Path style (`<endpoint>/<bucket>/<key>`) suits MinIO and most
 * self-hosted servers; virtual-hosted style (`<bucket>.<endpoint host>/<key>`) is AWS's default
 * and R2's. Without an endpoint, AWS's regional endpoint.
 */
export function s3ObjectUrl(config: S3Config, key: string): string {
  const endpoint = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  const path = key.split('/').map(encodeSegment).join('/');
  const base = endpoint.pathname.replace(/\/$/, '');
  if (config.forcePathStyle) {
    return `${endpoint.origin}${base}/${encodeSegment(config.bucket)}/${path}`;
  }
  return `${endpoint.protocol}//${config.bucket}.${endpoint.host}${base}/${path}`;
}

/** S3's XML error code (`<Code>NoSuchKey</Code>`), for the error message. */
async function errorDetail(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  return /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1] ?? '';
}

/**
 * S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, ...) signed with SigV4 by aws4fetch.
 * The payload hash is signed (not UNSIGNED-PAYLOAD): the server rejects a body altered in transit.
 */
export function createS3MediaStorage(config: S3Config, options: S3StorageOptions = {}): MediaStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
  });
  const transport = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 60_000;

  /**
   * `streamed`: the timeout covers the answer's headers only. The body of a served image then
   * flows at the pace of whoever downloads it (a slow platform crawler must not be cut off).
   */
  const send = async (
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    { body, contentType, streamed = false }: { body?: Buffer; contentType?: string; streamed?: boolean } = {},
  ) => {
    const headers: Record<string, string> = {
      'x-amz-content-sha256': createHash('sha256')
        .update(body ?? '')
        .digest('hex'),
    };
    if (contentType) headers['content-type'] = contentType;
    const signed = await client.sign(s3ObjectUrl(config, key), {
      method,
      headers,
      // A copy on its own ArrayBuffer: what fetch takes as a body (a Buffer may share a pool).
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
    if (!streamed) return transport(signed, { signal: AbortSignal.timeout(timeoutMs) });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`S3 ${method} timed out`)), timeoutMs);
    try {
      return await transport(signed, { signal: controller.signal });
    } finally {
      clearTimeout(timer);
    }
  };

  const fetchObject = async (key: string, streamed: boolean) => {
    const response = await send('GET', key, { streamed });
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok || !response.body)
      throw new S3StorageError('get', response.status, await errorDetail(response));
    return response;
  };

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      const response = await send('PUT', key, { body: bytes, contentType });
      if (!response.ok) throw new S3StorageError('put', response.status, await errorDetail(response));
      await response.body?.cancel();
    },
    async get(key) {
      const response = await fetchObject(key, true);
      if (!response?.body) return null;
      const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
      const length = response.headers.get('content-length');
      if (length === null || !/^\d+$/.test(length)) {
        // A chunked answer: the size is only known once read (images are at most a few MB).
        const bytes = Buffer.from(await response.arrayBuffer());
        return { body: Readable.from([bytes]), contentType, size: bytes.length };
      }
      return {
        body: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        contentType,
        size: Number(length),
      };
    },
    async read(key) {
      const response = await fetchObject(key, false);
      return response ? Buffer.from(await response.arrayBuffer()) : null;
    },
    async delete(key) {
      const response = await send('DELETE', key);
      // S3 answers 204 whether or not the key existed; some compatible servers answer 404.
      if (!response.ok && response.status !== 404) {
        throw new S3StorageError('delete', response.status, await errorDetail(response));
      }
      await response.body?.cancel();
    },
  };
}
