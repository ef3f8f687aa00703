import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxAccounts, sandboxPosts } from '../../src/server/db/schema';
import {
  createFacebookProvider,
  type FacebookProvider,
} from '../../src/server/integrations/social/facebook/facebook-provider';
import { SIMULATOR_CREDENTIALS, simulatorEndpoints } from '../../src/server/integrations/social/simulator';
import {
  type ExternalAccount,
  InvalidContentError,
  type PublishedPost,
  type PublishMedia,
  RateLimitedError,
  type TokenSet,
  UnknownOutcomeError,
} from '../../src/server/integrations/social/social-provider';
import { injectFetch } from '../../src/server/lib/inject-fetch';
import { decideAfterError } from '../../src/server/modules/publishing/publish-rules';
import { decodeEntities, expectError, hiddenFields } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { makeVideo, VIDEO_FIXTURES } from '../factories/video';
import { exampleImagesFetch, testImage } from '../fakes/publish-media';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { adapterDatabaseKinds } from '../setup/databases';

/*
 * Facebook Pages' rich posts against the platform simulator, through the real app: several photos
 * with alt text, a link card, a feed video, a Reel, photo and video stories, the first comment,
 * and each refusal (Reel and story video rules, an unsupported codec, the 30 Reels a day).
 */

const REDIRECT_URI = `${TEST_APP_URL}/api/auth/social/facebook/callback`;
const DIALOG_PATH = '/sandbox/facebook/v23.0/dialog/oauth';
const GRAPH_PATH = '/sandbox/facebook/graph/v23.0';
const VIDEO_HOST = 'https://videos.example';

/** The internet the simulator downloads from: the image hosts, plus videos at videos.example/<name>. */
function internetWithVideos(files: Map<string, string>): typeof fetch {
  const images = exampleImagesFetch();
  return (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== VIDEO_HOST) return images(input, init);
    const file = files.get(url.pathname);
    if (!file) return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
    const bytes = readFileSync(file);
    return new Response(new Uint8Array(bytes), {
      status: 200,
      headers: { 'content-type': 'video/mp4', 'content-length': String(bytes.length) },
    });
  }) as typeof fetch;
}

describe.each(adapterDatabaseKinds)('Facebook rich posts against the platform simulator on %s', (kind) => {
  let t: TestApp;
  let session = '';
  let sim: FastifyInstance;
  let facebook: FacebookProvider;
  /** Status reads of videos by the adapter (GET /{video-id}?fields=status). */
  const statusReads: string[] = [];
  const videoFiles = new Map<string, string>();

  /** A video at a public URL the simulator can fetch, as the publishing port hands it over. */
  function testVideo(
    file: string,
    facts: { width: number; height: number; durationMs: number },
  ): PublishMedia {
    const name = `/${randomBytes(6).toString('hex')}.mp4`;
    videoFiles.set(name, file);
    return {
      kind: 'video',
      url: `${VIDEO_HOST}${name}`,
      mimeType: 'video/mp4',
      ...facts,
      sizeBytes: statSync(file).size,
      posterUrl: null,
      altText: null,
      read: () => Promise.reject(new Error('a video is never read whole')),
      readRange: () => Promise.reject(new Error('Facebook downloads the video by its URL')),
    };
  }
  const vertical = () => testVideo(VIDEO_FIXTURES.vertical, { width: 540, height: 960, durationMs: 3500 });

  beforeAll(async () => {
    t = await buildTestApp(kind, {}, { simulatorOutsideFetch: internetWithVideos(videoFiles) });
    sim = t.app;
    session = (await signUp(t.app)).cookie;
    const fetchSim = injectFetch(sim);
    const counting = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.searchParams.get('fields') === 'status') statusReads.push(url.pathname);
      return fetchSim(input, init);
    }) as typeof fetch;
    facebook = createFacebookProvider({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(TEST_APP_URL, 'facebook'),
      sandbox: true,
      fetch: counting,
      timeoutMs: 10_000,
      videoPollMs: 150,
      videoWaitMs: 20_000,
    });
  });
  afterAll(() => t.close());

  /** Signs in through the Login dialog and answers the Page with its Page token. */
  async function connect(): Promise<{ page: ExternalAccount; tokens: TokenSet }> {
    const state = randomBytes(16).toString('base64url');
    const url = new URL(facebook.authorizeUrl({ state, redirectUri: REDIRECT_URI }));
    const dialog = await sim.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    const posted = await sim.inject({
      method: 'POST',
      url: DIALOG_PATH,
      headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...hiddenFields(dialog.body),
        account: '__new__',
        username: `owner_${randomBytes(4).toString('hex')}`,
        pages: '1',
        page_name: '',
        decision: 'authorize',
      }).toString(),
    });
    const code = new URL(String(posted.headers.location)).searchParams.get('code') as string;
    const userTokens = await facebook.exchangeCode({ code, redirectUri: REDIRECT_URI });
    const [page] = await facebook.listAccounts(userTokens);
    return { page: page as ExternalAccount, tokens: page?.tokens as TokenSet };
  }

  const account = (page: ExternalAccount) => ({ externalId: page.externalId, username: page.username });
  const rowOf = async (externalId: string) => {
    const [row] = await t.ctx.database.db
      .select()
      .from(sandboxPosts)
      .where(and(eq(sandboxPosts.platform, 'facebook'), eq(sandboxPosts.externalId, externalId)));
    return row;
  };
  const showPage = (url: string) =>
    sim.inject({ method: 'GET', url: new URL(url).pathname, headers: { cookie: session } });
  /** A raw Graph call with the Page token (form body), as a client would send it. */
  const graph = (path: string, form: Record<string, string>, token: string) =>
    sim.inject({
      method: 'POST',
      url: `${GRAPH_PATH}${path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...form, access_token: token }).toString(),
    });

  it('publishes four photos with their alt texts (alt_text_custom) in one feed post', async () => {
    const { page, tokens } = await connect();
    const images = ['a.jpg', 'b.png', 'c.jpg', 'd.png'].map((name, index) => ({
      ...testImage(`https://cdn.example/${name}`),
      altText: index < 2 ? `Photo ${index + 1}: a croissant` : null,
    }));
    const published = await facebook.publish(tokens, {
      account: account(page),
      text: 'Four photos of the bakery',
      media: images,
    });
    expect(published.externalId).toMatch(new RegExp(`^${page.externalId}_\\d+$`));
    const row = await rowOf(published.externalId);
    expect(row?.media.map((item) => item.url)).toEqual(images.map((image) => image.url));
    expect(row?.media.map((item) => (item as { altText?: string }).altText ?? null)).toEqual([
      'Photo 1: a croissant',
      'Photo 2: a croissant',
      null,
      null,
    ]);
    const shown = await showPage(published.url as string);
    expect(shown.statusCode).toBe(200);
    expect(shown.body.match(/<img src="https:\/\/cdn\.example/g)).toHaveLength(4);
  });

  it('sends the link of a post without media so Facebook renders its card; with photos, no link', async () => {
    const { page, tokens } = await connect();
    const link = {
      url: 'https://blog.example/spring-menu',
      title: 'Spring menu',
      description: null,
      imageUrl: null,
    };
    const card = await facebook.publish(tokens, {
      account: account(page),
      text: 'Our spring menu: https://blog.example/spring-menu',
      media: [],
      link,
    });
    expect((await rowOf(card.externalId))?.media).toEqual([
      { id: 'link', url: 'https://blog.example/spring-menu', kind: 'link' },
    ]);
    expect((await showPage(card.url as string)).body).toContain('Link: https://blog.example/spring-menu');

    const withPhoto = await facebook.publish(tokens, {
      account: account(page),
      text: 'A photo and a link https://blog.example/spring-menu',
      media: [testImage('https://cdn.example/menu.jpg')],
      link,
    });
    expect((await rowOf(withPhoto.externalId))?.media.map((item) => item.kind)).toEqual(['image']);

    // A link Facebook cannot read is refused (subcode 2061006).
    const refused = await graph(
      `/${page.externalId}/feed`,
      { message: 'x', link: 'not a url' },
      tokens.accessToken,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 100, error_subcode: 2061006 });
  });

  it('publishes a feed video by its URL, waits for processing, and links the video', async () => {
    const { page, tokens } = await connect();
    statusReads.length = 0;
    const published = await facebook.publish(tokens, {
      account: account(page),
      text: 'Watch the dough rise',
      media: [vertical()],
    });
    expect(published.externalId).toMatch(/^\d+$/);
    expect(published.url).toBe(
      `${TEST_APP_URL}/sandbox/facebook/${page.externalId}/videos/${published.externalId}/`,
    );
    // Processing takes 300 ms in tests: the adapter read the status until it was ready.
    expect(
      statusReads.filter((path) => path.endsWith(`/${published.externalId}`)).length,
    ).toBeGreaterThanOrEqual(1);
    const row = await rowOf(published.externalId);
    expect(row).toMatchObject({ state: 'published', text: 'Watch the dough rise' });
    const shown = await showPage(published.url as string);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('[Video · 3.5 s video]');
    expect(shown.body).toContain('Watch the dough rise');
  });

  it('gives up waiting on a video as an unknown outcome with its id, which reconciliation then finds', async () => {
    const { page, tokens } = await connect();
    const impatient = createFacebookProvider({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(TEST_APP_URL, 'facebook'),
      sandbox: true,
      fetch: injectFetch(sim),
      videoPollMs: 1,
      videoWaitMs: 1,
    });
    const error = await expectError(
      impatient.publish(tokens, { account: account(page), text: 'Slow to process', media: [vertical()] }),
      UnknownOutcomeError,
    );
    const videoId = error.hint?.videoId as string;
    expect(videoId).toMatch(/^\d+$/);
    const find = () =>
      impatient.findPublished?.(tokens, {
        account: account(page),
        text: 'Slow to process',
        since: new Date(Date.now() - 60_000),
        hint: { videoId },
      }) as Promise<PublishedPost | null>;
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Found from the video's own status (the feed search would answer the post's permalink form).
    expect(await find()).toEqual({ externalId: videoId, url: `${TEST_APP_URL}/sandbox/facebook/${videoId}` });
  });

  it('refuses a video Facebook cannot fetch, as a feed video and as a Reel', async () => {
    const { page, tokens } = await connect();
    const missing = { ...vertical(), url: `${VIDEO_HOST}/missing.mp4` };
    const feed = await expectError(
      facebook.publish(tokens, { account: account(page), text: 'Gone', media: [missing] }),
      InvalidContentError,
    );
    expect(feed.message).toContain('Unable to fetch video file from URL');
    const reel = await expectError(
      facebook.publish(tokens, { account: account(page), postType: 'reel', text: 'Gone', media: [missing] }),
      InvalidContentError,
    );
    expect(reel.message).toContain('could not fetch or read the video');
  });

  it("reads a video's and a Reel's plays as views from video insights; an unknown video is missing", async () => {
    const { page, tokens } = await connect();
    const video = await facebook.publish(tokens, {
      account: account(page),
      text: 'A video',
      media: [vertical()],
    });
    const reel = await facebook.publish(tokens, {
      account: account(page),
      postType: 'reel',
      text: 'A Reel',
      media: [vertical()],
    });
    // Two days old: the sandbox's plays grow with age.
    for (const id of [video.externalId, reel.externalId]) {
      await t.ctx.database.db
        .update(sandboxPosts)
        .set({ publishedAt: new Date(Date.now() - 2 * 24 * 3_600_000) })
        .where(eq(sandboxPosts.externalId, id));
    }
    const read = await facebook.readPostMetrics(tokens, {
      account: account(page),
      externalIds: [video.externalId, reel.externalId, '4242424242'],
    });
    expect(read.missing).toEqual(['4242424242']);
    for (const reading of read.metrics) {
      expect(reading.views).toBeGreaterThan(0);
      expect(reading.reach).toBeLessThanOrEqual(reading.views as number);
      expect(reading).toMatchObject({ impressions: null, likes: null, clicks: null });
    }
  });

  it('publishes a Reel: start, upload by file_url to the rupload host, finish, wait; links /reel/{id}', async () => {
    const { page, tokens } = await connect();
    const published = await facebook.publish(tokens, {
      account: account(page),
      postType: 'reel',
      text: 'Morning bake #reels',
      media: [vertical()],
    });
    expect(published.url).toBe(`${TEST_APP_URL}/sandbox/facebook/reel/${published.externalId}`);
    const row = await rowOf(published.externalId);
    expect(row).toMatchObject({ state: 'published', text: 'Morning bake #reels' });
    expect(row?.media[0]).toMatchObject({ kind: 'reel', phase: 'finished' });
    const shown = await showPage(published.url as string);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('[Reel · 3.5 s video]');
  });

  it('refuses a Reel finish before its upload, an unknown upload_phase, and an upload to no session', async () => {
    const { page, tokens } = await connect();
    const started = await graph(
      `/${page.externalId}/video_reels`,
      { upload_phase: 'start' },
      tokens.accessToken,
    );
    expect(started.statusCode).toBe(200);
    const { video_id: videoId, upload_url: uploadUrl } = started.json();
    expect(uploadUrl).toBe(`${TEST_APP_URL}/sandbox/facebook/rupload/video-upload/v23.0/${videoId}`);
    const early = await graph(
      `/${page.externalId}/video_reels`,
      { upload_phase: 'finish', video_id: videoId, video_state: 'PUBLISHED' },
      tokens.accessToken,
    );
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toMatchObject({ code: 100, type: 'OAuthException' });
    expect(early.json().error.message).toContain('not been uploaded');
    const phase = await graph(
      `/${page.externalId}/video_reels`,
      { upload_phase: 'transfer' },
      tokens.accessToken,
    );
    expect(phase.statusCode).toBe(400);
    const nowhere = await sim.inject({
      method: 'POST',
      url: '/sandbox/facebook/rupload/video-upload/v23.0/123',
      headers: { authorization: `OAuth ${tokens.accessToken}`, file_url: `${VIDEO_HOST}/x.mp4` },
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().debug_info).toMatchObject({ type: 'NotFoundError' });
  });

  it('refuses Reels outside the spec as processing errors: 2 s, landscape, 95 s, an unsupported codec', async () => {
    const { page, tokens } = await connect();
    const reel = (media: PublishMedia) =>
      expectError(
        facebook.publish(tokens, {
          account: account(page),
          postType: 'reel',
          text: 'A Reel',
          media: [media],
        }),
        InvalidContentError,
      );
    const short = await reel(
      testVideo(makeVideo({ width: 540, height: 960, seconds: 2, fps: 30 }), {
        width: 540,
        height: 960,
        durationMs: 2000,
      }),
    );
    expect(short.message).toContain('Reels must be 3 to 90 seconds long; this video is 2.0 s');
    const landscape = await reel(
      testVideo(VIDEO_FIXTURES.landscape, { width: 320, height: 180, durationMs: 1000 }),
    );
    expect(landscape.message).toContain('Reels must have an aspect ratio of 9:16; this video is 320×180');
    const long = await reel(
      testVideo(makeVideo({ width: 540, height: 960, seconds: 95, fps: 24, audio: false }), {
        width: 540,
        height: 960,
        durationMs: 95_000,
      }),
    );
    expect(long.message).toContain('Reels must be 3 to 90 seconds long; this video is 95.0 s');
    const codec = await reel(
      testVideo(makeVideo({ width: 540, height: 960, seconds: 4, fps: 30, codec: 'mpeg4' }), {
        width: 540,
        height: 960,
        durationMs: 4000,
      }),
    );
    expect(codec.message).toContain('The video codec (mpeg4) is not supported');
    // None of them was published.
    const published = await t.ctx.database.db
      .select()
      .from(sandboxPosts)
      .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxPosts.accountId))
      .where(and(eq(sandboxAccounts.externalId, page.externalId), eq(sandboxPosts.state, 'published')));
    expect(published).toHaveLength(0);
  }, 60_000);

  it('fails a valid feed video and a valid Reel when the video-processing-failed fault is armed, and only those', async () => {
    const { page, tokens } = await connect();
    const arm = async (on: 'publish' | 'upload') => {
      const armed = await sim.inject({
        method: 'POST',
        url: '/sandbox/faults',
        headers: { cookie: session },
        payload: {
          platform: 'facebook',
          account: page.externalId,
          fault: 'video-processing-failed',
          on,
          times: 1,
        },
      });
      expect(armed.statusCode).toBe(201);
    };
    const publishedOfPage = () =>
      t.ctx.database.db
        .select()
        .from(sandboxPosts)
        .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxPosts.accountId))
        .where(and(eq(sandboxAccounts.externalId, page.externalId), eq(sandboxPosts.state, 'published')));
    const facts = {
      attemptNumber: 1,
      now: new Date(),
      scheduledAt: new Date(),
      missedAfterMs: 6 * 3_600_000,
      platformLabel: 'Facebook',
    };

    // A feed video is one call (`POST /{page-id}/videos`, a publish call): the fault fails its processing.
    await arm('publish');
    const video = await expectError(
      facebook.publish(tokens, { account: account(page), text: 'Armed video', media: [vertical()] }),
      InvalidContentError,
    );
    expect(video.message).toBe(
      'Facebook could not process the video: Invalid file: the video could not be processed.',
    );
    // The post fails with the platform's message, without retries.
    expect(decideAfterError(video, facts)).toMatchObject({ kind: 'fail', reason: video.message });

    // A Reel's upload (the rupload call) takes it: the Reel is processed into an error, never published.
    await arm('upload');
    const reel = await expectError(
      facebook.publish(tokens, {
        account: account(page),
        postType: 'reel',
        text: 'Armed Reel',
        media: [vertical()],
      }),
      InvalidContentError,
    );
    expect(reel.message).toContain('Invalid file: the video could not be processed.');
    expect(await publishedOfPage()).toHaveLength(0);

    // Used up: the next Reel of the same file goes out.
    const next = await facebook.publish(tokens, {
      account: account(page),
      postType: 'reel',
      text: 'Unarmed Reel',
      media: [vertical()],
    });
    expect(await rowOf(next.externalId)).toMatchObject({ state: 'published' });
    expect(await publishedOfPage()).toHaveLength(1);
  }, 60_000);

  it('refuses the 31st Reel of a Page within 24 hours as throttling, with when it frees up', async () => {
    const { page, tokens } = await connect();
    const [pageRow] = await t.ctx.database.db
      .select()
      .from(sandboxAccounts)
      .where(and(eq(sandboxAccounts.platform, 'facebook'), eq(sandboxAccounts.externalId, page.externalId)));
    // 30 Reels published through the API in the last 23 hours (the oldest 23 hours ago).
    const now = Date.now();
    for (let index = 0; index < 30; index++) {
      const id = `9${String(now).slice(-9)}${String(index).padStart(2, '0')}`;
      await t.ctx.database.db.insert(sandboxPosts).values({
        platform: 'facebook',
        externalId: id,
        accountId: pageRow?.id as string,
        text: `Reel ${index}`,
        media: [{ id, url: `${VIDEO_HOST}/r${index}.mp4`, kind: 'reel', phase: 'finished' } as never],
        state: 'published',
        metricsSeed: 1,
        publishedAt: new Date(now - 23 * 3_600_000 + index * 60_000),
      });
    }
    const error = await expectError(
      facebook.publish(tokens, {
        account: account(page),
        postType: 'reel',
        text: 'One too many',
        media: [vertical()],
      }),
      RateLimitedError,
    );
    expect(error.message).toContain('30 Reels');
    // The oldest leaves the window an hour from now.
    expect(Math.abs((error.resetAt?.getTime() ?? 0) - (now + 3_600_000))).toBeLessThan(2 * 60_000);
    // An older Reel (25 hours ago) does not count: with one of the 30 moved out, the Reel goes out.
    await t.ctx.database.db
      .update(sandboxPosts)
      .set({ publishedAt: new Date(now - 25 * 3_600_000) })
      .where(eq(sandboxPosts.externalId, `9${String(now).slice(-9)}00`));
    const published = await facebook.publish(tokens, {
      account: account(page),
      postType: 'reel',
      text: 'Now it fits',
      media: [vertical()],
    });
    expect(published.externalId).toMatch(/^\d+$/);
  });

  it('publishes a photo story and a video story, without text', async () => {
    const { page, tokens } = await connect();
    const photo = await facebook.publish(tokens, {
      account: account(page),
      postType: 'story',
      text: 'Stories show no text',
      media: [testImage('https://cdn.example/story.jpg')],
    });
    expect(photo.externalId).toMatch(new RegExp(`^${page.externalId}_\\d+$`));
    expect(await rowOf(photo.externalId)).toMatchObject({ text: '', state: 'published' });
    expect((await rowOf(photo.externalId))?.media[0]).toMatchObject({
      kind: 'story-photo',
      url: 'https://cdn.example/story.jpg',
    });
    const photoPage = await showPage(photo.url as string);
    expect(photoPage.statusCode).toBe(200);
    expect(photoPage.body).toContain('[Story]');

    const video = await facebook.publish(tokens, {
      account: account(page),
      postType: 'story',
      text: 'Stories show no text',
      media: [vertical()],
    });
    expect(await rowOf(video.externalId)).toMatchObject({ text: '', state: 'published' });
    expect((await rowOf(video.externalId))?.media[0]).toMatchObject({ kind: 'story-video' });
    expect((await showPage(video.url as string)).statusCode).toBe(200);
  });

  it('refuses a video story over 60 s, a story finish while processing, and a photo already published', async () => {
    const { page, tokens } = await connect();
    const long = await expectError(
      facebook.publish(tokens, {
        account: account(page),
        postType: 'story',
        text: '',
        media: [
          testVideo(makeVideo({ width: 540, height: 960, seconds: 62, fps: 24, audio: false }), {
            width: 540,
            height: 960,
            durationMs: 62_000,
          }),
        ],
      }),
      InvalidContentError,
    );
    expect(long.message).toContain('Video stories must be 3 to 60 seconds long');

    // Finishing right after the upload: the video is still being processed.
    const started = (
      await graph(`/${page.externalId}/video_stories`, { upload_phase: 'start' }, tokens.accessToken)
    ).json();
    const media = vertical();
    const uploaded = await sim.inject({
      method: 'POST',
      url: new URL(started.upload_url).pathname,
      headers: { authorization: `OAuth ${tokens.accessToken}`, file_url: media.url },
    });
    expect(uploaded.json()).toEqual({ success: true });
    const early = await graph(
      `/${page.externalId}/video_stories`,
      { upload_phase: 'finish', video_id: started.video_id },
      tokens.accessToken,
    );
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toContain('still being processed');

    // A photo shown by a published post cannot become a story.
    const post = await facebook.publish(tokens, {
      account: account(page),
      text: 'A post with a photo',
      media: [testImage('https://cdn.example/used.jpg')],
    });
    const [photoId] = ((await rowOf(post.externalId))?.media ?? []).map((item) => item.id);
    const reused = await graph(
      `/${page.externalId}/photo_stories`,
      { photo_id: photoId as string },
      tokens.accessToken,
    );
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toContain('used in a published post');
  }, 30_000);

  it('posts the first comment under a post and under a Reel; an unknown parent is refused', async () => {
    const { page, tokens } = await connect();
    const post = await facebook.publish(tokens, { account: account(page), text: 'Comment below', media: [] });
    const comment = await facebook.publishReply?.(tokens, {
      account: account(page),
      parentExternalId: post.externalId,
      text: 'First! Order at https://shop.example',
      media: [],
    });
    expect(comment?.externalId).toMatch(new RegExp(`^${post.externalId.split('_')[1]}_\\d+$`));
    expect(comment?.url).toBe(`${post.url}?comment_id=${comment?.externalId}`);
    const shown = await showPage(post.url as string);
    expect(decodeEntities(shown.body)).toContain(': First! Order at https://shop.example');
    expect(shown.body).toContain('Comment by ');

    const reel = await facebook.publish(tokens, {
      account: account(page),
      postType: 'reel',
      text: 'A Reel to comment on',
      media: [vertical()],
    });
    const onReel = await facebook.publishReply?.(tokens, {
      account: account(page),
      parentExternalId: reel.externalId,
      text: 'Recipe in the next post',
      media: [],
    });
    expect(onReel?.url).toBe(`${reel.url}?comment_id=${onReel?.externalId}`);

    const unknown = await expectError(
      facebook.publishReply?.(tokens, {
        account: account(page),
        parentExternalId: `${page.externalId}_1`,
        text: 'Nobody home',
        media: [],
      }) as Promise<unknown>,
      InvalidContentError,
    );
    expect(unknown.message).toContain('does not exist');
  });
});
