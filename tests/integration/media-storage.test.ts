import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createMediaStorage } from '../../src/server/integrations/storage/create-media-storage';
import { createLocalMediaStorage } from '../../src/server/integrations/storage/local-media-storage';
import type { MediaStorage } from '../../src/server/integrations/storage/media-storage';
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
  if (!object) throw new Error(`no object under ${key}`);
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

    const served = await t.app.inject({ method: 'GET', url: `/media/${uploaded.id}.jpg` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-length']).toBe(String(stored.length));
    expect(Buffer.compare(served.rawPayload, stored)).toBe(0);
    const thumbnail = await t.app.inject({ method: 'GET', url: new URL(uploaded.thumbnailUrl).pathname });
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
});
