import { createHash, randomBytes } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformQuotaStore } from '../../src/server/integrations/social/platform-quota-store';
import { SIMULATOR_CREDENTIALS, simulatorEndpoints } from '../../src/server/integrations/social/simulator';
import {
  InvalidContentError,
  type PublishInput,
  type PublishMedia,
  RateLimitedError,
  TokenExpiredError,
} from '../../src/server/integrations/social/social-provider';
import { pacificDay } from '../../src/server/integrations/social/youtube/quota';
import {
  createYouTubeProvider,
  type YouTubeProvider,
} from '../../src/server/integrations/social/youtube/youtube-provider';
import { injectFetch } from '../../src/server/lib/inject-fetch';
import { expectError, hiddenFields } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { VIDEO_FIXTURES } from '../factories/video';
import { JPEG_BYTES, testImage } from '../fakes/publish-media';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { adapterDatabaseKinds } from '../setup/databases';

/*
 * The YouTube adapter against the pretend YouTube: connect (Google's sign-in), the channel as the
 * account, a resumable upload in 256 KiB chunks, processing (and its failure), the quota (our
 * refusal before the call, and YouTube's quotaExceeded), a revoked token, reconciliation, metrics.
 */

const REDIRECT_URI = `${TEST_APP_URL}/api/auth/social/youtube/callback`;
const AUTHORIZE_PATH = '/sandbox/youtube/o/oauth2/v2/auth';
const CHUNK = 256 * 1024;

/** A file as the publishing port hands a video over: by range only. */
async function videoMedia(file: string, facts: { width: number; height: number; durationMs: number }) {
  const { size } = await stat(file);
  const ranges: Array<[number, number]> = [];
  const media: PublishMedia & { ranges: typeof ranges } = {
    kind: 'video',
    url: 'https://app.example/media/v.mp4',
    mimeType: 'video/mp4',
    ...facts,
    sizeBytes: size,
    posterUrl: null,
    altText: null,
    ranges,
    async read() {
      throw new Error('a video is never read whole');
    },
    async readRange(start, end) {
      ranges.push([start, end]);
      return (await readFile(file)).subarray(start, end);
    },
  };
  return media;
}

describe.each(adapterDatabaseKinds)('YouTube provider against the platform simulator on %s', (kind) => {
  let t: TestApp;
  let sim: FastifyInstance;
  let session = '';
  let youtube: YouTubeProvider;
  let vertical: PublishMedia;
  const providerWith = (overrides: { dailyLimit?: number } = {}) =>
    createYouTubeProvider({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(TEST_APP_URL, 'youtube'),
      sandbox: true,
      fetch: injectFetch(sim),
      timeoutMs: 5_000,
      quotas: createPlatformQuotaStore(t.ctx.database.db),
      platformApps: { youtubeDailyQuota: overrides.dailyLimit ?? 1_000_000 },
      chunkBytes: CHUNK,
      processingPollMs: 150,
    });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    sim = t.app;
    session = (await signUp(t.app)).cookie;
    youtube = providerWith();
    vertical = await videoMedia(VIDEO_FIXTURES.vertical, { width: 540, height: 960, durationMs: 3_500 });
  });
  afterAll(() => t.close());

  async function connect(handle = `chan_${randomBytes(4).toString('hex')}`) {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const url = new URL(
      youtube.authorizeUrl({ state: 's', redirectUri: REDIRECT_URI, codeChallenge: challenge }),
    );
    const page = await sim.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(200);
    const form = { ...hiddenFields(page.body), account: '__new__', username: handle, decision: 'authorize' };
    const posted = await sim.inject({
      method: 'POST',
      url: AUTHORIZE_PATH,
      headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    const code = new URL(String(posted.headers.location)).searchParams.get('code') as string;
    const tokens = await youtube.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier });
    const [account] = await youtube.listAccounts(tokens);
    if (!account) throw new Error('no channel');
    return { tokens, account, handle };
  }

  const upload = (media: PublishMedia, overrides: Partial<PublishInput> = {}): PublishInput => ({
    account: { externalId: 'x', username: 'x' },
    text: `Behind the scenes at the bakery ${randomBytes(3).toString('hex')} #baking`,
    title: 'How we laminate croissant dough',
    media: [media],
    options: {
      youtube: {
        madeForKids: false,
        privacy: 'unlisted',
        tags: ['baking', 'croissant dough'],
        categoryId: '26',
      },
    },
    ...overrides,
  });

  async function arm(externalId: string, fault: string, on: string, times: number | 'always' = 1) {
    const armed = await sim.inject({
      method: 'POST',
      url: '/sandbox/faults',
      headers: { cookie: session },
      payload: { platform: 'youtube', account: externalId, fault, on, times },
    });
    expect(armed.statusCode).toBe(201);
  }

  const watch = (url: string) =>
    sim.inject({ method: 'GET', url: url.replace(TEST_APP_URL, ''), headers: { cookie: session } });

  it('connects a channel: its id, @handle, avatar and subscribers', async () => {
    const { tokens, account, handle } = await connect();
    expect(account.externalId).toMatch(/^UC[A-Za-z0-9_-]{22}$/);
    expect(account.username).toBe(`@${handle}`.slice(1).toLowerCase());
    expect(account.avatarUrl).toContain(`/sandbox/youtube/avatars/${account.externalId}.svg`);
    expect(account.followers).toBeGreaterThanOrEqual(0);
    expect(tokens.scopes).toEqual([
      'https://www.googleapis.com/auth/youtube.upload',
      'https://www.googleapis.com/auth/youtube.readonly',
    ]);
    expect(
      await youtube.readFollowers(tokens, { externalId: account.externalId, username: account.username }),
    ).toBe(account.followers);
  });

  it('uploads a vertical short video as a Short, with its metadata, and reads its statistics', async () => {
    const { tokens, account } = await connect();
    const input = upload(vertical);
    const posted = await youtube.publish(tokens, input);
    expect(posted.externalId).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(posted.url).toBe(`${TEST_APP_URL}/sandbox/youtube/shorts/${posted.externalId}`);
    const page = await watch(posted.url as string);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('How we laminate croissant dough');
    expect(page.body).toContain('540×960');
    const { metrics, missing } = await youtube.readPostMetrics(tokens, {
      account: { externalId: account.externalId, username: account.username },
      externalIds: [posted.externalId, 'AAAAAAAAAAA'],
    });
    expect(missing).toEqual(['AAAAAAAAAAA']);
    expect(metrics[0]).toMatchObject({
      externalId: posted.externalId,
      impressions: null,
      reach: null,
      shares: null,
      clicks: null,
    });
    expect(metrics[0]?.views).toBeGreaterThanOrEqual(0);
    expect(metrics[0]?.likes).toBeGreaterThanOrEqual(0);
    expect(metrics[0]?.comments).toBeGreaterThanOrEqual(0);
  });

  it('sends a large file in 256 KiB chunks; a file that is no video fails processing with the reason', async () => {
    const { tokens } = await connect();
    const file = join(tmpdir(), `yt-${randomBytes(4).toString('hex')}.mp4`);
    await writeFile(file, randomBytes(CHUNK * 2 + 1000));
    const junk = await videoMedia(file, { width: 1280, height: 720, durationMs: 600_000 });
    const error = await expectError(youtube.publish(tokens, upload(junk)), InvalidContentError);
    expect(error.message).toContain('invalidFile');
    expect((junk as unknown as { ranges: Array<[number, number]> }).ranges).toEqual([
      [0, CHUNK],
      [CHUNK, 2 * CHUNK],
      [2 * CHUNK, 2 * CHUNK + 1000],
    ]);
  });

  it('fails the post when YouTube fails to process the video (the fault)', async () => {
    const { tokens, account } = await connect();
    await arm(account.externalId, 'video-processing-failed', 'upload');
    const error = await expectError(youtube.publish(tokens, upload(vertical)), InvalidContentError);
    expect(error.message).toContain('YouTube could not process the video (conversion)');
  });

  it('refuses an upload our quota cannot pay for before any call, with the reset at midnight PT', async () => {
    const { tokens } = await connect();
    const tight = providerWith({ dailyLimit: 1_700 });
    const before = await tight.quota.status();
    const error = await expectError(tight.publish(tokens, upload(vertical)), RateLimitedError);
    expect(error.message).toContain('needs 1,610 units');
    expect(error.resetAt?.getTime()).toBe(before.resetsAt.getTime());
    expect(pacificDay(new Date((error.resetAt as Date).getTime() - 1))).not.toBe(
      pacificDay(error.resetAt as Date),
    );
    expect((await tight.quota.status()).unitsUsed).toBe(before.unitsUsed);
  });

  it("maps YouTube's own quotaExceeded to a rate limit until midnight PT", async () => {
    const { tokens, account } = await connect();
    await arm(account.externalId, 'rate-limit', 'publish');
    const error = await expectError(youtube.publish(tokens, upload(vertical)), RateLimitedError);
    expect(error.message).toContain('quota');
    expect(error.resetAt?.getTime()).toBeGreaterThan(Date.now());
    expect(error.resetAt?.getTime()).toBeLessThanOrEqual(Date.now() + 25 * 3_600_000);
  });

  it('counts every unit it spends, and gives back the processing checks it did not make', async () => {
    const { tokens } = await connect();
    const before = (await youtube.quota.status()).unitsUsed;
    await youtube.publish(tokens, upload(vertical));
    const spent = (await youtube.quota.status()).unitsUsed - before;
    expect(spent).toBeGreaterThan(1_600);
    expect(spent).toBeLessThanOrEqual(1_610);
  });

  it('counts the video as published when its processing cannot be checked (no second upload on a retry)', async () => {
    const { tokens, account } = await connect();
    await arm(account.externalId, 'rate-limit', 'read', 'always');
    const posted = await youtube.publish(tokens, upload(vertical));
    expect(posted.externalId).toMatch(/^[A-Za-z0-9_-]{11}$/);
  });

  it('a revoked token fails the publish with TokenExpiredError, and the refresh too', async () => {
    const { tokens, account } = await connect();
    await arm(account.externalId, 'revoked-token', 'publish');
    await expectError(youtube.publish(tokens, upload(vertical)), TokenExpiredError);
    await expectError(youtube.refreshTokens(tokens), TokenExpiredError);
  });

  it('resumes after the answer to the last chunk is lost, and finds the video', async () => {
    const { tokens, account } = await connect();
    await arm(account.externalId, 'unknown-outcome', 'upload');
    const posted = await youtube.publish(tokens, upload(vertical));
    expect(posted.externalId).toMatch(/^[A-Za-z0-9_-]{11}$/);
  });

  it('reconciles through the uploads playlist by title and description', async () => {
    const { tokens, account } = await connect();
    const since = new Date(Date.now() - 1_000);
    const input = upload(vertical);
    const posted = await youtube.publish(tokens, input);
    const acct = { externalId: account.externalId, username: account.username };
    const found = await youtube.findPublished?.(tokens, {
      account: acct,
      text: input.text,
      since,
      hint: { title: input.title as string },
    });
    expect(found?.externalId).toBe(posted.externalId);
    const none = await youtube.findPublished?.(tokens, { account: acct, text: 'never sent', since });
    expect(none).toBeNull();
  });

  it('sets a custom thumbnail, and publishes anyway when the channel may not have one', async () => {
    const thumbnail = {
      ...testImage('https://images.example/t.jpg'),
      read: async () => JPEG_BYTES,
      sizeBytes: JPEG_BYTES.length,
    };
    const verified = await connect();
    const posted = await youtube.publish(verified.tokens, upload(vertical, { thumbnail }));
    expect(posted.externalId).toBeTruthy();
    const unverified = await connect(`unverified_${randomBytes(3).toString('hex')}`);
    const still = await youtube.publish(unverified.tokens, upload(vertical, { thumbnail }));
    expect(still.externalId).toBeTruthy();
    const big = { ...thumbnail, sizeBytes: 3 * 1024 * 1024 };
    await expectError(
      youtube.publish(verified.tokens, upload(vertical, { thumbnail: big })),
      InvalidContentError,
    );
  });

  it('refuses what YouTube refuses before spending quota: no title, < >, no made-for-kids answer', async () => {
    const { tokens } = await connect();
    const before = (await youtube.quota.status()).unitsUsed;
    await expectError(youtube.publish(tokens, upload(vertical, { title: '' })), InvalidContentError);
    await expectError(youtube.publish(tokens, upload(vertical, { title: 'a <b>' })), InvalidContentError);
    await expectError(
      youtube.publish(tokens, upload(vertical, { options: { youtube: { privacy: 'public' } } })),
      InvalidContentError,
    );
    expect((await youtube.quota.status()).unitsUsed).toBe(before);
  });

  it('the simulator refuses bad metadata as YouTube does (invalidTitle, invalidCategoryId)', async () => {
    const { tokens } = await connect();
    const start = (body: object) =>
      sim.inject({
        method: 'POST',
        url: '/sandbox/youtube/api/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status',
        headers: {
          authorization: `Bearer ${tokens.accessToken}`,
          'content-type': 'application/json',
          'x-upload-content-length': '10',
          'x-upload-content-type': 'video/mp4',
        },
        payload: body,
      });
    const noTitle = await start({ snippet: { title: '' }, status: {} });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error.errors[0].reason).toBe('invalidTitle');
    const badCategory = await start({ snippet: { title: 'x', categoryId: '18' }, status: {} });
    expect(badCategory.json().error.errors[0].reason).toBe('invalidCategoryId');
    const ok = await start({ snippet: { title: 'x' }, status: { privacyStatus: 'private' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.location).toContain('upload_id=');
  });
});
