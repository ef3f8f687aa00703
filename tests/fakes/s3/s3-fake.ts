import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A loopback S3: PUT, GET and DELETE object, kept in memory. Every request must carry a valid
 * AWS Signature Version 4 for the fake's credentials, recomputed here from the request as
 * received (canonical request, string to sign, derived key: the algorithm as AWS documents it,
 * independently of the client's signer), with a signed payload hash that matches the body.
 * Buckets are read from the path (path style) or from the Host header's first label
 * (virtual-hosted style, `<bucket>.localhost:<port>`). Errors answer S3's XML shape.
 * GET honours one byte range as GetObject documents it (206 with Content-Range; 416 InvalidRange
 * with the object's size when the range starts past the end; several ranges are not S3's and are
 * answered whole): https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetObject.html
 */

export interface FakeS3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  bucket: string;
}

export interface FakeS3Request {
  method: string;
  bucket: string;
  key: string;
  style: 'path' | 'virtual-hosted';
  /** The payload hash the client signed: a hex digest, or UNSIGNED-PAYLOAD. */
  payloadHash: string;
  signedHeaders: string[];
  /** The status the fake answered. */
  status: number;
  /** Why it refused, when it did (S3's error code). */
  errorCode?: string;
}

export interface FakeS3 {
  /** http://127.0.0.1:<port>: a path-style endpoint. */
  baseUrl: string;
  /** http://localhost:<port>: for virtual-hosted style, reached through loopbackFetch. */
  hostnameBaseUrl: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: FakeS3Request[];
  /** The next request answers this status with an S3 error body (after its signature is checked). */
  failNext(status: number, code?: string): void;
  /** The next request is read and never answered (a hanging endpoint), until close(). */
  hangNext(): void;
  /** The next GET of an object sends its headers and half its body, then nothing more, until close(). */
  stallBodyNext(): void;
  /** Each request's Range header, as received ('' without one). */
  ranges: string[];
  close(): Promise<void>;
}

const encodeRfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** The signature AWS would expect for this request, or the reason it cannot be valid. */
function checkSignature(
  req: IncomingMessage,
  body: Buffer,
  creds: FakeS3Credentials,
): { ok: true; payloadHash: string; signedHeaders: string[] } | { ok: false; code: string; status: number } {
  const auth = AUTHORIZATION.exec(req.headers.authorization ?? '');
  if (!auth) return { ok: false, code: 'AccessDenied', status: 403 };
  const [, accessKeyId, date, region, service, signedHeaderList, signature] = auth as unknown as string[];
  if (accessKeyId !== creds.accessKeyId) return { ok: false, code: 'InvalidAccessKeyId', status: 403 };
  if (region !== creds.region || service !== 's3') {
    return { ok: false, code: 'AuthorizationHeaderMalformed', status: 400 };
  }
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== date) {
    return { ok: false, code: 'AccessDenied', status: 403 };
  }
  const signedAt = Date.parse(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );
  if (Math.abs(Date.now() - signedAt) > 15 * 60 * 1000)
    return { ok: false, code: 'RequestTimeTooSkewed', status: 403 };

  const signedHeaders = (signedHeaderList ?? '').split(';');
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
    if (!signedHeaders.includes(required)) return { ok: false, code: 'AccessDenied', status: 403 };
  }
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) {
    return { ok: false, code: 'XAmzContentSHA256Mismatch', status: 400 };
  }

  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?');
  // S3 canonical URI: each segment URI-encoded once (no path normalisation).
  const canonicalUri = rawPath
    .split('/')
    .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = [...new URLSearchParams(rawQuery)]
    .map(([k, v]) => [encodeRfc3986(k), encodeRfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = req.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalRequest = [
    req.method,
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, date ?? ''), region ?? ''), 's3'),
    'aws4_request',
  );
  const expected = Buffer.from(createHmac('sha256', key).update(stringToSign).digest('hex'));
  const given = Buffer.from(signature ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, code: 'SignatureDoesNotMatch', status: 403 };
  }
  return { ok: true, payloadHash, signedHeaders };
}

function sendError(res: ServerResponse, status: number, code: string, extra = '') {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${code}</Message>${extra}</Error>`;
  res.writeHead(status, { 'content-type': 'application/xml' }).end(body);
}

/** One `bytes=` range against a size: its offsets, 'unsatisfiable', or null to answer whole. */
function rangeOf(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '') {
    if (last === '' || Number(last) === 0 || size === 0) return last === '' ? null : 'unsatisfiable';
    return { start: Math.max(0, size - Number(last)), end: size - 1 };
  }
  if (last !== '' && Number(last) < Number(first)) return null;
  if (Number(first) >= size) return 'unsatisfiable';
  return { start: Number(first), end: Math.min(last === '' ? size - 1 : Number(last), size - 1) };
}

export async function startFakeS3(creds: FakeS3Credentials): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: FakeS3Request[] = [];
  const failures: { status: number; code: string }[] = [];
  const ranges: string[] = [];
  let hangs = 0;
  let bodyStalls = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const hostname = (req.headers.host ?? '').replace(/:\d+$/, '');
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const segments = path.split('/').slice(1).map(decodeURIComponent);
      const virtual = hostname.endsWith('.localhost');
      const bucket = virtual ? hostname.slice(0, -'.localhost'.length) : (segments.shift() ?? '');
      const key = segments.join('/');
      const record: FakeS3Request = {
        method: req.method ?? 'GET',
        bucket,
        key,
        style: virtual ? 'virtual-hosted' : 'path',
        payloadHash: String(req.headers['x-amz-content-sha256'] ?? ''),
        signedHeaders: [],
        status: 0,
      };
      requests.push(record);
      ranges.push(String(req.headers.range ?? ''));
      if (hangs > 0) {
        hangs -= 1;
        return;
      }
      const answer = (status: number, code?: string) => {
        record.status = status;
        if (code) {
          record.errorCode = code;
          sendError(res, status, code);
        }
      };

      const signature = checkSignature(req, body, creds);
      if (!signature.ok) return answer(signature.status, signature.code);
      record.signedHeaders = signature.signedHeaders;
      const failure = failures.shift();
      if (failure) return answer(failure.status, failure.code);
      if (bucket !== creds.bucket) return answer(404, 'NoSuchBucket');
      if (!key) return answer(400, 'InvalidRequest');
      const id = `${bucket}/${key}`;

      switch (req.method) {
        case 'PUT': {
          const contentType = req.headers['content-type'] ?? 'binary/octet-stream';
          objects.set(id, { body, contentType });
          answer(200);
          res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
          return;
        }
        case 'GET': {
          const object = objects.get(id);
          if (!object) return answer(404, 'NoSuchKey');
          const size = object.body.length;
          const range = rangeOf(req.headers.range, size);
          if (range === 'unsatisfiable') {
            record.status = 416;
            record.errorCode = 'InvalidRange';
            res.setHeader('content-range', `bytes */${size}`);
            return sendError(
              res,
              416,
              'InvalidRange',
              `<RangeRequested>${req.headers.range}</RangeRequested><ActualObjectSize>${size}</ActualObjectSize>`,
            );
          }
          if (range) {
            answer(206);
            res
              .writeHead(206, {
                'content-type': object.contentType,
                'content-length': String(range.end - range.start + 1),
                'content-range': `bytes ${range.start}-${range.end}/${size}`,
              })
              .end(object.body.subarray(range.start, range.end + 1));
            return;
          }
          answer(200);
          res.writeHead(200, {
            'content-type': object.contentType,
            'content-length': String(object.body.length),
          });
          if (bodyStalls > 0) {
            bodyStalls -= 1;
            res.write(object.body.subarray(0, Math.floor(object.body.length / 2)));
            return;
          }
          res.end(object.body);
          return;
        }
        case 'DELETE':
          objects.delete(id);
          answer(204);
          res.writeHead(204).end();
          return;
        default:
          return answer(405, 'MethodNotAllowed');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    hostnameBaseUrl: `http://localhost:${port}`,
    objects,
    requests,
    failNext: (status, code = 'InternalError') => failures.push({ status, code }),
    hangNext: () => {
      hangs += 1;
    },
    stallBodyNext: () => {
      bodyStalls += 1;
    },
    ranges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A fetch that sends every request to `target` (the fake's address) while keeping the request's
 * own Host header: virtual-hosted names like `bucket.localhost` need no DNS, and the signature,
 * made over that Host, is checked as sent.
 */
export function loopbackFetch(target: string): typeof fetch {
  const to = new URL(target);
  const loopback = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    headers.host = url.host;
    if (body) headers['content-length'] = String(body.length);
    return new Promise<Response>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: to.hostname,
          port: to.port,
          method: request.method,
          path: url.pathname + url.search,
          headers,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => {
            const status = incoming.statusCode ?? 500;
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              if (typeof value === 'string') responseHeaders.set(name, value);
            }
            const noBody = status === 204 || status === 304;
            resolve(
              new Response(noBody ? null : Buffer.concat(chunks), { status, headers: responseHeaders }),
            );
          });
          incoming.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
  return loopback as typeof fetch;
}
