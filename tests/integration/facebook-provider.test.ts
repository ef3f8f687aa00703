import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notReportedMetrics } from '../../src/contracts/analytics';
import { sandboxAccounts, sandboxGrants, sandboxPosts } from '../../src/server/db/schema';
import {
  createFacebookProvider,
  type FacebookProvider,
} from '../../src/server/integrations/social/facebook/facebook-provider';
import {
  SIMULATOR_CREDENTIALS,
  sandboxFollowers,
  simulatorEndpoints,
} from '../../src/server/integrations/social/simulator';
import {
  type ExternalAccount,
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
import { type FacebookFake, startFacebookFake } from '../fakes/facebook/facebook-fake';
import { testImage } from '../fakes/publish-media';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { adapterDatabaseKinds } from '../setup/databases';

const REDIRECT_URI = `${TEST_APP_URL}/api/auth/social/facebook/callback`;
const DIALOG_PATH = '/sandbox/facebook/v23.0/dialog/oauth';
const GRAPH_PATH = '/sandbox/facebook/graph/v23.0';
const DAY_MS = 24 * 3_600_000;

describe.each(adapterDatabaseKinds)('Facebook provider against the platform simulator on %s', (kind) => {
  let t: TestApp;
  /** A member of the workspace that creates the sandbox identities (decision 036). */
  let session = '';
  /** The app that serves the simulator (faults on outside production). */
  let sim: FastifyInstance;
  let fetchSim: typeof fetch;
  let facebook: FacebookProvider;
  const providerWith = (fetchImpl: typeof fetch, timeoutMs = 5_000) =>
    createFacebookProvider({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(TEST_APP_URL, 'facebook'),
      sandbox: true,
      fetch: fetchImpl,
      timeoutMs,
    });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    // The app serves the simulator (faults on outside production); a consent page needs a session.
    sim = t.app;
    session = (await signUp(t.app)).cookie;
    fetchSim = injectFetch(sim);
    facebook = providerWith(fetchSim);
  });
  afterAll(() => t.close());

  const handle = () => `owner_${randomBytes(4).toString('hex')}`;
  const dialogUrl = (state: string, redirectUri = REDIRECT_URI) => {
    const url = new URL(facebook.authorizeUrl({ state, redirectUri }));
    return `${url.pathname}${url.search}`;
  };

  /** The Login dialog as a browser goes through it; answers the code. */
  async function authorize(username: string, choice: { pages?: number; pageName?: string } = {}) {
    const state = randomBytes(16).toString('base64url');
    const page = await sim.inject({ method: 'GET', url: dialogUrl(state), headers: { cookie: session } });
    expect(page.statusCode).toBe(200);
    const form = {
      ...hiddenFields(page.body),
      account: '__new__',
      username,
      pages: String(choice.pages ?? 1),
      page_name: choice.pageName ?? '',
      decision: 'authorize',
    };
    const posted = await sim.inject({
      method: 'POST',
      url: DIALOG_PATH,
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

  /** Signs in, exchanges the code (long-lived user token), lists the Pages. */
  async function connect(
    choice: { username?: string; pages?: number; pageName?: string } = {},
  ): Promise<{ userTokens: TokenSet; pages: ExternalAccount[]; page: ExternalAccount; tokens: TokenSet }> {
    const { code } = await authorize(choice.username ?? handle(), choice);
    const userTokens = await facebook.exchangeCode({ code, redirectUri: REDIRECT_URI });
    const pages = await facebook.listAccounts(userTokens);
    const page = pages[0] as ExternalAccount;
    return { userTokens, pages, page, tokens: page.tokens as TokenSet };
  }

  it('sends the Login dialog request (comma-separated scopes, no PKCE) and renders an accessible sandbox page', async () => {
    const url = new URL(facebook.authorizeUrl({ state: 'st-1', redirectUri: REDIRECT_URI }));
    expect(facebook.usesPkce).toBe(false);
    expect(url.origin).toBe(TEST_APP_URL);
    expect(url.pathname).toBe(DIALOG_PATH);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: SIMULATOR_CREDENTIALS.clientId,
      redirect_uri: REDIRECT_URI,
      state: 'st-1',
      scope:
        'pages_show_list,pages_manage_posts,pages_read_engagement,read_insights,business_management,pages_manage_engagement',
      response_type: 'code',
    });
    const page = await sim.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    expect(html).toContain('<title>Facebook (Sandbox) — Authorize Kitepost</title>');
    expect(html).toMatch(/<span class="badge">Sandbox<\/span>/);
    expect(html).not.toContain('<script');
    expect(html).toContain(`<form method="post" action="${DIALOG_PATH}">`);
    expect(html).toMatch(/<select id="pages" name="pages"><option value="1" selected>1 Page<\/option>/);
    expect(html).toContain('<label for="page_name">');
    expect(html).toContain('Create, edit and delete your Page posts.');
    const cancel = /<a href="([^"]+)">Cancel<\/a>/.exec(html)?.[1];
    expect(Object.fromEntries(new URL(decodeEntities(cancel ?? '')).searchParams)).toMatchObject({
      error: 'access_denied',
      error_reason: 'user_denied',
      state: 'st-1',
    });
    expect(hiddenFields(html)).toMatchObject({ state: 'st-1', redirect_uri: REDIRECT_URI });
  });

  it('refuses a foreign redirect URI or an unknown scope without redirecting; cancels with access_denied', async () => {
    const evil = await sim.inject({
      method: 'GET',
      url: dialogUrl('s', 'https://evil.example/cb'),
      headers: { cookie: session },
    });
    expect(evil.statusCode).toBe(400);
    expect(evil.headers.location).toBeUndefined();
    expect(evil.body).toContain('redirect URI');
    const url = new URL(facebook.authorizeUrl({ state: 's', redirectUri: REDIRECT_URI }));
    url.searchParams.set('scope', 'pages_show_list,user_posts');
    const scope = await sim.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    expect(scope.statusCode).toBe(400);
    expect(scope.body).toContain('Invalid Scopes: user_posts');

    const page = await sim.inject({ method: 'GET', url: dialogUrl('st-2'), headers: { cookie: session } });
    const cancelled = await sim.inject({
      method: 'POST',
      url: DIALOG_PATH,
      headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...hiddenFields(page.body), decision: 'cancel' }).toString(),
    });
    expect(cancelled.statusCode).toBe(302);
    const location = new URL(String(cancelled.headers.location));
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('st-2');
    const bad = await sim.inject({
      method: 'POST',
      url: DIALOG_PATH,
      headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...hiddenFields(page.body),
        account: '__new__',
        username: 'no spaces!',
        decision: 'authorize',
      }).toString(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('role="alert"');
  });

  it('exchanges the code once for a long-lived user token with the granted permissions', async () => {
    const { code } = await authorize(handle());
    await expectError(
      facebook.exchangeCode({ code, redirectUri: `${REDIRECT_URI}/other` }),
      SocialPlatformError,
    );
    const tokens = await facebook.exchangeCode({ code, redirectUri: REDIRECT_URI });
    expect(tokens.refreshToken).toBeNull();
    const expiresIn = (tokens.expiresAt?.getTime() ?? 0) - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * DAY_MS);
    expect(expiresIn).toBeLessThanOrEqual(60 * DAY_MS);
    expect(tokens.scopes).toEqual(
      expect.arrayContaining([
        'pages_show_list',
        'pages_manage_posts',
        'pages_read_engagement',
        'read_insights',
        'business_management',
      ]),
    );
    const reused = await expectError(
      facebook.exchangeCode({ code, redirectUri: REDIRECT_URI }),
      SocialPlatformError,
    );
    expect(reused.message).toContain('authorization code has been used');

    const impostor = createFacebookProvider({
      ...simulatorEndpoints(TEST_APP_URL, 'facebook'),
      clientId: SIMULATOR_CREDENTIALS.clientId,
      clientSecret: 'not-the-secret',
      sandbox: true,
      fetch: fetchSim,
    });
    const { code: second } = await authorize(handle());
    const refused = await expectError(
      impostor.exchangeCode({ code: second, redirectUri: REDIRECT_URI }),
      SocialPlatformError,
    );
    expect(refused.message).toContain('client secret');
  });

  it('lists every Page with its own non-expiring Page token, a named Page included', async () => {
    const username = handle();
    const { pages, userTokens } = await connect({ username, pages: 3, pageName: 'Corner Café <&>' });
    expect(pages).toHaveLength(3);
    expect(pages.map((page) => page.displayName)).toContain('Corner Café <&>');
    const tokens = new Set<string>();
    for (const page of pages) {
      expect(page.externalId).toMatch(/^\d+$/);
      expect(page.username).toMatch(/^[a-z0-9]+\d{4}$/);
      expect(page.followers).toBeGreaterThanOrEqual(40);
      expect(page.tokens).toMatchObject({ refreshToken: null, expiresAt: null, refreshExpiresAt: null });
      expect(page.tokens?.scopes).toEqual(userTokens.scopes);
      tokens.add(page.tokens?.accessToken ?? '');
    }
    expect(tokens.size).toBe(3);
    // Read with the long-lived user token, the Page tokens do not expire in the simulator either.
    const [owner] = await t.ctx.database.db
      .select()
      .from(sandboxAccounts)
      .where(and(eq(sandboxAccounts.platform, 'facebook'), eq(sandboxAccounts.username, username)));
    const pageRows = await t.ctx.database.db
      .select()
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.ownerId, owner?.id as string));
    expect(pageRows).toHaveLength(3);
    const grants = await t.ctx.database.db
      .select()
      .from(sandboxGrants)
      .where(and(eq(sandboxGrants.accountId, pageRows[0]?.id as string), isNull(sandboxGrants.expiresAt)));
    expect(grants.length).toBeGreaterThan(0);

    const avatar = new URL(pages[0]?.avatarUrl ?? '');
    const image = await sim.inject({ method: 'GET', url: avatar.pathname, headers: { cookie: session } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');

    // Signing in again as the same user offers the same Pages with the same tokens.
    const again = await connect({ username, pages: 1 });
    expect(again.pages).toEqual(pages);
  });

  it('pages /me/accounts with cursors; a short-lived user token gives Page tokens that end with it', async () => {
    const { code } = await authorize(handle(), { pages: 3 });
    const shortLived = (await (
      await fetchSim(
        `${TEST_APP_URL}${GRAPH_PATH}/oauth/access_token?${new URLSearchParams({
          client_id: SIMULATOR_CREDENTIALS.clientId,
          client_secret: SIMULATOR_CREDENTIALS.clientSecret,
          redirect_uri: REDIRECT_URI,
          code,
        })}`,
      )
    ).json()) as { access_token: string; expires_in: number };
    expect(shortLived.expires_in).toBe(3600);
    const first = (await (
      await fetchSim(
        `${TEST_APP_URL}${GRAPH_PATH}/me/accounts?fields=id,name,access_token&limit=2&access_token=${shortLived.access_token}`,
      )
    ).json()) as {
      data: Array<{ id: string; access_token: string }>;
      paging: { next?: string; cursors: { after: string } };
    };
    expect(first.data).toHaveLength(2);
    expect(first.paging.next).toContain(`after=${first.paging.cursors.after}`);
    const second = (await (await fetchSim(first.paging.next as string)).json()) as typeof first;
    expect(second.data).toHaveLength(1);
    expect(second.paging.next).toBeUndefined();
    const [grant] = await t.ctx.database.db
      .select()
      .from(sandboxGrants)
      .where(eq(sandboxGrants.value, second.data[0]?.access_token as string));
    expect(grant?.expiresAt?.getTime()).toBeLessThanOrEqual(Date.now() + 3_600_000);
  });

  it('refreshes a Page token by answering it unchanged; when the user removes the app it is refused as expired', async () => {
    const { userTokens, tokens } = await connect();
    expect(await facebook.refreshTokens(tokens)).toEqual(tokens);
    // revoke cannot end the app's access with a Page token: it resolves and changes nothing.
    await facebook.revoke(tokens);
    expect(await facebook.refreshTokens(tokens)).toEqual(tokens);
    // The user removes Kitepost in Facebook's settings (DELETE /me/permissions with their token).
    const removed = await fetchSim(
      `${TEST_APP_URL}${GRAPH_PATH}/me/permissions?access_token=${userTokens.accessToken}`,
      {
        method: 'DELETE',
      },
    );
    expect(await removed.json()).toEqual({ success: true });
    await expectError(facebook.refreshTokens(tokens), TokenExpiredError);
    await expectError(facebook.publishText(tokens, 'after removal', { pageId: '1' }), TokenExpiredError);
    await expectError(facebook.listAccounts(userTokens), TokenExpiredError);
    await expectError(
      facebook.refreshTokens({ ...tokens, expiresAt: new Date(Date.now() - 1000) }),
      TokenExpiredError,
    );
  });

  it('publishes text on the Page with a link to the sandbox post page', async () => {
    const { page, tokens } = await connect({ pageName: 'Fresh Bakes' });
    const published = await facebook.publishText(tokens, 'Fresh croissants at 7 <b>am</b> & coffee', {
      pageId: page.externalId,
    });
    expect(published.externalId).toMatch(new RegExp(`^${page.externalId}_\\d+$`));
    // The link is the permalink_url Facebook answers (its own form), not one built from the id.
    const postPart = published.externalId.split('_')[1];
    expect(published.url).toBe(`${TEST_APP_URL}/sandbox/facebook/${page.externalId}/posts/pfbid${postPart}`);
    const shown = await sim.inject({
      method: 'GET',
      url: new URL(published.url).pathname,
      headers: { cookie: session },
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Fresh croissants at 7 &lt;b&gt;am&lt;/b&gt; &amp; coffee');
    expect(shown.body).toContain('Fresh Bakes');
    expect(shown.body).toContain('<span class="badge">Sandbox</span>');
    expect(shown.body).not.toContain('<script');
    const missing = await sim.inject({
      method: 'GET',
      url: `/sandbox/facebook/${page.externalId}_1`,
      headers: { cookie: session },
    });
    expect(missing.statusCode).toBe(404);

    // A Page token posts to its own Page only: elsewhere it is a permission problem, not the content.
    const other = await connect();
    const refused = await expectError(
      facebook.publishText(tokens, 'Not my Page', { pageId: other.page.externalId }),
      SocialPlatformError,
    );
    expect(refused).not.toBeInstanceOf(InvalidContentError);
    expect(refused.message).toContain('permission');
  });

  it('refuses duplicates, empty and too long posts with InvalidContentError', async () => {
    const { page, tokens } = await connect();
    const pageId = page.externalId;
    await facebook.publishText(tokens, 'Only once', { pageId });
    const duplicate = await expectError(
      facebook.publishText(tokens, 'Only once', { pageId }),
      InvalidContentError,
    );
    expect(duplicate.message).toContain('Duplicate status message');
    await expectError(facebook.publishText(tokens, '   ', { pageId }), InvalidContentError);
    await expectError(facebook.publishText(tokens, 'a'.repeat(63_207), { pageId }), InvalidContentError);
  });

  it('reads insights that grow with the post age, in our names; a deleted post is reported missing', async () => {
    const { page, tokens } = await connect({ pages: 2 });
    const account = { externalId: page.externalId, username: page.username };
    const { externalId } = await facebook.publishText(tokens, 'How many people will see this?', {
      pageId: page.externalId,
    });
    const age = async (hours: number) => {
      await t.ctx.database.db
        .update(sandboxPosts)
        .set({ publishedAt: new Date(Date.now() - hours * 3_600_000) })
        .where(eq(sandboxPosts.externalId, externalId));
      const { metrics, missing } = await facebook.readPostMetrics(tokens, {
        account,
        externalIds: [externalId],
      });
      expect(missing).toEqual([]);
      return metrics[0];
    };
    const fresh = await age(0);
    const hourOld = await age(1);
    const dayOld = await age(24);
    expect(fresh?.reach).toBeLessThanOrEqual(hourOld?.reach ?? 0);
    expect(hourOld?.reach).toBeGreaterThan(0);
    expect(dayOld?.reach).toBeGreaterThan(hourOld?.reach ?? 0);
    expect(dayOld?.likes).toBeGreaterThanOrEqual(hourOld?.likes ?? 0);
    expect(dayOld?.clicks).toEqual(expect.any(Number));
    // No documented metric counts a post's views (decision 043): not reported, never guessed.
    expect(dayOld?.impressions).toBeNull();
    // Comments and shares come from the post's own fields (comments.summary(true), shares).
    expect(dayOld?.comments).toEqual(expect.any(Number));
    expect(dayOld?.shares).toEqual(expect.any(Number));
    expect(dayOld?.comments).toBeGreaterThanOrEqual(hourOld?.comments ?? 0);
    expect(await age(24)).toEqual(dayOld);

    await facebook.deletePost(tokens, externalId);
    expect(await facebook.readPostMetrics(tokens, { account, externalIds: [externalId] })).toEqual({
      metrics: [],
      missing: [externalId],
    });
    await expectError(facebook.deletePost(tokens, externalId), SocialPlatformError);
  });

  it("reads the Page's followers with its Page token, growing from the count at the Page's creation", async () => {
    const { page, tokens } = await connect();
    const account = { externalId: page.externalId, username: page.username };
    const [stored] = await t.ctx.database.db
      .select()
      .from(sandboxAccounts)
      .where(and(eq(sandboxAccounts.platform, 'facebook'), eq(sandboxAccounts.externalId, page.externalId)));
    if (!stored) throw new Error('no sandbox Page');
    expect(await facebook.readFollowers(tokens, account)).toBe(sandboxFollowers(stored, new Date()));
    const weeksAgo = new Date(Date.now() - 21 * DAY_MS);
    await t.ctx.database.db
      .update(sandboxAccounts)
      .set({ createdAt: weeksAgo })
      .where(eq(sandboxAccounts.id, stored.id));
    const later = await facebook.readFollowers(tokens, account);
    expect(later).toBe(sandboxFollowers({ ...stored, createdAt: weeksAgo }, new Date()));
    expect(later).toBeGreaterThan(stored.followers);
  });

  it('answers insights with an empty set, and throttles reads, when armed for the Page', async () => {
    const { page, tokens } = await connect();
    const account = { externalId: page.externalId, username: page.username };
    const { externalId } = await facebook.publishText(
      tokens,
      `Insights later ${randomBytes(4).toString('hex')}`,
      {
        pageId: page.externalId,
      },
    );
    const arm = async (fault: string, times: number | 'always') => {
      const armed = await sim.inject({
        method: 'POST',
        url: '/sandbox/faults',
        headers: { cookie: session },
        payload: { platform: 'facebook', account: page.externalId, fault, on: 'read', times },
      });
      expect(armed.statusCode).toBe(201);
    };
    const read = () => facebook.readPostMetrics(tokens, { account, externalIds: [externalId] });

    // Three reads: the insights, the post's counts, the followers.
    await arm('no-data', 3);
    expect(await read()).toEqual({
      metrics: [{ externalId, ...notReportedMetrics }],
      missing: [],
    });
    expect(await facebook.readFollowers(tokens, account)).toBeNull();
    expect((await read()).metrics[0]?.likes).toEqual(expect.any(Number));

    await arm('rate-limit', 1);
    const limited = await expectError(read(), RateLimitedError);
    const resetIn = (limited.resetAt?.getTime() ?? 0) - Date.now();
    expect(resetIn).toBeGreaterThan(14 * 60_000);
    expect(resetIn).toBeLessThanOrEqual(15 * 60_000 + 1_000);
    expect((await read()).metrics).toHaveLength(1);
  });

  it('refuses the removed impressions metrics and unconfirmed ones: one unknown metric voids the whole call', async () => {
    const { page, tokens } = await connect();
    const { externalId } = await facebook.publishText(tokens, 'Impressions?', { pageId: page.externalId });
    for (const metric of ['post_impressions', 'post_media_view', 'post_clicks,post_media_view']) {
      const answer = await fetchSim(
        `${TEST_APP_URL}${GRAPH_PATH}/${externalId}/insights?metric=${metric}&access_token=${tokens.accessToken}`,
      );
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: unknown }).error).toMatchObject({
        code: 100,
        message: '(#100) The value must be a valid insights metric',
        type: 'OAuthException',
      });
    }
  });

  it('maps injected faults to our error kinds', async () => {
    const { page, tokens, userTokens } = await connect();
    const pageId = page.externalId;
    const limited = await expectError(
      providerWith(withFault(fetchSim, 'rate-limit')).publishText(tokens, 'limited', { pageId }),
      RateLimitedError,
    );
    const resetIn = (limited.resetAt?.getTime() ?? 0) - Date.now();
    expect(resetIn).toBeGreaterThan(14 * 60_000);
    expect(resetIn).toBeLessThanOrEqual(15 * 60_000 + 1_000);
    await expectError(
      providerWith(withFault(fetchSim, 'rate-limit')).refreshTokens(tokens),
      RateLimitedError,
    );
    await expectError(
      providerWith(withFault(fetchSim, 'expired-token')).listAccounts(userTokens),
      TokenExpiredError,
    );
    await expectError(
      providerWith(withFault(fetchSim, 'expired-token')).refreshTokens(tokens),
      TokenExpiredError,
    );
    const unavailable = await expectError(
      providerWith(withFault(fetchSim, 'server-error')).publishText(tokens, 'down', { pageId }),
      TransientPlatformError,
    );
    expect(unavailable.kind).toBe('server_error');
    expect(unavailable.message).toContain('503');
    // The tokens are untouched by the faults.
    expect(await facebook.refreshTokens(tokens)).toEqual(tokens);
  });

  it('times out a slow publish as an unknown outcome (the post did get created); a slow read is retryable', async () => {
    const { page, tokens } = await connect();
    const slow = providerWith(withFault(fetchSim, 'slow', { delayMs: 400 }), 100);
    const read = await expectError(slow.refreshTokens(tokens), SocialPlatformError);
    expect(read).not.toBeInstanceOf(UnknownOutcomeError);
    const text = `Slow one ${randomBytes(4).toString('hex')}`;
    const error = await expectError(
      slow.publishText(tokens, text, { pageId: page.externalId }),
      UnknownOutcomeError,
    );
    expect(error.message).toContain('may or may not');
    let created: unknown[] = [];
    for (let attempt = 0; attempt < 40 && created.length === 0; attempt++) {
      await sleep(50);
      created = await t.ctx.database.db.select().from(sandboxPosts).where(eq(sandboxPosts.text, text));
    }
    expect(created).toHaveLength(1);
  });

  it('reports a dropped connection after the post was made as an unknown outcome', async () => {
    const { page, tokens } = await connect();
    const text = `Dropped ${randomBytes(4).toString('hex')}`;
    await expectError(
      providerWith(withFault(fetchSim, 'unknown-outcome')).publishText(tokens, text, {
        pageId: page.externalId,
      }),
      UnknownOutcomeError,
    );
    const created = await t.ctx.database.db.select().from(sandboxPosts).where(eq(sandboxPosts.text, text));
    expect(created).toHaveLength(1);
  });
});

describe('Facebook provider against a loopback Graph API fake', () => {
  let fake: FacebookFake;
  let facebook: FacebookProvider;
  const tokens: TokenSet = {
    accessToken: 'page-token-1',
    refreshToken: null,
    expiresAt: null,
    refreshExpiresAt: null,
    scopes: ['pages_manage_posts', 'read_insights'],
  };
  const graphError = (code: number, message: string, extra: Record<string, unknown> = {}) => ({
    error: { message, type: 'OAuthException', code, fbtrace_id: 'Aq1', ...extra },
  });

  beforeAll(async () => {
    fake = await startFacebookFake();
    facebook = createFacebookProvider({
      clientId: 'app-123',
      clientSecret: 'secret-xyz',
      authorizeUrl: 'https://www.facebook.com/v23.0/dialog/oauth',
      apiBaseUrl: `${fake.baseUrl}/v23.0`,
      sandbox: false,
      timeoutMs: 300,
    });
  });
  afterAll(() => fake.close());

  const last = () => fake.requests.at(-1);
  const query = (path: string | undefined) =>
    Object.fromEntries(new URL(path ?? '/', 'http://x').searchParams);

  it('exchanges the code, then the short-lived token for a long-lived one, then reads the permissions', async () => {
    fake.script(
      { status: 200, body: { access_token: 'short', token_type: 'bearer', expires_in: 5_000 } },
      { status: 200, body: { access_token: 'long', token_type: 'bearer', expires_in: 5_183_944 } },
      {
        status: 200,
        body: {
          data: [
            { permission: 'pages_show_list', status: 'granted' },
            { permission: 'read_insights', status: 'declined' },
          ],
        },
      },
    );
    const result = await facebook.exchangeCode({ code: 'the-code', redirectUri: 'https://app.example/cb' });
    expect(result).toMatchObject({ accessToken: 'long', refreshToken: null, scopes: ['pages_show_list'] });
    expect((result.expiresAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(59 * DAY_MS);
    const [code, exchange, permissions] = fake.requests.slice(-3);
    expect(code?.method).toBe('GET');
    expect(code?.path.split('?')[0]).toBe('/v23.0/oauth/access_token');
    expect(query(code?.path)).toEqual({
      client_id: 'app-123',
      client_secret: 'secret-xyz',
      redirect_uri: 'https://app.example/cb',
      code: 'the-code',
    });
    expect(query(exchange?.path)).toEqual({
      grant_type: 'fb_exchange_token',
      client_id: 'app-123',
      client_secret: 'secret-xyz',
      fb_exchange_token: 'short',
    });
    expect(permissions?.path).toBe('/v23.0/me/permissions?access_token=long');
  });

  it('follows /me/accounts paging by cursor', async () => {
    const page = (id: string) => ({ id, name: `Page ${id}`, access_token: `t-${id}`, fan_count: 5 });
    fake.script(
      {
        status: 200,
        body: {
          data: [page('1'), page('2')],
          paging: {
            cursors: { before: 'MA', after: 'Mg' },
            next: 'https://graph.facebook.com/v23.0/me/accounts?after=Mg',
          },
        },
      },
      { status: 200, body: { data: [page('3')], paging: { cursors: { before: 'Mg', after: 'Mw' } } } },
      { status: 200, body: { data: [] } },
    );
    const accounts = await facebook.listAccounts({ ...tokens, accessToken: 'user-long' });
    expect(accounts.map((account) => account.externalId)).toEqual(['1', '2', '3']);
    const [first, second] = fake.requests.slice(-3);
    expect(query(first?.path)).toEqual({
      fields: 'id,name,username,access_token,picture{url},followers_count,fan_count,tasks',
      limit: '100',
      access_token: 'user-long',
    });
    expect(query(second?.path)).toMatchObject({ after: 'Mg', access_token: 'user-long' });
  });

  it('finds Pages owned through Business portfolios (owned_pages, client_pages) once each; a business it may not read is skipped', async () => {
    const page = (id: string) => ({ id, name: `Page ${id}`, access_token: `t-${id}` });
    fake.script(
      { status: 200, body: { data: [{ ...page('1'), tasks: ['CREATE_CONTENT'] }] } },
      {
        status: 200,
        body: {
          data: [
            { id: 'b1', name: 'Agency' },
            { id: 'b2', name: 'Other' },
          ],
        },
      },
      { status: 200, body: { data: [page('1'), page('7')] } },
      { status: 200, body: { data: [page('8')] } },
      {
        status: 403,
        body: graphError(200, '(#200) Requires business_management permission to manage the object'),
      },
      {
        status: 403,
        body: graphError(200, '(#200) Requires business_management permission to manage the object'),
      },
    );
    const accounts = await facebook.listAccounts({ ...tokens, accessToken: 'user-long' });
    expect(accounts.map((account) => account.externalId)).toEqual(['1', '7', '8']);
    expect(accounts[1]?.tokens?.accessToken).toBe('t-7');
    const paths = fake.requests.slice(-6).map((request) => request.path.split('?')[0]);
    expect(paths).toEqual([
      '/v23.0/me/accounts',
      '/v23.0/me/businesses',
      '/v23.0/b1/owned_pages',
      '/v23.0/b1/client_pages',
      '/v23.0/b2/owned_pages',
      '/v23.0/b2/client_pages',
    ]);
    expect(query(fake.requests.at(-4)?.path)).toEqual({
      fields: 'id,name,username,access_token,picture{url},followers_count,fan_count',
      limit: '100',
      access_token: 'user-long',
    });
    // An expired token is not skipped.
    fake.script(
      { status: 200, body: { data: [] } },
      { status: 400, body: graphError(190, 'Error validating access token', { error_subcode: 463 }) },
    );
    await expectError(facebook.listAccounts({ ...tokens, accessToken: 'user-long' }), TokenExpiredError);
  });

  it('posts a form with the Page token to /{page-id}/feed and links the post by the permalink_url Facebook gives', async () => {
    const permalink = 'https://www.facebook.com/bakery/posts/pfbid02Xyz';
    fake.script(
      { status: 200, body: { id: '101_9001' } },
      { status: 200, body: { permalink_url: permalink, id: '101_9001' } },
    );
    const published = await facebook.publishText(tokens, 'Hello & welcome', { pageId: '101' });
    expect(published).toEqual({ externalId: '101_9001', url: permalink });
    const [post, read] = fake.requests.slice(-2);
    expect(post?.method).toBe('POST');
    expect(post?.path).toBe('/v23.0/101/feed');
    expect(post?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(post?.body))).toEqual({
      message: 'Hello & welcome',
      access_token: 'page-token-1',
    });
    expect(read?.path.split('?')[0]).toBe('/v23.0/101_9001');
    expect(query(read?.path)).toEqual({ fields: 'permalink_url', access_token: 'page-token-1' });
    // The post exists: when its link cannot be read, the id link (which Facebook redirects) stands in.
    fake.script({ status: 200, body: { id: '101_9002' } }, { status: 500, body: graphError(1, 'Unknown') });
    expect(await facebook.publishText(tokens, 'Again', { pageId: '101' })).toEqual({
      externalId: '101_9002',
      url: 'https://www.facebook.com/101_9002',
    });
  });

  it("reads post insights with the current metrics and the post's own comment and share counts, and deletes", async () => {
    fake.script(
      {
        status: 200,
        body: {
          data: [
            {
              name: 'post_total_media_view_unique',
              period: 'lifetime',
              values: [{ value: 50 }],
              id: '101_1/insights/post_total_media_view_unique/lifetime',
            },
            { name: 'post_reactions_by_type_total', period: 'lifetime', values: [{ value: { like: 3 } }] },
          ],
        },
      },
      {
        status: 200,
        body: { id: '101_1', comments: { data: [], summary: { total_count: 4 } }, shares: { count: 2 } },
      },
      {
        status: 400,
        body: graphError(100, "Unsupported get request. Object with ID '101_2' does not exist", {
          error_subcode: 33,
        }),
      },
      { status: 200, body: { data: [] } },
      { status: 200, body: { id: '101_3', comments: { data: [] } } },
      { status: 200, body: { success: true } },
    );
    const result = await facebook.readPostMetrics(tokens, {
      account: { externalId: '101', username: 'bakery' },
      externalIds: ['101_1', '101_2', '101_3'],
    });
    expect(result.missing).toEqual(['101_2']);
    expect(result.metrics).toEqual([
      // A metric missing from `data` is not reported: null, never 0.
      { ...notReportedMetrics, externalId: '101_1', reach: 50, likes: 3, comments: 4, shares: 2 },
      // No comment summary: no counts reported at all.
      { ...notReportedMetrics, externalId: '101_3' },
    ]);
    const [first, counts] = fake.requests.slice(-5);
    expect(first?.path.split('?')[0]).toBe('/v23.0/101_1/insights');
    expect(query(first?.path)).toEqual({
      metric: 'post_total_media_view_unique,post_reactions_by_type_total,post_clicks',
      access_token: 'page-token-1',
    });
    expect(counts?.path.split('?')[0]).toBe('/v23.0/101_1');
    expect(query(counts?.path)).toEqual({
      fields: 'comments.limit(0).summary(true),shares',
      access_token: 'page-token-1',
    });
    await facebook.deletePost(tokens, '101_1');
    expect(last()?.method).toBe('DELETE');
    expect(last()?.path).toBe('/v23.0/101_1?access_token=page-token-1');
  });

  it("reads the Page's followers_count with the Page token, null when Facebook sends none", async () => {
    fake.script(
      { status: 200, body: { followers_count: 2048, id: '101' } },
      { status: 200, body: { id: '101' } },
    );
    const account = { externalId: '101', username: 'bakery' };
    expect(await facebook.readFollowers(tokens, account)).toBe(2048);
    expect(last()?.path.split('?')[0]).toBe('/v23.0/101');
    expect(query(last()?.path)).toEqual({ fields: 'followers_count', access_token: 'page-token-1' });
    expect(await facebook.readFollowers(tokens, account)).toBeNull();
  });

  it('throws RateLimitedError on throttled reads (codes 4, 17, 32, 613), with the reset the usage header names', async () => {
    const account = { externalId: '101', username: 'bakery' };
    for (const code of [4, 17, 32, 613]) {
      fake.script({
        status: 400,
        body: graphError(code, 'Application request limit reached'),
        headers: {
          'x-business-use-case-usage': JSON.stringify({
            '101': [{ type: 'pages', call_count: 100, total_time: 20, estimated_time_to_regain_access: 15 }],
          }),
        },
      });
      const limited = await expectError(
        facebook.readPostMetrics(tokens, { account, externalIds: ['101_1'] }),
        RateLimitedError,
      );
      const resetIn = (limited.resetAt?.getTime() ?? 0) - Date.now();
      expect(resetIn).toBeGreaterThan(14 * 60_000);
      expect(resetIn).toBeLessThanOrEqual(15 * 60_000);
    }
    fake.script({ status: 400, body: graphError(17, 'User request limit reached') });
    expect((await expectError(facebook.readFollowers(tokens, account), RateLimitedError)).resetAt).toBeNull();
  });

  it('maps the documented Graph errors to our error kinds', async () => {
    fake.script({
      status: 400,
      body: graphError(190, 'Error validating access token: The user has not authorized application 123.', {
        error_subcode: 458,
      }),
    });
    await expectError(facebook.refreshTokens(tokens), TokenExpiredError);
    fake.script({
      status: 400,
      body: graphError(80001, 'There have been too many calls to this Page account.'),
      headers: {
        'x-business-use-case-usage': JSON.stringify({
          '101': [
            {
              type: 'pages',
              call_count: 100,
              total_cputime: 5,
              total_time: 9,
              estimated_time_to_regain_access: 12,
            },
          ],
        }),
      },
    });
    const limited = await expectError(facebook.publishText(tokens, 'x', { pageId: '101' }), RateLimitedError);
    expect((limited.resetAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(11 * 60_000);
    fake.script({ status: 400, body: graphError(4, '(#4) Application request limit reached') });
    expect((await expectError(facebook.refreshTokens(tokens), RateLimitedError)).resetAt).toBeNull();
    fake.script({ status: 400, body: graphError(506, '(#506) Duplicate status message') });
    await expectError(facebook.publishText(tokens, 'x', { pageId: '101' }), InvalidContentError);
    fake.script({
      status: 400,
      body: graphError(368, 'The action attempted has been deemed abusive or is otherwise disallowed', {
        error_subcode: 1_404_006,
      }),
    });
    await expectError(facebook.publishText(tokens, 'x', { pageId: '101' }), InvalidContentError);
    fake.script({
      status: 403,
      body: graphError(200, '(#200) The user hasn\u2019t authorized the application to perform this action'),
    });
    const permission = await expectError(
      facebook.publishText(tokens, 'x', { pageId: '101' }),
      SocialPlatformError,
    );
    expect(permission).not.toBeInstanceOf(InvalidContentError);
    expect(permission.message).toContain('permission');
  });

  it('makes no request to revoke (a Page token cannot remove the app)', async () => {
    const before = fake.requests.length;
    await facebook.revoke(tokens);
    expect(fake.requests.length).toBe(before);
  });

  it('treats a timeout or a dropped connection on publish as an unknown outcome, a refused connection as not sent', async () => {
    fake.script({ stallMs: 2_000 });
    await expectError(facebook.publishText(tokens, 'stalled', { pageId: '101' }), UnknownOutcomeError);
    fake.script({ drop: true });
    await expectError(facebook.publishText(tokens, 'dropped', { pageId: '101' }), UnknownOutcomeError);

    const closed = await startFacebookFake();
    await closed.close();
    const unreachable = createFacebookProvider({
      clientId: 'c',
      clientSecret: 's',
      authorizeUrl: 'https://www.facebook.com/v23.0/dialog/oauth',
      apiBaseUrl: `${closed.baseUrl}/v23.0`,
      sandbox: false,
    });
    const error = await expectError(
      unreachable.publishText(tokens, 'nobody home', { pageId: '101' }),
      SocialPlatformError,
    );
    expect(error).not.toBeInstanceOf(UnknownOutcomeError);
    expect(error.message).toContain('nothing was sent');
  });

  describe('publish', () => {
    const account = { externalId: '123', username: 'cornerbakery' };
    const form = (body: string | undefined) => Object.fromEntries(new URLSearchParams(body));

    it('uploads each photo unpublished by its URL, then posts the message attaching them', async () => {
      fake.script(
        { status: 200, body: { id: '501' } },
        { status: 200, body: { id: '502' } },
        {
          status: 200,
          body: { id: '123_456' },
        },
        {
          status: 200,
          body: { id: '123_456', permalink_url: 'https://www.facebook.com/cornerbakery/posts/pfbid0Q' },
        },
      );
      const photo = testImage('https://app.example/m/1.jpg');
      const published = await facebook.publish(tokens, {
        account,
        text: 'New menu',
        media: [photo, testImage('https://app.example/m/2.png')],
      });
      expect(published).toEqual({
        externalId: '123_456',
        url: 'https://www.facebook.com/cornerbakery/posts/pfbid0Q',
      });
      // Facebook downloads the photos: their bytes are never read here.
      expect(photo.reads()).toBe(0);
      const [first, second, post] = fake.requests.slice(-4);
      expect(first?.method).toBe('POST');
      expect(first?.path).toBe('/v23.0/123/photos');
      expect(first?.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(form(first?.body)).toEqual({
        url: 'https://app.example/m/1.jpg',
        published: 'false',
        access_token: 'page-token-1',
      });
      expect(form(second?.body).url).toBe('https://app.example/m/2.png');
      expect(post?.path).toBe('/v23.0/123/feed');
      expect(form(post?.body)).toEqual({
        message: 'New menu',
        attached_media: '[{"media_fbid":"501"},{"media_fbid":"502"}]',
        access_token: 'page-token-1',
      });
    });

    it('posts text alone to the feed', async () => {
      fake.script({ status: 200, body: { id: '123_457' } }, { status: 200, body: { id: '123_457' } });
      await facebook.publish(tokens, { account, text: 'Words', media: [] });
      expect(form(fake.requests.at(-2)?.body)).toEqual({ message: 'Words', access_token: 'page-token-1' });
    });

    it('maps publish failures: 502/503 transient, 500/504 unknown, throttling, 190, a photo it cannot download', async () => {
      const publish = (media = [] as ReturnType<typeof testImage>[]) =>
        facebook.publish(tokens, { account, text: 'x', media });
      for (const status of [502, 503]) {
        fake.script({ status, body: graphError(2, 'Service temporarily unavailable') });
        expect((await expectError(publish(), TransientPlatformError)).kind).toBe('server_error');
      }
      for (const status of [500, 504]) {
        fake.script({ status, body: graphError(1, 'An unknown error has occurred.') });
        await expectError(publish(), UnknownOutcomeError);
      }
      fake.script({
        status: 400,
        body: graphError(32, 'Page request limit reached'),
        headers: {
          'x-business-use-case-usage': JSON.stringify({ 123: [{ estimated_time_to_regain_access: 10 }] }),
        },
      });
      const limited = await expectError(publish(), RateLimitedError);
      expect((limited.resetAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(9 * 60_000);
      fake.script({
        status: 400,
        body: graphError(190, 'Error validating access token', { error_subcode: 460 }),
      });
      await expectError(publish(), TokenExpiredError);
      fake.script({ status: 400, body: graphError(324, '(#324) Requires upload file') });
      await expectError(publish([testImage('https://a.example/1.jpg')]), InvalidContentError);
      fake.script({ status: 500, body: graphError(1, 'An unknown error has occurred.') });
      await expectError(publish([testImage('https://a.example/1.jpg')]), TransientPlatformError);
      fake.script({ status: 200, body: { success: true } });
      await expectError(publish(), UnknownOutcomeError);
    });

    it("finds a post by its message in the Page's feed since the attempt, following the cursor", async () => {
      const since = new Date('2026-11-22T10:00:00Z');
      fake.script(
        {
          status: 200,
          body: {
            data: [{ id: '123_1', message: 'Another', created_time: '2026-11-22T10:05:00+0000' }],
            paging: { cursors: { before: 'b', after: 'c1' }, next: 'https://graph.facebook.com/next' },
          },
        },
        {
          status: 200,
          body: {
            data: [
              {
                id: '123_2',
                message: 'Our  new menu',
                created_time: '2026-11-22T10:01:00+0000',
                permalink_url: 'https://www.facebook.com/123/posts/2',
              },
            ],
            paging: { cursors: { before: 'c1', after: 'c2' } },
          },
        },
      );
      const found = await facebook.findPublished?.(tokens, { account, text: 'Our new menu', since });
      expect(found).toEqual({ externalId: '123_2', url: 'https://www.facebook.com/123/posts/2' });
      const [first, second] = fake.requests.slice(-2);
      expect(first?.method).toBe('GET');
      expect(first?.path.split('?')[0]).toBe('/v23.0/123/feed');
      expect(query(first?.path)).toEqual({
        fields: 'id,message,created_time,permalink_url',
        since: String(Math.floor(since.getTime() / 1000) - 300),
        limit: '100',
        access_token: 'page-token-1',
      });
      expect(query(second?.path).after).toBe('c1');
      fake.script({ status: 200, body: { data: [] } });
      expect(await facebook.findPublished?.(tokens, { account, text: 'Nothing', since })).toBeNull();
    });
  });
});
