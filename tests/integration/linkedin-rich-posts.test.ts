import { randomBytes } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { sandboxPosts } from '../../src/server/db/schema';
import { DEFAULT_LINKEDIN_API_VERSION as LINKEDIN_VERSION } from '../../src/server/integrations/social/linkedin/api-version';
import {
  createLinkedInProvider,
  type LinkedInProvider,
} from '../../src/server/integrations/social/linkedin/linkedin-provider';
import { SIMULATOR_CREDENTIALS, simulatorEndpoints } from '../../src/server/integrations/social/simulator';
import {
  InvalidContentError,
  type PublishMedia,
  type TokenSet,
  TransientPlatformError,
} from '../../src/server/integrations/social/social-provider';
import { injectFetch } from '../../src/server/lib/inject-fetch';
import { expectError, hiddenFields } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { makeVideo, VIDEO_FIXTURES } from '../factories/video';
import { linkedInAnalyticsTokens } from '../fakes/linkedin/analytics-grant';
import { JPEG_BYTES, testImage } from '../fakes/publish-media';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { adapterDatabaseKinds } from '../setup/databases';

/*
 * Issue 24 on LinkedIn, against the pretend LinkedIn served by the real app: several images
 * (multiImage) and one image with alt text, a video through the Videos API (initialize, parts,
 * finalize, wait AVAILABLE), a link card (article), the first comment (Comments API), and each
 * refusal the simulator makes as LinkedIn does.
 */

const REDIRECT_URI = `${TEST_APP_URL}/api/auth/social/linkedin/callback`;
const AUTHORIZE_PATH = '/sandbox/linkedin/oauth/v2/authorization';
const API = '/sandbox/linkedin/api';

/** A video as the publishing port hands it over: its bytes only by range, never whole. */
async function videoMedia(file: string): Promise<PublishMedia & { ranges: Array<[number, number]> }> {
  const { size } = await stat(file);
  const ranges: Array<[number, number]> = [];
  return {
    kind: 'video',
    url: 'https://app.example/media/v.mp4',
    mimeType: 'video/mp4',
    width: 540,
    height: 960,
    sizeBytes: size,
    durationMs: 3_500,
    posterUrl: null,
    altText: null,
    async read() {
      throw new Error('a video is never read whole');
    },
    async readRange(start, end) {
      ranges.push([start, end]);
      const handle = await open(file, 'r');
      try {
        const bytes = Buffer.alloc(end - start);
        await handle.read(bytes, 0, end - start, start);
        return bytes;
      } finally {
        await handle.close();
      }
    },
    ranges,
  };
}

const withAlt = (url: string, altText: string) => ({ ...testImage(url), altText });

describe.each(adapterDatabaseKinds)('LinkedIn rich posts against the platform simulator on %s', (kind) => {
  let t: TestApp;
  let database: Database;
  let session = '';
  let sim: FastifyInstance;
  let fetchSim: typeof fetch;
  let linkedin: LinkedInProvider;
  const calls: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    sim = t.app;
    database = t.ctx.database;
    session = (await signUp(t.app)).cookie;
    fetchSim = injectFetch(sim);
    const recording: typeof fetch = async (input, init) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
      return fetchSim(input, init);
    };
    linkedin = createLinkedInProvider({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(TEST_APP_URL, 'linkedin'),
      sandbox: true,
      fetch: recording,
      timeoutMs: 10_000,
      videoWait: { firstDelayMs: 100, maxDelayMs: 200, maxWaitMs: 10_000 },
    });
  });
  afterAll(() => t.close());

  async function connect() {
    const provider = linkedin;
    const state = randomBytes(16).toString('base64url');
    const url = new URL(provider.authorizeUrl({ state, redirectUri: REDIRECT_URI }));
    const page = await sim.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    const form = {
      ...hiddenFields(page.body),
      account: '__new__',
      username: `member-${randomBytes(4).toString('hex')}`,
      decision: 'authorize',
    };
    const posted = await sim.inject({
      method: 'POST',
      url: AUTHORIZE_PATH,
      headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    const code = new URL(String(posted.headers.location)).searchParams.get('code') as string;
    const tokens = await provider.exchangeCode({ code, redirectUri: REDIRECT_URI });
    const [account] = await provider.listAccounts(tokens);
    if (!account) throw new Error('no account');
    return { tokens, account: { externalId: account.externalId, username: account.username } };
  }

  const restHeaders = (tokens: TokenSet) => ({
    authorization: `Bearer ${tokens.accessToken}`,
    'linkedin-version': LINKEDIN_VERSION,
    'x-restli-protocol-version': '2.0.0',
  });
  const unique = (text: string) => `${text} ${randomBytes(3).toString('hex')}`;

  async function stored(externalId: string) {
    const [row] = await database.db
      .select()
      .from(sandboxPosts)
      .where(eq(sandboxPosts.externalId, externalId));
    return row;
  }

  /** The post as the Posts API reads it back (the author finder). */
  async function readBack(tokens: TokenSet, author: string, externalId: string) {
    const answer = await sim.inject({
      method: 'GET',
      url: `${API}/rest/posts?q=author&author=${encodeURIComponent(author)}&count=10`,
      headers: { ...restHeaders(tokens), 'x-restli-method': 'FINDER' },
    });
    return (answer.json().elements as Array<{ id: string; content?: Record<string, unknown> }>).find(
      (element) => element.id === externalId,
    );
  }

  const pageOf = async (url: string | null) =>
    (await sim.inject({ method: 'GET', url: new URL(url as string).pathname, headers: { cookie: session } }))
      .body;

  /** A raw post through the Posts API as the member (for refusals the adapter never sends). */
  const rawPost = (tokens: TokenSet, author: string, content: unknown) =>
    sim.inject({
      method: 'POST',
      url: `${API}/rest/posts`,
      headers: { ...restHeaders(tokens), 'content-type': 'application/json' },
      payload: {
        author,
        commentary: unique('Raw'),
        visibility: 'PUBLIC',
        distribution: {
          feedDistribution: 'MAIN_FEED',
          targetEntities: [],
          thirdPartyDistributionChannels: [],
        },
        content,
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
      },
    });

  it('posts 3 images with their alt texts as content.multiImage, and shows them with it', async () => {
    const { tokens, account } = await connect();
    const alts = ['A red kite over the dunes', 'Two kids holding the line', 'The kite shop at dusk'];
    const published = await linkedin.publish(tokens, {
      account,
      text: unique('Kite day'),
      media: alts.map((alt, index) => withAlt(`https://app.example/m/${index}.jpg`, alt)),
    });
    const row = await stored(published.externalId);
    expect(row?.media.map((item) => (item as { altText?: string }).altText)).toEqual(alts);
    const element = await readBack(tokens, `urn:li:person:${account.externalId}`, published.externalId);
    const multi = element?.content?.multiImage as
      | { images: Array<{ id: string; altText: string }> }
      | undefined;
    const images = multi?.images ?? [];
    expect(images.map((image) => image.altText)).toEqual(alts);
    expect(images.every((image) => /^urn:li:image:/.test(image.id))).toBe(true);
    const page = await pageOf(published.url);
    for (const alt of alts) expect(page).toContain(`alt="${alt}"`);
  });

  it('posts one image with its alt text as content.media', async () => {
    const { tokens, account } = await connect();
    const published = await linkedin.publish(tokens, {
      account,
      text: unique('One kite'),
      media: [withAlt('https://app.example/m/one.jpg', 'A lone kite')],
    });
    const element = await readBack(tokens, `urn:li:person:${account.externalId}`, published.externalId);
    expect(element?.content?.media).toEqual({
      id: expect.stringMatching(/^urn:li:image:/),
      altText: 'A lone kite',
    });
  });

  it('refuses alt text over 4,086 characters (400), as InvalidContentError', async () => {
    const { tokens, account } = await connect();
    const error = await expectError(
      linkedin.publish(tokens, {
        account,
        text: unique('Long alt'),
        media: [withAlt('https://app.example/m/long.jpg', 'a'.repeat(4087))],
      }),
      InvalidContentError,
    );
    expect(error.message).toContain('altText :: length 4087 exceeds the maximum of 4086');
  });

  it('posts a video through the Videos API: initialize, each part by its byte range, finalize, wait AVAILABLE', async () => {
    const { tokens, account } = await connect();
    const video = await videoMedia(VIDEO_FIXTURES.vertical);
    calls.length = 0;
    const published = await linkedin.publish(tokens, { account, text: unique('Watch this'), media: [video] });
    // One 4 MiB part covers the 33 KB fixture: read by its range, never whole.
    expect(video.ranges).toEqual([[0, video.sizeBytes]]);
    expect(calls[0]).toBe('POST /sandbox/linkedin/api/rest/videos');
    expect(calls[1]).toMatch(/^PUT \/sandbox\/linkedin\/dms-uploads\/videos\/C5F10AQ\w+\/0$/);
    expect(calls[2]).toBe('POST /sandbox/linkedin/api/rest/videos');
    const polls = calls.filter((call) => call.startsWith('GET /sandbox/linkedin/api/rest/videos/'));
    // PROCESSING at least once (400 ms in tests), then AVAILABLE.
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect(calls.at(-1)).toBe('POST /sandbox/linkedin/api/rest/posts');
    const element = await readBack(tokens, `urn:li:person:${account.externalId}`, published.externalId);
    expect(element?.content?.media).toEqual({ id: expect.stringMatching(/^urn:li:video:/) });
    const page = await pageOf(published.url);
    expect(page).toContain('Video 0:04 · 540×960');

    // Its plays are our views (memberCreatorVideoAnalytics VIDEO_PLAY); a text post has none.
    await database.db
      .update(sandboxPosts)
      .set({ publishedAt: new Date(Date.now() - 24 * 3_600_000) })
      .where(eq(sandboxPosts.externalId, published.externalId));
    const text = await linkedin.publish(tokens, { account, text: unique('Just words'), media: [] });
    const { metrics } = await linkedin.readPostMetrics(await linkedInAnalyticsTokens(database.db, tokens), {
      account,
      externalIds: [published.externalId, text.externalId],
    });
    const [videoReading, textReading] = metrics;
    expect(videoReading?.views).toBeGreaterThan(0);
    expect(videoReading?.views).toBeLessThan(videoReading?.impressions ?? 0);
    expect(textReading?.views).toBeNull();
    expect(await pageOf(published.url)).toContain('Video plays');
  });

  it('fails a 1-second video as LinkedIn does (PROCESSING_FAILED, with the reason), and a MOV file', async () => {
    const { tokens, account } = await connect();
    const short = await expectError(
      linkedin.publish(tokens, {
        account,
        text: unique('Too short'),
        media: [await videoMedia(VIDEO_FIXTURES.landscape)],
      }),
      InvalidContentError,
    );
    expect(short.message).toBe(
      'LinkedIn could not process the video: The video is 1.0 s long; it must be between 3 seconds and 30 minutes.',
    );
    const mov = makeVideo({ width: 320, height: 240, seconds: 4, format: 'mov', audio: false });
    const refused = await expectError(
      linkedin.publish(tokens, { account, text: unique('A MOV'), media: [await videoMedia(mov)] }),
      InvalidContentError,
    );
    expect(refused.message).toContain('Only MP4 videos are supported.');
  });

  it('gives up waiting for a video still PROCESSING after its bounded wait: retryable, no post made', async () => {
    const { tokens, account } = await connect();
    const impatient = createLinkedInProvider({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(TEST_APP_URL, 'linkedin'),
      sandbox: true,
      fetch: fetchSim,
      videoWait: { firstDelayMs: 10, maxDelayMs: 10, maxWaitMs: 0 },
    });
    calls.length = 0;
    const error = await expectError(
      impatient.publish(tokens, {
        account,
        text: unique('Impatient'),
        media: [await videoMedia(VIDEO_FIXTURES.vertical)],
      }),
      TransientPlatformError,
    );
    expect(error.message).toBe('LinkedIn was still processing the video after 0 s (PROCESSING).');
  });

  it('runs the video state machine strictly: part ranges, ETags at finalize, no post before AVAILABLE', async () => {
    const { tokens, account } = await connect();
    const owner = `urn:li:person:${account.externalId}`;
    const headers = { ...restHeaders(tokens), 'content-type': 'application/json' };
    const bytes = (await import('node:fs')).readFileSync(VIDEO_FIXTURES.vertical);
    const init = await sim.inject({
      method: 'POST',
      url: `${API}/rest/videos?action=initializeUpload`,
      headers,
      payload: {
        initializeUploadRequest: {
          owner,
          fileSizeBytes: bytes.length,
          uploadCaptions: false,
          uploadThumbnail: false,
        },
      },
    });
    expect(init.statusCode).toBe(200);
    const { video, uploadToken, uploadInstructions } = init.json().value as {
      video: string;
      uploadToken: string;
      uploadInstructions: Array<{ uploadUrl: string; firstByte: number; lastByte: number }>;
    };
    expect(uploadInstructions).toEqual([
      {
        uploadUrl: expect.stringContaining('/dms-uploads/videos/'),
        firstByte: 0,
        lastByte: bytes.length - 1,
      },
    ]);
    const status = async () =>
      (
        await sim.inject({ method: 'GET', url: `${API}/rest/videos/${encodeURIComponent(video)}`, headers })
      ).json();
    expect((await status()).status).toBe('WAITING_UPLOAD');
    const partUrl = new URL((uploadInstructions[0] as { uploadUrl: string }).uploadUrl).pathname;
    const put = (payload: Buffer) =>
      sim.inject({
        method: 'PUT',
        url: partUrl,
        headers: {
          authorization: `Bearer ${tokens.accessToken}`,
          'content-type': 'application/octet-stream',
        },
        payload,
      });
    // A part must be exactly its byte range.
    const wrong = await put(bytes.subarray(0, 1000));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      `Part 0 must be bytes 0-${bytes.length - 1} (${bytes.length} bytes); got 1000`,
    );
    const right = await put(bytes);
    expect(right.statusCode).toBe(200);
    const etag = String(right.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const finalize = (uploadedPartIds: string[]) =>
      sim.inject({
        method: 'POST',
        url: `${API}/rest/videos?action=finalizeUpload`,
        headers,
        payload: { finalizeUploadRequest: { video, uploadToken, uploadedPartIds } },
      });
    expect((await finalize([])).json().message).toContain('1 part ids expected, got 0');
    const badEtag = await finalize(['"0000"']);
    expect(badEtag.statusCode).toBe(400);
    expect(badEtag.json().message).toContain('not the ETag of part 0');
    expect((await status()).status).toBe('WAITING_UPLOAD');
    expect((await finalize([etag])).statusCode).toBe(200);
    expect((await finalize([etag])).json().message).toContain('already finalized');
    expect((await status()).status).toBe('PROCESSING');
    // A post naming the video while it processes is refused (Postiz: "otherwise LinkedIn rejects
    // the post with a processing error").
    const early = await rawPost(tokens, owner, { media: { id: video } });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(`/content :: video ${video} is PROCESSING, not AVAILABLE`);
    await vi.waitFor(async () => expect((await status()).status).toBe('AVAILABLE'), {
      timeout: 5_000,
      interval: 100,
    });
    expect((await status()).duration).toBe(3_500);
    expect((await rawPost(tokens, owner, { media: { id: video } })).statusCode).toBe(201);
    // A video in a multiImage is refused: it "only supports image".
    const mixed = await rawPost(tokens, owner, { multiImage: { images: [{ id: video }, { id: video }] } });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().message).toContain('only image URNs are supported');
    // Another member cannot read it.
    const other = await connect();
    const forbidden = await sim.inject({
      method: 'GET',
      url: `${API}/rest/videos/${encodeURIComponent(video)}`,
      headers: restHeaders(other.tokens),
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toContain('Accessing this video resource is forbidden');
  });

  it('refuses a multiImage of 1 or 21 images, another member\u2019s image, and an adapter call with 21 images', async () => {
    const { tokens, account } = await connect();
    const owner = `urn:li:person:${account.externalId}`;
    const ids = Array.from({ length: 21 }, (_, index) => ({ id: `urn:li:image:D4E10AQ${index}x` }));
    const many = await rawPost(tokens, owner, { multiImage: { images: ids } });
    expect(many.statusCode).toBe(422);
    expect(many.json().message).toBe('/content/multiImage/images :: between 2 and 20 images, got 21');
    const one = await rawPost(tokens, owner, { multiImage: { images: ids.slice(0, 1) } });
    expect(one.json().message).toBe('/content/multiImage/images :: between 2 and 20 images, got 1');

    const other = await connect();
    const theirs = await linkedin.publish(other.tokens, {
      account: other.account,
      text: unique('Mine'),
      media: [testImage('https://app.example/m/theirs.jpg')],
    });
    const theirImage = (await stored(theirs.externalId))?.media[0]?.id as string;
    const stolen = await rawPost(tokens, owner, { media: { id: theirImage } });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().message).toBe(`/content :: ${theirImage} does not exist`);

    calls.length = 0;
    const error = await expectError(
      linkedin.publish(tokens, {
        account,
        text: unique('Too many'),
        media: Array.from({ length: 21 }, (_, index) => testImage(`https://app.example/m/${index}.jpg`)),
      }),
      InvalidContentError,
    );
    expect(error.message).toBe('LinkedIn takes at most 20 images on a post; this one has 21.');
    expect(calls).toEqual([]);
    expect(JPEG_BYTES.length).toBeGreaterThan(0);
  });

  it('sends a link as an article card (LinkedIn does not read the page for API posts) and shows it', async () => {
    const { tokens, account } = await connect();
    const published = await linkedin.publish(tokens, {
      account,
      text: unique('Read our kite guide https://kites.example/guide'),
      media: [],
      link: {
        url: 'https://kites.example/guide',
        title: 'The kite guide',
        description: 'Everything about flying kites.',
        imageUrl: null,
      },
    });
    const element = await readBack(tokens, `urn:li:person:${account.externalId}`, published.externalId);
    expect(element?.content).toEqual({
      article: {
        source: 'https://kites.example/guide',
        title: 'The kite guide',
        description: 'Everything about flying kites.',
      },
    });
    const page = await pageOf(published.url);
    expect(page).toContain('<strong style="display:block">The kite guide</strong>');
    expect(page).toContain('kites.example');
    // An article without a title is refused by LinkedIn's schema.
    const untitled = await rawPost(tokens, `urn:li:person:${account.externalId}`, {
      article: { source: 'https://kites.example/x' },
    });
    expect(untitled.statusCode).toBe(422);
    expect(untitled.json().message).toBe('/content/article/title :: required field is not present');
  });

  it('posts the first comment under the post (Comments API); refuses one under an unknown post or too long', async () => {
    const { tokens, account } = await connect();
    const published = await linkedin.publish(tokens, { account, text: unique('With a comment'), media: [] });
    const comment = await linkedin.publishReply?.(tokens, {
      account,
      parentExternalId: published.externalId,
      text: 'Links in the first comment: https://kites.example (and #kites)',
      media: [],
    });
    expect(comment?.externalId).toMatch(new RegExp(`^urn:li:comment:\\(${published.externalId},\\d+\\)$`));
    expect(comment?.url).toBe(
      `${TEST_APP_URL}/sandbox/linkedin/feed/update/${published.externalId}?commentUrn=${encodeURIComponent(comment?.externalId as string)}`,
    );
    // Sent as written: a comment is attributed text, not little text (decision 063).
    expect((await stored(comment?.externalId as string))?.text).toBe(
      'Links in the first comment: https://kites.example (and #kites)',
    );
    const reply = (parentExternalId: string, text: string) =>
      linkedin.publishReply?.(tokens, { account, parentExternalId, text, media: [] }) as Promise<unknown>;
    const unknown = await expectError(reply('urn:li:share:1', 'Hello'), InvalidContentError);
    expect(unknown.message).toBe('LinkedIn refused the comment: Post urn:li:share:1 does not exist');
    const long = await expectError(reply(published.externalId, 'x'.repeat(1251)), InvalidContentError);
    expect(long.message).toContain('length 1251 exceeds the maximum of 1250');
    await expectError(
      linkedin.publishReply?.(tokens, {
        account,
        parentExternalId: published.externalId,
        text: 'With a picture',
        media: [testImage('https://app.example/m/c.jpg')],
      }) as Promise<unknown>,
      InvalidContentError,
    );
  });
});
