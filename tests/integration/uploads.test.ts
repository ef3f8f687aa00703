import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_MEDIA_BYTES,
  MAX_SIMPLE_VIDEO_BYTES,
  MAX_VIDEO_BYTES,
  type Media,
  mediaMessages,
  media as mediaSchema,
} from '../../src/contracts/media';
import { media as mediaTable } from '../../src/server/db/schema';
import { posterFileName, signedMediaUrl } from '../../src/server/modules/media/media-view';
import { jpegImage, multipartBody, uploadFile } from '../factories/media';
import { asUser } from '../factories/posts';
import { addMember, setWorkspacePlan } from '../factories/team';
import { randomIp, signUp } from '../factories/users';
import { makeVideo, readFixture } from '../factories/video';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

async function member(t: TestApp) {
  const signedUp = await signUp(t.app);
  const { workspace } = signedUp.user as unknown as { workspace: { id: string } };
  return { cookie: signedUp.cookie, workspaceId: workspace.id };
}

const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');
const metadataHeader = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');

/** One tus request through the real app (tus 1.0: every request but OPTIONS says Tus-Resumable). */
function tus(
  t: TestApp,
  cookie: string | undefined,
  method: 'POST' | 'HEAD' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
  payload?: Buffer,
) {
  return t.app.inject({
    method,
    url,
    headers: { 'tus-resumable': '1.0.0', ...(cookie ? { cookie } : {}), ...headers },
    remoteAddress: randomIp(),
    ...(payload ? { payload } : {}),
  });
}

/** Starts an upload; returns its URL (the Location). */
async function createUpload(
  t: TestApp,
  cookie: string,
  length: number,
  metadata: Record<string, string> = { filename: 'clip.mp4', filetype: 'video/mp4' },
) {
  const response = await tus(t, cookie, 'POST', '/api/uploads', {
    'upload-length': String(length),
    'upload-metadata': metadataHeader(metadata),
  });
  expect(response.statusCode, response.body).toBe(201);
  const location = String(response.headers.location);
  expect(location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
  return location;
}

const patch = (t: TestApp, cookie: string, url: string, offset: number, bytes: Buffer) =>
  tus(
    t,
    cookie,
    'PATCH',
    url,
    { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
  );

/** Sends the whole file from `from` in `parts` PATCHes; returns the last answer. */
async function sendInParts(t: TestApp, cookie: string, url: string, bytes: Buffer, parts: number, from = 0) {
  const size = Math.ceil((bytes.length - from) / parts);
  let offset = from;
  let last: Awaited<ReturnType<typeof patch>> | undefined;
  while (offset < bytes.length) {
    const chunk = bytes.subarray(offset, offset + size);
    last = await patch(t, cookie, url, offset, chunk);
    offset += chunk.length;
    if (offset < bytes.length) {
      expect(last.statusCode, last.body).toBe(204);
      expect(last.headers['upload-offset']).toBe(String(offset));
    }
  }
  if (!last) throw new Error('nothing sent');
  return last;
}

const partialUploads = (t: TestApp) => {
  const dir = join(t.config.dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe.each(databaseKinds)('resumable uploads on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('takes a video in several PATCHes and answers the last one with the probed Media', async () => {
    const { cookie, workspaceId } = await member(t);
    const bytes = readFixture('vertical');
    const url = await createUpload(t, cookie, bytes.length, { filename: 'reel.mp4', filetype: 'video/mp4' });
    const id = url.split('/').pop() as string;
    // Nothing yet: the offset is 0 and the length is the declared one.
    const head = await tus(t, cookie, 'HEAD', url);
    expect(head.statusCode).toBe(200);
    expect(head.headers).toMatchObject({ 'upload-offset': '0', 'upload-length': String(bytes.length) });

    const last = await sendInParts(t, cookie, url, bytes, 3);
    expect(last.statusCode, last.body).toBe(200);
    const body = mediaSchema.parse(last.json());
    expect(body).toEqual({
      id,
      kind: 'video',
      url: `${TEST_APP_URL}/media/${id}.mp4`,
      thumbnailUrl: `${TEST_APP_URL}/media/${id}.thumb.webp`,
      posterUrl: `${TEST_APP_URL}/media/${id}.poster.jpg`,
      mimeType: 'video/mp4',
      sizeBytes: bytes.length,
      width: 540,
      height: 960,
      durationMs: expect.any(Number),
      frameRate: 30,
      videoCodec: 'h264',
      audioCodec: 'aac',
      audioSampleRate: 48000,
      bitrate: expect.any(Number),
      pageCount: null,
      tags: [],
      // Uploaded, not made by the AI studio (issue 30).
      source: 'upload',
      prompt: null,
      generator: null,
      template: null,
      fileName: 'reel.mp4',
      createdAt: expect.any(String),
    });
    expect(body.durationMs).toBeGreaterThanOrEqual(3400);
    expect(body.durationMs).toBeLessThanOrEqual(3600);
    expect(body.bitrate).toBeGreaterThan(10_000);
    // The same Media later, by the upload's id; the partial file is gone.
    const again = await asUser(t.app, cookie).get(`/api/uploads/${id}/media`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    expect(partialUploads(t).filter((name) => name.startsWith(id))).toEqual([]);

    // The row holds the probe's facts and the poster's key.
    const [row] = await t.ctx.database.db.select().from(mediaTable).where(eq(mediaTable.id, id));
    expect(row).toMatchObject({
      workspaceId,
      kind: 'video',
      storageKey: `${workspaceId}/${id}.mp4`,
      posterKey: `${workspaceId}/${id}.poster.jpg`,
      thumbnailKey: `${workspaceId}/${id}.thumb.webp`,
      videoCodec: 'h264',
    });
    // The stored video is the uploaded bytes; the poster a JPEG of the video's size, its thumbnail a WebP.
    expect((await t.ctx.storage.read(`${workspaceId}/${id}.mp4`))?.equals(bytes)).toBe(true);
    const poster = await asUser(t.app, cookie).get(`/media/${id}.poster.jpg`);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(poster.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 540,
      height: 960,
    });
    const thumbnail = await asUser(t.app, cookie).get(`/media/${id}.thumb.webp`);
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400 });
  });

  it('serves the video with byte ranges, and the poster by a signed link without a session', async () => {
    const { cookie } = await member(t);
    const bytes = readFixture('landscape');
    const url = await createUpload(t, cookie, bytes.length);
    const uploaded = mediaSchema.parse((await sendInParts(t, cookie, url, bytes, 2)).json());
    expect(uploaded).toMatchObject({ width: 320, height: 180, frameRate: 25, audioSampleRate: 44100 });
    const file = `/media/${uploaded.id}.mp4`;

    const whole = await asUser(t.app, cookie).get(file);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes' });
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const ranged = await t.app.inject({
      method: 'GET',
      url: file,
      headers: { cookie, range: 'bytes=100-1099' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-1099/${bytes.length}`);
    expect(ranged.rawPayload.equals(bytes.subarray(100, 1100))).toBe(true);
    // A player seeking to the end asks for the tail.
    const tail = await t.app.inject({ method: 'GET', url: file, headers: { cookie, range: 'bytes=-500' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 500))).toBe(true);
    const past = await t.app.inject({
      method: 'GET',
      url: file,
      headers: { cookie, range: `bytes=${bytes.length + 10}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);

    // Signed links open the video and its poster for a platform (no session); unsigned they do not.
    const row = { id: uploaded.id, mimeType: uploaded.mimeType };
    const signedVideo = signedMediaUrl(TEST_APP_URL, row, t.ctx.mediaSigner, new Date());
    const signedPoster = signedMediaUrl(
      TEST_APP_URL,
      row,
      t.ctx.mediaSigner,
      new Date(),
      undefined,
      posterFileName(row),
    );
    const video = await t.app.inject({ method: 'GET', url: signedVideo.slice(TEST_APP_URL.length) });
    expect(video.statusCode).toBe(200);
    expect(video.rawPayload.equals(bytes)).toBe(true);
    const poster = await t.app.inject({ method: 'GET', url: signedPoster.slice(TEST_APP_URL.length) });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    // The video's signature does not open the poster.
    const query = signedVideo.split('?')[1];
    const swapped = await t.app.inject({ method: 'GET', url: `/media/${posterFileName(row)}?${query}` });
    expect(swapped.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: file })).statusCode).toBe(404);
  });

  it('resumes after a PATCH cut off mid-way: HEAD says the offset, the rest goes from there', async () => {
    const { cookie } = await member(t);
    const bytes = readFixture('vertical');
    const url = await createUpload(t, cookie, bytes.length);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    // Half of it arrives before the connection drops.
    const sent = 16 * 1024;
    await new Promise<void>((resolve) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: url,
        headers: {
          cookie,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          // The whole rest is announced; only part of it comes before the connection drops.
          'content-length': String(bytes.length),
        },
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write(bytes.subarray(0, sent), () => {
        setTimeout(() => request.destroy(), 300);
      });
    });
    // The server keeps what arrived; HEAD says how much (wait for the cut write to settle).
    let offset = 0;
    for (let i = 0; i < 50; i++) {
      const head = await tus(t, cookie, 'HEAD', url);
      expect(head.statusCode).toBe(200);
      offset = Number(head.headers['upload-offset']);
      if (offset > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(sent);
    // Sending from a wrong offset is a conflict (tus: 409), not a corrupted file.
    const wrong = await patch(t, cookie, url, 0, bytes.subarray(0, 10));
    expect(wrong.statusCode).toBe(409);
    const last = await sendInParts(t, cookie, url, bytes, 2, offset);
    expect(last.statusCode, last.body).toBe(200);
    const uploaded = mediaSchema.parse(last.json());
    expect(uploaded).toMatchObject({ kind: 'video', width: 540, height: 960, sizeBytes: bytes.length });
    expect((await asUser(t.app, cookie).get(`/media/${uploaded.id}.mp4`)).rawPayload.equals(bytes)).toBe(
      true,
    );
  });

  it('refuses at creation what is too large or of a type it would refuse, with a clear message', async () => {
    const { cookie } = await member(t);
    const create = (length: string | undefined, metadata: Record<string, string>) =>
      tus(t, cookie, 'POST', '/api/uploads', {
        ...(length === undefined ? {} : { 'upload-length': length }),
        'upload-metadata': metadataHeader(metadata),
      });
    const videoTooLarge = await create(String(MAX_VIDEO_BYTES + 1), { filetype: 'video/mp4' });
    expect(videoTooLarge.statusCode).toBe(413);
    expect(videoTooLarge.json()).toEqual({
      error: { code: 'payload_too_large', message: mediaMessages.videoTooLarge },
    });
    const imageTooLarge = await create(String(MAX_MEDIA_BYTES + 1), { filetype: 'image/jpeg' });
    expect(imageTooLarge.statusCode).toBe(413);
    expect(imageTooLarge.json().error.message).toBe(mediaMessages.tooLarge);
    const webm = await create('1000', { filetype: 'video/webm', filename: 'clip.webm' });
    expect(webm.statusCode).toBe(400);
    expect(webm.json().error.message).toBe(mediaMessages.videoUnsupported);
    const gif = await create('1000', { filetype: 'image/gif' });
    expect(gif.json().error.message).toBe(mediaMessages.unsupportedType);
    const deferred = await tus(t, cookie, 'POST', '/api/uploads', { 'upload-defer-length': '1' });
    expect(deferred.statusCode).toBe(400);
    expect(deferred.json().error.message).toBe(mediaMessages.uploadLengthRequired);
    expect((await create(undefined, { filetype: 'video/mp4' })).statusCode).toBe(400);
    // At the limit is fine (nothing is sent here).
    expect((await create(String(MAX_VIDEO_BYTES), { filetype: 'video/mp4' })).statusCode).toBe(201);
  });

  it('refuses at creation an upload that would pass the plan storage quota', async () => {
    const { cookie, workspaceId } = await member(t);
    await setWorkspacePlan(t.ctx, workspaceId, 'free');
    const over = await tus(t, cookie, 'POST', '/api/uploads', {
      'upload-length': String(600 * 1024 * 1024),
      'upload-metadata': metadataHeader({ filetype: 'video/mp4' }),
    });
    expect(over.statusCode).toBe(402);
    expect(over.json().error).toMatchObject({
      code: 'plan_limit',
      message: expect.stringMatching(/storage is full/),
    });
    expect(
      (await tus(t, cookie, 'POST', '/api/uploads', { 'upload-length': String(400 * 1024 * 1024) }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses a fake video and a WebM by their bytes when complete, and keeps nothing', async () => {
    const { cookie, workspaceId } = await member(t);
    const fake = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      Buffer.alloc(4000, 7),
    ]);
    const webm = readFileSync(makeVideo({ width: 160, height: 90, seconds: 1, format: 'webm' }));
    const text = Buffer.from('just some text, named like a video');
    const cases = [
      { bytes: fake, message: mediaMessages.videoUnreadable },
      { bytes: webm, message: mediaMessages.videoUnsupported },
      { bytes: text, message: mediaMessages.unsupportedType },
    ];
    for (const c of cases) {
      // Each says it is an MP4; the bytes decide.
      const url = await createUpload(t, cookie, c.bytes.length);
      const last = await sendInParts(t, cookie, url, c.bytes, 1);
      expect(last.statusCode, c.message).toBe(400);
      expect(last.json()).toEqual({ error: { code: 'bad_request', message: c.message } });
      const id = url.split('/').pop() as string;
      expect(partialUploads(t).filter((name) => name.startsWith(id))).toEqual([]);
      expect((await tus(t, cookie, 'HEAD', url)).statusCode).toBe(404);
    }
    const rows = await t.ctx.database.db
      .select()
      .from(mediaTable)
      .where(eq(mediaTable.workspaceId, workspaceId));
    expect(rows).toEqual([]);
  });

  it('takes an image too, re-encoded like a multipart upload', async () => {
    const { cookie } = await member(t);
    const bytes = jpegImage(300, 200);
    const url = await createUpload(t, cookie, bytes.length, {
      filename: 'photo.jpg',
      filetype: 'image/jpeg',
    });
    const last = await sendInParts(t, cookie, url, bytes, 2);
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ kind: 'image', mimeType: 'image/jpeg', width: 300, height: 200 });
  });

  it('is for signed-in editors of the upload workspace only', async () => {
    const owner = await member(t);
    const other = await member(t);
    const bytes = readFixture('landscape');
    const url = await createUpload(t, owner.cookie, bytes.length);
    // No session: 401, for a new upload and an existing one.
    const anonymous = await tus(t, undefined, 'POST', '/api/uploads', { 'upload-length': '10' });
    expect(anonymous.statusCode).toBe(401);
    expect((await tus(t, undefined, 'HEAD', url)).statusCode).toBe(401);
    // Another workspace: as unknown as an upload that never was, whatever the method.
    expect((await tus(t, other.cookie, 'HEAD', url)).statusCode).toBe(404);
    const foreignPatch = await patch(t, other.cookie, url, 0, bytes);
    expect(foreignPatch.statusCode).toBe(404);
    expect(foreignPatch.json().error.message).toBe(mediaMessages.uploadNotFound);
    expect((await tus(t, other.cookie, 'DELETE', url)).statusCode).toBe(404);
    expect((await tus(t, owner.cookie, 'HEAD', url)).headers['upload-offset']).toBe('0');
    // A viewer of the owner's workspace may not upload, nor look at an upload.
    const viewer = await addMember(t.app, owner.cookie, 'viewer');
    expect((await tus(t, viewer.cookie, 'POST', '/api/uploads', { 'upload-length': '10' })).statusCode).toBe(
      403,
    );
    expect((await tus(t, viewer.cookie, 'HEAD', url)).statusCode).toBe(403);
    // The owner may abandon it (tus termination): gone afterwards.
    expect((await tus(t, owner.cookie, 'DELETE', url)).statusCode).toBe(204);
    expect((await tus(t, owner.cookie, 'HEAD', url)).statusCode).toBe(404);
  });

  it('POST /api/media takes a small video in one multipart request, and refuses a WebM', async () => {
    const { cookie } = await member(t);
    const bytes = readFixture('vertical');
    const response = await uploadFile(t.app, cookie, bytes, {
      fileName: 'reel.mp4',
      contentType: 'video/mp4',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = mediaSchema.parse(response.json()) as Media;
    expect(created).toMatchObject({ kind: 'video', width: 540, height: 960, videoCodec: 'h264' });
    expect(created.posterUrl).toBe(`${TEST_APP_URL}/media/${created.id}.poster.jpg`);
    const mov = readFileSync(makeVideo({ width: 320, height: 240, seconds: 1, format: 'mov' }));
    const movResponse = await uploadFile(t.app, cookie, mov, {
      fileName: 'clip.mov',
      contentType: 'video/quicktime',
    });
    expect(movResponse.statusCode, movResponse.body).toBe(201);
    expect(movResponse.json()).toMatchObject({ kind: 'video', mimeType: 'video/quicktime' });
    expect(movResponse.json().url).toMatch(/\.mov$/);
    const webm = readFileSync(makeVideo({ width: 160, height: 90, seconds: 1, format: 'webm' }));
    const refused = await uploadFile(t.app, cookie, webm, {
      fileName: 'clip.webm',
      contentType: 'video/webm',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(mediaMessages.videoUnsupported);
    // A request that says it is larger than a video in one request may be is refused before reading.
    const body = multipartBody([
      { name: 'file', fileName: 'big.mp4', contentType: 'video/mp4', data: bytes },
    ]);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: {
        cookie,
        'content-type': body.contentType,
        'content-length': String(MAX_SIMPLE_VIDEO_BYTES + 1024 * 1024),
      },
      payload: body.payload,
      remoteAddress: randomIp(),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe(mediaMessages.videoTooLargeForOneRequest);
  });

  it('says in /api/health whether the video tools run, and refuses videos with a 503 when they do not', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().checks.videoTools).toEqual({ status: 'ok' });
    const broken = await buildTestApp(kind, { FFPROBE_PATH: '/nonexistent/ffprobe' });
    try {
      const answer = (await broken.app.inject({ method: 'GET', url: '/api/health' })).json();
      expect(answer.status).toBe('degraded');
      expect(answer.checks.videoTools).toMatchObject({ status: 'unreachable' });
      expect(answer.checks.videoTools.detail).toMatch(/ffprobe \(ENOENT\)/);
      const { cookie } = await member(broken);
      const response = await uploadFile(broken.app, cookie, readFixture('landscape'), { fileName: 'a.mp4' });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe(mediaMessages.videoToolsUnavailable);
    } finally {
      await broken.close();
    }
  });
});
