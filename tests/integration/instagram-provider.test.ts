import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notReportedMetrics } from '../../src/contracts/analytics';
import { sandboxAccounts, sandboxGrants, sandboxPosts } from '../../src/server/db/schema';
import {
  createInstagramProvider,
  INSTAGRAM_SCOPES,
  type InstagramProvider,
} from '../../src/server/integrations/social/instagram/instagram-provider';
import {
  INSTAGRAM_INSIGHTS_LAG_MS,
  registerPlatformSimulator,
  SIMULATOR_CREDENTIALS,
  sandboxFollowers,
  simulatorEndpoints,
} from '../../src/server/integrations/social/simulator';
import {
  InvalidContentError,
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
  type TokenSet,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../../src/server/integrations/social/social-provider';
import { injectFetch } from '../../src/server/lib/inject-fetch';
import { decideAfterError } from '../../src/server/modules/publishing/publish-rules';
import { decodeEntities, expectError, hiddenFields, withFault } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { type InstagramFake, startInstagramFake } from '../fakes/instagram/instagram-fake';
import { testImage } from '../fakes/publish-media';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { adapterDatabaseKinds } from '../setup/databases';

const REDIRECT_URI = `${TEST_APP_URL}/api/auth/social/instagram/callback`;
const AUTHORIZE_PATH = '/sandbox/instagram/oauth/authorize';
const DAY_MS = 86_400_000;
const IMAGE = 'https://images.example/croissant.jpg';

describe.each(adapterDatabaseKinds)('Instagram provider against the platform simulator on %s', (kind) => {
  let t: TestApp;
  /** A member of the workspace that creates the sandbox identities (decision 036). */
  let session = '';
  /** The app, which serves the pretend Instagram (no Instagram credentials in tests). */
  let sim: FastifyInstance;
  let fetchApp: typeof fetch;
  let ig: InstagramProvider;
  const providerWith = (
    fetchImpl: typeof fetch,
    extra: { timeoutMs?: number; containerPollMs?: number; containerWaitMs?: number } = {},
  ) =>
    createInstagramProvider({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(TEST_APP_URL, 'instagram'),
      sandbox: true,
      fetch: fetchImpl,
      timeoutMs: extra.timeoutMs ?? 5_000,
      containerPollMs: extra.containerPollMs ?? 100,
      containerWaitMs: extra.containerWaitMs ?? 3_000,
    });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    session = (await signUp(t.app)).cookie;
    sim = t.app;
    fetchApp = injectFetch(sim);
    ig = providerWith(fetchApp);
  });
  afterAll(() => t.close());

  /** The whole consent flow as a browser does it; answers the code. */
  async function authorize(username: string) {
    const state = randomBytes(16).toString('base64url');
    const url = new URL(ig.authorizeUrl({ state, redirectUri: REDIRECT_URI }));
    const page = await sim.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(200);
    const form = { ...hiddenFields(page.body), account: '__new__', username, decision: 'authorize' };
    const posted = await sim.inject({
      method: 'POST',
      url: AUTHORIZE_PATH,
      headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded', origin: TEST_APP_URL },
      payload: new URLSearchParams(form).toString(),
    });
    expect(posted.statusCode).toBe(302);
    const location = new URL(String(posted.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.hash).toBe('#_');
    expect(location.searchParams.get('state')).toBe(state);
    const code = location.searchParams.get('code');
    expect(code).toBeTruthy();
    return { code: code as string, cookie: String(posted.headers['set-cookie'] ?? '') };
  }

  async function connect(
    username = `user_${randomBytes(4).toString('hex')}`,
  ): Promise<{ tokens: TokenSet; username: string; accountId: string }> {
    const { code } = await authorize(username);
    const tokens = await ig.exchangeCode({ code, redirectUri: REDIRECT_URI });
    const [account] = await ig.listAccounts(tokens);
    return { tokens, username, accountId: account?.externalId as string };
  }

  const postsOf = (text: string) =>
    t.ctx.database.db.select().from(sandboxPosts).where(eq(sandboxPosts.text, text));

  it('renders an accessible sandbox authorize page without scripts or PKCE, carrying the OAuth request', async () => {
    const url = new URL(ig.authorizeUrl({ state: 'st-1', redirectUri: REDIRECT_URI }));
    expect(url.origin).toBe(TEST_APP_URL);
    expect(url.pathname).toBe(AUTHORIZE_PATH);
    expect(url.searchParams.get('scope')).toBe(INSTAGRAM_SCOPES.join(','));
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.has('code_challenge')).toBe(false);
    expect(ig.usesPkce).toBe(false);

    const page = await sim.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = page.body;
    expect(html).toContain('<title>Instagram (Sandbox) — Authorize Kitepost</title>');
    expect(html).toMatch(/<span class="badge">Sandbox<\/span>/);
    expect(html).not.toContain('<script');
    expect(html).toContain('Publish photos and videos to your account.');
    expect(html).toMatch(/<input type="text" id="username" name="username" value="[a-z]+_[a-z]+\d{2}"/);
    const cancel = /<a href="([^"]+)">Cancel<\/a>/.exec(html)?.[1];
    const cancelUrl = new URL(decodeEntities(cancel ?? ''));
    expect(cancelUrl.searchParams.get('error')).toBe('access_denied');
    expect(cancelUrl.searchParams.get('error_reason')).toBe('user_denied');
    expect(cancelUrl.searchParams.get('state')).toBe('st-1');
    expect(hiddenFields(html)).toMatchObject({ state: 'st-1', redirect_uri: REDIRECT_URI });
  });

  it('refuses a foreign redirect URI or an unknown scope without redirecting; cancels; checks usernames', async () => {
    const evil = new URL(ig.authorizeUrl({ state: 's', redirectUri: 'https://evil.example/cb' }));
    const refused = await sim.inject({
      method: 'GET',
      url: `${evil.pathname}${evil.search}`,
      headers: { cookie: session },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers.location).toBeUndefined();
    const scoped = new URL(ig.authorizeUrl({ state: 's', redirectUri: REDIRECT_URI }));
    scoped.searchParams.set('scope', 'business_basic');
    expect(
      (
        await sim.inject({
          method: 'GET',
          url: `${scoped.pathname}${scoped.search}`,
          headers: { cookie: session },
        })
      ).statusCode,
    ).toBe(400);

    const url = new URL(ig.authorizeUrl({ state: 'st-2', redirectUri: REDIRECT_URI }));
    const page = await sim.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    const post = (fields: Record<string, string>) =>
      sim.inject({
        method: 'POST',
        url: AUTHORIZE_PATH,
        headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...hiddenFields(page.body), ...fields }).toString(),
      });
    const cancelled = await post({ decision: 'cancel' });
    expect(cancelled.statusCode).toBe(302);
    const back = new URL(String(cancelled.headers.location));
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-2');
    const bad = await post({ account: '__new__', username: '.no..dots.', decision: 'authorize' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('role="alert"');

    const { cookie } = await authorize('remembered.me');
    const again = await sim.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: `${session}; ${cookie.split(';')[0]}` },
    });
    expect(again.body).toContain('value="remembered.me"');
  });

  it('exchanges the code once, for a long-lived 60-day token without a refresh token', async () => {
    const { code } = await authorize('code_checker');
    await expectError(ig.exchangeCode({ code, redirectUri: `${REDIRECT_URI}/other` }), SocialPlatformError);
    const tokens = await ig.exchangeCode({ code, redirectUri: REDIRECT_URI });
    expect(tokens.refreshToken).toBeNull();
    expect(tokens.scopes).toEqual([...INSTAGRAM_SCOPES]);
    const expiresIn = (tokens.expiresAt?.getTime() ?? 0) - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * DAY_MS);
    expect(expiresIn).toBeLessThanOrEqual(60 * DAY_MS);
    // The token kept is the long-lived one, not the hour-long one of the code exchange.
    const [grant] = await t.ctx.database.db
      .select()
      .from(sandboxGrants)
      .where(eq(sandboxGrants.value, tokens.accessToken));
    expect((grant?.expiresAt?.getTime() ?? 0) - (grant?.createdAt.getTime() ?? 0)).toBeGreaterThan(
      59 * DAY_MS,
    );
    const reused = await expectError(
      ig.exchangeCode({ code, redirectUri: REDIRECT_URI }),
      SocialPlatformError,
    );
    expect(reused.message).toContain('Matching code was not found');
  });

  it('refuses the code exchange to a client with the wrong secret', async () => {
    const { code } = await authorize('wrong_secret');
    const impostor = createInstagramProvider({
      ...simulatorEndpoints(TEST_APP_URL, 'instagram'),
      clientId: SIMULATOR_CREDENTIALS.clientId,
      clientSecret: 'not-the-secret',
      sandbox: true,
      fetch: fetchApp,
    });
    const error = await expectError(
      impostor.exchangeCode({ code, redirectUri: REDIRECT_URI }),
      SocialPlatformError,
    );
    expect(error.message).toContain('Invalid platform app');
  });

  it('reads the professional account: user_id, name, followers, avatar', async () => {
    const { tokens, username } = await connect('maple_bakery42');
    const [account] = await ig.listAccounts(tokens);
    expect(account).toMatchObject({ username, displayName: 'Maple Bakery' });
    expect(account?.externalId).toMatch(/^178414\d{11}$/);
    expect(account?.followers).toBeGreaterThanOrEqual(40);
    const avatar = await sim.inject({
      method: 'GET',
      url: new URL(account?.avatarUrl ?? '').pathname,
      headers: { cookie: session },
    });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toContain('image/svg+xml');
    const [again] = await ig.listAccounts((await connect('maple_bakery42')).tokens);
    expect(again).toEqual(account);
  });

  it('refreshes a long-lived token once it is a day old; a young one is kept; an expired one needs a reconnect', async () => {
    const { tokens } = await connect();
    // Younger than a day: Instagram would refuse; the provider keeps the token as it is.
    expect(await ig.refreshTokens(tokens)).toBe(tokens);
    await t.ctx.database.db
      .update(sandboxGrants)
      .set({ createdAt: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(sandboxGrants.value, tokens.accessToken));
    const older = { ...tokens, expiresAt: new Date(Date.now() + 58 * DAY_MS) };
    const refreshed = await ig.refreshTokens(older);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBeNull();
    expect((refreshed.expiresAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(59 * DAY_MS);
    expect(await ig.listAccounts(refreshed)).toHaveLength(1);

    await expectError(
      ig.refreshTokens({ ...tokens, expiresAt: new Date(Date.now() - 1000) }),
      TokenExpiredError,
    );
    await t.ctx.database.db
      .update(sandboxGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sandboxGrants.value, refreshed.accessToken));
    await expectError(
      ig.refreshTokens({ ...refreshed, expiresAt: new Date(Date.now() + DAY_MS) }),
      TokenExpiredError,
    );
    await expectError(ig.listAccounts(refreshed), TokenExpiredError);
  });

  it('revokes quietly without a call: Instagram documents no revocation', async () => {
    const { tokens } = await connect();
    await ig.revoke(tokens);
    expect(await ig.listAccounts(tokens)).toHaveLength(1);
  });

  it('refuses text without media: Instagram needs an image or a video', async () => {
    const { tokens } = await connect();
    const error = await expectError(ig.publishText(tokens, 'Only words'), InvalidContentError);
    expect(error.message).toBe('Instagram needs an image or a video; add one to this post.');
  });

  it('publishes an image in two steps (container, then media_publish) with a permalink to the sandbox post page', async () => {
    const { tokens, accountId, username } = await connect('page_owner');
    const caption = `Fresh croissants at 7 <b>am</b> & coffee #bakery ${randomBytes(3).toString('hex')}`;
    const published = await ig.publishImage(tokens, { caption, imageUrl: IMAGE, accountId });
    expect(published.externalId).toMatch(/^178\d{14}$/);
    expect(published.url).toMatch(new RegExp(`^${TEST_APP_URL}/sandbox/instagram/p/[A-Za-z0-9_-]+/$`));
    const [row] = await postsOf(caption);
    expect(row).toMatchObject({ state: 'published', externalId: published.externalId });
    expect(row?.media).toEqual([
      expect.objectContaining({ id: expect.stringMatching(/^178\d{14}$/), url: IMAGE, kind: 'image' }),
    ]);
    // The container answers PUBLISHED afterwards.
    const containerId = row?.media[0]?.id as string;
    expect(containerId).not.toBe(published.externalId);
    expect(await ig.fetchContainerStatus(tokens, containerId)).toMatchObject({ code: 'PUBLISHED' });

    const page = await sim.inject({
      method: 'GET',
      url: new URL(published.url as string).pathname,
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Fresh croissants at 7 &lt;b&gt;am&lt;/b&gt; &amp; coffee');
    expect(page.body).toContain(`src="${IMAGE}"`);
    expect(page.body).toContain(`@${username}`);
    expect(page.body).not.toContain('<script');
    const missing = await sim.inject({
      method: 'GET',
      url: '/sandbox/instagram/p/AAAAAAA/',
      headers: { cookie: session },
    });
    expect(missing.statusCode).toBe(404);

    // Without the account id, the provider reads it from /me.
    const second = await ig.publishImage(tokens, { caption: `${caption} again`, imageUrl: IMAGE });
    expect(second.externalId).not.toBe(published.externalId);
    expect(await ig.fetchPublishingLimit(tokens)).toEqual({ used: 2, total: 50, windowSeconds: 86_400 });
  });

  it('refuses a long caption, too many hashtags, an unsupported image and a page URL with InvalidContentError', async () => {
    const { tokens, accountId } = await connect();
    const long = await expectError(
      ig.publishImage(tokens, { caption: 'a'.repeat(2201), imageUrl: IMAGE, accountId }),
      InvalidContentError,
    );
    expect(long.message).toContain('too long');
    await ig.publishImage(tokens, { caption: `${'b'.repeat(2200)}`, imageUrl: IMAGE, accountId });
    const tags = await expectError(
      ig.publishImage(tokens, {
        caption: 'Hi #one #two #three #four #five #six',
        imageUrl: IMAGE,
        accountId,
      }),
      InvalidContentError,
    );
    expect(tags.message).toContain('hashtags');
    const gif = await expectError(
      ig.publishImage(tokens, { caption: 'A gif', imageUrl: 'https://images.example/loop.gif', accountId }),
      InvalidContentError,
    );
    // Instagram downloads the image at once and takes JPEG only (decision 041): no container.
    expect(gif.message).toContain('9004/2207052');
    expect(await postsOf('A gif')).toEqual([]);
    await expectError(
      ig.publishImage(tokens, { caption: 'x', imageUrl: 'ftp://a/b.jpg', accountId }),
      InvalidContentError,
    );
  });

  it('polls a container still IN_PROGRESS with growing waits, then leaves the attempt to be retried, not failed', async () => {
    const { tokens, accountId } = await connect();
    const caption = `Slow to process ${randomBytes(3).toString('hex')}`;
    const checks: number[] = [];
    // Instagram keeps this container processing past the whole wait (Meta: up to 5 minutes).
    const slowFetch: typeof fetch = async (input, init) => {
      const url = String(input);
      if (/\/graph\/v[\d.]+\/\d+\?/.test(url) && url.includes('status_code')) checks.push(Date.now());
      const response = await fetchApp(input, init);
      if (init?.method === 'POST' && /\/graph\/v[\d.]+\/\d+\/media$/.test(url)) {
        await t.ctx.database.db
          .update(sandboxPosts)
          .set({ createdAt: new Date(Date.now() + 3_600_000) })
          .where(eq(sandboxPosts.text, caption));
      }
      return response;
    };
    // A second of waiting: room for at least 4 checks even when each round trip is slow (a loaded CI).
    const patient = providerWith(slowFetch, { containerPollMs: 20, containerWaitMs: 1_000 });
    const error = await expectError(
      patient.publishImage(tokens, { caption, imageUrl: IMAGE, accountId }),
      TransientPlatformError,
    );
    expect(error.message).toContain('still processing');
    // Checked until the wait ran out, each wait longer than the one before.
    expect(checks.length).toBeGreaterThanOrEqual(4);
    const gaps = checks.slice(1).map((at, index) => at - (checks[index] as number));
    expect(gaps[2] as number).toBeGreaterThan(gaps[0] as number);
    // Until the wait ran out (it counts from before the container was made, so a little less).
    expect((checks.at(-1) as number) - (checks[0] as number)).toBeGreaterThanOrEqual(700);
    // Nothing was published; the publisher retries the attempt.
    expect(await postsOf(caption)).toMatchObject([{ state: 'container' }]);
    const now = new Date();
    expect(
      decideAfterError(error, {
        attemptNumber: 1,
        now,
        scheduledAt: now,
        missedAfterMs: 6 * 3_600_000,
        platformLabel: 'Instagram',
      }).kind,
    ).toBe('retry');
  });

  it('reports an expired container, and gives up politely on one still processing', async () => {
    const { tokens, accountId } = await connect();
    const impatient = providerWith(fetchApp, { containerWaitMs: 0 });
    const caption = `Still cooking ${randomBytes(3).toString('hex')}`;
    const error = await expectError(
      impatient.publishImage(tokens, { caption, imageUrl: IMAGE, accountId }),
      TransientPlatformError,
    );
    expect(error.message).toContain('nothing was published');
    const [container] = await postsOf(caption);
    expect(container?.state).toBe('container');
    await t.ctx.database.db
      .update(sandboxPosts)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(sandboxPosts.id, container?.id as string));
    expect(await ig.fetchContainerStatus(tokens, container?.externalId as string)).toMatchObject({
      code: 'EXPIRED',
    });
  });

  it('maps the 24 h publishing cap to RateLimitedError with the quota window', async () => {
    const { tokens, accountId, username } = await connect();
    const [account] = await t.ctx.database.db
      .select()
      .from(sandboxAccounts)
      .where(and(eq(sandboxAccounts.platform, 'instagram'), eq(sandboxAccounts.username, username)));
    await t.ctx.database.db.insert(sandboxPosts).values(
      Array.from({ length: 50 }, (_, index) => ({
        platform: 'instagram' as const,
        externalId: `1780000${String(index).padStart(3, '0')}${randomBytes(3).readUIntBE(0, 3).toString().padStart(8, '0')}`,
        accountId: account?.id as string,
        text: `filler ${index}`,
        state: 'published' as const,
        metricsSeed: 1,
        publishedAt: new Date(Date.now() - 3_600_000),
      })),
    );
    const limited = await expectError(
      ig.publishImage(tokens, { caption: 'One too many', imageUrl: IMAGE, accountId }),
      RateLimitedError,
    );
    expect(limited.message).toContain('50 of 50');
    const resetIn = (limited.resetAt?.getTime() ?? 0) - Date.now();
    expect(resetIn).toBeGreaterThan(DAY_MS - 60_000);
    expect(resetIn).toBeLessThanOrEqual(DAY_MS);
  });

  it('reads insights that grow with the post age, in our names; an unknown media is reported missing', async () => {
    const { tokens, accountId, username } = await connect('metrics_grower');
    const account = { externalId: accountId, username };
    const { externalId } = await ig.publishImage(tokens, {
      caption: 'How many will see this?',
      imageUrl: IMAGE,
      accountId,
    });
    const read = async (externalIds = [externalId]) => ig.readPostMetrics(tokens, { account, externalIds });
    const age = async (hours: number) => {
      await t.ctx.database.db
        .update(sandboxPosts)
        .set({ publishedAt: new Date(Date.now() - hours * 3_600_000) })
        .where(eq(sandboxPosts.externalId, externalId));
      const { metrics, missing } = await read();
      expect(missing).toEqual([]);
      return metrics[0];
    };
    const hourOld = await age(1);
    const dayOld = await age(24);
    expect(hourOld?.impressions).toBeGreaterThan(0);
    expect(dayOld?.impressions).toBeGreaterThan(hourOld?.impressions ?? 0);
    expect(dayOld?.reach).toBeGreaterThan(0);
    expect(dayOld?.reach).toBeLessThanOrEqual(dayOld?.impressions ?? 0);
    for (const name of ['likes', 'comments', 'shares'] as const)
      expect(dayOld?.[name]).toEqual(expect.any(Number));
    // Instagram reports no clicks on a post: null, never 0.
    expect(dayOld).toMatchObject({ externalId, clicks: null });
    expect(await age(24)).toEqual(dayOld);
    const unknown = '17800000000000001';
    expect(await read([externalId, unknown])).toMatchObject({ missing: [unknown] });
    await expectError(ig.deletePost(tokens, externalId), SocialPlatformError);
  });

  it("answers a new post's insights with an empty set while its data lags: every metric null, not 0", async () => {
    const { tokens, accountId, username } = await connect();
    const account = { externalId: accountId, username };
    const { externalId } = await ig.publishImage(tokens, {
      caption: `Just posted ${randomBytes(4).toString('hex')}`,
      imageUrl: IMAGE,
      accountId,
    });
    const answer = await fetchApp(
      `${TEST_APP_URL}/sandbox/instagram/graph/v25.0/${externalId}/insights?metric=views,reach&access_token=${tokens.accessToken}`,
    );
    expect(await answer.json()).toEqual({ data: [] });
    expect(await ig.readPostMetrics(tokens, { account, externalIds: [externalId] })).toEqual({
      metrics: [{ externalId, ...notReportedMetrics }],
      missing: [],
    });
    // Past the lag, once people have seen it, the numbers come.
    await t.ctx.database.db
      .update(sandboxPosts)
      .set({ publishedAt: new Date(Date.now() - DAY_MS) })
      .where(eq(sandboxPosts.externalId, externalId));
    const { metrics } = await ig.readPostMetrics(tokens, { account, externalIds: [externalId] });
    expect(metrics[0]?.impressions).toEqual(expect.any(Number));
    expect(metrics[0]?.likes).toEqual(expect.any(Number));
  });

  it('skips a post Instagram says has "Not enough viewers" for insights, and still reads the account\'s other posts', async () => {
    const { tokens, accountId, username } = await connect();
    const account = { externalId: accountId, username };
    // An account nobody follows: a post a few minutes old has no views yet.
    await t.ctx.database.db
      .update(sandboxAccounts)
      .set({ followers: 0 })
      .where(and(eq(sandboxAccounts.platform, 'instagram'), eq(sandboxAccounts.externalId, accountId)));
    const publish = (caption: string) => ig.publishImage(tokens, { caption, imageUrl: IMAGE, accountId });
    const unseen = await publish(`Hardly seen ${randomBytes(4).toString('hex')}`);
    const seen = await publish(`Seen by many ${randomBytes(4).toString('hex')}`);
    const ageTo = (externalId: string, ms: number) =>
      t.ctx.database.db
        .update(sandboxPosts)
        .set({ publishedAt: new Date(Date.now() - ms) })
        .where(eq(sandboxPosts.externalId, externalId));
    await ageTo(unseen.externalId, INSTAGRAM_INSIGHTS_LAG_MS + 1_000);
    await ageTo(seen.externalId, DAY_MS);
    // What Instagram answers for the unseen one.
    const answer = await fetchApp(
      `${TEST_APP_URL}/sandbox/instagram/graph/v25.0/${unseen.externalId}/insights?metric=views,reach&access_token=${tokens.accessToken}`,
    );
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: unknown }).error).toMatchObject({
      code: 10,
      message: '(#10) Not enough viewers for the media to show insights',
    });
    const result = await ig.readPostMetrics(tokens, {
      account,
      externalIds: [unseen.externalId, seen.externalId],
    });
    expect(result.missing).toEqual([]);
    // The unseen post is answered for neither (a reading of nothing); the other is read.
    expect(result.metrics.map((reading) => reading.externalId)).toEqual([seen.externalId]);
    expect(result.metrics[0]?.impressions).toBeGreaterThan(0);
  });

  it('reads followers through /me, growing from the count at the account creation', async () => {
    const { tokens, accountId, username } = await connect();
    const account = { externalId: accountId, username };
    const [stored] = await t.ctx.database.db
      .select()
      .from(sandboxAccounts)
      .where(and(eq(sandboxAccounts.platform, 'instagram'), eq(sandboxAccounts.externalId, accountId)));
    if (!stored) throw new Error('no sandbox account');
    expect(await ig.readFollowers(tokens, account)).toBe(sandboxFollowers(stored, new Date()));
    const monthsAgo = new Date(Date.now() - 60 * DAY_MS);
    await t.ctx.database.db
      .update(sandboxAccounts)
      .set({ createdAt: monthsAgo })
      .where(eq(sandboxAccounts.id, stored.id));
    const later = await ig.readFollowers(tokens, account);
    expect(later).toBe(sandboxFollowers({ ...stored, createdAt: monthsAgo }, new Date()));
    expect(later).toBeGreaterThan(stored.followers);
  });

  it('answers reads with no data, and throttles them, when armed for the account', async () => {
    const { tokens, accountId, username } = await connect();
    const account = { externalId: accountId, username };
    const { externalId } = await ig.publishImage(tokens, {
      caption: `Armed reads ${randomBytes(4).toString('hex')}`,
      imageUrl: IMAGE,
      accountId,
    });
    await t.ctx.database.db
      .update(sandboxPosts)
      .set({ publishedAt: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(sandboxPosts.externalId, externalId));
    const arm = async (fault: string, times: number | 'always') => {
      const armed = await sim.inject({
        method: 'POST',
        url: '/sandbox/faults',
        headers: { cookie: session },
        payload: { platform: 'instagram', account: accountId, fault, on: 'read', times },
      });
      expect(armed.statusCode).toBe(201);
    };
    const read = () => ig.readPostMetrics(tokens, { account, externalIds: [externalId] });

    await arm('no-data', 2);
    expect((await read()).metrics).toEqual([{ externalId, ...notReportedMetrics }]);
    expect(await ig.readFollowers(tokens, account)).toBeNull();
    expect((await read()).metrics[0]?.reach).toEqual(expect.any(Number));

    await arm('rate-limit', 1);
    const limited = await expectError(read(), RateLimitedError);
    const resetIn = (limited.resetAt?.getTime() ?? 0) - Date.now();
    expect(resetIn).toBeGreaterThan(14 * 60_000);
    expect(resetIn).toBeLessThanOrEqual(15 * 60_000 + 1_000);
    expect((await read()).metrics).toHaveLength(1);
  });

  it('maps injected faults to our error kinds', async () => {
    const { tokens, accountId } = await connect();
    const limited = await expectError(
      providerWith(withFault(fetchApp, 'rate-limit')).publishImage(tokens, {
        caption: 'x',
        imageUrl: IMAGE,
        accountId,
      }),
      RateLimitedError,
    );
    const resetIn = (limited.resetAt?.getTime() ?? 0) - Date.now();
    expect(resetIn).toBeGreaterThan(14 * 60_000);
    expect(resetIn).toBeLessThanOrEqual(15 * 60_000 + 1_000);
    await expectError(
      providerWith(withFault(fetchApp, 'expired-token')).listAccounts(tokens),
      TokenExpiredError,
    );
    await expectError(
      providerWith(withFault(fetchApp, 'expired-token')).refreshTokens({
        ...tokens,
        expiresAt: new Date(Date.now() + DAY_MS),
      }),
      TokenExpiredError,
    );
    const unavailable = await expectError(
      providerWith(withFault(fetchApp, 'server-error')).publishImage(tokens, {
        caption: 'down',
        imageUrl: IMAGE,
        accountId,
      }),
      TransientPlatformError,
    );
    expect(unavailable.kind).toBe('server_error');
    expect(unavailable.message).toContain('503');
    expect(await ig.listAccounts(tokens)).toHaveLength(1);
  });

  it('a slow media_publish is an unknown outcome (the post did get published); a slow container creation is not', async () => {
    const { tokens, accountId } = await connect();
    const slowPublish = providerWith(withFault(fetchApp, 'slow', { delayMs: 400, only: /\/media_publish/ }), {
      timeoutMs: 150,
    });
    const caption = `Slow one ${randomBytes(4).toString('hex')}`;
    const error = await expectError(
      slowPublish.publishImage(tokens, { caption, imageUrl: IMAGE, accountId }),
      UnknownOutcomeError,
    );
    expect(error.message).toContain('may or may not');
    let rows: Awaited<ReturnType<typeof postsOf>> = [];
    for (let attempt = 0; attempt < 40 && rows[0]?.state !== 'published'; attempt++) {
      await sleep(50);
      rows = await postsOf(caption);
    }
    expect(rows).toMatchObject([{ state: 'published' }]);

    const slowContainer = providerWith(
      withFault(fetchApp, 'slow', { delayMs: 400, only: /\/media(?:\?|$)/ }),
      {
        timeoutMs: 150,
      },
    );
    const harmless = `Harmless ${randomBytes(4).toString('hex')}`;
    const refused = await expectError(
      slowContainer.publishImage(tokens, { caption: harmless, imageUrl: IMAGE, accountId }),
      SocialPlatformError,
    );
    expect(refused).not.toBeInstanceOf(UnknownOutcomeError);
  });

  it('reports a dropped connection after media_publish took effect as an unknown outcome', async () => {
    const { tokens, accountId } = await connect();
    const caption = `Dropped ${randomBytes(4).toString('hex')}`;
    await expectError(
      providerWith(withFault(fetchApp, 'unknown-outcome', { only: /\/media_publish/ })).publishImage(tokens, {
        caption,
        imageUrl: IMAGE,
        accountId,
      }),
      UnknownOutcomeError,
    );
    expect(await postsOf(caption)).toMatchObject([{ state: 'published' }]);
  });

  it('ignores faults when the simulator is built without them', async () => {
    const { tokens } = await connect();
    const quiet = Fastify();
    await registerPlatformSimulator(quiet, { db: t.ctx.database.db, appUrl: TEST_APP_URL });
    await quiet.ready();
    try {
      const [account] = await providerWith(withFault(injectFetch(quiet), 'expired-token')).listAccounts(
        tokens,
      );
      expect(account?.externalId).toMatch(/^\d+$/);
    } finally {
      await quiet.close();
    }
  });
});

describe('Instagram provider against a loopback Instagram fake', () => {
  let fake: InstagramFake;
  let ig: InstagramProvider;
  const tokens: TokenSet = {
    accessToken: 'IGAA-long',
    refreshToken: null,
    expiresAt: new Date(Date.now() + 30 * DAY_MS),
    refreshExpiresAt: null,
    scopes: [...INSTAGRAM_SCOPES],
  };
  const graphError = (error: Record<string, unknown>, status = 400) => ({
    status,
    body: { error: { type: 'OAuthException', fbtrace_id: 'AbCdEf', ...error } },
  });

  beforeAll(async () => {
    fake = await startInstagramFake();
    ig = createInstagramProvider({
      clientId: 'app-123',
      clientSecret: 'secret-xyz',
      authorizeUrl: 'https://www.instagram.com/oauth/authorize',
      tokenUrl: fake.tokenUrl,
      apiBaseUrl: fake.baseUrl,
      sandbox: false,
      timeoutMs: 300,
      containerPollMs: 10,
    });
  });
  afterAll(() => fake.close());

  const last = (back = 1) => fake.requests.at(-back);
  const query = (path = '') => Object.fromEntries(new URL(path, 'http://x').searchParams);

  it('builds the documented authorize URL', () => {
    const url = new URL(ig.authorizeUrl({ state: 'abc', redirectUri: 'https://app.example/cb' }));
    expect(`${url.origin}${url.pathname}`).toBe('https://www.instagram.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'app-123',
      redirect_uri: 'https://app.example/cb',
      response_type: 'code',
      scope:
        'instagram_business_basic,instagram_business_content_publish,instagram_business_manage_insights,instagram_business_manage_comments',
      state: 'abc',
    });
  });

  it('exchanges the code (form POST), then at once for a long-lived token (GET ig_exchange_token)', async () => {
    fake.script(
      {
        status: 200,
        body: {
          data: [
            {
              access_token: 'IGAA-short',
              user_id: '17841400000000000',
              permissions: 'instagram_business_basic',
            },
          ],
        },
      },
      { status: 200, body: { access_token: 'IGAA-long', token_type: 'bearer', expires_in: 5_183_944 } },
    );
    const result = await ig.exchangeCode({ code: 'the-code', redirectUri: 'https://app.example/cb' });
    expect(result).toMatchObject({
      accessToken: 'IGAA-long',
      refreshToken: null,
      scopes: ['instagram_business_basic'],
    });
    const [exchange, longLived] = fake.requests.slice(-2);
    expect(exchange?.method).toBe('POST');
    expect(exchange?.path).toBe('/oauth/access_token');
    expect(exchange?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(exchange?.body))).toEqual({
      client_id: 'app-123',
      client_secret: 'secret-xyz',
      grant_type: 'authorization_code',
      redirect_uri: 'https://app.example/cb',
      code: 'the-code',
    });
    expect(longLived?.method).toBe('GET');
    expect(longLived?.path.startsWith('/access_token?')).toBe(true);
    expect(query(longLived?.path)).toEqual({
      grant_type: 'ig_exchange_token',
      client_secret: 'secret-xyz',
      access_token: 'IGAA-short',
    });
  });

  it('passes on a refused code as a plain error', async () => {
    fake.script({
      status: 400,
      body: {
        error_type: 'OAuthException',
        code: 400,
        error_message: 'Matching code was not found or was already used',
      },
    });
    const error = await expectError(
      ig.exchangeCode({ code: 'old', redirectUri: 'https://app.example/cb' }),
      SocialPlatformError,
    );
    expect(error.name).toBe('SocialPlatformError');
    expect(error.message).toContain('Matching code');
  });

  it('refreshes with the access token itself (ig_refresh_token); code 190 means reconnect', async () => {
    const old = { ...tokens, expiresAt: new Date(Date.now() + 10 * DAY_MS) };
    fake.script({
      status: 200,
      body: { access_token: 'IGAA-new', token_type: 'bearer', expires_in: 5_184_000 },
    });
    expect((await ig.refreshTokens(old)).accessToken).toBe('IGAA-new');
    expect(last()?.path.startsWith('/refresh_access_token?')).toBe(true);
    expect(query(last()?.path)).toEqual({ grant_type: 'ig_refresh_token', access_token: 'IGAA-long' });
    fake.script(
      graphError({
        message: 'Error validating access token: Session has expired',
        code: 190,
        error_subcode: 463,
      }),
    );
    await expectError(ig.refreshTokens(old), TokenExpiredError);
  });

  it('reads the profile with the documented fields', async () => {
    fake.script({
      status: 200,
      body: {
        id: '999',
        user_id: '17841405822304914',
        username: 'shop',
        name: 'Shop',
        followers_count: 12,
        media_count: 3,
      },
    });
    expect(await ig.listAccounts(tokens)).toEqual([
      {
        externalId: '17841405822304914',
        username: 'shop',
        displayName: 'Shop',
        avatarUrl: null,
        followers: 12,
      },
    ]);
    expect(query(last()?.path)).toEqual({
      fields: 'user_id,username,name,profile_picture_url,followers_count,media_count',
      access_token: 'IGAA-long',
    });
  });

  it('publishes: container (form), polls until FINISHED, media_publish with creation_id, permalink', async () => {
    fake.script(
      { status: 200, body: { id: '17889455560051444' } },
      { status: 200, body: { status_code: 'IN_PROGRESS', id: '17889455560051444' } },
      { status: 200, body: { status_code: 'FINISHED', id: '17889455560051444' } },
      { status: 200, body: { id: '17920238422030506' } },
      {
        status: 200,
        body: { permalink: 'https://www.instagram.com/p/C1a2b3c4d5e/', id: '17920238422030506' },
      },
    );
    const before = fake.requests.length;
    const published = await ig.publishImage(tokens, {
      caption: 'Hello #shop',
      imageUrl: IMAGE,
      accountId: '1784',
    });
    expect(published).toEqual({
      externalId: '17920238422030506',
      url: 'https://www.instagram.com/p/C1a2b3c4d5e/',
    });
    const [create, poll1, , publish, permalink] = fake.requests.slice(before);
    expect(create?.method).toBe('POST');
    expect(create?.path).toBe('/v25.0/1784/media');
    expect(Object.fromEntries(new URLSearchParams(create?.body))).toEqual({
      image_url: IMAGE,
      caption: 'Hello #shop',
      access_token: 'IGAA-long',
    });
    expect(poll1?.path.startsWith('/v25.0/17889455560051444?')).toBe(true);
    expect(query(poll1?.path).fields).toBe('status_code,status');
    expect(publish?.path).toBe('/v25.0/1784/media_publish');
    expect(Object.fromEntries(new URLSearchParams(publish?.body))).toEqual({
      creation_id: '17889455560051444',
      access_token: 'IGAA-long',
    });
    expect(query(permalink?.path).fields).toBe('permalink');
  });

  it('keeps a published post when its permalink cannot be read', async () => {
    fake.script(
      { status: 200, body: { id: '1' } },
      { status: 200, body: { status_code: 'FINISHED' } },
      { status: 200, body: { id: '2' } },
      graphError({ message: 'An unknown error has occurred.', code: 1, is_transient: true }, 500),
    );
    expect(await ig.publishImage(tokens, { caption: 'x', imageUrl: IMAGE, accountId: '1784' })).toEqual({
      externalId: '2',
      url: null,
    });
  });

  it('maps media download problems to InvalidContentError and a revoked token to TokenExpiredError', async () => {
    fake.script(
      graphError({
        message: 'Only photo or video can be accepted as media type.',
        code: 9004,
        error_subcode: 2207052,
        error_user_title: 'Media download has failed.',
        error_user_msg: 'The media could not be fetched from this URI.',
      }),
    );
    const invalid = await expectError(
      ig.publishImage(tokens, { caption: 'x', imageUrl: IMAGE, accountId: '1784' }),
      InvalidContentError,
    );
    expect(invalid.message).toContain('could not be fetched');
    fake.script(graphError({ message: 'Error validating access token: REVOKED_ACCESS_TOKEN', code: 190 }));
    await expectError(ig.listAccounts(tokens), TokenExpiredError);
    fake.script(graphError({ message: 'Unsupported post request.', code: 100, error_subcode: 33 }));
    await expectError(
      ig.publishImage(tokens, { caption: 'x', imageUrl: IMAGE, accountId: '1784' }),
      TokenExpiredError,
    );
  });

  it('maps throttling with the BUC header, and the publishing cap with the quota window', async () => {
    fake.script(
      graphError({ message: 'Application request limit reached', code: 4, is_transient: true }, 403),
    );
    const usage = { '1784': [{ type: 'instagram', call_count: 100, estimated_time_to_regain_access: 7 }] };
    const throttled = await expectError(ig.listAccounts(tokens), RateLimitedError);
    expect(throttled.resetAt).toBeNull();
    fake.script({
      status: 400,
      headers: { 'x-business-use-case-usage': JSON.stringify(usage) },
      body: { error: { message: 'Too many calls', type: 'OAuthException', code: 80002, fbtrace_id: 'a' } },
    });
    const withReset = await expectError(ig.listAccounts(tokens), RateLimitedError);
    const minutes = ((withReset.resetAt?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(6.9);
    expect(minutes).toBeLessThanOrEqual(7);

    fake.script(
      { status: 200, body: { id: '1' } },
      { status: 200, body: { status_code: 'FINISHED' } },
      graphError({ message: 'Application request limit reached', code: 9, error_subcode: 2207042 }),
      {
        status: 200,
        body: { data: [{ config: { quota_total: 100, quota_duration: 3600 }, quota_usage: 100 }] },
      },
    );
    const capped = await expectError(
      ig.publishImage(tokens, { caption: 'x', imageUrl: IMAGE, accountId: '1784' }),
      RateLimitedError,
    );
    expect(capped.message).toContain('100 of 100');
    const hours = ((capped.resetAt?.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(0.99);
    expect(hours).toBeLessThanOrEqual(1);
    expect(last()?.path.startsWith('/v25.0/1784/content_publishing_limit?')).toBe(true);
    expect(query(last()?.path).fields).toBe('config,quota_usage');
  });

  it('reads insights with the current metrics only (no impressions, no plays), one media per call', async () => {
    fake.script(
      {
        status: 200,
        body: {
          data: [
            { name: 'views', period: 'lifetime', values: [{ value: 120 }], id: '5/insights/views/lifetime' },
            { name: 'saved', period: 'lifetime', values: [{ value: 4 }], id: '5/insights/saved/lifetime' },
          ],
        },
      },
      // Data still lagging: an empty set.
      { status: 200, body: { data: [] } },
      graphError({
        message:
          "Unsupported get request. Object with ID '7' does not exist, cannot be loaded due to missing permissions",
        code: 100,
        error_subcode: 33,
      }),
    );
    const result = await ig.readPostMetrics(tokens, {
      account: { externalId: '1784', username: 'bakery' },
      externalIds: ['5', '6', '7'],
    });
    expect(result).toEqual({
      metrics: [
        // What Instagram left out is not reported: null, never 0.
        { ...notReportedMetrics, externalId: '5', impressions: 120 },
        { ...notReportedMetrics, externalId: '6' },
      ],
      missing: ['7'],
    });
    const first = last(3);
    expect(first?.path.startsWith('/v25.0/5/insights?')).toBe(true);
    expect(query(first?.path).metric).toBe('views,reach,likes,comments,shares,saved,total_interactions');
    expect(query(first?.path).access_token).toBe('IGAA-long');
  });

  it('reads followers_count from /me, null when Instagram sends none', async () => {
    fake.script(
      { status: 200, body: { user_id: '1784', followers_count: 321, id: '99' } },
      { status: 200, body: { user_id: '1784', id: '99' } },
    );
    const account = { externalId: '1784', username: 'bakery' };
    expect(await ig.readFollowers(tokens, account)).toBe(321);
    expect(last()?.path.startsWith('/v25.0/me?')).toBe(true);
    expect(query(last()?.path).fields).toBe('user_id,followers_count');
    expect(await ig.readFollowers(tokens, account)).toBeNull();
  });

  it('throws RateLimitedError on throttled insights reads, with the reset the BUC header names', async () => {
    fake.script({
      status: 400,
      headers: {
        'x-business-use-case-usage': JSON.stringify({
          '1784': [{ type: 'instagram', call_count: 100, estimated_time_to_regain_access: 15 }],
        }),
      },
      body: { error: { message: 'Too many calls', type: 'OAuthException', code: 80002, fbtrace_id: 'a' } },
    });
    const limited = await expectError(
      ig.readPostMetrics(tokens, { account: { externalId: '1784', username: 'b' }, externalIds: ['5'] }),
      RateLimitedError,
    );
    const minutes = ((limited.resetAt?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14.9);
    expect(minutes).toBeLessThanOrEqual(15);
    fake.script(graphError({ message: 'Application request limit reached', code: 4 }, 403));
    await expectError(ig.readFollowers(tokens, { externalId: '1784', username: 'b' }), RateLimitedError);
  });

  it('an unanswered media_publish is an unknown outcome; an unanswered container creation is not', async () => {
    fake.script(
      { status: 200, body: { id: '1' } },
      { status: 200, body: { status_code: 'FINISHED' } },
      { stallMs: 2_000 },
    );
    await expectError(
      ig.publishImage(tokens, { caption: 'x', imageUrl: IMAGE, accountId: '1784' }),
      UnknownOutcomeError,
    );
    fake.script(
      { status: 200, body: { id: '1' } },
      { status: 200, body: { status_code: 'FINISHED' } },
      { drop: true },
    );
    await expectError(
      ig.publishImage(tokens, { caption: 'x', imageUrl: IMAGE, accountId: '1784' }),
      UnknownOutcomeError,
    );
    fake.script({ stallMs: 2_000 });
    const container = await expectError(
      ig.publishImage(tokens, { caption: 'x', imageUrl: IMAGE, accountId: '1784' }),
      SocialPlatformError,
    );
    expect(container).not.toBeInstanceOf(UnknownOutcomeError);

    const closed = await startInstagramFake();
    await closed.close();
    const unreachable = createInstagramProvider({
      clientId: 'c',
      clientSecret: 's',
      authorizeUrl: 'https://www.instagram.com/oauth/authorize',
      tokenUrl: closed.tokenUrl,
      apiBaseUrl: closed.baseUrl,
      sandbox: false,
    });
    const error = await expectError(unreachable.listAccounts(tokens), SocialPlatformError);
    expect(error.message).toContain('nothing was sent');
  });

  describe('publish', () => {
    const account = { externalId: '1784', username: 'cornerbakery' };
    const photo = () => testImage('https://app.example/m/croissant.jpg');
    const ok = (body: Record<string, unknown>) => ({ status: 200, body });
    /** Container created, then FINISHED: what comes before media_publish. */
    const ready = (containerId = 'c1') => [
      ok({ id: containerId }),
      ok({ status_code: 'FINISHED', id: containerId }),
    ];

    it('publishes one image by its public URL as the account (no /me read), with the text as caption', async () => {
      fake.script(
        ...ready(),
        ok({ id: 'm1' }),
        ok({ permalink: 'https://www.instagram.com/p/Xy/', id: 'm1' }),
      );
      const before = fake.requests.length;
      const image = photo();
      const published = await ig.publish(tokens, { account, text: 'Hello', media: [image] });
      expect(published).toEqual({ externalId: 'm1', url: 'https://www.instagram.com/p/Xy/' });
      expect(image.reads()).toBe(0);
      const [create, , publish] = fake.requests.slice(before);
      expect(create?.path).toBe('/v25.0/1784/media');
      expect(Object.fromEntries(new URLSearchParams(create?.body))).toMatchObject({
        image_url: 'https://app.example/m/croissant.jpg',
        caption: 'Hello',
      });
      expect(publish?.path).toBe('/v25.0/1784/media_publish');
    });

    it('refuses a post without an image or with several, before calling Instagram', async () => {
      const before = fake.requests.length;
      await expectError(ig.publish(tokens, { account, text: 'Words', media: [] }), InvalidContentError);
      await expectError(
        ig.publish(tokens, { account, text: 'Two', media: [photo(), photo()] }),
        InvalidContentError,
      );
      expect(fake.requests.length).toBe(before);
    });

    it('gives the container id with an unknown media_publish outcome (timeout or 500); a 503 is transient', async () => {
      fake.script(...ready('c7'), { stallMs: 2_000 });
      const timedOut = await expectError(
        ig.publish(tokens, { account, text: 'x', media: [photo()] }),
        UnknownOutcomeError,
      );
      expect(timedOut.hint).toEqual({ containerId: 'c7' });
      fake.script(
        ...ready('c8'),
        graphError({ message: 'An unexpected error', code: 2, is_transient: true }, 500),
      );
      const failed = await expectError(
        ig.publish(tokens, { account, text: 'x', media: [photo()] }),
        UnknownOutcomeError,
      );
      expect(failed.hint).toEqual({ containerId: 'c8' });
      fake.script(...ready('c9'), graphError({ message: 'Service temporarily unavailable', code: 2 }, 503));
      const unavailable = await expectError(
        ig.publish(tokens, { account, text: 'x', media: [photo()] }),
        TransientPlatformError,
      );
      expect(unavailable.kind).toBe('server_error');
    });

    const media = (items: Array<Record<string, unknown>>, next?: string) =>
      ok({
        data: items,
        ...(next
          ? { paging: { cursors: { before: 'a', after: next }, next: 'https://graph.instagram.com/next' } }
          : {}),
      });

    it('with the container: PUBLISHED finds the media by caption; FINISHED proves nothing was published', async () => {
      const since = new Date('2026-11-22T10:00:00Z');
      fake.script(
        ok({ status_code: 'PUBLISHED', id: 'c1' }),
        media([{ id: 'm0', caption: 'Older post', timestamp: '2026-11-22T10:30:00+0000' }], 'p2'),
        media([
          {
            id: 'm1',
            caption: 'Hello  #shop',
            timestamp: '2026-11-22T10:01:00+0000',
            permalink: 'https://www.instagram.com/p/Ab/',
          },
        ]),
      );
      const before = fake.requests.length;
      expect(
        await ig.findPublished?.(tokens, {
          account,
          text: 'Hello #shop',
          since,
          hint: { containerId: 'c1' },
        }),
      ).toEqual({ externalId: 'm1', url: 'https://www.instagram.com/p/Ab/' });
      const [container, list, next] = fake.requests.slice(before);
      expect(container?.path.split('?')[0]).toBe('/v25.0/c1');
      expect(query(container?.path).fields).toBe('status_code,id');
      expect(list?.path.split('?')[0]).toBe('/v25.0/1784/media');
      expect(query(list?.path)).toEqual({
        fields: 'id,caption,timestamp,permalink',
        limit: '50',
        access_token: 'IGAA-long',
      });
      expect(query(next?.path).after).toBe('p2');

      fake.script(ok({ status_code: 'FINISHED', id: 'c2' }));
      const finished = fake.requests.length;
      expect(
        await ig.findPublished?.(tokens, { account, text: 'Hello', since, hint: { containerId: 'c2' } }),
      ).toBeNull();
      expect(fake.requests.length).toBe(finished + 1);
    });

    it('says so when a PUBLISHED container has no post with the caption; without the container, searches by caption', async () => {
      const since = new Date();
      fake.script(ok({ status_code: 'PUBLISHED', id: 'c3' }), media([]));
      await expectError(
        ig.findPublished?.(tokens, { account, text: 'Edited since', since, hint: { containerId: 'c3' } }) ??
          Promise.resolve(),
        SocialPlatformError,
      );
      // A container Instagram no longer knows: the caption decides.
      fake.script(
        graphError({ message: 'Object with ID c4 does not exist', code: 100, error_subcode: 33 }),
        media([
          {
            id: 'm4',
            caption: 'By caption',
            timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, '+0000'),
          },
        ]),
      );
      expect(
        await ig.findPublished?.(tokens, { account, text: 'By caption', since, hint: { containerId: 'c4' } }),
      ).toEqual({ externalId: 'm4', url: null });
      // Media older than the attempt end the search.
      fake.script(media([{ id: 'm5', caption: 'Old', timestamp: '2020-01-01T00:00:00+0000' }], 'more'));
      const before = fake.requests.length;
      expect(await ig.findPublished?.(tokens, { account, text: 'Old', since })).toBeNull();
      expect(fake.requests.length).toBe(before + 1);
    });
  });
});
