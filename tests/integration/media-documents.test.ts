import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_DOCUMENT_BYTES,
  type Media,
  mediaMessages,
  media as mediaSchema,
} from '../../src/contracts/media';
import { signedMediaUrl } from '../../src/server/modules/media/media-view';
import { uploadFile } from '../factories/media';
import { damagedPdf, hostilePdfs, makePdf, truncatedPdf } from '../factories/pdf';
import { asUser } from '../factories/posts';
import { randomIp, signUp } from '../factories/users';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

async function member(t: TestApp) {
  const signedUp = await signUp(t.app);
  const { workspace } = signedUp.user as unknown as { workspace: { id: string } };
  return { cookie: signedUp.cookie, workspaceId: workspace.id };
}

const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

function tus(
  t: TestApp,
  cookie: string,
  method: 'POST' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  payload?: Buffer,
) {
  return t.app.inject({
    method,
    url,
    headers: { 'tus-resumable': '1.0.0', cookie, ...headers },
    remoteAddress: randomIp(),
    ...(payload ? { payload } : {}),
  });
}

/** A whole tus upload in one PATCH; answers the last response. */
async function tusUpload(t: TestApp, cookie: string, bytes: Buffer, filetype = 'application/pdf') {
  const created = await tus(t, cookie, 'POST', '/api/uploads', {
    'upload-length': String(bytes.length),
    'upload-metadata': `filename ${b64('deck.pdf')},filetype ${b64(filetype)}`,
  });
  expect(created.statusCode, created.body).toBe(201);
  return tus(
    t,
    cookie,
    'PATCH',
    String(created.headers.location),
    { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    bytes,
  );
}

const uploadPdf = (t: TestApp, cookie: string, bytes: Buffer, fileName = 'deck.pdf') =>
  uploadFile(t.app, cookie, bytes, { fileName, contentType: 'application/pdf' });

describe.each(databaseKinds)('PDF documents in the media library on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('POST /api/media takes a PDF: kind document, page count, first page size, a thumbnail, the bytes as sent', async () => {
    const { cookie, workspaceId } = await member(t);
    const bytes = makePdf({ pages: 4, width: 612, height: 792, text: 'Our plan' });
    const usageBefore = (await asUser(t.app, cookie).get('/api/media/usage')).json().usedBytes;
    const response = await uploadPdf(t, cookie, bytes);
    expect(response.statusCode, response.body).toBe(201);
    const created = mediaSchema.parse(response.json()) as Media;
    expect(created).toEqual({
      id: created.id,
      kind: 'document',
      url: `${TEST_APP_URL}/media/${created.id}.pdf`,
      thumbnailUrl: `${TEST_APP_URL}/media/${created.id}.thumb.webp`,
      posterUrl: null,
      mimeType: 'application/pdf',
      sizeBytes: bytes.length,
      width: 612,
      height: 792,
      durationMs: null,
      frameRate: null,
      videoCodec: null,
      audioCodec: null,
      audioSampleRate: null,
      bitrate: null,
      pageCount: 4,
      tags: [],
      // Uploaded, not made by the AI studio (issue 30).
      source: 'upload',
      prompt: null,
      generator: null,
      template: null,
      fileName: 'deck.pdf',
      createdAt: expect.any(String),
    });
    // Stored as sent: the document is what LinkedIn gets.
    expect((await t.ctx.storage.read(`${workspaceId}/${created.id}.pdf`))?.equals(bytes)).toBe(true);
    const thumbnail = await asUser(t.app, cookie).get(`/media/${created.id}.thumb.webp`);
    expect(thumbnail.statusCode).toBe(200);
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 400,
      height: 517,
    });
    // It counts against the storage quota.
    const usageAfter = (await asUser(t.app, cookie).get('/api/media/usage')).json().usedBytes;
    expect(usageAfter - usageBefore).toBeGreaterThanOrEqual(bytes.length);
  });

  it('serves the PDF as application/pdf, inline, not sniffable, with ranges and by a signed link', async () => {
    const { cookie } = await member(t);
    const bytes = makePdf({ pages: 2 });
    const created = (await uploadPdf(t, cookie, bytes)).json() as Media;
    const whole = await asUser(t.app, cookie).get(`/media/${created.id}.pdf`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'inline',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    });
    // The app's own CSP still applies: no inline or foreign script on our origin.
    expect(String(whole.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: `/media/${created.id}.pdf`,
      headers: { cookie, range: 'bytes=0-4' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-');
    // A platform downloads it without a session, by a signed link.
    const signed = signedMediaUrl(
      TEST_APP_URL,
      { id: created.id, mimeType: 'application/pdf' },
      t.ctx.mediaSigner,
      new Date(),
    );
    const anonymous = await t.app.inject({ method: 'GET', url: signed.replace(TEST_APP_URL, '') });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['content-type']).toBe('application/pdf');
    // Without either, nothing.
    expect((await t.app.inject({ method: 'GET', url: `/media/${created.id}.pdf` })).statusCode).toBe(404);
  });

  it('takes a PDF through the resumable upload too', async () => {
    const { cookie } = await member(t);
    const bytes = makePdf({ pages: 12, width: 1920, height: 1080 });
    const last = await tusUpload(t, cookie, bytes);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({
      kind: 'document',
      pageCount: 12,
      width: 1920,
      height: 1080,
      fileName: 'deck.pdf',
    });
    // Declared too large for a document: refused before a byte is sent.
    const tooLarge = await tus(t, cookie, 'POST', '/api/uploads', {
      'upload-length': String(MAX_DOCUMENT_BYTES + 1),
      'upload-metadata': `filetype ${b64('application/pdf')}`,
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe(mediaMessages.documentTooLarge);
  });

  it('refuses encrypted, damaged, cut-short and too-long PDFs with a 400 that says why, both ways, and keeps nothing', async () => {
    const { cookie, workspaceId } = await member(t);
    const cases: [Buffer, string][] = [
      [makePdf({ encrypt: { userPassword: 'secret' } }), mediaMessages.documentEncrypted],
      [makePdf({ encrypt: { userPassword: '' } }), mediaMessages.documentEncrypted],
      [damagedPdf(), mediaMessages.documentUnreadable],
      [truncatedPdf({ pages: 3 }), mediaMessages.documentUnreadable],
      [makePdf({ pages: 301 }), mediaMessages.documentTooManyPages],
    ];
    for (const [bytes, message] of cases) {
      const multipart = await uploadPdf(t, cookie, bytes);
      expect(multipart.statusCode, multipart.body).toBe(400);
      expect(multipart.json().error.message).toBe(message);
      const resumable = await tusUpload(t, cookie, bytes);
      expect(resumable.statusCode, resumable.body).toBe(400);
      expect(resumable.json().error.message).toBe(message);
    }
    // A file named .pdf that is not one is judged by its bytes.
    const html = await uploadPdf(
      t,
      cookie,
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    );
    expect(html.statusCode).toBe(400);
    expect(html.json().error.message).toBe(mediaMessages.unsupportedType);
    expect(mediaMessages.unsupportedType).toMatch(/PDF/);
    expect((await asUser(t.app, cookie).get('/api/media')).json()).toEqual([]);
    const folder = join(t.config.dataDir, 'media', workspaceId);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });

  it('answers hostile PDFs without a 5xx, and keeps serving while one is read', async () => {
    const { cookie } = await member(t);
    const { cycle, bomb, huge } = hostilePdfs();
    for (const [name, bytes] of [
      ['page-tree cycle', cycle],
      ['page a billion points wide', huge],
    ] as const) {
      const response = await uploadPdf(t, cookie, bytes);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().error.message, name).toBe(mediaMessages.documentUnreadable);
    }
    // A deflate bomb is read in the reader's own process: the API answers meanwhile.
    const reading = uploadPdf(t, cookie, bomb);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect((await reading).statusCode).toBeLessThan(500);
  });

  it('lists documents under the library filter type=document', async () => {
    const { cookie } = await member(t);
    const pdf = (await uploadPdf(t, cookie, makePdf({ pages: 2 }))).json() as Media;
    const library = await asUser(t.app, cookie).get('/api/media/library?type=document');
    expect(library.statusCode).toBe(200);
    expect(library.json().items.map((item: Media) => [item.id, item.pageCount])).toEqual([[pdf.id, 2]]);
    expect((await asUser(t.app, cookie).get('/api/media/library?type=image')).json().items).toEqual([]);
  });
});
