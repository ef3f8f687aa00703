import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_MEDIA_BYTES, type Media, mediaMessages, media as mediaSchema } from '../../src/contracts/media';
import { posts } from '../../src/server/db/schema';
import { findMediaByIds } from '../../src/server/modules/media/media.repository';
import { signedMediaUrl } from '../../src/server/modules/media/media-view';
import { toPublishMedia } from '../../src/server/modules/media/publish-media';
import {
  gifImage,
  imageOf,
  jpegImage,
  multipartBody,
  pngBomb,
  pngHeaderOnly,
  pngImage,
  uploadFile,
  uploadImage,
  webpImage,
} from '../factories/media';
import { asUser, createPost, daysFromNow } from '../factories/posts';
import { randomIp, signUp } from '../factories/users';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

async function member(t: TestApp) {
  const signedUp = await signUp(t.app);
  const { workspace } = signedUp.user as unknown as { workspace: { id: string } };
  return { cookie: signedUp.cookie, workspaceId: workspace.id };
}

describe.each(databaseKinds)('media API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const storageKey = (workspaceId: string, m: Media) => `${workspaceId}/${m.url.split('/').pop()}`;

  describe('upload', () => {
    it('accepts a JPEG, a PNG and a WebP, decoded, re-encoded in their format, with a thumbnail', async () => {
      const { cookie, workspaceId } = await member(t);
      const cases = [
        { kind: 'jpeg', ext: 'jpg', mime: 'image/jpeg', width: 1080, height: 1350 },
        { kind: 'png', ext: 'png', mime: 'image/png', width: 640, height: 480 },
        { kind: 'webp', ext: 'webp', mime: 'image/webp', width: 1200, height: 628 },
      ] as const;
      for (const c of cases) {
        const bytes = imageOf(c.kind, c.width, c.height);
        const response = await uploadFile(t.app, cookie, bytes, {
          fileName: `shop-front.${c.ext}`,
          contentType: c.mime,
        });
        expect(response.statusCode, c.kind).toBe(201);
        const body = mediaSchema.parse(response.json());
        const stored = (await t.ctx.storage.read(`${workspaceId}/${body.id}.${c.ext}`)) ?? Buffer.alloc(0);
        expect(body).toEqual({
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          url: `${TEST_APP_URL}/media/${body.id}.${c.ext}`,
          thumbnailUrl: `${TEST_APP_URL}/media/${body.id}.thumb.webp`,
          mimeType: c.mime,
          // The facts of the file as stored (what platforms get), not of the bytes sent.
          sizeBytes: stored.length,
          width: c.width,
          height: c.height,
          fileName: `shop-front.${c.ext}`,
          createdAt: expect.any(String),
          // An image has no video facts, no poster and no tags yet.
          kind: 'image',
          posterUrl: null,
          durationMs: null,
          frameRate: null,
          videoCodec: null,
          audioCodec: null,
          audioSampleRate: null,
          bitrate: null,
          pageCount: null,
          tags: [],
          // Uploaded, not made by the AI studio (issue 30).
          source: 'upload',
          prompt: null,
          generator: null,
          template: null,
        });
        expect(await sharp(stored).metadata(), c.kind).toMatchObject({
          format: c.kind,
          width: c.width,
          height: c.height,
        });
        const thumbnail = await t.ctx.storage.read(`${workspaceId}/${body.id}.thumb.webp`);
        expect(await sharp(thumbnail ?? Buffer.alloc(0)).metadata(), c.kind).toMatchObject({
          format: 'webp',
          width: 400,
          height: Math.round((400 * c.height) / c.width),
        });
      }
    });

    it('ignores the file name and declared type: a JPEG named .png is a JPEG', async () => {
      const { cookie } = await member(t);
      const response = await uploadFile(t.app, cookie, jpegImage(300, 200), {
        fileName: 'looks-like.png',
        contentType: 'image/png',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ mimeType: 'image/jpeg', fileName: 'looks-like.png' });
      expect(response.json().url).toMatch(/\.jpg$/);
    });

    it('refuses a GIF or text renamed .png, whatever type it declares', async () => {
      const { cookie } = await member(t);
      for (const bytes of [gifImage(), Buffer.from('hello, I am text'), Buffer.from('<svg/>')]) {
        const response = await uploadFile(t.app, cookie, bytes, {
          fileName: 'photo.png',
          contentType: 'image/png',
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: { message: mediaMessages.unsupportedType } });
      }
      expect((await asUser(t.app, cookie).get('/api/media')).json()).toEqual([]);
    });

    it('refuses a broken image as unreadable', async () => {
      const { cookie } = await member(t);
      const jpeg = jpegImage(800, 600);
      for (const bytes of [
        jpeg.subarray(0, 200),
        pngImage(50, 50).subarray(0, 33),
        webpImage(9, 9).subarray(0, 20),
      ]) {
        const response = await uploadFile(t.app, cookie, bytes);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: { message: mediaMessages.unreadable } });
      }
    });

    it('takes an image of exactly the size limit, and stores what it decodes to', async () => {
      const { cookie } = await member(t);
      const image = jpegImage(100, 100);
      // Data after the end marker is allowed (and dropped); it brings the file to the limit.
      const atLimit = Buffer.concat([image, Buffer.alloc(MAX_MEDIA_BYTES - image.length)]);
      const response = await uploadFile(t.app, cookie, atLimit);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ width: 100, height: 100 });
      expect(response.json().sizeBytes).toBeLessThan(10_000);
    });

    it('refuses an image over the limit with 413 while reading it', async () => {
      const { cookie } = await member(t);
      const image = jpegImage(100, 100);
      // Just over: within the multipart allowance, so the stream's limit catches it.
      const justOver = Buffer.concat([image, Buffer.alloc(MAX_MEDIA_BYTES + 1 - image.length)]);
      // Far over: refused as soon as the bytes read pass the image limit (the request's declared
      // length is only refused at once past the limit for videos in one request).
      const farOver = Buffer.concat([image, Buffer.alloc(MAX_MEDIA_BYTES + 256 * 1024)]);
      for (const bytes of [justOver, farOver]) {
        const response = await uploadFile(t.app, cookie, bytes);
        expect(response.statusCode).toBe(413);
        expect(response.json()).toEqual({
          error: { code: 'payload_too_large', message: mediaMessages.tooLarge },
        });
      }
      expect((await asUser(t.app, cookie).get('/api/media')).json()).toEqual([]);
    });

    it('asks for a file when the request has none', async () => {
      const { cookie } = await member(t);
      const send = (headers: Record<string, string>, payload?: string | Buffer) =>
        t.app.inject({
          method: 'POST',
          url: '/api/media',
          headers: { cookie, ...headers },
          remoteAddress: randomIp(),
          ...(payload === undefined ? {} : { payload }),
        });
      const onlyAField = multipartBody([{ name: 'caption', data: 'no file here' }]);
      const wrongField = multipartBody([
        { name: 'image', fileName: 'a.jpg', contentType: 'image/jpeg', data: jpegImage(10, 10) },
      ]);
      const answers = [
        await send({ 'content-type': 'application/json' }, JSON.stringify({ file: 'x' })),
        await send({ 'content-type': 'text/plain' }, 'hello'),
        await send({ 'content-type': 'application/octet-stream' }, jpegImage(10, 10)),
        await send({}),
        await send({ 'content-type': onlyAField.contentType }, onlyAField.payload),
        await send({ 'content-type': wrongField.contentType }, wrongField.payload),
        await send({ 'content-type': 'multipart/form-data' }, '--x\r\n\r\n--x--'),
        await send({ 'content-type': 'multipart/form-data; boundary=zzz' }, 'not multipart at all'),
      ];
      for (const [i, response] of answers.entries()) {
        expect(response.statusCode, `case ${i}: ${response.body}`).toBe(400);
        expect(response.json().error.message, `case ${i}`).toBe(mediaMessages.noFile);
      }
    });

    it('keeps a display name only: no path, no control characters', async () => {
      const { cookie } = await member(t);
      const response = await uploadFile(t.app, cookie, pngImage(4, 4), {
        fileName: 'C:\\fakepath\\our\tlogo.png',
      });
      expect(response.json().fileName).toBe('ourlogo.png');
    });

    it('answers 502, and keeps nothing, when storage fails (for the image or its thumbnail)', async () => {
      const { cookie, workspaceId } = await member(t);
      const original = t.ctx.storage.put.bind(t.ctx.storage);
      const error = vi.spyOn(t.ctx.log, 'error').mockImplementation(() => undefined);
      for (const failing of ['.jpg', '.thumb.webp']) {
        const put = vi
          .spyOn(t.ctx.storage, 'put')
          .mockImplementation(async (key, bytes, contentType) =>
            key.endsWith(failing)
              ? Promise.reject(new Error('disk full'))
              : original(key, bytes, contentType),
          );
        try {
          const response = await uploadFile(t.app, cookie, jpegImage(10, 10));
          expect(response.statusCode, failing).toBe(502);
          expect(response.body).not.toContain('disk full');
          // The image stored before its thumbnail failed is removed again.
          const keys = put.mock.calls.map(([key]) => key);
          for (const key of keys) expect(await t.ctx.storage.read(key), key).toBeNull();
          expect(keys.every((key) => key.startsWith(`${workspaceId}/`))).toBe(true);
        } finally {
          put.mockRestore();
        }
      }
      error.mockRestore();
      expect((await asUser(t.app, cookie).get('/api/media')).json()).toEqual([]);
    });

    it('refuses a signed-out upload with 401', async () => {
      const response = await uploadFile(t.app, undefined, jpegImage(10, 10));
      expect(response.statusCode).toBe(401);
    });
  });

  describe('decoding: images are decoded, never trusted by their header', () => {
    it('strips EXIF and GPS, turns the picture upright, and stores the facts of what it stored', async () => {
      const { cookie, workspaceId } = await member(t);
      const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c04040' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .withExifMerge({
          IFD0: { Make: 'PhoneMaker' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100' },
        })
        .toBuffer();
      expect(photo.includes('PhoneMaker')).toBe(true);
      const response = await uploadFile(t.app, cookie, photo, { fileName: 'IMG_0001.jpg' });
      expect(response.statusCode).toBe(201);
      const uploaded = response.json() as Media;
      // Orientation 6 is a quarter turn: what is shown, and now stored, is 200 wide and 300 high.
      expect(uploaded).toMatchObject({ mimeType: 'image/jpeg', width: 200, height: 300 });
      const served = await t.app.inject({
        method: 'GET',
        url: new URL(uploaded.url).pathname,
        headers: { cookie },
      });
      expect(served.rawPayload.length).toBe(uploaded.sizeBytes);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ width: 200, height: 300 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(served.rawPayload.includes('PhoneMaker')).toBe(false);
      const [row] = await findMediaByIds(t.ctx.database.db, workspaceId, [uploaded.id]);
      expect(row).toMatchObject({ width: 200, height: 300, sizeBytes: served.rawPayload.length });
    });

    it('refuses with a clear 400, storing nothing, a 30000x30000 PNG that is all header and decompression bombs', async () => {
      const { cookie } = await member(t);
      const put = vi.spyOn(t.ctx.storage, 'put');
      try {
        for (const [name, bytes] of [
          ['header-only 30000x30000 PNG', pngHeaderOnly(30_000, 30_000)],
          ['20000x20000 PNG of zeros (~400 KB)', await pngBomb(20_000, 20_000)],
          ['10000x10000 JPEG (~400 KB)', jpegImage(10_000, 10_000)],
          ['16000x16000 WebP (a few bytes)', webpImage(16_000, 16_000)],
        ] as const) {
          const response = await uploadFile(t.app, cookie, bytes, { fileName: 'big.png' });
          expect(response.statusCode, name).toBe(400);
          expect(response.json(), name).toMatchObject({ error: { message: mediaMessages.tooManyPixels } });
        }
        expect(put).not.toHaveBeenCalled();
      } finally {
        put.mockRestore();
      }
      expect((await asUser(t.app, cookie).get('/api/media')).json()).toEqual([]);
    });

    it('refuses a header that promises pixels the file does not hold', async () => {
      const { cookie } = await member(t);
      const response = await uploadFile(t.app, cookie, pngHeaderOnly(640, 480), { fileName: 'forged.png' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { message: mediaMessages.unreadable } });
    });
  });

  describe('read', () => {
    it('lists the workspace uploads newest first, at most 50', async () => {
      const { cookie } = await member(t);
      const other = await member(t);
      await uploadImage(t.app, other.cookie, 'png', { width: 2, height: 2 });
      const uploaded: Media[] = [];
      for (let i = 0; i < 51; i++)
        uploaded.push(await uploadImage(t.app, cookie, 'jpeg', { width: 8, height: 8 }));
      const list = await asUser(t.app, cookie).get('/api/media');
      expect(list.statusCode).toBe(200);
      const ids = list.json().map((m: Media) => m.id);
      expect(ids).toEqual(
        uploaded
          .slice(1)
          .reverse()
          .map((m) => m.id),
      );
    });

    it('reads one upload, and answers 404 for another workspace and 400 for a bad id', async () => {
      const owner = await member(t);
      const stranger = await member(t);
      const image = await uploadImage(t.app, owner.cookie, 'webp', { width: 30, height: 20 });
      const read = await asUser(t.app, owner.cookie).get(`/api/media/${image.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(image);
      expect((await asUser(t.app, stranger.cookie).get(`/api/media/${image.id}`)).statusCode).toBe(404);
      expect((await asUser(t.app, stranger.cookie).get('/api/media')).json()).toEqual([]);
      expect((await asUser(t.app, owner.cookie).get('/api/media/not-an-id')).statusCode).toBe(400);
    });

    it('answers 401 signed out', async () => {
      const { cookie } = await member(t);
      const image = await uploadImage(t.app, cookie);
      for (const [method, url] of [
        ['GET', '/api/media'],
        ['GET', `/api/media/${image.id}`],
        ['DELETE', `/api/media/${image.id}`],
      ] as const) {
        expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
      }
    });
  });

  describe('serving', () => {
    it("serves the stored bytes and the thumbnail to its workspace's session, kept privately for long", async () => {
      const { cookie, workspaceId } = await member(t);
      for (const [kind, ext, mime] of [
        ['jpeg', 'jpg', 'image/jpeg'],
        ['png', 'png', 'image/png'],
        ['webp', 'webp', 'image/webp'],
      ] as const) {
        const uploaded = (await uploadFile(t.app, cookie, imageOf(kind, 120, 90))).json() as Media;
        const url = new URL(uploaded.url);
        expect(url.pathname).toBe(`/media/${uploaded.id}.${ext}`);
        const stored = (await t.ctx.storage.read(`${workspaceId}/${uploaded.id}.${ext}`)) ?? Buffer.alloc(0);
        const served = await t.app.inject({ method: 'GET', url: url.pathname, headers: { cookie } });
        expect(served.statusCode).toBe(200);
        expect(Buffer.compare(served.rawPayload, stored)).toBe(0);
        expect(served.headers).toMatchObject({
          'content-type': mime,
          'content-length': String(uploaded.sizeBytes),
          'cache-control': 'private, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
          'cross-origin-resource-policy': 'cross-origin',
          etag: `"${uploaded.id}"`,
        });
        expect(served.headers['set-cookie']).toBeUndefined();

        const thumbnailPath = new URL(uploaded.thumbnailUrl).pathname;
        expect(thumbnailPath).toBe(`/media/${uploaded.id}.thumb.webp`);
        const thumbnail = await t.app.inject({ method: 'GET', url: thumbnailPath, headers: { cookie } });
        expect(thumbnail.statusCode).toBe(200);
        expect(thumbnail.headers).toMatchObject({
          'content-type': 'image/webp',
          'cache-control': 'private, max-age=31536000, immutable',
          etag: `"${uploaded.id}-thumb"`,
        });
        expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 120 });
      }
    });

    it('answers a revalidation with 304 and a HEAD with the headers alone', async () => {
      const { cookie } = await member(t);
      const uploaded = await uploadImage(t.app, cookie, 'png', { width: 10, height: 10 });
      const path = new URL(uploaded.url).pathname;
      const again = await t.app.inject({
        method: 'GET',
        url: path,
        headers: { cookie, 'if-none-match': `"${uploaded.id}"` },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      const head = await t.app.inject({ method: 'HEAD', url: path, headers: { cookie } });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('image/png');
      expect(head.headers['content-length']).toBe(String(uploaded.sizeBytes));
    });

    it('honours one byte range from the local media folder: 206, 416, and the whole image otherwise', async () => {
      const { cookie } = await member(t);
      const uploaded = await uploadImage(t.app, cookie, 'png', { width: 40, height: 40 });
      const path = new URL(uploaded.url).pathname;
      const size = uploaded.sizeBytes;
      const whole = await t.app.inject({ method: 'GET', url: path, headers: { cookie } });
      expect(whole.headers['accept-ranges']).toBe('bytes');

      const part = await t.app.inject({ method: 'GET', url: path, headers: { cookie, range: 'bytes=8-15' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers).toMatchObject({
        'content-range': `bytes 8-15/${size}`,
        'content-length': '8',
        'content-type': 'image/png',
        'accept-ranges': 'bytes',
        etag: `"${uploaded.id}"`,
      });
      expect(Buffer.compare(part.rawPayload, whole.rawPayload.subarray(8, 16))).toBe(0);

      const rest = await t.app.inject({
        method: 'GET',
        url: path,
        headers: { cookie, range: `bytes=${size - 4}-` },
      });
      expect(rest.statusCode).toBe(206);
      expect(Buffer.compare(rest.rawPayload, whole.rawPayload.subarray(size - 4))).toBe(0);

      for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
        const refused = await t.app.inject({ method: 'GET', url: path, headers: { cookie, range } });
        expect(refused.statusCode, range).toBe(416);
        expect(refused.headers['content-range'], range).toBe(`bytes */${size}`);
      }
      // Not a range we serve: the whole image, never an error.
      for (const range of ['bytes=0-1,4-5', 'items=0-5', 'bytes=9-2', 'nonsense']) {
        const answered = await t.app.inject({ method: 'GET', url: path, headers: { cookie, range } });
        expect(answered.statusCode, range).toBe(200);
        expect(answered.rawPayload.length, range).toBe(size);
      }
      // The thumbnail too.
      const thumbnail = await t.app.inject({
        method: 'GET',
        url: new URL(uploaded.thumbnailUrl).pathname,
        headers: { cookie, range: 'bytes=0-3' },
      });
      expect(thumbnail.statusCode).toBe(206);
      expect(thumbnail.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    });

    it('answers 404, never cached, for unknown names, wrong extensions and lost files', async () => {
      const { cookie, workspaceId } = await member(t);
      const uploaded = await uploadImage(t.app, cookie, 'jpeg', { width: 10, height: 10 });
      for (const path of [
        `/media/${uploaded.id}.png`,
        `/media/${uploaded.id}`,
        '/media/00000000-0000-4000-8000-000000000000.jpg',
        '/media/..%2F..%2Fetc%2Fpasswd',
        `/media/${uploaded.id.toUpperCase()}.jpg`,
        `/media/${uploaded.id}.thumb.jpg`,
        `/media/${uploaded.id}.thumb.png`,
        `/media/${uploaded.id}.thumb`,
      ]) {
        const response = await t.app.inject({ method: 'GET', url: path, headers: { cookie } });
        expect(response.statusCode, path).toBe(404);
        expect(response.headers['cache-control'], path).toBeUndefined();
      }
      await t.ctx.storage.delete(storageKey(workspaceId, uploaded));
      const lost = await t.app.inject({
        method: 'GET',
        url: new URL(uploaded.url).pathname,
        headers: { cookie },
      });
      expect(lost.statusCode).toBe(404);
      expect(lost.headers['cache-control']).toBeUndefined();
    });

    it('is not public by its name: no image without a session of its workspace or a signed link', async () => {
      const { cookie } = await member(t);
      const other = await member(t);
      const uploaded = await uploadImage(t.app, cookie, 'jpeg', { width: 10, height: 10 });
      for (const url of [uploaded.url, uploaded.thumbnailUrl]) {
        const path = new URL(url).pathname;
        for (const headers of [{}, { cookie: other.cookie }]) {
          const refused = await t.app.inject({ method: 'GET', url: path, headers });
          expect(refused.statusCode, path).toBe(404);
          expect(refused.json()).toMatchObject({ error: { message: mediaMessages.notFound } });
          expect(refused.rawPayload.includes(Buffer.from([0xff, 0xd8]))).toBe(false);
        }
      }
    });

    it('opens with a signed link until it expires; a bad or expired signature is a 403 that says so', async () => {
      const { cookie, workspaceId } = await member(t);
      const uploaded = await uploadImage(t.app, cookie, 'jpeg', { width: 10, height: 10 });
      const [row] = await findMediaByIds(t.ctx.database.db, workspaceId, [uploaded.id]);
      if (!row) throw new Error('the upload has no row');
      const now = new Date();
      const link = new URL(signedMediaUrl(t.config.appUrl, row, t.ctx.mediaSigner, now, 600));
      expect(link.origin + link.pathname).toBe(uploaded.url);
      const path = `${link.pathname}${link.search}`;
      const served = await t.app.inject({ method: 'GET', url: path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['cache-control']).toMatch(/^public, max-age=(59\d|600)$/);
      expect(served.rawPayload.length).toBe(uploaded.sizeBytes);
      expect((await t.app.inject({ method: 'HEAD', url: path })).statusCode).toBe(200);

      const exp = link.searchParams.get('exp') ?? '';
      const sig = link.searchParams.get('sig') ?? '';
      const tampered = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
      for (const [url, message] of [
        [`${link.pathname}?exp=${Number(exp) + 3600}&sig=${sig}`, mediaMessages.linkInvalid],
        [`${link.pathname}?exp=${exp}&sig=${tampered}`, mediaMessages.linkInvalid],
        [`${link.pathname}?exp=${exp}`, mediaMessages.linkInvalid],
        [`${link.pathname}?sig=${sig}`, mediaMessages.linkInvalid],
        [`${link.pathname}?exp=soon&sig=${sig}`, mediaMessages.linkInvalid],
        // A link signed for the image does not open its thumbnail.
        [`/media/${uploaded.id}.thumb.webp?exp=${exp}&sig=${sig}`, mediaMessages.linkInvalid],
      ] as const) {
        const refused = await t.app.inject({ method: 'GET', url });
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json(), url).toMatchObject({ error: { message: message } });
      }
      const past = new URL(
        signedMediaUrl(t.config.appUrl, row, t.ctx.mediaSigner, new Date(now.getTime() - 7_200_000), 3600),
      );
      const expired = await t.app.inject({ method: 'GET', url: `${past.pathname}${past.search}` });
      expect(expired.statusCode).toBe(403);
      expect(expired.json()).toMatchObject({ error: { message: mediaMessages.linkExpired } });
      // The workspace's own session opens it whatever the link; another workspace's does not.
      const expiredPath = `${past.pathname}${past.search}`;
      const own = await t.app.inject({ method: 'GET', url: expiredPath, headers: { cookie } });
      expect([own.statusCode, own.headers['cache-control']]).toEqual([
        200,
        'private, max-age=31536000, immutable',
      ]);
      const stranger = await member(t);
      const theirs = await t.app.inject({
        method: 'GET',
        url: expiredPath,
        headers: { cookie: stranger.cookie },
      });
      expect(theirs.statusCode).toBe(403);
      // A link to a deleted image is a plain 404.
      await t.app.inject({ method: 'DELETE', url: `/api/media/${uploaded.id}`, headers: { cookie } });
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    });
  });

  describe('delete', () => {
    const attach = async (
      postId: string,
      mediaId: string,
      status: 'draft' | 'scheduled' | 'publishing' | 'published',
    ) =>
      t.ctx.database.db
        .update(posts)
        .set({
          mediaIds: [mediaId],
          status,
          scheduledAt: status === 'draft' ? null : new Date(daysFromNow(1)),
        })
        .where(eq(posts.id, postId));

    it('deletes an unused image: row, file and URL', async () => {
      const { cookie, workspaceId } = await member(t);
      const image = await uploadImage(t.app, cookie);
      const api = asUser(t.app, cookie);
      expect((await api.delete(`/api/media/${image.id}`)).statusCode).toBe(204);
      expect((await api.get(`/api/media/${image.id}`)).statusCode).toBe(404);
      expect(await t.ctx.storage.read(storageKey(workspaceId, image))).toBeNull();
      expect(await t.ctx.storage.read(`${workspaceId}/${image.id}.thumb.webp`)).toBeNull();
      const served = (url: string) =>
        t.app.inject({ method: 'GET', url: new URL(url).pathname, headers: { cookie } });
      expect((await served(image.url)).statusCode).toBe(404);
      expect((await served(image.thumbnailUrl)).statusCode).toBe(404);
      expect((await api.delete(`/api/media/${image.id}`)).statusCode).toBe(404);
    });

    it('refuses with 409 while a scheduled or publishing post uses it, and allows it otherwise', async () => {
      const { cookie } = await member(t);
      const api = asUser(t.app, cookie);
      for (const status of ['scheduled', 'publishing'] as const) {
        const image = await uploadImage(t.app, cookie);
        const post = await createPost(t.app, cookie);
        await attach(post.id, image.id, status);
        const refused = await api.delete(`/api/media/${image.id}`);
        expect(refused.statusCode, status).toBe(409);
        expect(refused.json().error.message).toMatch(/scheduled post/);
        expect((await api.get(`/api/media/${image.id}`)).statusCode).toBe(200);
      }
      for (const status of ['draft', 'published'] as const) {
        const image = await uploadImage(t.app, cookie);
        const post = await createPost(t.app, cookie);
        await attach(post.id, image.id, status);
        expect((await api.delete(`/api/media/${image.id}`)).statusCode, status).toBe(204);
      }
    });

    it('answers 404 for another workspace image and leaves it alone', async () => {
      const owner = await member(t);
      const stranger = await member(t);
      const image = await uploadImage(t.app, owner.cookie);
      expect((await asUser(t.app, stranger.cookie).delete(`/api/media/${image.id}`)).statusCode).toBe(404);
      expect((await asUser(t.app, owner.cookie).get(`/api/media/${image.id}`)).statusCode).toBe(200);
      expect(await t.ctx.storage.read(storageKey(owner.workspaceId, image))).not.toBeNull();
    });
  });

  it('documents the upload in the OpenAPI document, and parses multipart on that route only', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(docs.paths['/api/media'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(docs.paths['/api/media'].post.requestBody.content['multipart/form-data'].schema).toMatchObject({
      properties: { file: { type: 'string', format: 'binary' } },
    });
    expect(docs.paths['/media/{file}']).toBeUndefined();

    const { cookie } = await member(t);
    const body = multipartBody([{ name: 'file', fileName: 'a.jpg', data: jpegImage(8, 8) }]);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(elsewhere.statusCode).toBe(415);
  });

  describe('for other modules', () => {
    it('findMediaByIds keeps the order asked, within the workspace, skipping unknown ids', async () => {
      const owner = await member(t);
      const stranger = await member(t);
      const a = await uploadImage(t.app, owner.cookie, 'jpeg', { width: 10, height: 10 });
      const b = await uploadImage(t.app, owner.cookie, 'png', { width: 20, height: 10 });
      const theirs = await uploadImage(t.app, stranger.cookie);
      const db = t.ctx.database.db;
      const found = await findMediaByIds(db, owner.workspaceId, [
        b.id,
        'not-a-uuid',
        theirs.id,
        a.id,
        '00000000-0000-4000-8000-000000000000',
      ]);
      expect(found.map((row) => row.id)).toEqual([b.id, a.id]);
      expect(await findMediaByIds(db, owner.workspaceId, [])).toEqual([]);
    });

    it('toPublishMedia gives a signed URL, the facts and the bytes, and says when they are gone', async () => {
      const { cookie, workspaceId } = await member(t);
      const uploaded = (await uploadFile(t.app, cookie, jpegImage(1080, 1080))).json() as Media;
      const [row] = await findMediaByIds(t.ctx.database.db, workspaceId, [uploaded.id]);
      if (!row) throw new Error('the upload has no row');
      const stored = (await t.ctx.storage.read(row.storageKey)) ?? Buffer.alloc(0);
      const media = toPublishMedia(row, t.ctx.storage, {
        appUrl: t.config.appUrl,
        signer: t.ctx.mediaSigner,
        now: new Date(),
      });
      expect(media.url.startsWith(`${uploaded.url}?exp=`)).toBe(true);
      const link = new URL(media.url);
      expect((await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBe(
        200,
      );
      expect(media).toMatchObject({
        mimeType: 'image/jpeg',
        width: 1080,
        height: 1080,
        sizeBytes: stored.length,
      });
      expect(Buffer.compare(await media.read(), stored)).toBe(0);
      await t.ctx.storage.delete(row.storageKey);
      await expect(media.read()).rejects.toThrow(`The image ${uploaded.id} is no longer in media storage`);
    });
  });
});
