import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createMediaStorage } from '../../src/server/integrations/storage/create-media-storage';
import { createLocalMediaStorage } from '../../src/server/integrations/storage/local-media-storage';
import {
  isRangeNotSatisfiable,
  type MediaStorage,
  StorageUnavailableError,
} from '../../src/server/integrations/storage/media-storage';
import {
  createS3MediaStorage,
  type S3Config,
  S3StorageError,
  s3ObjectUrl,
} from '../../src/server/integrations/storage/s3-media-storage';
import { jpegImage, pngImage, uploadImage } from '../factories/media';
import { signUp } from '../factories/users';
import { type FakeS3, loopbackFetch, startFakeS3 } from '../fakes/s3/s3-fake';
import { buildTestApp, type TestApp } from '../setup/app';

const creds = {
  accessKeyId: 'AKIAKITEPOSTTEST',
  secretAccessKey: 'kitepost/test+secret/key0123456789abcdef',
  region: 'eu-central-1',
  bucket: 'kitepost-media',
};

const s3Config = (overrides: Partial<S3Config>): S3Config => ({
  bucket: creds.bucket,
  region: creds.region,
  endpoint: undefined,
  accessKeyId: creds.accessKeyId,
  secretAccessKey: creds.secretAccessKey,
  forcePathStyle: false,
  ...overrides,
});

const bytesOf = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

describe('s3ObjectUrl', () => {
  it("uses AWS's regional endpoint, virtual-hosted, without an endpoint", () => {
    expect(s3ObjectUrl(s3Config({}), 'ws-1/abc.jpg')).toBe(
      'https://kitepost-media.s3.eu-central-1.amazonaws.com/ws-1/abc.jpg',
    );
  });
  it('puts the bucket in the path with forcePathStyle (MinIO)', () => {
    const config = s3Config({ endpoint: 'http://minio.internal:9000', forcePathStyle: true });
    expect(s3ObjectUrl(config, 'ws-1/abc.png')).toBe(
      'http://minio.internal:9000/kitepost-media/ws-1/abc.png',
    );
  });
  it('puts the bucket in the host of a custom endpoint otherwise (R2)', () => {
    const config = s3Config({ endpoint: 'https://acct.r2.cloudflarestorage.com' });
    expect(s3ObjectUrl(config, 'ws-1/abc.webp')).toBe(
      'https://kitepost-media.acct.r2.cloudflarestorage.com/ws-1/abc.webp',
    );
  });
  it('encodes each key segment once', () => {
    const config = s3Config({ endpoint: 'http://minio:9000', forcePathStyle: true });
    expect(s3ObjectUrl(config, "a b/it's+1.jpg")).toBe(
      'http://minio:9000/kitepost-media/a%20b/it%27s%2B1.jpg',
    );
  });
});

describe('createMediaStorage', () => {
  it('picks S3 when S3_* is configured, else local files', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/kitepost-unused' };
    expect(createMediaStorage(loadConfig(base)).kind).toBe('local');
    const withS3 = loadConfig({
      ...base,
      S3_BUCKET: creds.bucket,
      S3_ACCESS_KEY_ID: creds.accessKeyId,
      S3_SECRET_ACCESS_KEY: creds.secretAccessKey,
    });
    expect(createMediaStorage(withS3).kind).toBe('s3');
  });
});

/** What every storage does, whatever is behind it. */
async function roundTrip(storage: MediaStorage, key: string) {
  const image = pngImage(20, 10);
  await storage.put(key, image, 'image/png');

  const object = await storage.get(key);
  if (!object || isRangeNotSatisfiable(object)) throw new Error(`no object under ${key}`);
  expect(object.contentType).toBe('image/png');
  expect(object.size).toBe(image.length);
  expect(Buffer.compare(await bytesOf(object.body), image)).toBe(0);
  expect(Buffer.compare((await storage.read(key)) ?? Buffer.alloc(0), image)).toBe(0);

  await storage.delete(key);
  expect(await storage.get(key)).toBeNull();
  expect(await storage.read(key)).toBeNull();
  // Deleting what is gone is not an error.
  await storage.delete(key);
}

/** Byte ranges (RFC 9110 §14), whatever is behind the storage. */
async function ranges(storage: MediaStorage, key: string) {
  const image = pngImage(40, 30);
  const size = image.length;
  await storage.put(key, image, 'image/png');
  const part = async (range: Parameters<MediaStorage['get']>[1]) => {
    const object = await storage.get(key, range);
    if (!object || isRangeNotSatisfiable(object)) throw new Error(`no part of ${key}`);
    return { range: object.range, size: object.size, bytes: await bytesOf(object.body) };
  };
  expect(await part({ first: 0, last: 9 })).toEqual({
    range: { start: 0, end: 9 },
    size,
    bytes: image.subarray(0, 10),
  });
  expect(await part({ first: 10 })).toEqual({
    range: { start: 10, end: size - 1 },
    size,
    bytes: image.subarray(10),
  });
  expect(await part({ suffix: 7 })).toEqual({
    range: { start: size - 7, end: size - 1 },
    size,
    bytes: image.subarray(size - 7),
  });
  expect(await part({ first: 5, last: size + 100 })).toMatchObject({ range: { start: 5, end: size - 1 } });
  expect(await storage.get(key, { first: size })).toEqual({ unsatisfiable: true, size });
  expect(await storage.get(`${key}.missing`, { first: 0, last: 1 })).toBeNull();
  await storage.delete(key);
}

describe('S3 media storage against a loopback S3', () => {
  let fake: FakeS3;
  beforeAll(async () => {
    fake = await startFakeS3(creds);
  });
  afterAll(() => fake.close());

  it('puts, gets, reads and deletes path-style objects with verified SigV4 signatures', async () => {
    const storage = createS3MediaStorage(s3Config({ endpoint: fake.baseUrl, forcePathStyle: true }));
    expect(storage.kind).toBe('s3');
    const from = fake.requests.length;
    await roundTrip(storage, 'ws-path/0001.png');
    const seen = fake.requests.slice(from);
    expect(seen.map((r) => `${r.method} ${r.status}`)).toEqual([
      'PUT 200',
      'GET 200',
      'GET 200',
      'DELETE 204',
      'GET 404',
      'GET 404',
      'DELETE 204',
    ]);
    for (const request of seen) {
      expect(request).toMatchObject({ bucket: creds.bucket, key: 'ws-path/0001.png', style: 'path' });
      expect(request.signedHeaders).toEqual(
        expect.arrayContaining(['host', 'x-amz-content-sha256', 'x-amz-date']),
      );
    }
    // The payload is signed, not UNSIGNED-PAYLOAD.
    expect(seen[0]?.payloadHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('stores the bytes and content type S3 was given', async () => {
    const storage = createS3MediaStorage(s3Config({ endpoint: fake.baseUrl, forcePathStyle: true }));
    const image = jpegImage(64, 48);
    await storage.put('ws-bytes/photo.jpg', image, 'image/jpeg');
    const stored = fake.objects.get(`${creds.bucket}/ws-bytes/photo.jpg`);
    expect(stored?.contentType).toBe('image/jpeg');
    expect(Buffer.compare(stored?.body ?? Buffer.alloc(0), image)).toBe(0);
  });

  it('streams a file into one signed PUT (putFile), and reports a refusal as unavailable', async () => {
    const storage = createS3MediaStorage(s3Config({ endpoint: fake.baseUrl, forcePathStyle: true }));
    const dir = mkdtempSync(join(tmpdir(), 'kitepost-putfile-'));
    try {
      const bytes = randomBytes(3 * 1024 * 1024 + 17);
      const file = join(dir, 'video.mp4');
      writeFileSync(file, bytes);
      const from = fake.requests.length;
      await storage.putFile('ws-file/clip.mp4', file, 'video/mp4');
      const stored = fake.objects.get(`${creds.bucket}/ws-file/clip.mp4`);
      expect(stored?.contentType).toBe('video/mp4');
      expect(stored?.body.equals(bytes)).toBe(true);
      // One request, whose signed payload hash the fake checked against the body it received.
      const seen = fake.requests.slice(from);
      expect(seen.map((r) => `${r.method} ${r.status}`)).toEqual(['PUT 200']);
      expect(seen[0]?.payloadHash).toMatch(/^[0-9a-f]{64}$/);
      fake.failNext(500);
      await expect(storage.putFile('ws-file/other.mp4', file, 'video/mp4')).rejects.toBeInstanceOf(
        StorageUnavailableError,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('addresses the bucket by host name in virtual-hosted style', async () => {
    const storage = createS3MediaStorage(s3Config({ endpoint: fake.hostnameBaseUrl }), {
      fetch: loopbackFetch(fake.baseUrl),
    });
    const from = fake.requests.length;
    await roundTrip(storage, 'ws-virtual/0002.png');
    const seen = fake.requests.slice(from);
    expect(seen.length).toBe(7);
    for (const request of seen) {
      expect(request).toMatchObject({
        bucket: creds.bucket,
        key: 'ws-virtual/0002.png',
        style: 'virtual-hosted',
      });
      expect(request.errorCode === undefined || request.errorCode === 'NoSuchKey').toBe(true);
    }
  });

  it('is refused with a wrong secret, and says so without the secret', async () => {
    const storage = createS3MediaStorage(
      s3Config({ endpoint: fake.baseUrl, forcePathStyle: true, secretAccessKey: 'not-the-secret' }),
    );
    const failure = await storage
      .put('ws-denied/x.png', pngImage(2, 2), 'image/png')
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(S3StorageError);
    expect((failure as S3StorageError).status).toBe(403);
    expect((failure as Error).message).toContain('SignatureDoesNotMatch');
    expect((failure as Error).message).not.toContain('not-the-secret');
    expect(fake.objects.has(`${creds.bucket}/ws-denied/x.png`)).toBe(false);
  });

  it('is refused when the body is changed after signing', async () => {
    const tamper: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const body = Buffer.from(await request.arrayBuffer());
      const last = body.length - 1;
      body.writeUInt8(body.readUInt8(last) ^ 0xff, last);
      return fetch(request.url, { method: request.method, headers: request.headers, body });
    };
    const storage = createS3MediaStorage(s3Config({ endpoint: fake.baseUrl, forcePathStyle: true }), {
      fetch: tamper,
    });
    const failure = await storage
      .put('ws-tamper/x.png', pngImage(2, 2), 'image/png')
      .catch((e: unknown) => e);
    expect((failure as S3StorageError).status).toBe(400);
    expect((failure as Error).message).toContain('XAmzContentSHA256Mismatch');
  });

  it('reports an S3 failure on read as an error, not as a missing object', async () => {
    const storage = createS3MediaStorage(s3Config({ endpoint: fake.baseUrl, forcePathStyle: true }));
    fake.failNext(503, 'SlowDown');
    await expect(storage.read('ws-any/x.png')).rejects.toThrow(/HTTP 503 \(SlowDown\)/);
  });

  it('passes a range on to S3 (GetObject Range) and reads its 206 and 416', async () => {
    const storage = createS3MediaStorage(s3Config({ endpoint: fake.baseUrl, forcePathStyle: true }));
    const from = fake.ranges.length;
    await ranges(storage, 'ws-range/0004.png');
    // Only the part travels: S3 was asked for it, not for the whole object.
    expect(fake.ranges.slice(from)).toEqual([
      '', // the put
      'bytes=0-9',
      'bytes=10-',
      'bytes=-7',
      expect.stringMatching(/^bytes=5-\d+$/),
      expect.stringMatching(/^bytes=\d+-$/),
      'bytes=0-1',
      '', // the delete
    ]);
  });

  it('gives up on an endpoint that does not answer, at its time limit, as unavailable', async () => {
    const storage = createS3MediaStorage(s3Config({ endpoint: fake.baseUrl, forcePathStyle: true }), {
      answerTimeoutMs: 200,
    });
    for (const call of [
      () => storage.get('ws-hang/x.png'),
      () => storage.read('ws-hang/x.png'),
      () => storage.delete('ws-hang/x.png'),
    ]) {
      fake.hangNext();
      const started = Date.now();
      const failure = await call().catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(StorageUnavailableError);
      expect((failure as Error).message).toMatch(/did not answer in time/);
      expect(Date.now() - started).toBeLessThan(3_000);
    }
  });

  it('cuts a served body off when S3 stops sending it, but never a slow reader', async () => {
    const storage = createS3MediaStorage(s3Config({ endpoint: fake.baseUrl, forcePathStyle: true }), {
      answerTimeoutMs: 300,
    });
    // Random bytes do not compress: several MB are many chunks, and the sockets fill up.
    const big = randomBytes(8 * 1024 * 1024);
    await storage.put('ws-big/slow.png', big, 'image/png');

    const slow = await storage.get('ws-big/slow.png');
    if (!slow || isRangeNotSatisfiable(slow)) throw new Error('no object');
    const chunks: Buffer[] = [];
    for await (const chunk of slow.body) {
      chunks.push(Buffer.from(chunk as Buffer));
      // A reader slower than the time limit, many times over: S3 is waiting on us, not we on it.
      if (chunks.length <= 3) await sleep(400);
    }
    expect(Buffer.concat(chunks).equals(big)).toBe(true);

    fake.stallBodyNext();
    const stalled = await storage.get('ws-big/slow.png');
    if (!stalled || isRangeNotSatisfiable(stalled)) throw new Error('no object');
    const started = Date.now();
    await expect(bytesOf(stalled.body)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
    await storage.delete('ws-big/slow.png');
  });

  it('reports a 5xx on get as unavailable, not as a missing object', async () => {
    const storage = createS3MediaStorage(s3Config({ endpoint: fake.baseUrl, forcePathStyle: true }));
    fake.failNext(500, 'InternalError');
    await expect(storage.get('ws-any/y.png')).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  it('probes the bucket: ok, or what is wrong in words without the secret', async () => {
    const probe = (overrides: Partial<S3Config>, options = {}) =>
      createS3MediaStorage(
        s3Config({ endpoint: fake.baseUrl, forcePathStyle: true, ...overrides }),
        options,
      ).probe();
    expect(await probe({})).toEqual({ ok: true });
    const wrongSecret = await probe({ secretAccessKey: 'not-the-secret' });
    expect(wrongSecret).toEqual({
      ok: false,
      detail: 'The S3 bucket refused our credentials (SignatureDoesNotMatch).',
    });
    expect(await probe({ accessKeyId: 'AKIAUNKNOWN' })).toEqual({
      ok: false,
      detail: 'The S3 bucket refused our credentials (InvalidAccessKeyId).',
    });
    expect(await probe({ bucket: 'someone-elses' })).toEqual({
      ok: false,
      detail: 'The S3 bucket does not exist (NoSuchBucket).',
    });
    fake.failNext(503, 'SlowDown');
    expect(await probe({})).toEqual({
      ok: false,
      detail: 'The S3 endpoint is failing: HTTP 503 (SlowDown).',
    });
    fake.hangNext();
    expect(await probe({}, { probeTimeoutMs: 200 })).toEqual({
      ok: false,
      detail: 'The S3 endpoint does not answer (no answer within 0.2 s).',
    });
  });

  it('says an endpoint that refuses connections does not answer', async () => {
    const closed = await startFakeS3(creds);
    await closed.close();
    const storage = createS3MediaStorage(s3Config({ endpoint: closed.baseUrl, forcePathStyle: true }));
    expect(await storage.probe()).toEqual({
      ok: false,
      detail: 'The S3 endpoint does not answer (ECONNREFUSED).',
    });
    await expect(storage.get('ws/x.png')).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  it('refuses another bucket', async () => {
    const storage = createS3MediaStorage(
      s3Config({ endpoint: fake.baseUrl, forcePathStyle: true, bucket: 'someone-elses' }),
    );
    await expect(storage.put('k.png', pngImage(2, 2), 'image/png')).rejects.toThrow(/NoSuchBucket/);
  });
});

describe('local media storage', () => {
  it('puts, gets, reads and deletes files, and keeps keys inside its folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'kitepost-media-'));
    try {
      const storage = createLocalMediaStorage(root);
      await roundTrip(storage, 'ws-local/0003.png');
      await expect(storage.put('../escape.png', pngImage(2, 2), 'image/png')).rejects.toThrow(/escapes/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('serves byte ranges from the file', async () => {
    const root = mkdtempSync(join(tmpdir(), 'kitepost-media-'));
    try {
      await ranges(createLocalMediaStorage(root), 'ws-local/0005.png');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('probes the media folder: ok when it takes a file, else why not', async () => {
    const root = mkdtempSync(join(tmpdir(), 'kitepost-media-'));
    try {
      expect(await createLocalMediaStorage(join(root, 'media')).probe()).toEqual({ ok: true });
      // A file where the folder should be: nothing can be stored there.
      writeFileSync(join(root, 'blocked'), 'not a folder');
      const blocked = await createLocalMediaStorage(join(root, 'blocked')).probe();
      expect(blocked).toEqual({
        ok: false,
        detail: expect.stringMatching(/^The media folder \(DATA_DIR\/media\) is not writable \(E[A-Z]+\)\.$/),
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the app on S3 storage', () => {
  let fake: FakeS3;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeS3(creds);
    t = await buildTestApp('pglite', {
      S3_BUCKET: creds.bucket,
      S3_REGION: creds.region,
      S3_ENDPOINT: fake.baseUrl,
      S3_ACCESS_KEY_ID: creds.accessKeyId,
      S3_SECRET_ACCESS_KEY: creds.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('stores uploads and their thumbnails in the bucket, serves them from it and deletes them from it', async () => {
    expect(t.ctx.storage.kind).toBe('s3');
    const { cookie } = await signUp(t.app);
    const uploaded = await uploadImage(t.app, cookie, 'jpeg', { width: 800, height: 600 });

    const keys = [...fake.objects.keys()].filter((key) => key.includes(`/${uploaded.id}.`)).sort();
    expect(keys).toHaveLength(2);
    const [key = '', thumbnailKey = ''] = keys;
    expect(key).toMatch(new RegExp(`^${creds.bucket}/[0-9a-f-]{36}/${uploaded.id}\\.jpg$`));
    expect(thumbnailKey).toBe(key.replace(/\.jpg$/, '.thumb.webp'));
    // What the bucket holds is the re-encoded file, and the facts are its own.
    const stored = fake.objects.get(key)?.body ?? Buffer.alloc(0);
    expect(stored.length).toBe(uploaded.sizeBytes);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
    expect(fake.objects.get(thumbnailKey)?.contentType).toBe('image/webp');

    const served = await t.app.inject({
      method: 'GET',
      url: `/media/${uploaded.id}.jpg`,
      headers: { cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-length']).toBe(String(stored.length));
    expect(Buffer.compare(served.rawPayload, stored)).toBe(0);
    const thumbnail = await t.app.inject({
      method: 'GET',
      url: new URL(uploaded.thumbnailUrl).pathname,
      headers: { cookie },
    });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${uploaded.id}`,
      headers: { cookie },
    });
    expect(removed.statusCode).toBe(204);
    expect(fake.objects.has(key)).toBe(false);
    expect(fake.objects.has(thumbnailKey)).toBe(false);
  });

  it('answers 502 when the bucket refuses an upload, and keeps no row', async () => {
    const { cookie } = await signUp(t.app);
    fake.failNext(500);
    const logged = vi.spyOn(t.ctx.log, 'error').mockImplementation(() => undefined);
    try {
      await expect(uploadImage(t.app, cookie)).rejects.toThrow(/upload failed: 502/);
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ storageKey: expect.stringMatching(/\.jpg$/) }),
        'media storage refused an upload',
      );
    } finally {
      logged.mockRestore();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie } })).json()).toEqual(
      [],
    );
  });
  it('reports the bucket in /api/health', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().checks.storage).toEqual({ status: 'ok' });
  });

  it('honours byte ranges on served images, asking S3 for the range only', async () => {
    const { cookie } = await signUp(t.app);
    const uploaded = await uploadImage(t.app, cookie, 'png', { width: 64, height: 48 });
    const url = `/media/${uploaded.id}.png`;
    const whole = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = whole.rawPayload.length;

    const from = fake.ranges.length;
    const part = await t.app.inject({ method: 'GET', url, headers: { cookie, range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(part.rawPayload, whole.rawPayload.subarray(0, 100))).toBe(0);
    expect(fake.ranges.slice(from)).toEqual(['bytes=0-99']);

    const tail = await t.app.inject({ method: 'GET', url, headers: { cookie, range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(Buffer.compare(tail.rawPayload, whole.rawPayload.subarray(size - 10))).toBe(0);

    const beyond = await t.app.inject({ method: 'GET', url, headers: { cookie, range: `bytes=${size}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);

    // Another validator in If-Range: the client's copy is not ours, so the whole image.
    const stale = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie, range: 'bytes=0-9', 'if-range': '"some-other-etag"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(size);
    // Several ranges are answered whole (RFC 9110 §14.2 lets a server ignore Range).
    const several = await t.app.inject({ method: 'GET', url, headers: { cookie, range: 'bytes=0-1,5-6' } });
    expect(several.statusCode).toBe(200);
  });

  it('answers 503 with Retry-After while S3 fails, and 404 for an object that is gone', async () => {
    const { cookie } = await signUp(t.app);
    const uploaded = await uploadImage(t.app, cookie);
    const url = `/media/${uploaded.id}.jpg`;
    const warned = vi.spyOn(t.ctx.log, 'warn');
    try {
      fake.failNext(503, 'SlowDown');
      const down = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('30');
      expect(down.json().error.message).toBe(
        'Images cannot be loaded right now: the media storage does not answer. Please try again in a moment.',
      );
      expect(warned).toHaveBeenCalledWith(
        expect.objectContaining({ mediaId: uploaded.id }),
        'media storage unavailable',
      );
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(200);

      for (const key of fake.objects.keys())
        if (key.endsWith(`/${uploaded.id}.jpg`)) fake.objects.delete(key);
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(404);
    } finally {
      warned.mockRestore();
    }
  });
});

describe('the app while S3 does not answer', () => {
  let fake: FakeS3;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeS3(creds);
    t = await buildTestApp('pglite', {
      S3_BUCKET: creds.bucket,
      S3_REGION: creds.region,
      S3_ENDPOINT: fake.baseUrl,
      S3_ACCESS_KEY_ID: creds.accessKeyId,
      S3_SECRET_ACCESS_KEY: creds.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers 503 with Retry-After for an image, not 500', async () => {
    const { cookie } = await signUp(t.app);
    const uploaded = await uploadImage(t.app, cookie);
    await fake.close(); // connections are refused from now on
    const warned = vi.spyOn(t.ctx.log, 'warn').mockImplementation(() => undefined);
    try {
      for (const url of [`/media/${uploaded.id}.jpg`, new URL(uploaded.thumbnailUrl).pathname]) {
        const served = await t.app.inject({ method: 'GET', url, headers: { cookie, range: 'bytes=0-9' } });
        expect(served.statusCode).toBe(503);
        expect(served.headers['retry-after']).toBe('30');
      }
    } finally {
      warned.mockRestore();
    }
  });
});

describe('the app when S3 refuses its credentials', () => {
  let fake: FakeS3;
  let t: TestApp;
  const lines: string[] = [];
  const wrongSecret = 'wrong/secret+0123456789abcdefghij';
  beforeAll(async () => {
    fake = await startFakeS3(creds);
    t = await buildTestApp(
      'pglite',
      {
        S3_BUCKET: creds.bucket,
        S3_REGION: creds.region,
        S3_ENDPOINT: fake.baseUrl,
        S3_ACCESS_KEY_ID: creds.accessKeyId,
        S3_SECRET_ACCESS_KEY: wrongSecret,
        S3_FORCE_PATH_STYLE: 'true',
        LOG_LEVEL: 'warn',
      },
      { logStream: { write: (line) => lines.push(line) } },
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('says so in /api/health (200, degraded) and in a warning at start, never with the secret', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({
      status: 'degraded',
      checks: {
        database: { status: 'ok' },
        storage: {
          status: 'unreachable',
          detail: 'The S3 bucket refused our credentials (SignatureDoesNotMatch).',
        },
      },
    });
    expect(health.body).not.toContain(wrongSecret);
    await vi.waitFor(() => expect(lines.join('')).toContain('media storage unusable'));
    const warning = lines.find((line) => line.includes('media storage unusable')) ?? '';
    expect(JSON.parse(warning)).toMatchObject({ level: 40, storage: 's3' });
    expect(lines.join('')).not.toContain(wrongSecret);
    // One probe served both the start-up warning and the health check (cached for 30 s).
    expect(fake.requests.filter((r) => r.key === 'kitepost-health-probe/absent')).toHaveLength(1);
  });
});
