import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../../config';
import { parseContentRange, type RangeRequest, rangeHeaderValue } from './byte-range';
import { type MediaStorage, type StorageProbe, StorageUnavailableError } from './media-storage';

export type S3Config = NonNullable<Config['s3']>;

export interface S3StorageOptions {
  /** The transport (tests route virtual-hosted requests to a loopback fake); the global fetch by default. */
  fetch?: typeof fetch;
  /** An upload, headers and body included (60 s: an image of several MB on a slow link). */
  timeoutMs?: number;
  /**
   * A streamed file upload (putFile): its time limit grows with its size, at this many bytes a
   * second at least (1 MB/s: a 1 GB video gets ~17 minutes), never below `timeoutMs`.
   */
  minUploadBytesPerSecond?: number;
  /**
   * Until S3 answers a read or delete (10 s), and then the longest pause between two chunks of a
   * served image: a hanging endpoint must not hold a request (or a publishing job) forever.
   */
  answerTimeoutMs?: number;
  /** The health probe's whole round trip (3 s): /api/health must stay quick. */
  probeTimeoutMs?: number;
}

/**
 * Something S3 answered that is neither success nor "no such key" (a 5xx, refused credentials):
 * the storage is unusable for now. Never carries credentials.
 */
export class S3StorageError extends StorageUnavailableError {
  override name = 'S3StorageError';
  constructor(
    readonly operation: 'put' | 'get' | 'delete',
    readonly status: number,
    readonly code: string,
  ) {
    super(`S3 ${operation} failed: HTTP ${status}${code ? ` (${code})` : ''}`);
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

/** S3's XML error body: its code (`<Code>NoSuchKey</Code>`) and, for InvalidRange, the object's size. */
async function errorBody(response: Response): Promise<{ code: string; actualSize: number | null }> {
  const text = await response.text().catch(() => '');
  const size = /<ActualObjectSize>(\d{1,15})<\/ActualObjectSize>/.exec(text)?.[1];
  return {
    code: /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1] ?? '',
    actualSize: size === undefined ? null : Number(size),
  };
}

const errorCode = async (response: Response) => (await errorBody(response)).code;

/** A request that got no answer (refused, reset, DNS, timed out), in words without secrets. */
function unanswered(error: unknown, method: string): StorageUnavailableError {
  const name = (error as { name?: string } | null)?.name;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  const why =
    name === 'TimeoutError' || name === 'AbortError'
      ? 'it did not answer in time'
      : typeof cause === 'string'
        ? cause
        : 'no answer';
  return new StorageUnavailableError(`S3 ${method} failed: ${why}`, { cause: error });
}

/**
 * The body as a pull stream whose every read from S3 must bring a chunk within `limitMs`, else
 * `stall()` aborts the request. Only time spent waiting on S3 counts: while the reader is slow
 * (a platform's crawler on a thin line), nothing is pulled and no clock runs.
 */
function watchStalls(
  source: ReadableStream<Uint8Array>,
  limitMs: number,
  stall: () => void,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(out) {
        const timer = setTimeout(stall, limitMs);
        try {
          const { done, value } = await reader.read();
          if (done) out.close();
          else out.enqueue(value);
        } finally {
          clearTimeout(timer);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    // Nothing read ahead: a read happens when the consumer asks, so a slow one costs no time.
    { highWaterMark: 0 },
  );
}

/** A probe key that never exists: asking for it costs one GET and stores nothing. */
const PROBE_KEY = 'kitepost-health-probe/absent';

/** What the probe's answer says about the storage (AWS's error codes, which MinIO and R2 share). */
function probeVerdict(status: number, code: string): StorageProbe {
  // 404 NoSuchKey: bucket there, credentials taken. 403 AccessDenied: the signature was accepted
  // but the key may not list the bucket, and "without the s3:ListBucket permission, Amazon S3
  // returns an HTTP status code 403 Access Denied" for a missing key (GetObject, "Permissions":
  // https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetObject.html).
  if (status === 200 || (status === 404 && code !== 'NoSuchBucket') || code === 'AccessDenied') {
    return { ok: true };
  }
  const with_ = code ? ` (${code})` : '';
  if (code === 'NoSuchBucket') return { ok: false, detail: `The S3 bucket does not exist${with_}.` };
  if (code === 'InvalidAccessKeyId' || code === 'SignatureDoesNotMatch') {
    return { ok: false, detail: `The S3 bucket refused our credentials${with_}.` };
  }
  if (code === 'RequestTimeTooSkewed') {
    return { ok: false, detail: `S3 refused our requests: this machine's clock is off${with_}.` };
  }
  if (code === 'AuthorizationHeaderMalformed' || code === 'PermanentRedirect' || status === 301) {
    return { ok: false, detail: `S3 refused our requests: check S3_REGION and S3_ENDPOINT${with_}.` };
  }
  if (status >= 500) return { ok: false, detail: `The S3 endpoint is failing: HTTP ${status}${with_}.` };
  return { ok: false, detail: `S3 refused our requests: HTTP ${status}${with_}.` };
}

/**
 * S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, ...) signed with SigV4 by aws4fetch.
 * The payload hash is signed (not UNSIGNED-PAYLOAD): the server rejects a body altered in transit.
 * Every call has a time limit; a call that gets no answer, a 5xx or refused credentials throws a
 * StorageUnavailableError (S3StorageError when S3 answered), never "no such object".
 */
export function createS3MediaStorage(config: S3Config, options: S3StorageOptions = {}): MediaStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
  });
  const transport = options.fetch ?? fetch;
  const uploadTimeoutMs = options.timeoutMs ?? 60_000;
  const answerTimeoutMs = options.answerTimeoutMs ?? 10_000;
  const probeTimeoutMs = options.probeTimeoutMs ?? 3_000;
  const minUploadBytesPerSecond = options.minUploadBytesPerSecond ?? 1_000_000;

  /**
   * Signs and sends one request under `signal`. `range` is passed on as GetObject's Range header
   * ("Downloads the specified byte range of an object", one range per request:
   * https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetObject.html#API_GetObject_RequestSyntax).
   */
  const send = async (
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    signal: AbortSignal,
    { body, contentType, range }: { body?: Buffer; contentType?: string; range?: RangeRequest } = {},
  ) => {
    const headers: Record<string, string> = {
      'x-amz-content-sha256': createHash('sha256')
        .update(body ?? '')
        .digest('hex'),
    };
    if (contentType) headers['content-type'] = contentType;
    if (range) headers.range = rangeHeaderValue(range);
    const signed = await client.sign(s3ObjectUrl(config, key), {
      method,
      headers,
      // A copy on its own ArrayBuffer: what fetch takes as a body (a Buffer may share a pool).
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
    try {
      return await transport(signed, { signal });
    } catch (error) {
      throw unanswered(error, method);
    }
  };

  /** A GET whose answer is read whole (read, probe) under one deadline. */
  const fetchObject = async (key: string) => {
    const response = await send('GET', key, AbortSignal.timeout(answerTimeoutMs));
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) throw new S3StorageError('get', response.status, await errorCode(response));
    return response;
  };

  return {
    kind: 's3',
    /**
     * One streamed PUT (PutObject takes up to 5 GB in a single request:
     * https://docs.aws.amazon.com/AmazonS3/latest/userguide/upload-objects.html), so nothing is
     * held in memory. The payload hash is still signed: the file is read twice, once to hash it
     * and once to send it, which costs disk reads but never memory.
     */
    async putFile(key, path, contentType) {
      const { size } = await stat(path);
      const hash = createHash('sha256');
      await pipeline(createReadStream(path), hash);
      const url = s3ObjectUrl(config, key);
      const signed = await client.sign(url, {
        method: 'PUT',
        headers: {
          'x-amz-content-sha256': hash.digest('hex'),
          'content-type': contentType,
          'content-length': String(size),
        },
        body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>,
      });
      const timeoutMs = Math.max(uploadTimeoutMs, Math.ceil((size / minUploadBytesPerSecond) * 1000));
      let response: Response;
      try {
        response = await transport(signed, { signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        throw unanswered(error, 'PUT');
      }
      if (!response.ok) throw new S3StorageError('put', response.status, await errorCode(response));
      await response.body?.cancel();
    },

    async put(key, bytes, contentType) {
      const response = await send('PUT', key, AbortSignal.timeout(uploadTimeoutMs), {
        body: bytes,
        contentType,
      });
      if (!response.ok) throw new S3StorageError('put', response.status, await errorCode(response));
      await response.body?.cancel();
    },

    /**
     * Streamed: the answer's headers must come within `answerTimeoutMs`, and then no read of the
     * body from S3 may wait longer (watchStalls); the whole body takes the time its reader takes
     * (a slow platform crawler must not be cut off).
     */
    async get(key, range) {
      const controller = new AbortController();
      const stall = () => controller.abort(new DOMException(`S3 GET ${key} stalled`, 'TimeoutError'));
      const timer = setTimeout(stall, answerTimeoutMs);
      try {
        const response = await send('GET', key, controller.signal, { range });
        if (response.status === 404) {
          await response.body?.cancel();
          return null;
        }
        if (response.status === 416) {
          const fromHeader = parseContentRange(response.headers.get('content-range'))?.size ?? null;
          const { actualSize } = await errorBody(response);
          return { unsatisfiable: true, size: fromHeader ?? actualSize };
        }
        if (!response.ok || !response.body) {
          throw new S3StorageError('get', response.status, await errorCode(response));
        }
        const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
        // 206: the part asked for, its place and the whole size in Content-Range. A 200 to a
        // ranged request is a server that ignored the range: the whole object is served.
        const part =
          response.status === 206 ? parseContentRange(response.headers.get('content-range')) : null;
        if (response.status === 206 && (!part?.range || part.size === null)) {
          await response.body.cancel();
          throw new S3StorageError('get', 206, 'unreadable Content-Range');
        }
        const length = response.headers.get('content-length');
        if (length === null || !/^\d+$/.test(length)) {
          // A chunked answer: the size is only known once read (images are at most a few MB).
          const bytes = Buffer.from(await response.arrayBuffer());
          return part?.range
            ? {
                body: Readable.from([bytes]),
                contentType,
                size: part.size ?? bytes.length,
                range: part.range,
              }
            : { body: Readable.from([bytes]), contentType, size: bytes.length };
        }
        const body = Readable.fromWeb(
          watchStalls(response.body, answerTimeoutMs, stall) as WebReadableStream<Uint8Array>,
        );
        return part?.range && part.size !== null
          ? { body, contentType, size: part.size, range: part.range }
          : { body, contentType, size: Number(length) };
      } catch (error) {
        if (error instanceof StorageUnavailableError) throw error;
        throw unanswered(error, 'GET');
      } finally {
        clearTimeout(timer);
      }
    },

    async read(key) {
      const response = await fetchObject(key);
      if (!response) return null;
      try {
        return Buffer.from(await response.arrayBuffer());
      } catch (error) {
        throw unanswered(error, 'GET');
      }
    },

    async delete(key) {
      const response = await send('DELETE', key, AbortSignal.timeout(answerTimeoutMs));
      // S3 answers 204 whether or not the key existed; some compatible servers answer 404.
      if (!response.ok && response.status !== 404) {
        throw new S3StorageError('delete', response.status, await errorCode(response));
      }
      await response.body?.cancel();
    },

    async probe() {
      try {
        const response = await send('GET', PROBE_KEY, AbortSignal.timeout(probeTimeoutMs));
        const { code } = response.ok ? { code: '' } : await errorBody(response);
        if (response.ok) await response.body?.cancel();
        return probeVerdict(response.status, code);
      } catch (error) {
        const timedOut = /in time/.test((error as Error).message);
        return {
          ok: false,
          detail: timedOut
            ? `The S3 endpoint does not answer (no answer within ${probeTimeoutMs / 1000} s).`
            : `The S3 endpoint does not answer (${(error as Error).message.replace(/^S3 GET failed: /, '')}).`,
        };
      }
    },
  };
}
