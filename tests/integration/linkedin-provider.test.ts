import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notReportedMetrics } from '../../src/contracts/analytics';
import { countCharacters } from '../../src/contracts/post-text';
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
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
  type TokenSet,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../../src/server/integrations/social/social-provider';
import { injectFetch } from '../../src/server/lib/inject-fetch';
import { decodeEntities, expectError, hiddenFields, withFault } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { linkedInAnalyticsTokens } from '../fakes/linkedin/analytics-grant';
import { type LinkedInFake, startLinkedInFake } from '../fakes/linkedin/linkedin-fake';
import { JPEG_BYTES, testImage } from '../fakes/publish-media';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { adapterDatabaseKinds } from '../setup/databases';

const REDIRECT_URI = `${TEST_APP_URL}/api/auth/social/linkedin/callback`;
const AUTHORIZE_PATH = '/sandbox/linkedin/oauth/v2/authorization';
const API = '/sandbox/linkedin/api';

describe.each(adapterDatabaseKinds)('LinkedIn provider against the platform simulator on %s', (kind) => {
  let t: TestApp;
  let database: Database;
  /** A member of the workspace that creates the sandbox identities (decision 036). */
  let session = '';
  // The app that serves the simulator, as it does for a platform without credentials.
  let sim: FastifyInstance;
  let fetchSim: typeof fetch;
  let linkedin: LinkedInProvider;
  const providerWith = (fetchImpl: typeof fetch, options: { timeoutMs?: number } = {}) =>
    createLinkedInProvider({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(TEST_APP_URL, 'linkedin'),
      sandbox: true,
      fetch: fetchImpl,
      timeoutMs: options.timeoutMs ?? 5_000,
    });

  beforeAll(async () => {
    // The app serves the simulator (faults on outside production); a consent page needs a session.
    t = await buildTestApp(kind);
    sim = t.app;
    database = t.ctx.database;
    session = (await signUp(t.app)).cookie;
    fetchSim = injectFetch(sim);
    linkedin = providerWith(fetchSim);
  });
  afterAll(() => t.close());

  const handle = () => `member-${randomBytes(4).toString('hex')}`;

  /** The consent flow as a browser does it; answers the code. */
  async function authorize(username: string, provider = linkedin) {
    const state = randomBytes(16).toString('base64url');
    const url = new URL(provider.authorizeUrl({ state, redirectUri: REDIRECT_URI }));
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
      headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(posted.statusCode).toBe(302);
    const location = new URL(String(posted.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('state')).toBe(state);
    const code = location.searchParams.get('code');
    expect(code).toBeTruthy();
    return { code: code as string, cookie: String(posted.headers['set-cookie'] ?? '') };
  }

  async function connect(username = handle(), provider = linkedin) {
    const { code } = await authorize(username, provider);
    const tokens = await provider.exchangeCode({ code, redirectUri: REDIRECT_URI });
    const [account] = await provider.listAccounts(tokens);
    if (!account) throw new Error('no account');
    return { tokens, account, username };
  }

  const analyticsTokensOf = (tokens: TokenSet) => linkedInAnalyticsTokens(database.db, tokens);

  it('renders an accessible sandbox authorize page without scripts, carrying the OAuth request', async () => {
    const url = new URL(linkedin.authorizeUrl({ state: 'st-1', redirectUri: REDIRECT_URI }));
    expect(linkedin.usesPkce).toBe(false);
    expect(url.origin).toBe(TEST_APP_URL);
    expect(url.pathname).toBe(AUTHORIZE_PATH);
    expect(url.searchParams.get('scope')).toBe('openid profile email w_member_social');
    expect(url.search).toContain('scope=openid%20profile%20email%20w_member_social');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.has('code_challenge')).toBe(false);

    const page = await sim.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    expect(html).toContain('<title>LinkedIn (Sandbox) — Authorize Kitepost</title>');
    expect(html).toMatch(/<span class="badge">Sandbox<\/span>/);
    expect(html).not.toContain('<script');
    expect(html).toContain('<form method="post" action="/sandbox/linkedin/oauth/v2/authorization">');
    expect(html).toMatch(/<input type="text" id="username" name="username" value="[a-z]+-[a-z]+\d{2}"/);
    expect(html).toContain('Create, modify and delete posts');
    const cancel = /<a href="([^"]+)">Cancel<\/a>/.exec(html)?.[1];
    expect(cancel && Object.fromEntries(new URL(decodeEntities(cancel)).searchParams)).toEqual({
      error: 'user_cancelled_authorize',
      error_description: 'The user cancelled the authorization',
      state: 'st-1',
    });
    expect(hiddenFields(html)).toEqual({
      response_type: 'code',
      client_id: SIMULATOR_CREDENTIALS.clientId,
      redirect_uri: REDIRECT_URI,
      scope: 'openid profile email w_member_social',
      state: 'st-1',
    });
  });

  it('refuses a foreign redirect URI with a page, and sends an unknown scope back as an error', async () => {
    const evil = new URL(linkedin.authorizeUrl({ state: 's', redirectUri: 'https://evil.example/cb' }));
    const refused = await sim.inject({
      method: 'GET',
      url: `${evil.pathname}${evil.search}`,
      headers: { cookie: session },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers.location).toBeUndefined();
    expect(refused.body).toContain('redirect_uri does not match');

    const greedy = new URL(linkedin.authorizeUrl({ state: 's2', redirectUri: REDIRECT_URI }));
    greedy.searchParams.set('scope', 'openid r_everything');
    const back = await sim.inject({
      method: 'GET',
      url: `${greedy.pathname}${greedy.search}`,
      headers: { cookie: session },
    });
    expect(back.statusCode).toBe(302);
    const location = new URL(String(back.headers.location));
    expect(location.searchParams.get('error')).toBe('unauthorized_scope_error');
    expect(location.searchParams.get('state')).toBe('s2');
  });

  it('refuses the whole authorization when a Community Management scope is asked next to Sign In and Share', async () => {
    // LinkedIn: the Community Management API cannot share an app with Sign In with LinkedIn and
    // Share on LinkedIn, and one scope the app lacks refuses everything (decision 042).
    for (const extra of ['r_member_postAnalytics', 'w_organization_social']) {
      const mixed = new URL(linkedin.authorizeUrl({ state: 'mixed', redirectUri: REDIRECT_URI }));
      mixed.searchParams.set('scope', `openid profile email w_member_social ${extra}`);
      const back = await sim.inject({
        method: 'GET',
        url: `${mixed.pathname}${mixed.search}`,
        headers: { cookie: session },
      });
      expect(back.statusCode).toBe(302);
      const location = new URL(String(back.headers.location));
      expect(Object.fromEntries(location.searchParams)).toEqual({
        error: 'unauthorized_scope_error',
        error_description: `Scope "${extra}" is not authorized for your application`,
        state: 'mixed',
      });
    }
    // What the adapter asks for is what the app's two products grant: no analytics scope.
    const asked = new URL(linkedin.authorizeUrl({ state: 's', redirectUri: REDIRECT_URI }));
    expect(asked.searchParams.get('scope')).toBe('openid profile email w_member_social');
  });

  it('cancels with user_cancelled_authorize; refuses a bad handle; offers the remembered member', async () => {
    const url = new URL(linkedin.authorizeUrl({ state: 'st-2', redirectUri: REDIRECT_URI }));
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
    const location = new URL(String(cancelled.headers.location));
    expect(location.searchParams.get('error')).toBe('user_cancelled_authorize');
    expect(location.searchParams.get('state')).toBe('st-2');

    const bad = await post({ account: '__new__', username: 'no spaces allowed!', decision: 'authorize' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('role="alert"');
    expect(bad.body).toContain('aria-invalid="true"');

    const { cookie } = await authorize('remembered-me');
    const again = await sim.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: `${session}; ${cookie.split(';')[0]}` },
    });
    expect(again.body).toContain('value="remembered-me"');
  });

  it('exchanges the code once, only with the right redirect URI, for a 60-day token and no refresh token', async () => {
    const { code } = await authorize('code-checker');
    await expectError(
      linkedin.exchangeCode({ code, redirectUri: `${REDIRECT_URI}/other` }),
      SocialPlatformError,
    );
    const { code: fresh } = await authorize('code-checker');
    const tokens = await linkedin.exchangeCode({ code: fresh, redirectUri: REDIRECT_URI });
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.refreshToken).toBeNull();
    expect(tokens.refreshExpiresAt).toBeNull();
    expect(tokens.scopes).toEqual(['openid', 'profile', 'email', 'w_member_social']);
    const expiresIn = (tokens.expiresAt?.getTime() ?? 0) - Date.now();
    expect(expiresIn).toBeGreaterThan(60 * 86_400_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 86_400_000);
    const reused = await expectError(
      linkedin.exchangeCode({ code: fresh, redirectUri: REDIRECT_URI }),
      SocialPlatformError,
    );
    expect(reused).not.toBeInstanceOf(TokenExpiredError);
    expect(reused.message).toContain('authorization code expired');
  });

  it('refuses the token endpoint to a client with the wrong secret', async () => {
    const { code } = await authorize('wrong-secret');
    const impostor = createLinkedInProvider({
      ...simulatorEndpoints(TEST_APP_URL, 'linkedin'),
      clientId: SIMULATOR_CREDENTIALS.clientId,
      clientSecret: 'not-the-secret',
      sandbox: true,
      fetch: fetchSim,
    });
    const error = await expectError(
      impostor.exchangeCode({ code, redirectUri: REDIRECT_URI }),
      SocialPlatformError,
    );
    expect(error.message).toContain('credentials');
  });

  it('reads the member from userinfo: the handle as username, the name, an avatar, no follower count', async () => {
    const { tokens, account } = await connect('profile-reader');
    expect(account).toMatchObject({
      username: 'profile-reader',
      displayName: 'Profile Reader',
      followers: null,
    });
    expect(account.externalId).toMatch(/^[A-Za-z0-9_-]{10}$/);
    const avatar = new URL(account.avatarUrl ?? '');
    const image = await sim.inject({ method: 'GET', url: avatar.pathname, headers: { cookie: session } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    // The same handle is the same member on the next connection.
    const again = await connect('profile-reader');
    expect(again.account).toEqual(account);
    expect(await linkedin.listAccounts(tokens)).toEqual([account]);
  });

  it('cannot refresh without a refresh token (TokenExpiredError, no call); revoke makes no call', async () => {
    const { tokens } = await connect();
    const calls: string[] = [];
    const counting = providerWith((input, init) => {
      calls.push(String(input));
      return fetchSim(input, init);
    });
    const error = await expectError(counting.refreshTokens(tokens), TokenExpiredError);
    expect(error.message).toContain('reconnect');
    await counting.revoke(tokens);
    expect(calls).toEqual([]);
    // Nothing was revoked: the token still works.
    expect(await linkedin.listAccounts(tokens)).toHaveLength(1);
  });

  it('publishes text as the member (201, URN in x-restli-id), escaped so LinkedIn shows it as written', async () => {
    const { tokens, account } = await connect('page-owner');
    const text =
      'Fresh croissants (7 am) & coffee <b>today</b> — C# fans, @everyone: #bakery #SmallBusiness_2026 ~*_|{}[]\\';
    const published = await linkedin.publishText(tokens, text, { externalAccountId: account.externalId });
    expect(published.externalId).toMatch(/^urn:li:share:\d{15,19}$/);
    expect(published.url).toBe(`${TEST_APP_URL}/sandbox/linkedin/feed/update/${published.externalId}`);
    const [stored] = await database.db
      .select()
      .from(sandboxPosts)
      .where(eq(sandboxPosts.externalId, published.externalId));
    expect(stored?.text).toBe(text);

    const page = await sim.inject({
      method: 'GET',
      url: new URL(published.url).pathname,
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Fresh croissants (7 am) &amp; coffee &lt;b&gt;today&lt;/b&gt;');
    expect(page.body).toContain('<span class="badge">Sandbox</span>');
    expect(page.body).not.toContain('<script');
    const missing = await sim.inject({
      method: 'GET',
      url: '/sandbox/linkedin/feed/update/urn:li:share:1',
      headers: { cookie: session },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('cuts unescaped commentary at the first reserved character, as LinkedIn does (why the adapter escapes)', async () => {
    const { tokens, account } = await connect();
    const answer = await sim.inject({
      method: 'POST',
      url: `${API}/rest/posts`,
      headers: {
        authorization: `Bearer ${tokens.accessToken}`,
        'linkedin-version': LINKEDIN_VERSION,
        'x-restli-protocol-version': '2.0.0',
        'content-type': 'application/json',
      },
      payload: {
        author: `urn:li:person:${account.externalId}`,
        commentary: 'Open late today (until 9) #bakery',
        visibility: 'PUBLIC',
        distribution: {
          feedDistribution: 'MAIN_FEED',
          targetEntities: [],
          thirdPartyDistributionChannels: [],
        },
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
      },
    });
    expect(answer.statusCode).toBe(201);
    const urn = String(answer.headers['x-restli-id']);
    const [stored] = await database.db.select().from(sandboxPosts).where(eq(sandboxPosts.externalId, urn));
    expect(stored?.text).toBe('Open late today ');
  });

  it('asks for a served LinkedIn-Version on /rest calls: none is 400, one of over 11 months 426', async () => {
    const { tokens } = await connect();
    const call = (headers: Record<string, string>) =>
      sim.inject({
        method: 'DELETE',
        url: `${API}/rest/posts/${encodeURIComponent('urn:li:share:1')}`,
        headers: { authorization: `Bearer ${tokens.accessToken}`, 'x-restli-method': 'DELETE', ...headers },
      });
    const missing = await call({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ status: 400, code: 'VERSION_MISSING' });
    const monthsAgo = (months: number) => {
      const now = new Date();
      const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
      return `${at.getUTCFullYear()}${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    const sunset = await call({ 'linkedin-version': monthsAgo(12) });
    expect(sunset.statusCode).toBe(426);
    expect(sunset.json()).toEqual({
      status: 426,
      code: 'NONEXISTENT_VERSION',
      message: `Requested version ${monthsAgo(12)} is not active`,
    });
    expect((await call({ 'linkedin-version': monthsAgo(-1) })).statusCode).toBe(426);
    expect((await call({ 'linkedin-version': monthsAgo(11) })).statusCode).toBe(404);
    expect((await call({ 'linkedin-version': LINKEDIN_VERSION })).statusCode).toBe(404);
  });

  it('sends LINKEDIN_API_VERSION as LinkedIn-Version; a sunset one is refused (426) on publish', async () => {
    const { tokens, account } = await connect();
    const seen: string[] = [];
    const recording: typeof fetch = async (input, init) => {
      seen.push(new Headers(init?.headers).get('linkedin-version') ?? '');
      return fetchSim(input, init);
    };
    const as = { externalAccountId: account.externalId };
    const pinned = (apiVersion: string) =>
      createLinkedInProvider({
        ...SIMULATOR_CREDENTIALS,
        ...simulatorEndpoints(TEST_APP_URL, 'linkedin'),
        sandbox: true,
        fetch: recording,
        apiVersion,
      });
    const now = new Date();
    const recent = `${now.getUTCFullYear() - (now.getUTCMonth() === 0 ? 1 : 0)}${String(((now.getUTCMonth() + 11) % 12) + 1).padStart(2, '0')}`;
    await pinned(recent).publishText(tokens, `Versioned ${randomBytes(3).toString('hex')}`, as);
    expect(seen.at(-1)).toBe(recent);
    const refused = await expectError(
      pinned('202301').publishText(tokens, 'Too old', as),
      SocialPlatformError,
    );
    expect(refused.message).toContain('Requested version 202301 is not active');
  });

  it('deletes only with X-RestLi-Method: DELETE, which the adapter sends', async () => {
    const { tokens, account } = await connect();
    const { externalId } = await linkedin.publishText(
      tokens,
      `Short-lived ${randomBytes(3).toString('hex')}`,
      {
        externalAccountId: account.externalId,
      },
    );
    const bare = await sim.inject({
      method: 'DELETE',
      url: `${API}/rest/posts/${encodeURIComponent(externalId)}`,
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'linkedin-version': LINKEDIN_VERSION },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toContain('X-RestLi-Method');
    await linkedin.deletePost(tokens, externalId);
    const [stored] = await database.db
      .select()
      .from(sandboxPosts)
      .where(eq(sandboxPosts.externalId, externalId));
    expect(stored?.state).toBe('deleted');
  });

  it('keeps an uploaded image PROCESSING for a while and refuses a post naming it until it is AVAILABLE', async () => {
    const { tokens, account } = await connect();
    const rest = {
      authorization: `Bearer ${tokens.accessToken}`,
      'linkedin-version': LINKEDIN_VERSION,
      'x-restli-protocol-version': '2.0.0',
    };
    const init = await sim.inject({
      method: 'POST',
      url: `${API}/rest/images?action=initializeUpload`,
      headers: rest,
      payload: { initializeUploadRequest: { owner: `urn:li:person:${account.externalId}` } },
    });
    const { uploadUrl, image } = init.json().value as { uploadUrl: string; image: string };
    const status = async () =>
      (
        await sim.inject({
          method: 'GET',
          url: `${API}/rest/images/${encodeURIComponent(image)}`,
          headers: rest,
        })
      ).json().status;
    expect(await status()).toBe('WAITING_UPLOAD');
    const put = await sim.inject({
      method: 'PUT',
      url: new URL(uploadUrl).pathname,
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'image/jpeg' },
      payload: JPEG_BYTES,
    });
    expect(put.statusCode).toBe(201);
    expect(await status()).toBe('PROCESSING');
    const post = () =>
      sim.inject({
        method: 'POST',
        url: `${API}/rest/posts`,
        headers: { ...rest, 'content-type': 'application/json' },
        payload: {
          author: `urn:li:person:${account.externalId}`,
          commentary: `Fresh out of the oven ${randomBytes(3).toString('hex')}`,
          visibility: 'PUBLIC',
          distribution: {
            feedDistribution: 'MAIN_FEED',
            targetEntities: [],
            thirdPartyDistributionChannels: [],
          },
          content: { media: { id: image } },
          lifecycleState: 'PUBLISHED',
          isReshareDisabledByAuthor: false,
        },
      });
    const early = await post();
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toContain(`image ${image} is PROCESSING, not AVAILABLE`);
    await vi.waitFor(async () => expect(await status()).toBe('AVAILABLE'), { timeout: 5_000, interval: 100 });
    expect((await post()).statusCode).toBe(201);
  });

  it('waits (polling the Images API) until its images are AVAILABLE before it posts', async () => {
    const { tokens, account } = await connect();
    const calls: string[] = [];
    const recording: typeof fetch = async (input, init) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
      return fetchSim(input, init);
    };
    const published = await providerWith(recording).publish(tokens, {
      account: { externalId: account.externalId, username: '' },
      text: `With a photo ${randomBytes(3).toString('hex')}`,
      media: [testImage('https://app.example/m/1.jpg')],
    });
    expect(published.externalId).toMatch(/^urn:li:share:\d+$/);
    const reads = calls.filter((call) => call.startsWith('GET /sandbox/linkedin/api/rest/images/'));
    // PROCESSING at least once (the simulator keeps it so for 400 ms in tests), then AVAILABLE.
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(calls.at(-1)).toBe('POST /sandbox/linkedin/api/rest/posts');
    const [stored] = await database.db
      .select()
      .from(sandboxPosts)
      .where(eq(sandboxPosts.externalId, published.externalId));
    expect(stored?.media).toHaveLength(1);
  });

  it('retries (TransientPlatformError) a post refused because its image still processes; bounded wait', async () => {
    const { tokens, account } = await connect();
    const impatient = createLinkedInProvider({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(TEST_APP_URL, 'linkedin'),
      sandbox: true,
      fetch: fetchSim,
      // Gives up waiting at once: the post is sent while the image is PROCESSING.
      imageWait: { firstDelayMs: 10, maxDelayMs: 10, maxWaitMs: 0, blindWaitMs: 0 },
    });
    const error = await expectError(
      impatient.publish(tokens, {
        account: { externalId: account.externalId, username: '' },
        text: `Too soon ${randomBytes(3).toString('hex')}`,
        media: [testImage('https://app.example/m/2.jpg')],
      }),
      TransientPlatformError,
    );
    expect(error.message).toContain('still processing');
    expect(error.message).toContain('PROCESSING, not AVAILABLE');
  });

  it('refuses over 3000 characters as LinkedIn counts them (escapes included), and duplicates, with InvalidContentError', async () => {
    const { tokens, account } = await connect();
    const as = { externalAccountId: account.externalId };
    // LinkedIn counts the commentary as sent: 1500 reserved characters are 3000 escaped.
    await linkedin.publishText(tokens, '('.repeat(1500), as);
    const escaped = await expectError(
      linkedin.publishText(tokens, ')'.repeat(1501), as),
      InvalidContentError,
    );
    expect(escaped.message).toContain(
      'ShareCommentary text length (3002 characters) exceeded the maximum allowed (3000 characters)',
    );
    expect(countCharacters('linkedin', ')'.repeat(1501))).toBe(3002);
    const long = await expectError(linkedin.publishText(tokens, 'a'.repeat(3001), as), InvalidContentError);
    expect(long.message).toContain('(3001 characters) exceeded the maximum allowed (3000 characters)');
    await linkedin.publishText(tokens, 'Only once', as);
    const duplicate = await expectError(linkedin.publishText(tokens, 'Only once', as), InvalidContentError);
    expect(duplicate.message).toContain('duplicate');
  });

  it('refuses posting as another member with a permission error, not a content error', async () => {
    const { tokens } = await connect();
    const { account: other } = await connect();
    const error = await expectError(
      linkedin.publishText(tokens, 'Not mine', { externalAccountId: other.externalId }),
      SocialPlatformError,
    );
    expect(error).not.toBeInstanceOf(InvalidContentError);
    expect(error.message).toContain('403');
  });

  it('reads metrics with r_member_postAnalytics, in our names, growing with the post age; a deleted post is missing', async () => {
    const analytics = linkedin;
    const { tokens: memberTokens, account, username } = await connect();
    const { externalId } = await analytics.publishText(memberTokens, 'How many people will see this?', {
      externalAccountId: account.externalId,
    });
    const tokens = await analyticsTokensOf(memberTokens);
    const read = () =>
      analytics.readPostMetrics(tokens, {
        account: { externalId: account.externalId, username },
        externalIds: [externalId],
      });
    const age = async (hours: number) => {
      await database.db
        .update(sandboxPosts)
        .set({ publishedAt: new Date(Date.now() - hours * 3_600_000) })
        .where(eq(sandboxPosts.externalId, externalId));
      const { metrics, missing } = await read();
      expect(missing).toEqual([]);
      return metrics[0];
    };
    const fresh = await age(0);
    const hourOld = await age(1);
    const dayOld = await age(24);
    expect(fresh?.impressions).toBeLessThanOrEqual(hourOld?.impressions ?? 0);
    expect(hourOld?.impressions).toBeGreaterThan(0);
    expect(dayOld?.impressions).toBeGreaterThan(hourOld?.impressions ?? 0);
    expect(dayOld?.reach).toBeGreaterThan(0);
    expect(dayOld?.reach).toBeLessThanOrEqual(dayOld?.impressions ?? 0);
    expect(dayOld?.likes).toBeGreaterThanOrEqual(hourOld?.likes ?? 0);
    for (const name of ['comments', 'shares'] as const) expect(dayOld?.[name]).toEqual(expect.any(Number));
    // LinkedIn reports no clicks on a member's post: null, never 0.
    expect(dayOld).toMatchObject({ externalId, clicks: null });
    expect(await age(24)).toEqual(dayOld);

    await analytics.deletePost(memberTokens, externalId);
    expect(await read()).toEqual({ metrics: [], missing: [externalId] });
    // Deleting again: LinkedIn no longer knows the post.
    await expectError(analytics.deletePost(memberTokens, externalId), SocialPlatformError);
  });

  it('reads no metrics without r_member_postAnalytics (every metric not reported, no call); reports no followers', async () => {
    const { tokens, account, username } = await connect();
    const { externalId } = await linkedin.publishText(tokens, 'No analytics for me', {
      externalAccountId: account.externalId,
    });
    expect(tokens.scopes).not.toContain('r_member_postAnalytics');
    const noNetwork = providerWith(async () => {
      throw new Error('no call expected');
    });
    expect(
      await noNetwork.readPostMetrics(tokens, {
        account: { externalId: account.externalId, username },
        externalIds: [externalId],
      }),
    ).toEqual({
      metrics: [{ externalId, ...notReportedMetrics }],
      missing: [],
    });
    // A member's follower count is not available to Kitepost: not reported, and no call is made.
    expect(await noNetwork.readFollowers(tokens, { externalId: account.externalId, username })).toBeNull();
  });

  it('answers metrics with no element, and throttles them, when armed for the member', async () => {
    const analytics = linkedin;
    const { tokens: memberTokens, account, username } = await connect();
    const { externalId } = await analytics.publishText(
      memberTokens,
      `Armed reads ${randomBytes(4).toString('hex')}`,
      {
        externalAccountId: account.externalId,
      },
    );
    await database.db
      .update(sandboxPosts)
      .set({ publishedAt: new Date(Date.now() - 5 * 3_600_000) })
      .where(eq(sandboxPosts.externalId, externalId));
    const tokens = await analyticsTokensOf(memberTokens);
    const arm = async (fault: string, times: number | 'always') => {
      const armed = await sim.inject({
        method: 'POST',
        url: '/sandbox/faults',
        headers: { cookie: session },
        payload: { platform: 'linkedin', account: account.externalId, fault, on: 'read', times },
      });
      expect(armed.statusCode).toBe(201);
    };
    const read = () =>
      analytics.readPostMetrics(tokens, {
        account: { externalId: account.externalId, username },
        externalIds: [externalId],
      });

    // One call per metric: five calls for the post.
    await arm('no-data', 5);
    expect(await read()).toEqual({
      metrics: [{ externalId, ...notReportedMetrics }],
      missing: [],
    });
    // The first two metrics without data, the rest with their numbers.
    await arm('no-data', 2);
    const partly = (await read()).metrics[0];
    expect(partly).toMatchObject({ impressions: null, reach: null, likes: expect.any(Number) });

    await arm('rate-limit', 1);
    const limited = await expectError(read(), RateLimitedError);
    // LinkedIn's 429 names no reset: retried with backoff, not at midnight UTC.
    expect(limited.resetAt).toBeNull();
    expect((await read()).metrics[0]?.impressions).toEqual(expect.any(Number));
  });

  it('maps injected faults to our error kinds', async () => {
    const { tokens, account } = await connect();
    const as = { externalAccountId: account.externalId };
    const limited = await expectError(
      providerWith(withFault(fetchSim, 'rate-limit')).publishText(tokens, 'limited', as),
      RateLimitedError,
    );
    expect(limited.resetAt).toBeNull();
    expect(limited.message).toContain('DAY limit');
    const { code } = await authorize(handle());
    await expectError(
      providerWith(withFault(fetchSim, 'rate-limit')).exchangeCode({ code, redirectUri: REDIRECT_URI }),
      RateLimitedError,
    );
    await expectError(
      providerWith(withFault(fetchSim, 'expired-token')).listAccounts(tokens),
      TokenExpiredError,
    );
    await expectError(
      providerWith(withFault(fetchSim, 'expired-token')).publishText(tokens, 'expired', as),
      TokenExpiredError,
    );
    const unavailable = await expectError(
      providerWith(withFault(fetchSim, 'server-error')).publishText(tokens, 'down', as),
      TransientPlatformError,
    );
    expect(unavailable.kind).toBe('server_error');
    expect(unavailable.message).toContain('503');
    // The member and the token are untouched by the faults.
    expect(await linkedin.listAccounts(tokens)).toHaveLength(1);
  });

  it('times out a slow publish as an unknown outcome (the post did get created); a slow read is retryable', async () => {
    const { tokens, account } = await connect();
    const slow = providerWith(withFault(fetchSim, 'slow', { delayMs: 400 }), { timeoutMs: 100 });
    const read = await expectError(slow.listAccounts(tokens), SocialPlatformError);
    expect(read).not.toBeInstanceOf(UnknownOutcomeError);
    const text = `Slow one ${randomBytes(4).toString('hex')}`;
    const error = await expectError(
      slow.publishText(tokens, text, { externalAccountId: account.externalId }),
      UnknownOutcomeError,
    );
    expect(error.message).toContain('may or may not');
    let created: unknown[] = [];
    for (let attempt = 0; attempt < 40 && created.length === 0; attempt++) {
      await sleep(50);
      created = await database.db.select().from(sandboxPosts).where(eq(sandboxPosts.text, text));
    }
    expect(created).toHaveLength(1);
  });

  it('reports a dropped connection after the post was made as an unknown outcome', async () => {
    const { tokens, account } = await connect();
    const text = `Dropped ${randomBytes(4).toString('hex')}`;
    await expectError(
      providerWith(withFault(fetchSim, 'unknown-outcome')).publishText(tokens, text, {
        externalAccountId: account.externalId,
      }),
      UnknownOutcomeError,
    );
    const created = await database.db.select().from(sandboxPosts).where(eq(sandboxPosts.text, text));
    expect(created).toHaveLength(1);
  });
});

describe('LinkedIn provider against a loopback LinkedIn fake', () => {
  let fake: LinkedInFake;
  let linkedin: LinkedInProvider;
  const tokens: TokenSet = {
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    expiresAt: new Date(Date.now() + 3_600_000),
    refreshExpiresAt: new Date(Date.now() + 300 * 86_400_000),
    scopes: ['openid', 'profile', 'email', 'w_member_social'],
  };
  /** A member who granted the vetted analytics product. */
  const analyticsTokens: TokenSet = { ...tokens, scopes: [...tokens.scopes, 'r_member_postAnalytics'] };
  const as = { externalAccountId: '782bbtaQ' };

  beforeAll(async () => {
    fake = await startLinkedInFake();
    linkedin = createLinkedInProvider({
      clientId: 'client-abc',
      clientSecret: 'secret-xyz',
      authorizeUrl: 'https://www.linkedin.com/oauth/v2/authorization',
      tokenUrl: `${fake.baseUrl}/oauth/v2/accessToken`,
      apiBaseUrl: fake.baseUrl,
      sandbox: false,
      timeoutMs: 300,
    });
  });
  afterAll(() => fake.close());

  const last = () => fake.requests.at(-1);

  it('sends the documented token request: client credentials in the form body, no Basic auth', async () => {
    fake.script({
      status: 200,
      body: { access_token: 'at', expires_in: 5_184_000, scope: 'email,openid,profile,w_member_social' },
    });
    const result = await linkedin.exchangeCode({ code: 'the-code', redirectUri: 'https://app.example/cb' });
    expect(result).toMatchObject({
      accessToken: 'at',
      refreshToken: null,
      scopes: ['email', 'openid', 'profile', 'w_member_social'],
    });
    const request = last();
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/oauth/v2/accessToken');
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: 'https://app.example/cb',
      client_id: 'client-abc',
      client_secret: 'secret-xyz',
    });
  });

  it("uses a partner's refresh token when there is one, and maps a refused one to TokenExpiredError", async () => {
    fake.script({
      status: 200,
      body: {
        access_token: 'at-2',
        expires_in: 5_184_000,
        refresh_token: 'refresh-1',
        refresh_token_expires_in: 25_000_000,
        scope: 'email,openid,profile,w_member_social',
      },
    });
    const refreshed = await linkedin.refreshTokens(tokens);
    expect(refreshed).toMatchObject({ accessToken: 'at-2', refreshToken: 'refresh-1' });
    expect(refreshed.refreshExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 289 * 86_400_000);
    expect(Object.fromEntries(new URLSearchParams(last()?.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
      client_id: 'client-abc',
      client_secret: 'secret-xyz',
    });
    fake.script({
      status: 400,
      body: { error: 'invalid_request', error_description: 'The provided refresh token is invalid' },
    });
    await expectError(linkedin.refreshTokens(tokens), TokenExpiredError);
  });

  it('reads userinfo with the Bearer token, unversioned', async () => {
    fake.script({
      status: 200,
      body: {
        sub: '782bbtaQ',
        email_verified: true,
        name: 'John Doe',
        locale: { country: 'US', language: 'en' },
        given_name: 'John',
        family_name: 'Doe',
        email: 'doe@email.com',
        picture:
          'https://media.licdn.com/dms/image/C5F03AQHqK8v7tB1HCQ/profile-displayphoto-shrink_100_100/0/0',
      },
    });
    expect(await linkedin.listAccounts(tokens)).toEqual([
      {
        externalId: '782bbtaQ',
        username: 'doe',
        displayName: 'John Doe',
        avatarUrl:
          'https://media.licdn.com/dms/image/C5F03AQHqK8v7tB1HCQ/profile-displayphoto-shrink_100_100/0/0',
        followers: null,
      },
    ]);
    expect(last()?.path).toBe('/v2/userinfo');
    expect(last()?.headers.authorization).toBe('Bearer access-1');
    expect(last()?.headers['linkedin-version']).toBeUndefined();
  });

  it('posts the documented body with the version headers and links the post on linkedin.com', async () => {
    fake.script({ status: 201, headers: { 'x-restli-id': 'urn:li:share:6844785523593134080' } });
    const published = await linkedin.publishText(tokens, 'Hello (world) #kitepost', as);
    expect(published).toEqual({
      externalId: 'urn:li:share:6844785523593134080',
      url: 'https://www.linkedin.com/feed/update/urn:li:share:6844785523593134080',
    });
    const request = last();
    expect(request?.path).toBe('/rest/posts');
    expect(request?.headers).toMatchObject({
      authorization: 'Bearer access-1',
      'linkedin-version': LINKEDIN_VERSION,
      'x-restli-protocol-version': '2.0.0',
      'content-type': 'application/json',
    });
    expect(JSON.parse(request?.body ?? '')).toEqual({
      author: 'urn:li:person:782bbtaQ',
      commentary: 'Hello \\(world\\) #kitepost',
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    });
  });

  it('maps the documented error bodies: 422 duplicate, 401, 429 (no reset: backoff), 403', async () => {
    fake.script({
      status: 422,
      body: { code: 'DUPLICATE_POST', message: 'Content is a duplicate of urn:li:share:1', status: 422 },
    });
    expect((await expectError(linkedin.publishText(tokens, 'x', as), InvalidContentError)).message).toContain(
      'duplicate',
    );
    fake.script({
      status: 401,
      body: { serviceErrorCode: 65600, message: 'Invalid access token', status: 401 },
    });
    await expectError(linkedin.listAccounts(tokens), TokenExpiredError);
    fake.script({
      status: 429,
      body: {
        message: 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
        status: 429,
      },
    });
    expect((await expectError(linkedin.publishText(tokens, 'x', as), RateLimitedError)).resetAt).toBeNull();
    fake.script({
      status: 403,
      body: { status: 403, serviceErrorCode: 100, code: 'ACCESS_DENIED', message: 'Not enough permissions' },
    });
    const denied = await expectError(linkedin.publishText(tokens, 'x', as), SocialPlatformError);
    expect(denied).not.toBeInstanceOf(InvalidContentError);
  });

  it('deletes by the encoded URN and reads the five metric totals and the video plays per post', async () => {
    fake.script({ status: 204 });
    await linkedin.deletePost(tokens, 'urn:li:share:1');
    expect(last()).toMatchObject({ method: 'DELETE', path: '/rest/posts/urn%3Ali%3Ashare%3A1' });
    expect(last()?.headers['linkedin-version']).toBe(LINKEDIN_VERSION);
    expect(last()?.headers['x-restli-method']).toBe('DELETE');

    const metric = (count: number, metricType: string) => ({
      status: 200,
      body: {
        paging: { start: 0, count: 10, links: [] },
        elements: [{ count, metricType, targetEntity: { share: 'urn:li:share:1' } }],
      },
    });
    const before = fake.requests.length;
    fake.script(
      metric(500, 'IMPRESSION'),
      metric(400, 'MEMBERS_REACHED'),
      metric(20, 'REACTION'),
      metric(3, 'COMMENT'),
      metric(1, 'RESHARE'),
      metric(250, 'VIDEO_PLAY'),
    );
    const member = { externalId: 'abc123', username: 'member' };
    expect(
      await linkedin.readPostMetrics(analyticsTokens, { account: member, externalIds: ['urn:li:share:1'] }),
    ).toEqual({
      metrics: [
        {
          externalId: 'urn:li:share:1',
          impressions: 500,
          reach: 400,
          likes: 20,
          comments: 3,
          shares: 1,
          clicks: null,
          views: 250,
        },
      ],
      missing: [],
    });
    const paths = fake.requests.slice(before).map((request) => request.path);
    expect(paths[0]).toBe(
      '/rest/memberCreatorPostAnalytics?q=entity&entity=(share:urn%3Ali%3Ashare%3A1)&queryType=IMPRESSION&aggregation=TOTAL',
    );
    expect(paths.map((path) => new URL(path, fake.baseUrl).searchParams.get('queryType'))).toEqual([
      'IMPRESSION',
      'MEMBERS_REACHED',
      'REACTION',
      'COMMENT',
      'RESHARE',
      'VIDEO_PLAY',
    ]);
    expect(paths[5]).toBe(
      '/rest/memberCreatorVideoAnalytics?q=entity&entity=(share:urn%3Ali%3Ashare%3A1)&queryType=VIDEO_PLAY&aggregation=TOTAL',
    );
  });

  it('reads a metric without an element as null, and a post LinkedIn answers 404 for as missing', async () => {
    const member = { externalId: 'abc123', username: 'member' };
    const metric = (count: number) => ({
      status: 200,
      body: { paging: { start: 0, count: 10 }, elements: [{ count }] },
    });
    const empty = { status: 200, body: { paging: { start: 0, count: 10, links: [] }, elements: [] } };
    // The first post has no video: no element for its plays.
    fake.script(metric(70), empty, metric(2), empty, metric(0), empty, {
      status: 404,
      body: { status: 404, message: 'Not Found' },
    });
    const before = fake.requests.length;
    expect(
      await linkedin.readPostMetrics(analyticsTokens, {
        account: member,
        externalIds: ['urn:li:share:1', 'urn:li:ugcPost:2'],
      }),
    ).toEqual({
      metrics: [
        {
          externalId: 'urn:li:share:1',
          impressions: 70,
          reach: null,
          likes: 2,
          comments: null,
          shares: 0,
          clicks: null,
          views: null,
        },
      ],
      missing: ['urn:li:ugcPost:2'],
    });
    // A post found gone at its first metric is not asked about further.
    expect(fake.requests.length - before).toBe(7);
    expect(fake.requests.at(-1)?.path).toContain('entity=(ugc:urn%3Ali%3AugcPost%3A2)');
  });

  it('throws RateLimitedError (no reset: backoff) on a throttled metrics read', async () => {
    fake.script({
      status: 429,
      body: {
        message: 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
        status: 429,
      },
    });
    const limited = await expectError(
      linkedin.readPostMetrics(analyticsTokens, {
        account: { externalId: 'abc123', username: 'm' },
        externalIds: ['urn:li:share:1'],
      }),
      RateLimitedError,
    );
    expect(limited.resetAt).toBeNull();
  });

  it('treats a timeout or a dropped connection on publish as an unknown outcome, a refused connection as not sent', async () => {
    fake.script({ stallMs: 2_000 });
    await expectError(linkedin.publishText(tokens, 'stalled', as), UnknownOutcomeError);
    fake.script({ drop: true });
    await expectError(linkedin.publishText(tokens, 'dropped', as), UnknownOutcomeError);

    const closed = await startLinkedInFake();
    await closed.close();
    const unreachable = createLinkedInProvider({
      clientId: 'c',
      clientSecret: 's',
      authorizeUrl: 'https://www.linkedin.com/oauth/v2/authorization',
      tokenUrl: `${closed.baseUrl}/oauth/v2/accessToken`,
      apiBaseUrl: closed.baseUrl,
      sandbox: false,
    });
    const error = await expectError(unreachable.publishText(tokens, 'nobody home', as), SocialPlatformError);
    expect(error).not.toBeInstanceOf(UnknownOutcomeError);
    expect(error.message).toContain('nothing was sent');
  });

  describe('publish', () => {
    const account = { externalId: '782bbtaQ', username: 'ada' };
    const author = 'urn:li:person:782bbtaQ';
    const created = (urn: string) => ({ status: 201, headers: { 'x-restli-id': urn } });
    const initialized = (id: string, uploadUrl = `${fake.baseUrl}/dms-uploads/${id}`) => ({
      status: 200,
      body: {
        value: { uploadUrlExpiresAt: Date.now() + 86_400_000, uploadUrl, image: `urn:li:image:${id}` },
      },
    });

    it('uploads each image (initializeUpload, then PUT the bytes) and posts it as content.media', async () => {
      fake.script(
        initialized('C4E10AQ1'),
        { status: 201 },
        { status: 200, body: { id: 'urn:li:image:C4E10AQ1', status: 'AVAILABLE' } },
        created('urn:li:share:7001'),
      );
      const photo = testImage('https://app.example/m/1.jpg');
      const published = await linkedin.publish(tokens, { account, text: 'One (photo)', media: [photo] });
      expect(published).toEqual({
        externalId: 'urn:li:share:7001',
        url: 'https://www.linkedin.com/feed/update/urn:li:share:7001',
      });
      const [init, put, status, post] = fake.requests.slice(-4);
      expect(status).toMatchObject({ method: 'GET', path: '/rest/images/urn%3Ali%3Aimage%3AC4E10AQ1' });
      expect(init?.method).toBe('POST');
      expect(init?.path).toBe('/rest/images?action=initializeUpload');
      expect(init?.headers['linkedin-version']).toMatch(/^\d{6}$/);
      expect(init?.headers['x-restli-protocol-version']).toBe('2.0.0');
      expect(JSON.parse(init?.body ?? '')).toEqual({ initializeUploadRequest: { owner: author } });
      expect(put?.method).toBe('PUT');
      expect(put?.path).toBe('/dms-uploads/C4E10AQ1');
      expect(put?.headers.authorization).toBe('Bearer access-1');
      expect(put?.headers['content-type']).toBe('image/jpeg');
      expect(put?.body).toContain('JFIF');
      expect(photo.reads()).toBe(1);
      const body = JSON.parse(post?.body ?? '');
      expect(body.content).toEqual({ media: { id: 'urn:li:image:C4E10AQ1' } });
      expect(body).toMatchObject({ author, commentary: 'One \\(photo\\)', lifecycleState: 'PUBLISHED' });
    });

    it('posts two or more images as content.multiImage, and text alone without content', async () => {
      fake.script(
        initialized('A1'),
        { status: 201 },
        initialized('B2'),
        { status: 201 },
        { status: 200, body: { status: 'AVAILABLE' } },
        { status: 200, body: { status: 'AVAILABLE' } },
        created('urn:li:share:7002'),
      );
      await linkedin.publish(tokens, {
        account,
        text: 'Two',
        media: [testImage('https://a.example/1.jpg'), testImage('https://a.example/2.png')],
      });
      expect(JSON.parse(last()?.body ?? '').content).toEqual({
        multiImage: { images: [{ id: 'urn:li:image:A1' }, { id: 'urn:li:image:B2' }] },
      });
      fake.script(created('urn:li:share:7003'));
      await linkedin.publish(tokens, { account, text: 'Words', media: [] });
      expect(JSON.parse(last()?.body ?? '')).not.toHaveProperty('content');
    });

    it('waits a bounded time when the token may not read the image (403); refuses one LinkedIn failed to process', async () => {
      const quick = createLinkedInProvider({
        clientId: 'client-abc',
        clientSecret: 'secret-xyz',
        authorizeUrl: 'https://www.linkedin.com/oauth/v2/authorization',
        tokenUrl: `${fake.baseUrl}/oauth/v2/accessToken`,
        apiBaseUrl: fake.baseUrl,
        sandbox: false,
        timeoutMs: 300,
        imageWait: { firstDelayMs: 5, maxDelayMs: 20, maxWaitMs: 200, blindWaitMs: 40 },
      });
      fake.script(
        initialized('F1'),
        { status: 201 },
        { status: 403, body: { status: 403, serviceErrorCode: 100, message: 'Not enough permissions' } },
        created('urn:li:share:7009'),
      );
      const started = Date.now();
      const photo = () => [testImage('https://a.example/1.jpg')];
      await quick.publish(tokens, { account, text: 'Blind wait', media: photo() });
      expect(Date.now() - started).toBeGreaterThanOrEqual(35);
      expect(last()?.path).toBe('/rest/posts');
      fake.script(initialized('F2'), { status: 201 }, { status: 200, body: { status: 'PROCESSING_FAILED' } });
      const before = fake.requests.length;
      await expectError(
        quick.publish(tokens, { account, text: 'Broken', media: photo() }),
        InvalidContentError,
      );
      // No post was attempted.
      expect(fake.requests.length - before).toBe(3);
    });

    it('uploads a video in the parts LinkedIn names (each by its byte range and URL), finalizes with the ETags in order, waits AVAILABLE', async () => {
      const quick = createLinkedInProvider({
        clientId: 'client-abc',
        clientSecret: 'secret-xyz',
        authorizeUrl: 'https://www.linkedin.com/oauth/v2/authorization',
        tokenUrl: `${fake.baseUrl}/oauth/v2/accessToken`,
        apiBaseUrl: fake.baseUrl,
        sandbox: false,
        timeoutMs: 300,
        videoWait: { firstDelayMs: 5, maxDelayMs: 10, maxWaitMs: 200 },
      });
      const file = Buffer.from('0123456789abcdefghij'); // 20 bytes: parts 0-11 and 12-19
      const ranges: Array<[number, number]> = [];
      const video = {
        ...testImage('https://a.example/v.mp4'),
        kind: 'video' as const,
        mimeType: 'video/mp4' as const,
        sizeBytes: file.length,
        durationMs: 4_000,
        read: async () => {
          throw new Error('never whole');
        },
        readRange: async (start: number, end: number) => {
          ranges.push([start, end]);
          return file.subarray(start, end);
        },
      };
      fake.script(
        {
          status: 200,
          body: {
            value: {
              video: 'urn:li:video:C5F10AQ7',
              uploadToken: 'up-tok',
              uploadInstructions: [
                { uploadUrl: `${fake.baseUrl}/part/a`, firstByte: 0, lastByte: 11 },
                { uploadUrl: `${fake.baseUrl}/part/b`, firstByte: 12, lastByte: 19 },
              ],
            },
          },
        },
        { status: 200, headers: { etag: '"etag-a"' } },
        { status: 200, headers: { etag: '"etag-b"' } },
        { status: 200, body: {} },
        { status: 200, body: { status: 'PROCESSING' } },
        { status: 200, body: { status: 'AVAILABLE' } },
        created('urn:li:share:7020'),
      );
      const before = fake.requests.length;
      await quick.publish(tokens, { account, text: 'A video', media: [video] });
      const [init, a, b, finalize, , , post] = fake.requests.slice(before);
      expect(JSON.parse(init?.body ?? '')).toEqual({
        initializeUploadRequest: {
          owner: author,
          fileSizeBytes: 20,
          uploadCaptions: false,
          uploadThumbnail: false,
        },
      });
      expect(init?.path).toBe('/rest/videos?action=initializeUpload');
      expect(ranges).toEqual([
        [0, 12],
        [12, 20],
      ]);
      expect([a?.method, a?.path, a?.body, a?.headers['content-type']]).toEqual([
        'PUT',
        '/part/a',
        '0123456789ab',
        'application/octet-stream',
      ]);
      expect([b?.path, b?.body]).toEqual(['/part/b', 'cdefghij']);
      expect(finalize?.path).toBe('/rest/videos?action=finalizeUpload');
      expect(JSON.parse(finalize?.body ?? '')).toEqual({
        finalizeUploadRequest: {
          video: 'urn:li:video:C5F10AQ7',
          uploadToken: 'up-tok',
          uploadedPartIds: ['"etag-a"', '"etag-b"'],
        },
      });
      expect(JSON.parse(post?.body ?? '').content).toEqual({ media: { id: 'urn:li:video:C5F10AQ7' } });

      // A part answered without its ETag cannot be finalized.
      fake.script(
        {
          status: 200,
          body: {
            value: {
              video: 'urn:li:video:C5F10AQ8',
              uploadToken: '',
              uploadInstructions: [{ uploadUrl: `${fake.baseUrl}/part/c`, firstByte: 0, lastByte: 19 }],
            },
          },
        },
        { status: 200 },
      );
      const noEtag = await expectError(
        quick.publish(tokens, { account, text: 'No ETag', media: [video] }),
        SocialPlatformError,
      );
      expect(noEtag.message).toContain('without its ETag');
    });

    it('sends no token to an upload URL off LinkedIn, and refuses one that is not https', async () => {
      fake.script(initialized('Z9', 'http://uploads.elsewhere.example/put/Z9'));
      const error = await expectError(
        linkedin.publish(tokens, { account, text: 'x', media: [testImage('https://a.example/1.jpg')] }),
        SocialPlatformError,
      );
      expect(error.message).toContain('not https');
    });

    it('maps publish failures: 502/503 transient, 500/504 unknown, 429, 401, 422, refused upload', async () => {
      const publish = (media = [] as ReturnType<typeof testImage>[]) =>
        linkedin.publish(tokens, { account, text: 'x', media });
      for (const status of [502, 503]) {
        fake.script({ status, body: { message: 'Service Unavailable', status } });
        expect((await expectError(publish(), TransientPlatformError)).kind).toBe('server_error');
      }
      for (const status of [500, 504]) {
        fake.script({ status, body: { message: 'Internal Server Error', status } });
        await expectError(publish(), UnknownOutcomeError);
      }
      fake.script({ status: 429, body: { message: 'Throttled', status: 429 } });
      expect((await expectError(publish(), RateLimitedError)).resetAt).toBeNull();
      fake.script({
        status: 401,
        body: { message: 'Invalid access token', status: 401, serviceErrorCode: 65600 },
      });
      await expectError(publish(), TokenExpiredError);
      fake.script({ status: 422, body: { message: 'Content is a duplicate', status: 422 } });
      await expectError(publish(), InvalidContentError);
      fake.script(initialized('E1'), { status: 400, body: { message: 'Not an image', status: 400 } });
      await expectError(publish([testImage('https://a.example/1.jpg')]), InvalidContentError);
      fake.script({ status: 500, body: { message: 'Internal Server Error', status: 500 } });
      await expectError(publish([testImage('https://a.example/1.jpg')]), TransientPlatformError);
      // Accepted without naming the post: it exists, its URN is unknown.
      fake.script({ status: 201 });
      await expectError(publish(), UnknownOutcomeError);
    });

    it('finds a post by its commentary among the member posts (author finder), page by page', async () => {
      const now = Date.now();
      fake.script(
        {
          status: 200,
          body: {
            paging: { start: 0, count: 50, links: [{ rel: 'next', href: '/rest/posts?start=50' }] },
            elements: [{ id: 'urn:li:share:1', commentary: 'Another post', createdAt: now }],
          },
        },
        {
          status: 200,
          body: {
            paging: { start: 50, count: 50, links: [] },
            elements: [
              { id: 'urn:li:ugcPost:2', commentary: 'Fresh \\(hot\\)  bread #Bakery', createdAt: now - 1000 },
            ],
          },
        },
      );
      const found = await linkedin.findPublished?.(tokens, {
        account,
        text: 'Fresh (hot) bread #Bakery',
        since: new Date(now - 60_000),
      });
      expect(found).toEqual({
        externalId: 'urn:li:ugcPost:2',
        url: 'https://www.linkedin.com/feed/update/urn:li:ugcPost:2',
      });
      const [first, second] = fake.requests.slice(-2);
      expect(first?.method).toBe('GET');
      expect(first?.path).toBe(
        '/rest/posts?q=author&author=urn%3Ali%3Aperson%3A782bbtaQ&count=50&start=0&sortBy=LAST_MODIFIED',
      );
      expect(first?.headers['x-restli-protocol-version']).toBe('2.0.0');
      expect(first?.headers['x-restli-method']).toBe('FINDER');
      expect(first?.headers['linkedin-version']).toMatch(/^\d{6}$/);
      expect(second?.path).toContain('start=50');
    });

    it('answers null once the posts reach back before the attempt; a 403 (no r_member_social) cannot tell', async () => {
      const now = Date.now();
      fake.script({
        status: 200,
        body: {
          paging: { start: 0, count: 50, links: [{ rel: 'next' }] },
          elements: [
            { id: 'urn:li:share:3', commentary: 'Newer', createdAt: now },
            { id: 'urn:li:share:4', commentary: 'The text', createdAt: now - 3_600_000 },
          ],
        },
      });
      const before = fake.requests.length;
      expect(
        await linkedin.findPublished?.(tokens, { account, text: 'The text', since: new Date(now - 60_000) }),
      ).toBeNull();
      expect(fake.requests.length).toBe(before + 1);
      fake.script({
        status: 403,
        body: {
          status: 403,
          serviceErrorCode: 100,
          code: 'ACCESS_DENIED',
          message: 'Not enough permissions',
        },
      });
      const error = await expectError(
        linkedin.findPublished?.(tokens, { account, text: 'x', since: new Date() }) ?? Promise.resolve(),
        SocialPlatformError,
      );
      expect(error).not.toBeInstanceOf(TokenExpiredError);
    });
  });
});
