import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPosts } from '../../src/server/db/schema';
import { SIMULATOR_CREDENTIALS, simulatorEndpoints } from '../../src/server/integrations/social/simulator';
import {
  InvalidContentError,
  type PublishMedia,
  type SocialProvider,
} from '../../src/server/integrations/social/social-provider';
import { createThreadsProvider } from '../../src/server/integrations/social/threads/threads-provider';
import { injectFetch } from '../../src/server/lib/inject-fetch';
import { expectError, hiddenFields, withFault } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { makeVideo, VIDEO_FIXTURES } from '../factories/video';
import { exampleImagesFetch, testImage } from '../fakes/publish-media';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { adapterDatabaseKinds } from '../setup/databases';

/*
 * Threads carousels, videos and threads (replies) through the real adapter against the pretend
 * Threads served by the real app, which downloads every image and video it is given by URL.
 */

const REDIRECT_URI = `${TEST_APP_URL}/api/auth/social/threads/callback`;
const VIDEO_HOST = 'https://videos.example';
const IMAGE = 'https://images.example/bread.jpg';
const PNG = 'https://images.example/bread.png';

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

const testVideo = (path: string): PublishMedia => ({
  kind: 'video',
  url: `${VIDEO_HOST}${path}`,
  mimeType: 'video/mp4',
  width: 540,
  height: 960,
  sizeBytes: 1,
  durationMs: 1,
  posterUrl: null,
  altText: null,
  read: () => Promise.reject(new Error('videos are not read whole')),
  readRange: () => Promise.reject(new Error('Threads downloads videos by URL')),
});

describe.each(adapterDatabaseKinds)('Threads carousels, videos and threads on %s', (kind) => {
  let t: TestApp;
  let session = '';
  let fetchApp: typeof fetch;
  let threads: SocialProvider;
  const videos = new Map<string, string>();
  const providerWith = (fetchImpl: typeof fetch) =>
    createThreadsProvider({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(TEST_APP_URL, 'threads'),
      sandbox: true,
      fetch: fetchImpl,
      timeoutMs: 20_000,
      containerPollMs: 50,
      containerWaitMs: 30_000,
      videoWaitMs: 60_000,
    });

  beforeAll(async () => {
    videos.set('/vertical.mp4', VIDEO_FIXTURES.vertical);
    videos.set('/mpeg4.mp4', makeVideo({ width: 540, height: 960, seconds: 2, fps: 24, codec: 'mpeg4' }));
    t = await buildTestApp(kind, {}, { simulatorOutsideFetch: internetWithVideos(videos) });
    session = (await signUp(t.app)).cookie;
    fetchApp = injectFetch(t.app);
    threads = providerWith(fetchApp);
  }, 180_000);
  afterAll(() => t?.close());

  async function connect() {
    const username = `rich_${randomBytes(4).toString('hex')}`;
    const url = new URL(threads.authorizeUrl({ state: 'st', redirectUri: REDIRECT_URI }));
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
    const tokens = await threads.exchangeCode({ code, redirectUri: REDIRECT_URI });
    const [account] = await threads.listAccounts(tokens);
    return { tokens, account: { externalId: account?.externalId as string, username } };
  }
  const rowOf = async (externalId: string) =>
    (await t.ctx.database.db.select().from(sandboxPosts).where(eq(sandboxPosts.externalId, externalId)))[0];

  it('publishes a carousel of images and a video, each item with its alt text', async () => {
    const { tokens, account } = await connect();
    const media = [
      { ...testImage(IMAGE), altText: 'A sourdough loaf' },
      { ...testImage(PNG), altText: 'A crumb shot' },
      { ...testVideo('/vertical.mp4'), altText: 'Scoring the dough' },
    ];
    const published = await threads.publish(tokens, {
      account,
      postType: 'carousel',
      text: 'Three ways',
      media,
    });
    const row = await rowOf(published.externalId);
    expect(row?.media).toMatchObject([
      { kind: 'carousel' },
      { kind: 'image', url: IMAGE, altText: 'A sourdough loaf' },
      { kind: 'image', url: PNG, altText: 'A crumb shot' },
      { kind: 'video', url: `${VIDEO_HOST}/vertical.mp4` },
    ]);
    await expectError(
      threads.publish(tokens, { account, postType: 'carousel', text: 'One', media: [testImage(IMAGE)] }),
      InvalidContentError,
    );
  });

  it('publishes one video; a video Threads cannot process fails the post with its reason', async () => {
    const { tokens, account } = await connect();
    const published = await threads.publish(tokens, {
      account,
      text: 'Watch',
      media: [testVideo('/vertical.mp4')],
    });
    expect((await rowOf(published.externalId))?.media).toMatchObject([{ kind: 'video' }]);
    const mpeg4 = await expectError(
      threads.publish(tokens, { account, text: 'Old codec', media: [testVideo('/mpeg4.mp4')] }),
      InvalidContentError,
    );
    expect(mpeg4.message).toContain('FAILED_PROCESSING_VIDEO');
    const faulty = providerWith(withFault(fetchApp, 'video-processing-failed', { only: /\/threads$/ }));
    await expectError(
      faulty.publish(tokens, { account, text: 'Fault', media: [testVideo('/vertical.mp4')] }),
      InvalidContentError,
    );
    const carousel = await expectError(
      threads.publish(tokens, {
        account,
        postType: 'carousel',
        text: 'Mixed',
        media: [testImage(IMAGE), testVideo('/mpeg4.mp4')],
      }),
      InvalidContentError,
    );
    expect(carousel.message).toContain('Item 2 of 2 of the carousel');
  });

  it('publishes a thread: each next post a reply to the one before, with its own media', async () => {
    const { tokens, account } = await connect();
    const first = await threads.publish(tokens, { account, postType: 'thread', text: 'Part 1', media: [] });
    const reply = threads.publishReply as NonNullable<SocialProvider['publishReply']>;
    const second = await reply(tokens, {
      account,
      parentExternalId: first.externalId,
      text: 'Part 2',
      media: [],
    });
    const third = await reply(tokens, {
      account,
      parentExternalId: second.externalId,
      text: 'Part 3',
      media: [testImage(IMAGE), testImage(PNG)],
    });
    expect((await rowOf(second.externalId))?.media).toMatchObject([
      { kind: 'text', replyTo: first.externalId },
    ]);
    expect((await rowOf(third.externalId))?.media).toMatchObject([
      { kind: 'carousel', replyTo: second.externalId },
      { kind: 'image' },
      { kind: 'image' },
    ]);
    expect(second.url).toContain('/post/');
    // A reply to a post that does not exist is refused, nothing published.
    await expectError(
      reply(tokens, { account, parentExternalId: '17800000000000009', text: 'Lost', media: [] }),
      InvalidContentError,
    );
    // Replies are not among the profile's posts (`/{user-id}/threads` lists posts only).
    expect(
      await threads.findPublished?.(tokens, {
        account,
        text: 'Part 2',
        since: new Date(Date.now() - 60_000),
      }),
    ).toBeNull();
  });
});
