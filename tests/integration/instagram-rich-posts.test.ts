import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPosts } from '../../src/server/db/schema';
import {
  createInstagramProvider,
  type InstagramProvider,
} from '../../src/server/integrations/social/instagram/instagram-provider';
import { SIMULATOR_CREDENTIALS, simulatorEndpoints } from '../../src/server/integrations/social/simulator';
import {
  InvalidContentError,
  type PublishMedia,
  type TokenSet,
} from '../../src/server/integrations/social/social-provider';
import { injectFetch } from '../../src/server/lib/inject-fetch';
import { expectError, hiddenFields } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { makeVideo, VIDEO_FIXTURES } from '../factories/video';
import { exampleImagesFetch, testImage } from '../fakes/publish-media';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { adapterDatabaseKinds } from '../setup/databases';

/*
 * Instagram carousels, Reels, Stories, alt text and the first comment (issue 24), published by the
 * real adapter against the pretend Instagram served by the real app, which downloads every video
 * and probes it for real (ffprobe), and each refusal of the strict simulator.
 */

const REDIRECT_URI = `${TEST_APP_URL}/api/auth/social/instagram/callback`;
const GRAPH = `${TEST_APP_URL}/sandbox/instagram/graph/v25.0`;
const VIDEO_HOST = 'https://videos.example';

/** The internet of these tests: `*.example` images, and the videos registered by name. */
function internetWithVideos(videos: Map<string, string>): typeof fetch {
  const images = exampleImagesFetch();
  return (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const file = url.origin === VIDEO_HOST ? videos.get(url.pathname) : undefined;
    if (!file) return images(input, init);
    const bytes = readFileSync(file);
    return new Response(new Uint8Array(bytes), {
      status: 200,
      headers: { 'content-type': 'video/mp4', 'content-length': String(bytes.length) },
    });
  }) as typeof fetch;
}

/** A video as the publishing port hands it over: its public URL and its poster. */
function testVideo(path: string, posterUrl: string | null = null): PublishMedia {
  return {
    kind: 'video',
    url: `${VIDEO_HOST}${path}`,
    mimeType: 'video/mp4',
    width: 540,
    height: 960,
    sizeBytes: 1,
    durationMs: 1,
    posterUrl,
    altText: null,
    read: () => Promise.reject(new Error('videos are not read whole')),
    readRange: () => Promise.reject(new Error('Instagram downloads videos by URL')),
  };
}

interface GraphAnswer {
  id: string;
  error: { code: number; error_subcode?: number; message: string };
}

const withAlt = (media: PublishMedia, altText: string): PublishMedia => ({ ...media, altText });

describe.each(adapterDatabaseKinds)('Instagram carousels, Reels, Stories and comments on %s', (kind) => {
  let t: TestApp;
  let session = '';
  let fetchApp: typeof fetch;
  let ig: InstagramProvider;
  const videos = new Map<string, string>();

  beforeAll(async () => {
    videos.set('/vertical.mp4', VIDEO_FIXTURES.vertical);
    videos.set('/story-61s.mp4', makeVideo({ width: 540, height: 960, seconds: 61, fps: 24 }));
    videos.set('/reel-2s.mp4', makeVideo({ width: 540, height: 960, seconds: 2, fps: 24 }));
    videos.set('/mpeg4.mp4', makeVideo({ width: 540, height: 960, seconds: 4, fps: 24, codec: 'mpeg4' }));
    t = await buildTestApp(kind, {}, { simulatorOutsideFetch: internetWithVideos(videos) });
    session = (await signUp(t.app)).cookie;
    fetchApp = injectFetch(t.app);
    ig = createInstagramProvider({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(TEST_APP_URL, 'instagram'),
      sandbox: true,
      fetch: fetchApp,
      timeoutMs: 20_000,
      containerPollMs: 200,
      // Generous: the machine running the tests may be busy; the simulator answers in seconds.
      containerWaitMs: 30_000,
      videoWaitMs: 60_000,
    });
  }, 180_000);
  afterAll(() => t?.close());

  async function connect(): Promise<{ tokens: TokenSet; accountId: string; username: string }> {
    const username = `rich_${randomBytes(4).toString('hex')}`;
    const url = new URL(ig.authorizeUrl({ state: 'st', redirectUri: REDIRECT_URI }));
    const page = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    const posted = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded', origin: TEST_APP_URL },
      payload: new URLSearchParams({
        ...hiddenFields(page.body),
        account: '__new__',
        username,
        decision: 'authorize',
      }).toString(),
    });
    const code = new URL(String(posted.headers.location)).searchParams.get('code') as string;
    const tokens = await ig.exchangeCode({ code, redirectUri: REDIRECT_URI });
    const [account] = await ig.listAccounts(tokens);
    return { tokens, accountId: account?.externalId as string, username };
  }

  const rowOf = async (externalId: string) =>
    (await t.ctx.database.db.select().from(sandboxPosts).where(eq(sandboxPosts.externalId, externalId)))[0];
  const publishedWithText = async (text: string) =>
    (await t.ctx.database.db.select().from(sandboxPosts).where(eq(sandboxPosts.text, text))).filter(
      (row) => row.state === 'published',
    );
  const pageOf = async (url: string) =>
    t.app.inject({ method: 'GET', url: new URL(url).pathname, headers: { cookie: session } });

  /** A raw Graph call, as a careless client would make it. */
  async function graph(path: string, params: Record<string, string>, tokens: TokenSet) {
    const response = await fetchApp(`${GRAPH}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...params, access_token: tokens.accessToken }).toString(),
    });
    return { status: response.status, body: (await response.json()) as GraphAnswer };
  }
  async function statusOf(id: string, tokens: TokenSet) {
    const response = await fetchApp(
      `${GRAPH}/${id}?fields=status_code,status&access_token=${encodeURIComponent(tokens.accessToken)}`,
    );
    return (await response.json()) as { status_code: string; status: string };
  }
  async function finished(id: string, tokens: TokenSet) {
    for (let i = 0; i < 40; i++) {
      if ((await statusOf(id, tokens)).status_code !== 'IN_PROGRESS') return;
      await sleep(150);
    }
  }

  it('publishes a 3-item carousel (2 images with alt text on one, 1 video) as one post', async () => {
    const { tokens, username } = await connect();
    const caption = `Three new loaves ${randomBytes(3).toString('hex')}`;
    const published = await ig.publish(tokens, {
      account: { externalId: (await ig.listAccounts(tokens))[0]?.externalId as string, username },
      postType: 'carousel',
      text: caption,
      media: [
        withAlt(testImage('https://images.example/rye.jpg'), 'A dark rye loaf on a board'),
        testImage('https://images.example/spelt.jpg'),
        testVideo('/vertical.mp4'),
      ],
    });
    expect(published.url).toMatch(/\/sandbox\/instagram\/p\/[A-Za-z0-9_-]+\/$/);
    const row = await rowOf(published.externalId);
    expect(row?.text).toBe(caption);
    expect(row?.media).toEqual([
      expect.objectContaining({ kind: 'carousel', igType: 'CAROUSEL' }),
      expect.objectContaining({
        url: 'https://images.example/rye.jpg',
        altText: 'A dark rye loaf on a board',
      }),
      expect.objectContaining({ url: 'https://images.example/spelt.jpg', kind: 'image' }),
      expect.objectContaining({ url: `${VIDEO_HOST}/vertical.mp4`, kind: 'video', igType: 'VIDEO' }),
    ]);
    expect(row?.media[2]).not.toHaveProperty('altText');
    const page = await pageOf(published.url as string);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Carousel · 3 items');
    const media = await fetchApp(
      `${GRAPH}/${published.externalId}?fields=media_type,media_product_type&access_token=${encodeURIComponent(tokens.accessToken)}`,
    );
    expect(await media.json()).toMatchObject({ media_type: 'CAROUSEL_ALBUM', media_product_type: 'FEED' });
  }, 120_000);

  it('publishes a Reel from the vertical fixture with its cover and share_to_feed, then a first comment under it', async () => {
    const { tokens, accountId, username } = await connect();
    const caption = `Behind the counter ${randomBytes(3).toString('hex')}`;
    const published = await ig.publish(tokens, {
      account: { externalId: accountId, username },
      postType: 'reel',
      text: caption,
      media: [testVideo('/vertical.mp4', 'https://images.example/cover.jpg')],
    });
    expect(published.url).toMatch(/\/sandbox\/instagram\/reel\/[A-Za-z0-9_-]+\/$/);
    const row = await rowOf(published.externalId);
    expect(row?.media[0]).toMatchObject({
      kind: 'video',
      igType: 'REELS',
      coverUrl: 'https://images.example/cover.jpg',
      shareToFeed: true,
    });
    const page = await pageOf(published.url as string);
    expect(page.body).toContain('Reel');

    const comment = await ig.publishReply?.(tokens, {
      account: { externalId: accountId, username },
      parentExternalId: published.externalId,
      text: 'Fresh every morning at 7 #bakery',
      media: [],
    });
    expect(comment?.externalId).toMatch(/^178\d{14}$/);
    expect(comment?.url).toBe(published.url);
    expect((await pageOf(published.url as string)).body).toContain('Fresh every morning at 7 #bakery');
  }, 120_000);

  it('refuses a first comment under a post Instagram does not know, as invalid content', async () => {
    const { tokens, accountId, username } = await connect();
    const error = await expectError(
      ig.publishReply?.(tokens, {
        account: { externalId: accountId, username },
        parentExternalId: '17800000000000001',
        text: 'hello',
        media: [],
      }) as Promise<unknown>,
      InvalidContentError,
    );
    expect(error.message).toMatch(/does not know the post to comment on/);
  });

  it('publishes a Story of an image and a Story of a video, without a caption', async () => {
    const { tokens, accountId, username } = await connect();
    const account = { externalId: accountId, username };
    const image = await ig.publish(tokens, {
      account,
      postType: 'story',
      text: 'not shown on a story',
      media: [testImage('https://images.example/story.jpg')],
    });
    const video = await ig.publish(tokens, {
      account,
      postType: 'story',
      text: '',
      media: [testVideo('/vertical.mp4')],
    });
    expect(image.url).toContain(`/sandbox/instagram/stories/${username}/${image.externalId}/`);
    expect(await rowOf(image.externalId)).toMatchObject({ text: '', state: 'published' });
    expect((await rowOf(image.externalId))?.media[0]).toMatchObject({ kind: 'image', igType: 'STORIES' });
    expect((await rowOf(video.externalId))?.media[0]).toMatchObject({ kind: 'video', igType: 'STORIES' });
    expect((await pageOf(video.url as string)).body).toContain('Story');
    // Stories are not listed among the account's media (IG User Media: use /stories).
    const list = await fetchApp(
      `${GRAPH}/${accountId}/media?fields=id&access_token=${encodeURIComponent(tokens.accessToken)}`,
    );
    const ids = ((await list.json()) as { data: Array<{ id: string }> }).data.map((one) => one.id);
    expect(ids).not.toContain(image.externalId);

    // A story has no likes, comments or saves: Instagram refuses them, and the adapter reads the
    // story's own metrics instead of failing the account's whole metrics read.
    await t.ctx.database.db
      .update(sandboxPosts)
      .set({ publishedAt: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(sandboxPosts.externalId, image.externalId));
    const refused = await fetchApp(
      `${GRAPH}/${image.externalId}/insights?metric=views,likes&access_token=${encodeURIComponent(tokens.accessToken)}`,
    );
    expect(((await refused.json()) as GraphAnswer).error.message).toMatch(
      /does not support the likes metric for this media product type/,
    );
    const { metrics } = await ig.readPostMetrics(tokens, { account, externalIds: [image.externalId] });
    expect(metrics).toEqual([
      expect.objectContaining({ externalId: image.externalId, likes: null, comments: null, views: null }),
    ]);
    expect(metrics[0]?.impressions).toEqual(expect.any(Number));
  }, 120_000);

  it('sends alt text on a single feed image', async () => {
    const { tokens, accountId, username } = await connect();
    const published = await ig.publish(tokens, {
      account: { externalId: accountId, username },
      text: `Croissants ${randomBytes(3).toString('hex')}`,
      media: [withAlt(testImage('https://images.example/croissant.jpg'), 'Six croissants on a tray')],
    });
    expect((await rowOf(published.externalId))?.media[0]).toMatchObject({
      igType: 'IMAGE',
      altText: 'Six croissants on a tray',
    });
  });

  it('refuses a Story video of 61 s, a Reel of 2 s and an MPEG-4 Part 2 video with the container error 2207026', async () => {
    const { tokens, accountId, username } = await connect();
    const account = { externalId: accountId, username };
    const story = await expectError(
      ig.publish(tokens, { account, postType: 'story', text: '', media: [testVideo('/story-61s.mp4')] }),
      InvalidContentError,
    );
    expect(story.message).toMatch(/video format is not supported.*\(2207026\)/);
    const caption = `Too short ${randomBytes(3).toString('hex')}`;
    await expectError(
      ig.publish(tokens, { account, postType: 'reel', text: caption, media: [testVideo('/reel-2s.mp4')] }),
      InvalidContentError,
    );
    const codec = await expectError(
      ig.publish(tokens, {
        account,
        postType: 'reel',
        text: `${caption} codec`,
        media: [testVideo('/mpeg4.mp4')],
      }),
      InvalidContentError,
    );
    expect(codec.message).toContain('2207026');
    expect(await publishedWithText(caption)).toEqual([]);
  }, 120_000);

  it('stops a carousel whose video item fails, with the item named, and publishes nothing', async () => {
    const { tokens, accountId, username } = await connect();
    const caption = `Carousel that fails ${randomBytes(3).toString('hex')}`;
    const error = await expectError(
      ig.publish(tokens, {
        account: { externalId: accountId, username },
        postType: 'carousel',
        text: caption,
        media: [testImage('https://images.example/a.jpg'), testVideo('/mpeg4.mp4')],
      }),
      InvalidContentError,
    );
    expect(error.message).toMatch(/^Item 2 of 2 of the carousel: .*2207026/);
    const rows = await t.ctx.database.db.select().from(sandboxPosts).where(eq(sandboxPosts.text, caption));
    // No carousel container was made, and nothing was published.
    expect(rows).toEqual([]);
  }, 120_000);

  it('fails the next video container when the video-processing-failed fault is armed, and only that one', async () => {
    const { tokens, accountId, username } = await connect();
    const account = { externalId: accountId, username };
    const armed = await t.app.inject({
      method: 'POST',
      url: '/sandbox/faults',
      headers: { cookie: session },
      payload: {
        platform: 'instagram',
        account: accountId,
        fault: 'video-processing-failed',
        on: 'upload',
        times: 1,
      },
    });
    expect(armed.statusCode).toBe(201);
    const reel = (text: string) =>
      ig.publish(tokens, { account, postType: 'reel', text, media: [testVideo('/vertical.mp4')] });
    const error = await expectError(reel(`Armed ${randomBytes(3).toString('hex')}`), InvalidContentError);
    expect(error.message).toContain('2207053');
    expect((await reel(`Unarmed ${randomBytes(3).toString('hex')}`)).externalId).toMatch(/^178\d{14}$/);
  }, 120_000);

  it('refuses media_publish of a video container still processing (9007/2207027)', async () => {
    const { tokens, accountId } = await connect();
    const created = await graph(
      `/${accountId}/media`,
      { media_type: 'REELS', video_url: `${VIDEO_HOST}/vertical.mp4`, caption: 'too early' },
      tokens,
    );
    expect(created.status).toBe(200);
    expect((await statusOf(created.body.id, tokens)).status_code).toBe('IN_PROGRESS');
    const early = await graph(`/${accountId}/media_publish`, { creation_id: created.body.id }, tokens);
    expect(early.status).toBe(400);
    expect(early.body.error).toMatchObject({
      code: 9007,
      error_subcode: 2207027,
      message: 'Media ID is not available',
    });
  }, 120_000);

  it('answers a failed video container with ERROR and the subcode as Meta words it', async () => {
    const { tokens, accountId } = await connect();
    const created = await graph(
      `/${accountId}/media`,
      { media_type: 'REELS', video_url: `${VIDEO_HOST}/mpeg4.mp4` },
      tokens,
    );
    await finished(created.body.id, tokens);
    expect(await statusOf(created.body.id, tokens)).toMatchObject({
      status_code: 'ERROR',
      status: 'Error: Media upload has failed with error code 2207026',
    });
  }, 120_000);

  it('refuses carousels of 1 or 11 children, children not made as carousel items, and children of another account', async () => {
    const { tokens, accountId } = await connect();
    const item = async (owner: { tokens: TokenSet; accountId: string }, carousel = true) => {
      const made = await graph(
        `/${owner.accountId}/media`,
        { image_url: 'https://images.example/item.jpg', ...(carousel ? { is_carousel_item: 'true' } : {}) },
        owner.tokens,
      );
      expect(made.status).toBe(200);
      await finished(made.body.id, owner.tokens);
      return made.body.id as string;
    };
    const first = await item({ tokens, accountId });
    const carousel = (children: string[]) =>
      graph(
        `/${accountId}/media`,
        { media_type: 'CAROUSEL', children: children.join(','), caption: 'x' },
        tokens,
      );

    const one = await carousel([first]);
    expect(one.body.error).toMatchObject({ code: 100, error_subcode: 2207028 });
    const eleven = await carousel(
      Array.from({ length: 11 }, (_, i) => `1780000000000${String(i).padStart(4, '0')}`),
    );
    expect(eleven.body.error).toMatchObject({ code: 100, error_subcode: 2207028 });
    const plain = await item({ tokens, accountId }, false);
    const notItem = await carousel([first, plain]);
    expect(notItem.body.error).toMatchObject({ code: 100, error_subcode: 2207028 });
    expect(notItem.body.error.message).toContain('is_carousel_item');
    const other = await connect();
    const foreign = await item(other);
    const mixed = await carousel([first, foreign]);
    expect(mixed.body.error).toMatchObject({ code: 100, error_subcode: 2207028 });
    const second = await item({ tokens, accountId });
    expect((await carousel([first, second])).status).toBe(200);
    // An item is published through its carousel, never alone.
    const alone = await graph(`/${accountId}/media_publish`, { creation_id: first }, tokens);
    expect(alone.status).toBe(400);
  }, 120_000);

  it('refuses alt_text on Reels and Stories, VIDEO outside a carousel, a Reel as a carousel item and a caption on an item', async () => {
    const { tokens, accountId } = await connect();
    const create = (params: Record<string, string>) => graph(`/${accountId}/media`, params, tokens);
    const reelAlt = await create({
      media_type: 'REELS',
      video_url: `${VIDEO_HOST}/vertical.mp4`,
      alt_text: 'x',
    });
    expect(reelAlt.body.error).toMatchObject({ code: 100 });
    const storyAlt = await create({
      media_type: 'STORIES',
      image_url: 'https://images.example/s.jpg',
      alt_text: 'x',
    });
    expect(storyAlt.body.error).toMatchObject({ code: 100 });
    const longAlt = await create({ image_url: 'https://images.example/s.jpg', alt_text: 'a'.repeat(1001) });
    expect(longAlt.body.error).toMatchObject({ code: 100 });
    const video = await create({ media_type: 'VIDEO', video_url: `${VIDEO_HOST}/vertical.mp4` });
    expect(video.body.error.message).toMatch(/VIDEO media type is no longer supported/);
    const reelItem = await create({
      media_type: 'REELS',
      video_url: `${VIDEO_HOST}/vertical.mp4`,
      is_carousel_item: 'true',
    });
    expect(reelItem.body.error.message).toMatch(/Reels cannot appear in album carousels/);
    const captioned = await create({
      image_url: 'https://images.example/s.jpg',
      is_carousel_item: 'true',
      caption: 'no',
    });
    expect(captioned.body.error).toMatchObject({ code: 100 });
  }, 120_000);
});
