import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_MEDIA_TAG_LENGTH,
  MAX_MEDIA_TAGS,
  MEDIA_LIBRARY_PAGE_SIZE,
  type Media,
  mediaLibraryPage,
  media as mediaSchema,
  mediaStorageUsage,
} from '../../src/contracts/media';
import { plans } from '../../src/contracts/plans';
import type { PostStatus, ThreadItem } from '../../src/contracts/posts';
import { posts, workspaces } from '../../src/server/db/schema';
import { insertMedia } from '../../src/server/modules/media/media.repository';
import { imageOf, uploadFile, uploadImage } from '../factories/media';
import { asUser, createPost, daysFromNow } from '../factories/posts';
import { signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

async function member(t: TestApp) {
  const signedUp = await signUp(t.app);
  const { workspace } = signedUp.user as unknown as { workspace: { id: string } };
  return { cookie: signedUp.cookie, workspaceId: workspace.id, api: asUser(t.app, signedUp.cookie) };
}

const threadItem = (mediaIds: string[]): ThreadItem => ({
  content: 'And another thing',
  mediaIds,
  status: 'pending',
  externalId: null,
  url: null,
  error: null,
});

describe.each(databaseKinds)('media library on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  /** Puts the post in that state with this media (in its media, or in an X thread item). */
  const attach = (postId: string, status: PostStatus, use: { mediaIds?: string[]; thread?: string[] }) =>
    t.ctx.database.db
      .update(posts)
      .set({
        mediaIds: use.mediaIds ?? [],
        thread: use.thread ? [threadItem(use.thread)] : [],
        status,
        scheduledAt: ['draft', 'published'].includes(status) ? null : new Date(daysFromNow(1)),
        publishedAt: status === 'published' ? new Date() : null,
      })
      .where(eq(posts.id, postId));

  const library = async (api: ReturnType<typeof asUser>, query = '') => {
    const response = await api.get(`/api/media/library${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return mediaLibraryPage.parse(response.json());
  };

  const upload = async (cookie: string, fileName: string, kindOf: 'jpeg' | 'png' = 'jpeg') => {
    const response = await uploadFile(t.app, cookie, imageOf(kindOf, 300, 200), {
      fileName,
      contentType: kindOf === 'png' ? 'image/png' : 'image/jpeg',
    });
    expect(response.statusCode, response.body).toBe(201);
    return mediaSchema.parse(response.json());
  };

  it('tags an item: trimmed, lowercased, without "#", duplicates merged; bad tags are a 400', async () => {
    const { cookie, api } = await member(t);
    const image = await uploadImage(t.app, cookie);
    const saved = await api.patch(`/api/media/${image.id}`, {
      tags: ['  Spring ', '#SALE', 'spring', 'café'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().tags).toEqual(['spring', 'sale', 'café']);
    expect((await api.get(`/api/media/${image.id}`)).json().tags).toEqual(['spring', 'sale', 'café']);

    const bad = [
      { tags: ['   '] },
      { tags: ['x'.repeat(MAX_MEDIA_TAG_LENGTH + 1)] },
      { tags: Array.from({ length: MAX_MEDIA_TAGS + 1 }, (_, i) => `tag${i}`) },
      { tags: ['<script>'] },
      { tags: ['nul\u0000'] },
      { tags: 'spring' },
      {},
    ];
    for (const body of bad) {
      const refused = await api.patch(`/api/media/${image.id}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api.get(`/api/media/${image.id}`)).json().tags).toEqual(['spring', 'sale', 'café']);
  });

  it('refuses hostile ids and queries with a 400, another workspace item with a 404', async () => {
    const owner = await member(t);
    const stranger = await member(t);
    const image = await uploadImage(t.app, owner.cookie);
    for (const url of ['/api/media/not-a-uuid', `/api/media/${image.id}%00`, "/api/media/1'or'1"]) {
      expect((await owner.api.patch(url, { tags: [] })).statusCode, url).toBe(400);
      expect((await owner.api.post(`${url}/fit`, { format: 'jpeg' })).statusCode, url).toBe(400);
    }
    for (const query of [
      '?type=gif',
      '?page=0',
      '?page=abc',
      `?q=${'x'.repeat(101)}`,
      '?tag=%00',
      '?q=%00',
    ]) {
      expect((await owner.api.get(`/api/media/library${query}`)).statusCode, query).toBe(400);
    }
    expect((await stranger.api.patch(`/api/media/${image.id}`, { tags: ['mine'] })).statusCode).toBe(404);
    expect((await stranger.api.post(`/api/media/${image.id}/fit`, { format: 'jpeg' })).statusCode).toBe(404);
    expect((await library(stranger.api)).items).toEqual([]);
  });

  it('searches file names and tags, filters by type and tag, pages', async () => {
    const { cookie, workspaceId, api } = await member(t);
    const shop = await upload(cookie, 'shop-front.jpg');
    const menu = await upload(cookie, 'Menu_100%.png', 'png');
    await api.patch(`/api/media/${menu.id}`, { tags: ['spring', 'menu'] });
    await api.patch(`/api/media/${shop.id}`, { tags: ['storefront'] });
    // A video row (the upload helper ingests real ones): the type filter tells them apart.
    const videoId = randomUUID();
    await insertMedia(t.ctx.database.db, workspaceId, {
      id: videoId,
      storageKey: `${workspaceId}/${videoId}.mp4`,
      kind: 'video',
      mimeType: 'video/mp4',
      sizeBytes: 1000,
      width: 540,
      height: 960,
      durationMs: 3500,
      tags: ['spring'],
      fileName: 'reel.mp4',
    });

    const ids = (page: { items: Media[] }) => page.items.map((item) => item.id);
    expect(ids(await library(api))).toEqual([videoId, menu.id, shop.id]);
    expect(ids(await library(api, '?q=SHOP'))).toEqual([shop.id]);
    expect(ids(await library(api, '?q=sprin'))).toEqual([videoId, menu.id]);
    // LIKE's wildcards are plain characters in a search.
    expect(ids(await library(api, '?q=100%25'))).toEqual([menu.id]);
    expect(ids(await library(api, '?q=_'))).toEqual([menu.id]);
    expect(ids(await library(api, '?type=video'))).toEqual([videoId]);
    expect(ids(await library(api, '?type=image&tag=spring'))).toEqual([menu.id]);
    expect(ids(await library(api, '?tag=%23Spring'))).toEqual([videoId, menu.id]);
    expect((await library(api)).tags).toEqual(['menu', 'spring', 'storefront']);
    // The composer's plain list keeps its shape.
    const plain = await api.get('/api/media');
    expect(plain.json()).toHaveLength(3);
    expect(plain.json()[0].usage).toBeUndefined();

    // Pages of MEDIA_LIBRARY_PAGE_SIZE.
    for (let i = 0; i < MEDIA_LIBRARY_PAGE_SIZE; i++) {
      const id = randomUUID();
      await insertMedia(t.ctx.database.db, workspaceId, {
        id,
        storageKey: `${workspaceId}/${id}.jpg`,
        mimeType: 'image/jpeg',
        sizeBytes: 10,
        width: 1,
        height: 1,
        fileName: `bulk-${i}.jpg`,
      });
    }
    const first = await library(api);
    expect(first.items).toHaveLength(MEDIA_LIBRARY_PAGE_SIZE);
    expect(first.nextPage).toBe(2);
    const second = await library(api, '?page=2');
    expect(second.items).toHaveLength(3);
    expect(second.nextPage).toBeNull();
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(MEDIA_LIBRARY_PAGE_SIZE + 3);
  });

  it('says which posts use each item, X thread items included', async () => {
    const { cookie, api } = await member(t);
    const image = await uploadImage(t.app, cookie);
    const unused = await uploadImage(t.app, cookie);
    const scheduled = await createPost(t.app, cookie, { platform: 'instagram' });
    const thread = await createPost(t.app, cookie, { platform: 'twitter' });
    const published = await createPost(t.app, cookie);
    await attach(scheduled.id, 'scheduled', { mediaIds: [image.id] });
    await attach(thread.id, 'draft', { thread: [image.id] });
    await attach(published.id, 'published', { mediaIds: [image.id] });

    const page = await library(api);
    const usage = page.items.find((item) => item.id === image.id)?.usage ?? [];
    expect(usage.map((use) => [use.postId, use.platform, use.status, use.inThread, use.holds])).toEqual([
      [published.id, 'linkedin', 'published', false, false],
      [thread.id, 'twitter', 'draft', true, false],
      [scheduled.id, 'instagram', 'scheduled', false, true],
    ]);
    expect(usage[2]?.scheduledAt).toEqual(expect.any(String));
    expect(usage[0]?.publishedAt).toEqual(expect.any(String));
    expect(page.items.find((item) => item.id === unused.id)?.usage).toEqual([]);
  });

  it('refuses to delete while a queued or publishing post uses it, in its media or a thread item, naming the post', async () => {
    const { cookie, api } = await member(t);
    const holding = ['pending_approval', 'approved', 'scheduled', 'publishing'] as const;
    for (const status of holding) {
      for (const where of ['media', 'thread'] as const) {
        const image = await uploadImage(t.app, cookie);
        const post = await createPost(t.app, cookie, {
          platform: 'twitter',
          content: 'Thread about our spring menu',
        });
        await attach(post.id, status, where === 'media' ? { mediaIds: [image.id] } : { thread: [image.id] });
        const refused = await api.delete(`/api/media/${image.id}`);
        expect(refused.statusCode, `${status} ${where}`).toBe(409);
        expect(refused.json().error.message).toMatch(/^This item is attached to a scheduled post \(X/);
        expect(refused.json().error.message).toContain('"Thread about our spring menu"');
        expect((await api.get(`/api/media/${image.id}`)).statusCode).toBe(200);
      }
    }
    for (const status of ['draft', 'published', 'failed', 'cancelled'] as const) {
      const image = await uploadImage(t.app, cookie);
      const post = await createPost(t.app, cookie, { platform: 'twitter' });
      await attach(post.id, status, { thread: [image.id] });
      expect((await api.delete(`/api/media/${image.id}`)).statusCode, status).toBe(204);
    }
  });

  it('answers the storage used against the plan quota, and refuses an upload past it (402)', async () => {
    const { cookie, workspaceId, api } = await member(t);
    await t.ctx.database.db.update(workspaces).set({ plan: 'free' }).where(eq(workspaces.id, workspaceId));
    const image = await uploadImage(t.app, cookie);
    const usage = mediaStorageUsage.parse((await api.get('/api/media/usage')).json());
    expect(usage).toEqual({
      usedBytes: image.sizeBytes,
      quotaBytes: plans.free.limits.mediaStorageBytes,
      plan: { id: 'free', name: 'Free' },
    });
    // Fill the quota but for 100 bytes.
    const fillerId = randomUUID();
    await insertMedia(t.ctx.database.db, workspaceId, {
      id: fillerId,
      storageKey: `${workspaceId}/${fillerId}.mp4`,
      kind: 'video',
      mimeType: 'video/mp4',
      sizeBytes: plans.free.limits.mediaStorageBytes - image.sizeBytes - 100,
      width: 540,
      height: 960,
    });
    const refused = await uploadFile(t.app, cookie, imageOf('jpeg', 400, 400));
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toMatchObject({ code: 'plan_limit' });
    expect(refused.json().error.message).toMatch(
      /media storage is full.*100 bytes of your Free plan's 500 MB are left/,
    );
    expect((await api.post(`/api/media/${image.id}/fit`, { format: 'jpeg', aspect: '1:1' })).statusCode).toBe(
      402,
    );
    expect((await library(api)).items).toHaveLength(2);

    // A larger plan lifts it.
    await t.ctx.database.db.update(workspaces).set({ plan: 'starter' }).where(eq(workspaces.id, workspaceId));
    expect((await uploadFile(t.app, cookie, imageOf('jpeg', 400, 400))).statusCode).toBe(201);
    expect(mediaStorageUsage.parse((await api.get('/api/media/usage')).json()).plan.name).toBe('Starter');
  });

  it('fits an image into a new item: JPEG, centre-cropped to the aspect, tags kept; no JPEG of a video', async () => {
    const { cookie, workspaceId, api } = await member(t);
    const png = await uploadImage(t.app, cookie, 'png', { width: 1000, height: 500 });
    await api.patch(`/api/media/${png.id}`, { tags: ['menu'] });
    const cases = [
      { body: { format: 'jpeg' }, width: 1000, height: 500 },
      { body: { format: 'jpeg', aspect: '4:5' }, width: 400, height: 500 },
      { body: { aspect: '1:1' }, width: 500, height: 500 },
      { body: { aspect: '9:16' }, width: 281, height: 500 },
      { body: { aspect: '1.91:1' }, width: 955, height: 500 },
    ] as const;
    for (const c of cases) {
      const response = await api.post(`/api/media/${png.id}/fit`, c.body);
      expect(response.statusCode, response.body).toBe(201);
      const fitted = mediaSchema.parse(response.json());
      expect(fitted.id).not.toBe(png.id);
      const jpeg = 'format' in c.body;
      expect(fitted).toMatchObject({
        kind: 'image',
        mimeType: jpeg ? 'image/jpeg' : 'image/png',
        width: c.width,
        height: c.height,
        tags: ['menu'],
      });
      const stored = await t.ctx.storage.read(`${workspaceId}/${fitted.id}.${jpeg ? 'jpg' : 'png'}`);
      expect(await sharp(stored ?? Buffer.alloc(0)).metadata()).toMatchObject({
        format: jpeg ? 'jpeg' : 'png',
        width: c.width,
        height: c.height,
      });
    }
    // The original is untouched.
    expect((await api.get(`/api/media/${png.id}`)).json()).toMatchObject({
      mimeType: 'image/png',
      width: 1000,
    });
    // Taller than 4:5: the crop takes the middle band.
    const tall = await uploadImage(t.app, cookie, 'jpeg', { width: 600, height: 1200 });
    const cropped = (await api.post(`/api/media/${tall.id}/fit`, { aspect: '4:5' })).json();
    expect([cropped.width, cropped.height]).toEqual([600, 750]);

    for (const body of [{}, { format: 'png' }, { aspect: '16:9' }, { aspect: 1 }]) {
      expect((await api.post(`/api/media/${png.id}/fit`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const videoId = randomUUID();
    await insertMedia(t.ctx.database.db, workspaceId, {
      id: videoId,
      storageKey: `${workspaceId}/${videoId}.mp4`,
      kind: 'video',
      mimeType: 'video/mp4',
      sizeBytes: 1000,
      width: 540,
      height: 960,
    });
    // A video is fitted by a job (tests/integration/media-fit-video.test.ts); never into a JPEG.
    const video = await api.post(`/api/media/${videoId}/fit`, { format: 'jpeg' });
    expect(video.statusCode).toBe(400);
    expect(video.json().error.message).toMatch(/video cannot become a JPEG/);
    expect((await api.post(`/api/media/${png.id}/fit`, { format: 'mp4' })).statusCode).toBe(400);
  });
});
