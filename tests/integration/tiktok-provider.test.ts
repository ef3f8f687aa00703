import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPosts } from '../../src/server/db/schema';
import { SIMULATOR_CREDENTIALS, simulatorEndpoints } from '../../src/server/integrations/social/simulator';
import {
  InvalidContentError,
  type PublishMedia,
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
  UnknownOutcomeError,
} from '../../src/server/integrations/social/social-provider';
import {
  createTikTokProvider,
  TIKTOK_SCOPES,
  type TikTokProvider,
} from '../../src/server/integrations/social/tiktok/tiktok-provider';
import { injectFetch } from '../../src/server/lib/inject-fetch';
import { expectError, hiddenFields, withFault } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { VIDEO_FIXTURES } from '../factories/video';
import { testImage } from '../fakes/publish-media';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { adapterDatabaseKinds } from '../setup/databases';

/*
 * TikTok against the platform simulator (issue 28): Login Kit without PKCE, creator info before
 * each post, a chunked video upload, status polling, the inbox, photos by URL, reconciliation,
 * metrics, and the faults the issue names (processing failure, revoked token, rate limit, the
 * unaudited app's refusal). The app runs with TIKTOK_APP_AUDITED unset: unaudited.
 */

const REDIRECT_URI = `${TEST_APP_URL}/api/auth/social/tiktok/callback`;
const AUTHORIZE_PATH = '/sandbox/tiktok/v2/auth/authorize/';
const unique = (text: string) => `${text} ${randomBytes(3).toString('hex')}`;

/** The vertical fixture as the publishing port hands it over (bytes by range only). */
function fixtureVideo(durationMs = 3_500): PublishMedia & { ranges: Array<[number, number]> } {
  const file = VIDEO_FIXTURES.vertical;
  const ranges: Array<[number, number]> = [];
  return {
    kind: 'video',
    url: `${TEST_APP_URL}/media/video.mp4`,
    mimeType: 'video/mp4',
    width: 540,
    height: 960,
    sizeBytes: statSync(file).size,
    durationMs,
    posterUrl: null,
    altText: null,
    ranges,
    async read() {
      throw new Error('a video is never read whole');
    },
    async readRange(start, end) {
      ranges.push([start, end]);
      const buffer = Buffer.alloc(end - start);
      const fd = openSync(file, 'r');
      try {
        readSync(fd, buffer, 0, end - start, start);
      } finally {
        closeSync(fd);
      }
      return buffer;
    },
  };
}

describe.each(adapterDatabaseKinds)('TikTok provider against the platform simulator on %s', (kind) => {
  let t: TestApp;
  let session = '';
  let fetchApp: typeof fetch;
  let tiktok: TikTokProvider;
  const providerWith = (fetchImpl: typeof fetch, audited = false) =>
    createTikTokProvider({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(TEST_APP_URL, 'tiktok'),
      sandbox: true,
      fetch: fetchImpl,
      timeoutMs: 5_000,
      statusPollMs: 100,
      publishWaitMs: 10_000,
      platformApps: { tiktokAudited: audited },
    });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    session = (await signUp(t.app)).cookie;
    fetchApp = injectFetch(t.app);
    tiktok = providerWith(fetchApp);
  });
  afterAll(() => t.close());

  async function authorize(username: string, scopes = TIKTOK_SCOPES.join(',')) {
    const url = new URL(tiktok.authorizeUrl({ state: 'st-1', redirectUri: REDIRECT_URI }));
    url.searchParams.set('scope', scopes);
    const page = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(200);
    const posted = await t.app.inject({
      method: 'POST',
      url: AUTHORIZE_PATH,
      headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded', origin: TEST_APP_URL },
      payload: new URLSearchParams({
        ...hiddenFields(page.body),
        account: '__new__',
        username,
        decision: 'authorize',
      }).toString(),
    });
    expect(posted.statusCode).toBe(302);
    const location = new URL(String(posted.headers.location));
    expect(location.searchParams.get('state')).toBe('st-1');
    return location.searchParams.get('code') as string;
  }

  async function connect(username = `tt_${randomBytes(4).toString('hex')}`, scopes?: string) {
    const tokens = await tiktok.exchangeCode({
      code: await authorize(username, scopes),
      redirectUri: REDIRECT_URI,
    });
    const [account] = await tiktok.listAccounts(tokens);
    return { tokens, account: { externalId: account?.externalId as string, username } };
  }

  it('signs in without PKCE, reads the profile, refreshes with rotation and revokes', async () => {
    const url = new URL(
      tiktok.authorizeUrl({ state: 'abc', redirectUri: REDIRECT_URI, codeChallenge: 'x'.repeat(43) }),
    );
    expect(url.pathname).toBe(AUTHORIZE_PATH);
    expect(url.searchParams.get('client_key')).toBe(SIMULATOR_CREDENTIALS.clientId);
    expect(url.searchParams.get('scope')).toBe(TIKTOK_SCOPES.join(','));
    expect(url.searchParams.has('code_challenge')).toBe(false);
    expect(tiktok.usesPkce).toBe(false);

    const username = `tt_${randomBytes(4).toString('hex')}`;
    const tokens = await tiktok.exchangeCode({ code: await authorize(username), redirectUri: REDIRECT_URI });
    expect(tokens.scopes).toEqual([...TIKTOK_SCOPES]);
    expect(tokens.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(tokens.refreshExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    const [account] = await tiktok.listAccounts(tokens);
    expect(account).toMatchObject({ username, followers: expect.any(Number) });
    expect(account?.avatarUrl).toContain('/sandbox/tiktok/avatars/');
    expect(await tiktok.readFollowers(tokens, { externalId: account?.externalId as string, username })).toBe(
      account?.followers,
    );

    const refreshed = await tiktok.refreshTokens(tokens);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    // The used refresh token is spent: the user would have to reconnect with it.
    await expectError(tiktok.refreshTokens(tokens), TokenExpiredError);
    await tiktok.revoke(refreshed);
    await expectError(tiktok.listAccounts(refreshed), TokenExpiredError);
  });

  it('tells the composer what the creator may post, and that the app is unaudited', async () => {
    const { tokens } = await connect();
    const info = await tiktok.readCreatorInfo(tokens);
    expect(info).toMatchObject({
      privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
      duetDisabled: false,
      maxVideoPostDurationSec: 180,
      appAudited: false,
      canDirectPost: true,
    });
    const privateCreator = await connect(`private_${randomBytes(3).toString('hex')}`);
    expect(await tiktok.readCreatorInfo(privateCreator.tokens)).toMatchObject({
      privacyLevelOptions: ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
      duetDisabled: true,
      stitchDisabled: true,
    });
  });

  it('posts a video directly: chunks read by range, status polled until PUBLISH_COMPLETE; metrics read', async () => {
    const { tokens, account } = await connect();
    const video = fixtureVideo();
    const text = unique('Our new TikTok #bakery');
    const published = await tiktok.publish(tokens, {
      account,
      text,
      media: [video],
      options: { tiktok: { privacyLevel: 'SELF_ONLY', allowComments: true } },
    });
    expect(video.ranges).toEqual([[0, video.sizeBytes]]);
    expect(published.externalId).toMatch(/^\d+$/);
    expect(published.url).toBe(
      `${TEST_APP_URL}/sandbox/tiktok/@${account.username}/video/${published.externalId}`,
    );
    const page = await t.app.inject({
      method: 'GET',
      url: String(published.url).replace(TEST_APP_URL, ''),
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('▶ Video (3.5 s, 540×960');

    const readings = await tiktok.readPostMetrics(tokens, {
      account,
      externalIds: [published.externalId, '1234567890123', 'v_pub_file~v2-1.1'],
    });
    expect(readings.metrics).toEqual([
      expect.objectContaining({
        externalId: published.externalId,
        views: expect.any(Number),
        impressions: null,
        reach: null,
      }),
    ]);
    expect(readings.missing).toEqual(['1234567890123']);

    // Found again by caption (no publish id known).
    const found = await tiktok.findPublished(tokens, { account, text, since: new Date(Date.now() - 60_000) });
    expect(found?.externalId).toBe(published.externalId);
    expect(
      await tiktok.findPublished(tokens, { account, text: 'never posted', since: new Date() }),
    ).toBeNull();
  });

  it('refuses before sending what TikTok would refuse: no privacy, not "Only me" unaudited, too long', async () => {
    const { tokens, account } = await connect();
    const input = { account, text: unique('clip'), media: [fixtureVideo()] };
    const none = await expectError(tiktok.publish(tokens, input), InvalidContentError);
    expect(none.message).toContain('Choose who can see this TikTok post');
    const unaudited = await expectError(
      tiktok.publish(tokens, { ...input, options: { tiktok: { privacyLevel: 'PUBLIC_TO_EVERYONE' } } }),
      InvalidContentError,
    );
    expect(unaudited.message).toContain('not audited');
    const long = await expectError(
      tiktok.publish(tokens, {
        ...input,
        media: [fixtureVideo(200_000)],
        options: { tiktok: { privacyLevel: 'SELF_ONLY' } },
      }),
      InvalidContentError,
    );
    expect(long.message).toContain('up to 180 s; this one is 200 s');
    // An adapter that believes the app audited meets TikTok's own refusal.
    const believer = providerWith(fetchApp, true);
    const refused = await expectError(
      believer.publish(tokens, { ...input, options: { tiktok: { privacyLevel: 'PUBLIC_TO_EVERYONE' } } }),
      InvalidContentError,
    );
    expect(refused.message).toContain('unaudited_client_can_only_post_to_private_accounts');
  });

  it('sends to the inbox when asked, or when the connection may only upload', async () => {
    const { tokens, account } = await connect();
    const sent = await tiktok.publish(tokens, {
      account,
      text: unique('draft'),
      media: [fixtureVideo()],
      options: { tiktok: { sendToInbox: true } },
    });
    expect(sent).toEqual({ externalId: expect.stringMatching(/^v_pub_file~/), url: null });
    const uploadOnly = await connect(undefined, 'user.info.basic,user.info.profile,video.upload');
    const draft = await tiktok.publish(uploadOnly.tokens, {
      account: uploadOnly.account,
      text: unique('draft'),
      media: [fixtureVideo()],
    });
    expect(draft.url).toBeNull();
    expect((await tiktok.readCreatorInfo(tokens)).canDirectPost).toBe(true);
  });

  it('photos: refused for an unverified URL prefix, and for more than 35', async () => {
    const { tokens, account } = await connect();
    const photos = { account, postType: 'carousel' as const, text: unique('photos'), title: 'Fresh bakes' };
    const foreign = await expectError(
      tiktok.publish(tokens, {
        ...photos,
        media: [testImage('https://images.example/a.jpg')],
        options: { tiktok: { privacyLevel: 'SELF_ONLY' } },
      }),
      SocialPlatformError,
    );
    expect(foreign.message).toContain('url_ownership_unverified');
    const many = Array.from({ length: 36 }, (_, index) => testImage(`${TEST_APP_URL}/media/${index}.jpg`));
    await expectError(
      tiktok.publish(tokens, { ...photos, media: many, options: { tiktok: { privacyLevel: 'SELF_ONLY' } } }),
      InvalidContentError,
    );
  });

  it('faults: processing failure, revoked token, rate limit', async () => {
    const { tokens, account } = await connect();
    const input = {
      account,
      text: unique('faulty'),
      media: [fixtureVideo()],
      options: { tiktok: { privacyLevel: 'SELF_ONLY' as const } },
    };
    const failing = providerWith(withFault(fetchApp, 'video-processing-failed', { only: /video\/init/ }));
    const failed = await expectError(failing.publish(tokens, input), InvalidContentError);
    expect(failed.message).toContain('TikTok could not publish it');

    const limited = providerWith(withFault(fetchApp, 'rate-limit', { only: /creator_info/ }));
    const limit = await expectError(limited.publish(tokens, input), RateLimitedError);
    expect(limit.resetAt?.getTime()).toBeGreaterThan(Date.now());

    const revoking = providerWith(withFault(fetchApp, 'revoked-token', { only: /creator_info/ }));
    await expectError(revoking.publish(tokens, input), TokenExpiredError);
    await expectError(tiktok.listAccounts(tokens), TokenExpiredError);
  });

  it('a lost answer to the last chunk: unknown outcome with the publish id, then reconciled', async () => {
    const { tokens, account } = await connect();
    const text = unique('lost answer');
    const dropping = providerWith(withFault(fetchApp, 'unknown-outcome', { only: /upload\/video/ }));
    const lost = await expectError(
      dropping.publish(tokens, {
        account,
        text,
        media: [fixtureVideo()],
        options: { tiktok: { privacyLevel: 'SELF_ONLY' } },
      }),
      UnknownOutcomeError,
    );
    expect(lost.hint?.publishId).toMatch(/^v_pub_file~/);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const found = await tiktok.findPublished(tokens, { account, text, since: new Date(), hint: lost.hint });
    expect(found?.externalId).toMatch(/^\d+$/);
    const rows = await t.ctx.database.db.select().from(sandboxPosts).where(eq(sandboxPosts.text, text));
    expect(rows.filter((row) => row.state === 'published')).toHaveLength(1);
  });
});
