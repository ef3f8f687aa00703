import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notReportedMetrics } from '../../src/contracts/analytics';
import { sandboxAccounts, sandboxPosts } from '../../src/server/db/schema';
import {
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
import { createXProvider, type XProvider } from '../../src/server/integrations/social/x/x-provider';
import { injectFetch } from '../../src/server/lib/inject-fetch';
import { decodeEntities, expectError, hiddenFields, withFault } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { testImage } from '../fakes/publish-media';
import { startXFake, type XFake } from '../fakes/x/x-fake';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { adapterDatabaseKinds } from '../setup/databases';

const REDIRECT_URI = `${TEST_APP_URL}/api/social-accounts/twitter/callback`;
const AUTHORIZE_PATH = '/sandbox/twitter/i/oauth2/authorize';

const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

describe.each(adapterDatabaseKinds)('X provider against the platform simulator on %s', (kind) => {
  let t: TestApp;
  /** A member of the workspace that creates the sandbox identities (decision 036). */
  let session = '';
  let fetchApp: typeof fetch;
  let x: XProvider;
  const providerWith = (fetchImpl: typeof fetch, timeoutMs = 5_000) =>
    createXProvider({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(TEST_APP_URL, 'twitter'),
      sandbox: true,
      fetch: fetchImpl,
      timeoutMs,
    });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    session = (await signUp(t.app)).cookie;
    fetchApp = injectFetch(t.app);
    x = providerWith(fetchApp);
  });
  afterAll(() => t.close());

  /** The whole consent flow as a browser does it; answers the code, and the verifier to go with it. */
  async function authorize(username: string) {
    const { verifier, challenge } = pkcePair();
    const state = randomBytes(16).toString('base64url');
    const url = new URL(x.authorizeUrl({ state, redirectUri: REDIRECT_URI, codeChallenge: challenge }));
    const page = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(200);
    const form = { ...hiddenFields(page.body), account: '__new__', username, decision: 'authorize' };
    const posted = await t.app.inject({
      method: 'POST',
      url: AUTHORIZE_PATH,
      headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded', origin: TEST_APP_URL },
      payload: new URLSearchParams(form).toString(),
    });
    expect(posted.statusCode).toBe(302);
    const location = new URL(String(posted.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('state')).toBe(state);
    const code = location.searchParams.get('code');
    expect(code).toBeTruthy();
    return { code: code as string, verifier, cookie: String(posted.headers['set-cookie'] ?? '') };
  }

  async function connect(
    username = `user_${randomBytes(4).toString('hex')}`,
  ): Promise<{ tokens: TokenSet; username: string }> {
    const { code, verifier } = await authorize(username);
    const tokens = await x.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier });
    return { tokens, username };
  }

  it('renders an accessible sandbox authorize page without scripts, carrying the OAuth request', async () => {
    const { challenge } = pkcePair();
    const url = new URL(
      x.authorizeUrl({ state: 'st-1', redirectUri: REDIRECT_URI, codeChallenge: challenge }),
    );
    expect(url.origin).toBe(TEST_APP_URL);
    expect(url.pathname).toBe(AUTHORIZE_PATH);
    expect(url.searchParams.get('scope')).toBe(
      'tweet.read tweet.write users.read offline.access media.write',
    );
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.search).toContain('scope=tweet.read%20tweet.write');

    const page = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = page.body;
    expect(html).toContain('<title>X (Sandbox) — Authorize Kitepost</title>');
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<span class="badge">Sandbox<\/span>/);
    expect(html).not.toContain('<script');
    expect(html).toMatch(/<form method="post" action="\/sandbox\/twitter\/i\/oauth2\/authorize">/);
    expect(html).toMatch(/<input type="text" id="username" name="username" value="[a-z]+_[a-z]+\d{2}"/);
    expect(html).toContain('aria-label="New account\'s username"');
    expect(html).toMatch(/<button type="submit" name="decision" value="authorize">Authorize<\/button>/);
    const cancel = /<a href="([^"]+)">Cancel<\/a>/.exec(html)?.[1];
    expect(cancel && new URL(decodeEntities(cancel)).search).toBe('?error=access_denied&state=st-1');
    expect(hiddenFields(html)).toMatchObject({
      state: 'st-1',
      code_challenge: challenge,
      redirect_uri: REDIRECT_URI,
    });
  });

  it('refuses an authorize request for a foreign redirect URI or without PKCE, with no redirect', async () => {
    const { challenge } = pkcePair();
    const evil = new URL(
      x.authorizeUrl({ state: 's', redirectUri: 'https://evil.example/cb', codeChallenge: challenge }),
    );
    const refused = await t.app.inject({
      method: 'GET',
      url: `${evil.pathname}${evil.search}`,
      headers: { cookie: session },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers.location).toBeUndefined();
    expect(refused.body).toContain('registered callback');
    const noPkce = new URL(
      x.authorizeUrl({ state: 's', redirectUri: REDIRECT_URI, codeChallenge: challenge }),
    );
    noPkce.searchParams.delete('code_challenge');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${noPkce.pathname}${noPkce.search}`,
          headers: { cookie: session },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('cancels with access_denied and the state; refuses a bad username; offers the remembered account', async () => {
    const { challenge } = pkcePair();
    const url = new URL(
      x.authorizeUrl({ state: 'st-2', redirectUri: REDIRECT_URI, codeChallenge: challenge }),
    );
    const page = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    const post = (fields: Record<string, string>, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: AUTHORIZE_PATH,
        headers: {
          cookie: session,
          'content-type': 'application/x-www-form-urlencoded',
          ...(cookie ? { cookie: `${session}; ${cookie.split(';')[0]}` } : {}),
        },
        payload: new URLSearchParams({ ...hiddenFields(page.body), ...fields }).toString(),
      });
    const cancelled = await post({ decision: 'cancel' });
    expect(cancelled.statusCode).toBe(302);
    expect(String(cancelled.headers.location)).toBe(`${REDIRECT_URI}?error=access_denied&state=st-2`);

    const bad = await post({ account: '__new__', username: 'no spaces allowed!', decision: 'authorize' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('role="alert"');
    expect(bad.body).toContain('aria-invalid="true"');

    const { cookie } = await authorize('remembered_me');
    const again = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: `${session}; ${cookie.split(';')[0]}` },
    });
    expect(again.body).toContain('value="remembered_me"');

    const foreign = await t.app.inject({
      method: 'POST',
      url: AUTHORIZE_PATH,
      headers: {
        cookie: session,
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
      payload: new URLSearchParams({ ...hiddenFields(page.body), decision: 'authorize' }).toString(),
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('exchanges the code only with the right PKCE verifier and redirect URI, once', async () => {
    const { code, verifier } = await authorize('pkce_checker');
    await expectError(
      x.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: pkcePair().verifier }),
      SocialPlatformError,
    );
    await expectError(
      x.exchangeCode({ code, redirectUri: `${REDIRECT_URI}/other`, codeVerifier: verifier }),
      SocialPlatformError,
    );
    const tokens = await x.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier });
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.scopes).toEqual([
      'tweet.read',
      'tweet.write',
      'users.read',
      'offline.access',
      'media.write',
    ]);
    const expiresIn = (tokens.expiresAt?.getTime() ?? 0) - Date.now();
    expect(expiresIn).toBeGreaterThan(7_100_000);
    expect(expiresIn).toBeLessThanOrEqual(7_200_000);
    const reused = await expectError(
      x.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier }),
      SocialPlatformError,
    );
    expect(reused.message).toContain('authorization code was invalid');
  });

  it('refuses the token endpoint to a client with the wrong secret', async () => {
    const { code, verifier } = await authorize('wrong_secret');
    const impostor = createXProvider({
      ...simulatorEndpoints(TEST_APP_URL, 'twitter'),
      clientId: SIMULATOR_CREDENTIALS.clientId,
      clientSecret: 'not-the-secret',
      sandbox: true,
      fetch: fetchApp,
    });
    const error = await expectError(
      impostor.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier }),
      SocialPlatformError,
    );
    expect(error.message).toContain('credentials');
  });

  it('reads the profile with a plausible follower count and an avatar', async () => {
    const { tokens, username } = await connect('profile_reader');
    const [account] = await x.listAccounts(tokens);
    expect(account).toMatchObject({ username, displayName: 'Profile Reader' });
    expect(account?.externalId).toMatch(/^\d+$/);
    expect(account?.followers).toBeGreaterThanOrEqual(40);
    expect(account?.followers).toBeLessThan(30_000);
    const avatar = new URL(account?.avatarUrl ?? '');
    const image = await t.app.inject({ method: 'GET', url: avatar.pathname, headers: { cookie: session } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    // The same handle is the same account, with the same followers, on the next connection.
    const [again] = await x.listAccounts((await connect('profile_reader')).tokens);
    expect(again).toEqual(account);
  });

  it('rotates the refresh token on refresh; the old one is refused as expired', async () => {
    const { tokens } = await connect();
    const refreshed = await x.refreshTokens(tokens);
    expect(refreshed.refreshToken).toBeTruthy();
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(await x.listAccounts(refreshed)).toHaveLength(1);
    await expectError(x.refreshTokens(tokens), TokenExpiredError);
    const twice = await x.refreshTokens(refreshed);
    expect(twice.refreshToken).not.toBe(refreshed.refreshToken);
  });

  it('revokes: the tokens then fail with TokenExpiredError', async () => {
    const { tokens } = await connect();
    await x.revoke(tokens);
    await expectError(x.listAccounts(tokens), TokenExpiredError);
    await expectError(x.refreshTokens(tokens), TokenExpiredError);
    await expectError(x.publishText(tokens, 'after revoke'), TokenExpiredError);
    // Revoking again is quiet: the tokens are already gone.
    await x.revoke(tokens);
  });

  it('publishes text (201) with a link to the sandbox post page', async () => {
    const { tokens, username } = await connect('page_owner');
    const published = await x.publishText(tokens, 'Fresh croissants at 7 <b>am</b> & coffee', { username });
    expect(published.externalId).toMatch(/^\d{15,19}$/);
    expect(published.url).toBe(`${TEST_APP_URL}/sandbox/twitter/page_owner/status/${published.externalId}`);
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(published.url).pathname,
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Fresh croissants at 7 &lt;b&gt;am&lt;/b&gt; &amp; coffee');
    expect(page.body).toContain('<span class="badge">Sandbox</span>');
    expect(page.body).not.toContain('<script');

    const idOnly = await x.publishText(tokens, 'A second post');
    expect(idOnly.url).toBe(`${TEST_APP_URL}/sandbox/twitter/i/web/status/${idOnly.externalId}`);
    const redirect = await t.app.inject({
      method: 'GET',
      url: new URL(idOnly.url).pathname,
      headers: { cookie: session },
    });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`/sandbox/twitter/page_owner/status/${idOnly.externalId}`);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/sandbox/twitter/page_owner/status/1',
      headers: { cookie: session },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses over 280 weighted characters and duplicates with InvalidContentError', async () => {
    const { tokens } = await connect();
    await x.publishText(tokens, 'a'.repeat(280));
    // 141 emoji are 141 characters but weigh 282 on X.
    const long = await expectError(x.publishText(tokens, '🙂'.repeat(141)), InvalidContentError);
    expect(long.message).toContain('too long');
    await x.publishText(tokens, 'Only once');
    const duplicate = await expectError(x.publishText(tokens, 'Only once'), InvalidContentError);
    expect(duplicate.message).toContain('duplicate content');
  });

  it('reads metrics that grow with the post age, in our names; a deleted post is reported missing', async () => {
    const { tokens, username } = await connect('metrics_grower');
    const account = { externalId: (await x.listAccounts(tokens))[0]?.externalId ?? '', username };
    const { externalId } = await x.publishText(tokens, 'How many people will see this?');
    const age = async (hours: number) => {
      await t.ctx.database.db
        .update(sandboxPosts)
        .set({ publishedAt: new Date(Date.now() - hours * 3_600_000) })
        .where(eq(sandboxPosts.externalId, externalId));
      const { metrics, missing } = await x.readPostMetrics(tokens, { account, externalIds: [externalId] });
      expect(missing).toEqual([]);
      return metrics[0];
    };
    const fresh = await age(0);
    const hourOld = await age(1);
    const dayOld = await age(24);
    expect(fresh?.impressions).toBeLessThanOrEqual(hourOld?.impressions ?? 0);
    expect(hourOld?.impressions).toBeGreaterThan(0);
    expect(dayOld?.impressions).toBeGreaterThan(hourOld?.impressions ?? 0);
    expect(dayOld?.likes).toBeGreaterThanOrEqual(hourOld?.likes ?? 0);
    // X reports no reach, and Kitepost reads no non-public metrics (clicks): null, never 0.
    expect(dayOld).toMatchObject({ externalId, reach: null, clicks: null });
    for (const name of ['likes', 'comments', 'shares'] as const)
      expect(dayOld?.[name]).toEqual(expect.any(Number));
    expect(await age(24)).toEqual(dayOld);

    await x.deletePost(tokens, externalId);
    expect(await x.readPostMetrics(tokens, { account, externalIds: [externalId] })).toEqual({
      metrics: [],
      missing: [externalId],
    });
  });

  it('reads followers that grow from the count at the account creation, the same at the same time', async () => {
    const { tokens, username } = await connect('growing_bakery');
    const [profile] = await x.listAccounts(tokens);
    const account = { externalId: profile?.externalId ?? '', username };
    const [stored] = await t.ctx.database.db
      .select()
      .from(sandboxAccounts)
      .where(
        and(eq(sandboxAccounts.platform, 'twitter'), eq(sandboxAccounts.externalId, account.externalId)),
      );
    if (!stored) throw new Error('no sandbox account');
    const now = await x.readFollowers(tokens, account);
    expect(now).toBeGreaterThanOrEqual(stored.followers);
    expect(now).toBe(sandboxFollowers(stored, new Date()));
    // Thirty days later (the account made thirty days ago), it has grown by 0.3% to 1.2% a day.
    const monthAgo = new Date(Date.now() - 30 * 86_400_000);
    await t.ctx.database.db
      .update(sandboxAccounts)
      .set({ createdAt: monthAgo })
      .where(eq(sandboxAccounts.id, stored.id));
    const later = await x.readFollowers(tokens, account);
    expect(later).toBe(sandboxFollowers({ ...stored, createdAt: monthAgo }, new Date()));
    expect((later ?? 0) - stored.followers).toBeGreaterThanOrEqual(
      Math.floor(Math.max(0.5, stored.followers * 0.003) * 29),
    );
    expect(await x.readFollowers(tokens, account)).toBe(later);
  });

  it('answers metrics reads with no data, and rate-limited reads, when armed for the account', async () => {
    const { tokens, username } = await connect();
    const account = { externalId: (await x.listAccounts(tokens))[0]?.externalId ?? '', username };
    const { externalId } = await x.publishText(tokens, `No data yet ${randomBytes(4).toString('hex')}`);
    const arm = async (fault: string, times: number | 'always') => {
      const armed = await t.app.inject({
        method: 'POST',
        url: '/sandbox/faults',
        headers: { cookie: session },
        payload: { platform: 'twitter', account: account.externalId, fault, on: 'read', times },
      });
      expect(armed.statusCode).toBe(201);
    };
    const read = () => x.readPostMetrics(tokens, { account, externalIds: [externalId] });

    await arm('no-data', 2);
    // X answers the post without public_metrics: every metric not reported, the post not missing.
    expect(await read()).toEqual({
      metrics: [{ externalId, ...notReportedMetrics }],
      missing: [],
    });
    expect(await x.readFollowers(tokens, account)).toBeNull();
    expect((await read()).metrics[0]?.likes).toEqual(expect.any(Number));
    expect(await x.readFollowers(tokens, account)).toEqual(expect.any(Number));

    await arm('rate-limit', 'always');
    const limited = await expectError(read(), RateLimitedError);
    const resetIn = (limited.resetAt?.getTime() ?? 0) - Date.now();
    expect(resetIn).toBeGreaterThan(14 * 60_000);
    expect(resetIn).toBeLessThanOrEqual(15 * 60_000 + 1_000);
    await expectError(x.readFollowers(tokens, account), RateLimitedError);
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: `/sandbox/faults?platform=twitter&account=${account.externalId}`,
      headers: { cookie: session },
    });
    expect(cleared.json()).toEqual({ cleared: 1 });
    expect((await read()).metrics).toHaveLength(1);

    // Asked per request, as a test header: the same answer.
    const noData = await providerWith(withFault(fetchApp, 'no-data')).readPostMetrics(tokens, {
      account,
      externalIds: [externalId],
    });
    expect(noData.metrics[0]?.impressions).toBeNull();
  });

  it('maps injected faults to our error kinds', async () => {
    const { tokens } = await connect();
    const limited = await expectError(
      providerWith(withFault(fetchApp, 'rate-limit')).publishText(tokens, 'limited'),
      RateLimitedError,
    );
    const resetIn = (limited.resetAt?.getTime() ?? 0) - Date.now();
    expect(resetIn).toBeGreaterThan(14 * 60_000);
    expect(resetIn).toBeLessThanOrEqual(15 * 60_000 + 1_000);
    await expectError(
      providerWith(withFault(fetchApp, 'rate-limit')).refreshTokens(tokens),
      RateLimitedError,
    );
    await expectError(
      providerWith(withFault(fetchApp, 'expired-token')).listAccounts(tokens),
      TokenExpiredError,
    );
    await expectError(
      providerWith(withFault(fetchApp, 'expired-token')).refreshTokens(tokens),
      TokenExpiredError,
    );
    const unavailable = await expectError(
      providerWith(withFault(fetchApp, 'server-error')).publishText(tokens, 'down'),
      TransientPlatformError,
    );
    expect(unavailable.kind).toBe('server_error');
    expect(unavailable.message).toContain('503');
    // The account and its tokens are untouched by the faults.
    expect(await x.listAccounts(tokens)).toHaveLength(1);
  });

  it('times out a slow publish as an unknown outcome (the post did get created); a slow read is retryable', async () => {
    const { tokens } = await connect();
    const slow = providerWith(withFault(fetchApp, 'slow', { delayMs: 400 }), 100);
    const read = await expectError(slow.listAccounts(tokens), SocialPlatformError);
    expect(read).not.toBeInstanceOf(UnknownOutcomeError);
    const text = `Slow one ${randomBytes(4).toString('hex')}`;
    const error = await expectError(slow.publishText(tokens, text), UnknownOutcomeError);
    expect(error.message).toContain('may or may not');
    // The simulator finishes after the client gave up (the read first, as it started first): the
    // outcome really was unknown.
    let created: unknown[] = [];
    for (let attempt = 0; attempt < 40 && created.length === 0; attempt++) {
      await sleep(50);
      created = await t.ctx.database.db.select().from(sandboxPosts).where(eq(sandboxPosts.text, text));
    }
    expect(created).toHaveLength(1);
  });

  it('reports a dropped connection after the post was made as an unknown outcome', async () => {
    const { tokens } = await connect();
    const text = `Dropped ${randomBytes(4).toString('hex')}`;
    await expectError(
      providerWith(withFault(fetchApp, 'unknown-outcome')).publishText(tokens, text),
      UnknownOutcomeError,
    );
    const created = await t.ctx.database.db.select().from(sandboxPosts).where(eq(sandboxPosts.text, text));
    expect(created).toHaveLength(1);
  });

  it('refuses an unknown fault name, and ignores faults when the simulator is built without them', async () => {
    const { tokens } = await connect();
    await expectError(providerWith(withFault(fetchApp, 'meteor')).listAccounts(tokens), SocialPlatformError);

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

describe('X provider against a loopback X fake', () => {
  let fake: XFake;
  let x: XProvider;
  const tokens: TokenSet = {
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    expiresAt: new Date(Date.now() + 3_600_000),
    refreshExpiresAt: null,
    scopes: ['tweet.read', 'tweet.write', 'users.read', 'offline.access'],
  };

  beforeAll(async () => {
    fake = await startXFake();
    x = createXProvider({
      clientId: 'client-abc',
      clientSecret: 'secret-xyz',
      authorizeUrl: 'https://x.com/i/oauth2/authorize',
      apiBaseUrl: fake.baseUrl,
      sandbox: false,
      timeoutMs: 300,
    });
  });
  afterAll(() => fake.close());

  const last = () => fake.requests.at(-1);

  it('sends the documented token request: Basic auth, form body with the PKCE verifier', async () => {
    fake.script({
      status: 200,
      body: {
        token_type: 'bearer',
        expires_in: 7200,
        access_token: 'at',
        scope: 'tweet.read users.read',
        refresh_token: 'rt',
      },
    });
    const result = await x.exchangeCode({
      code: 'the-code',
      redirectUri: 'https://app.example/cb',
      codeVerifier: 'v'.repeat(43),
    });
    expect(result).toMatchObject({
      accessToken: 'at',
      refreshToken: 'rt',
      scopes: ['tweet.read', 'users.read'],
    });
    const request = last();
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/2/oauth2/token');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from('client-abc:secret-xyz').toString('base64')}`,
    );
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: 'https://app.example/cb',
      code_verifier: 'v'.repeat(43),
      client_id: 'client-abc',
    });
  });

  it('posts JSON with the Bearer token and links the post on x.com', async () => {
    fake.script({
      status: 201,
      body: {
        data: { id: '1850000000000000001', text: 'hi', edit_history_post_ids: ['1850000000000000001'] },
      },
    });
    const published = await x.publishText(tokens, 'hi', { username: 'kitepost' });
    expect(published).toEqual({
      externalId: '1850000000000000001',
      url: 'https://x.com/kitepost/status/1850000000000000001',
    });
    expect(last()?.headers.authorization).toBe('Bearer access-1');
    expect(JSON.parse(last()?.body ?? '')).toEqual({ text: 'hi' });
  });

  it('maps the documented problem JSON: invalid request and duplicate → InvalidContentError', async () => {
    fake.script({
      status: 400,
      body: {
        errors: [{ parameters: { text: ['x'] }, message: 'Tweet text is too long.' }],
        title: 'Invalid Request',
        detail: 'One or more parameters to your request was invalid.',
        type: 'https://api.x.com/2/problems/invalid-request',
      },
    });
    expect((await expectError(x.publishText(tokens, 'x'), InvalidContentError)).message).toContain(
      'Tweet text is too long.',
    );
    fake.script({
      status: 403,
      body: {
        detail: 'You are not allowed to create a Tweet with duplicate content.',
        type: 'about:blank',
        title: 'Forbidden',
        status: 403,
      },
    });
    await expectError(x.publishText(tokens, 'x'), InvalidContentError);
  });

  it('does not blame the content for an app problem (client-forbidden)', async () => {
    fake.script({
      status: 403,
      body: {
        client_id: '1',
        reason: 'client-not-enrolled',
        title: 'Client Forbidden',
        detail:
          'This request must be made using an approved developer account that is enrolled in the requested endpoint.',
        type: 'https://api.x.com/2/problems/client-forbidden',
        required_enrollment: 'Appropriate Level of API Access',
        registration_url: 'https://developer.x.com/en/portal/product',
      },
    });
    const error = await expectError(x.publishText(tokens, 'x'), SocialPlatformError);
    expect(error).not.toBeInstanceOf(InvalidContentError);
  });

  it('reads metrics 100 posts per GET /2/tweets with public_metrics, and deleted ones as missing', async () => {
    const ids = Array.from({ length: 150 }, (_, index) => String(9_000 + index));
    const post = (id: string) => ({
      id,
      text: 'hi',
      public_metrics: {
        like_count: 3,
        reply_count: 1,
        retweet_count: 2,
        quote_count: 0,
        impression_count: 90,
      },
    });
    fake.script(
      { status: 200, body: { data: ids.slice(0, 100).map(post) } },
      {
        status: 200,
        body: {
          data: ids.slice(100, 149).map(post),
          errors: [
            {
              value: '9149',
              detail: 'Could not find tweet with ids: [9149].',
              title: 'Not Found Error',
              resource_type: 'tweet',
              parameter: 'ids',
              resource_id: '9149',
              type: 'https://api.x.com/2/problems/resource-not-found',
            },
          ],
        },
      },
    );
    const result = await x.readPostMetrics(tokens, {
      account: { externalId: '42', username: 'bakery' },
      externalIds: ids,
    });
    expect(result.missing).toEqual(['9149']);
    expect(result.metrics).toHaveLength(149);
    expect(result.metrics[0]).toEqual({
      externalId: '9000',
      impressions: 90,
      reach: null,
      likes: 3,
      comments: 1,
      shares: 2,
      clicks: null,
      views: null,
    });
    const [first, second] = fake.requests.slice(-2).map((request) => new URL(request.path, fake.baseUrl));
    expect(first?.pathname).toBe('/2/tweets');
    expect(first?.searchParams.get('tweet.fields')).toBe('public_metrics,attachments');
    // Video views are the media's: expanded with its public_metrics.
    expect(first?.searchParams.get('expansions')).toBe('attachments.media_keys');
    expect(first?.searchParams.get('media.fields')).toBe('public_metrics');
    expect(first?.searchParams.get('ids')?.split(',')).toEqual(ids.slice(0, 100));
    expect(second?.searchParams.get('ids')?.split(',')).toEqual(ids.slice(100));
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer access-1');
  });

  it('reads followers from /2/users/me, null when X sends no public_metrics', async () => {
    fake.script(
      {
        status: 200,
        body: { data: { id: '42', name: 'B', username: 'b', public_metrics: { followers_count: 512 } } },
      },
      { status: 200, body: { data: { id: '42', name: 'B', username: 'b' } } },
    );
    const account = { externalId: '42', username: 'b' };
    expect(await x.readFollowers(tokens, account)).toBe(512);
    expect(new URL(last()?.path ?? '', fake.baseUrl).searchParams.get('user.fields')).toBe('public_metrics');
    expect(await x.readFollowers(tokens, account)).toBeNull();
  });

  it('throws RateLimitedError with the reset X names on a throttled metrics read', async () => {
    const reset = Math.floor(Date.now() / 1000) + 900;
    fake.script({
      status: 429,
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
      headers: {
        'x-rate-limit-limit': '900',
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': String(reset),
      },
    });
    const limited = await expectError(
      x.readPostMetrics(tokens, { account: { externalId: '42', username: 'b' }, externalIds: ['1'] }),
      RateLimitedError,
    );
    expect(limited.resetAt?.getTime()).toBe(reset * 1000);
  });

  it('waits for the 24-hour reset when the 429 is a spent daily cap (x-user-limit-24hour-*), not the 15-minute one', async () => {
    const now = Math.floor(Date.now() / 1000);
    fake.script({
      status: 429,
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
      headers: {
        'x-rate-limit-limit': '100',
        'x-rate-limit-remaining': '99',
        'x-rate-limit-reset': String(now + 900),
        'x-user-limit-24hour-limit': '17',
        'x-user-limit-24hour-remaining': '0',
        'x-user-limit-24hour-reset': String(now + 20 * 3600),
        'x-app-limit-24hour-limit': '1667',
        'x-app-limit-24hour-remaining': '1500',
        'x-app-limit-24hour-reset': String(now + 22 * 3600),
      },
    });
    const limited = await expectError(x.publishText(tokens, 'capped'), RateLimitedError);
    expect(limited.resetAt?.getTime()).toBe((now + 20 * 3600) * 1000);
    expect(limited.message).toMatch(/^X refused: this account's daily post limit \(17 posts per 24 hours\)/);
  });

  it('maps the legacy 429 body with x-rate-limit-reset, and a usage-capped problem, to RateLimitedError', async () => {
    const reset = Math.floor(Date.now() / 1000) + 600;
    fake.script({
      status: 429,
      body: { errors: [{ code: 88, message: 'Rate limit exceeded' }] },
      headers: {
        'x-rate-limit-limit': '100',
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': String(reset),
      },
    });
    const limited = await expectError(x.publishText(tokens, 'x'), RateLimitedError);
    expect(limited.resetAt?.getTime()).toBe(reset * 1000);
    expect(limited.message).toContain('Rate limit exceeded');
    fake.script({
      status: 429,
      body: {
        title: 'UsageCapExceeded',
        detail: 'Usage cap exceeded: Monthly product cap',
        type: 'https://api.x.com/2/problems/usage-capped',
      },
    });
    expect((await expectError(x.listAccounts(tokens), RateLimitedError)).resetAt).toBeNull();
  });

  it('maps 401 to TokenExpiredError, and a refused refresh token too', async () => {
    fake.script({
      status: 401,
      body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
    });
    await expectError(x.listAccounts(tokens), TokenExpiredError);
    fake.script({
      status: 400,
      body: { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' },
    });
    await expectError(x.refreshTokens(tokens), TokenExpiredError);
    fake.script({
      status: 200,
      body: {
        token_type: 'bearer',
        expires_in: 7200,
        access_token: 'at-2',
        scope: 'tweet.read',
        refresh_token: 'rt-2',
      },
    });
    expect((await x.refreshTokens(tokens)).refreshToken).toBe('rt-2');
    expect(Object.fromEntries(new URLSearchParams(last()?.body))).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
    });
  });

  it('revokes both tokens at /2/oauth2/revoke', async () => {
    fake.script({ status: 200, body: { revoked: true } }, { status: 200, body: { revoked: true } });
    await x.revoke(tokens);
    const [refresh, access] = fake.requests.slice(-2);
    expect(refresh?.path).toBe('/2/oauth2/revoke');
    expect(Object.fromEntries(new URLSearchParams(refresh?.body))).toMatchObject({
      token: 'refresh-1',
      token_type_hint: 'refresh_token',
    });
    expect(Object.fromEntries(new URLSearchParams(access?.body))).toMatchObject({
      token: 'access-1',
      token_type_hint: 'access_token',
    });
  });

  it('treats a timeout or a dropped connection on publish as an unknown outcome, a refused connection as not sent', async () => {
    fake.script({ stallMs: 2_000 });
    await expectError(x.publishText(tokens, 'stalled'), UnknownOutcomeError);
    fake.script({ drop: true });
    await expectError(x.publishText(tokens, 'dropped'), UnknownOutcomeError);

    const closed = await startXFake();
    await closed.close();
    const unreachable = createXProvider({
      clientId: 'c',
      clientSecret: 's',
      authorizeUrl: 'https://x.com/i/oauth2/authorize',
      apiBaseUrl: closed.baseUrl,
      sandbox: false,
    });
    const error = await expectError(unreachable.publishText(tokens, 'nobody home'), SocialPlatformError);
    expect(error).not.toBeInstanceOf(UnknownOutcomeError);
    expect(error.message).toContain('nothing was sent');
  });

  describe('publish', () => {
    const account = { externalId: '42', username: 'kitepost' };
    const tokensWithMedia = { ...tokens, scopes: [...tokens.scopes, 'media.write'] };
    const created = (id: string, text = 'x') => ({
      status: 201,
      body: { data: { id, text, edit_history_post_ids: [id] } },
    });
    const uploaded = (id: string, extra: Record<string, unknown> = {}) => ({
      status: 200,
      body: { data: { id, media_key: `3_${id}`, size: 41, expires_after_secs: 86400, ...extra } },
    });

    it('uploads each image (one-shot multipart) and posts with their media ids', async () => {
      fake.script(uploaded('7001'), uploaded('7002'), created('1850000000000000009'));
      const first = testImage('https://app.example/m/1.jpg');
      const published = await x.publish(tokensWithMedia, {
        account,
        text: 'Two pictures',
        media: [first, testImage('https://app.example/m/2.png')],
      });
      expect(published).toEqual({
        externalId: '1850000000000000009',
        url: 'https://x.com/kitepost/status/1850000000000000009',
      });
      expect(first.reads()).toBe(1);
      const [upload, second, post] = fake.requests.slice(-3);
      expect(upload?.method).toBe('POST');
      expect(upload?.path).toBe('/2/media/upload');
      expect(upload?.headers.authorization).toBe('Bearer access-1');
      expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(upload?.body).toMatch(/name="media_category"\r\n\r\ntweet_image\r\n/);
      expect(upload?.body).toMatch(/name="media_type"\r\n\r\nimage\/jpeg\r\n/);
      expect(upload?.body).toMatch(/name="media"; filename="image"\r\nContent-Type: image\/jpeg/);
      // The image's bytes (the recorded body is read as UTF-8: its ASCII marker survives).
      expect(upload?.body).toContain('JFIF');
      expect(second?.body).toMatch(/name="media_type"\r\n\r\nimage\/png\r\n/);
      expect(post?.path).toBe('/2/tweets');
      expect(JSON.parse(post?.body ?? '')).toEqual({
        text: 'Two pictures',
        media: { media_ids: ['7001', '7002'] },
      });
    });

    it('posts text alone without an upload', async () => {
      fake.script(created('1850000000000000010'));
      await x.publish(tokens, { account, text: 'Just words', media: [] });
      expect(JSON.parse(last()?.body ?? '')).toEqual({ text: 'Just words' });
    });

    it('waits while X processes an upload (processing_info), and refuses one that failed', async () => {
      fake.script(
        uploaded('7003', { processing_info: { state: 'pending', check_after_secs: 0 } }),
        {
          status: 200,
          body: { data: { id: '7003', processing_info: { state: 'in_progress', check_after_secs: 0 } } },
        },
        { status: 200, body: { data: { id: '7003', processing_info: { state: 'succeeded' } } } },
        created('1850000000000000011'),
      );
      await x.publish(tokensWithMedia, {
        account,
        text: 'Processed',
        media: [testImage('https://a.example/p.jpg')],
      });
      const [, status] = fake.requests.slice(-4);
      expect(status?.method).toBe('GET');
      expect(status?.path).toBe('/2/media/upload?command=STATUS&media_id=7003');

      fake.script(
        uploaded('7004', {
          processing_info: {
            state: 'failed',
            error: { code: 1, name: 'InvalidMedia', message: 'Unsupported image' },
          },
        }),
      );
      const failed = await expectError(
        x.publish(tokensWithMedia, {
          account,
          text: 'Broken',
          media: [testImage('https://a.example/b.jpg')],
        }),
        InvalidContentError,
      );
      expect(failed.message).toContain('Unsupported image');
    });

    it('refuses five images, or images on a connection without media.write, before calling X', async () => {
      const before = fake.requests.length;
      const five = Array.from({ length: 5 }, (_, i) => testImage(`https://a.example/${i}.jpg`));
      await expectError(
        x.publish(tokensWithMedia, { account, text: 'Too many', media: five }),
        InvalidContentError,
      );
      await expectError(
        x.publish(tokens, { account, text: 'No scope', media: [testImage('https://a.example/1.jpg')] }),
        TokenExpiredError,
      );
      expect(fake.requests.length).toBe(before);
    });

    it('maps publish failures: 502/503 transient, 500/504 unknown, 429 with reset, 401, upload 500 transient', async () => {
      const publish = () => x.publish(tokens, { account, text: 'x', media: [] });
      for (const status of [502, 503]) {
        fake.script({ status, body: { title: 'Service Unavailable', type: 'about:blank', status } });
        expect((await expectError(publish(), TransientPlatformError)).kind).toBe('server_error');
      }
      for (const status of [500, 504]) {
        fake.script({ status, body: { title: 'Internal Error', type: 'about:blank', status } });
        await expectError(publish(), UnknownOutcomeError);
      }
      const reset = Math.floor(Date.now() / 1000) + 900;
      fake.script({
        status: 429,
        body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
        headers: { 'x-rate-limit-reset': String(reset) },
      });
      expect((await expectError(publish(), RateLimitedError)).resetAt?.getTime()).toBe(reset * 1000);
      fake.script({ status: 401, body: { title: 'Unauthorized', type: 'about:blank', status: 401 } });
      await expectError(publish(), TokenExpiredError);
      fake.script({ status: 500, body: { title: 'Internal Error', type: 'about:blank', status: 500 } });
      const upload = await expectError(
        x.publish(tokensWithMedia, { account, text: 'x', media: [testImage('https://a.example/1.jpg')] }),
        TransientPlatformError,
      );
      expect(upload.kind).toBe('server_error');
      // A 201 whose body cannot be read: the post exists, its id is unknown.
      fake.script({ status: 201, body: { data: {} } });
      await expectError(publish(), UnknownOutcomeError);
    });

    it('finds a post by its text among the account posts since the attempt, following pages', async () => {
      const since = new Date('2026-11-22T10:00:30.250Z');
      fake.script(
        {
          status: 200,
          body: {
            data: [{ id: '9', text: 'Something else', created_at: '2026-11-22T10:01:00.000Z' }],
            meta: { result_count: 1, next_token: 'p2' },
          },
        },
        {
          status: 200,
          body: {
            data: [
              {
                id: '10',
                // X wraps links in t.co, escapes &, and appends a link to the images.
                text: 'Fresh  bread &amp; coffee https://t.co/AbCdEf1234 https://t.co/ZyXw987654',
                created_at: '2026-11-22T10:00:31.000Z',
              },
            ],
            meta: { result_count: 1 },
          },
        },
      );
      const found = await x.findPublished?.(tokens, {
        account,
        text: 'Fresh bread & coffee https://example.com/menu',
        since,
      });
      expect(found).toEqual({ externalId: '10', url: 'https://x.com/kitepost/status/10' });
      const [first, second] = fake.requests.slice(-2);
      expect(first?.path.split('?')[0]).toBe('/2/users/42/tweets');
      expect(Object.fromEntries(new URL(`http://x${first?.path}`).searchParams)).toEqual({
        // Five minutes before the attempt (clocks differ), to the second.
        start_time: '2026-11-22T09:55:30Z',
        max_results: '100',
        'tweet.fields': 'created_at,text',
      });
      expect(first?.headers.authorization).toBe('Bearer access-1');
      expect(new URL(`http://x${second?.path}`).searchParams.get('pagination_token')).toBe('p2');
    });

    it('answers null when X lists no such post, and cannot tell past three pages', async () => {
      fake.script({ status: 200, body: { meta: { result_count: 0 } } });
      expect(await x.findPublished?.(tokens, { account, text: 'Never sent', since: new Date() })).toBeNull();
      const full = {
        status: 200,
        body: { data: [{ id: '1', text: 'other' }], meta: { result_count: 1, next_token: 'more' } },
      };
      fake.script(full, full, full);
      const error = await expectError(
        x.findPublished?.(tokens, { account, text: 'Lost', since: new Date() }) ?? Promise.resolve(),
        SocialPlatformError,
      );
      expect(error.message).toContain('could not tell');
      fake.script({ status: 503, body: { title: 'Service Unavailable', type: 'about:blank', status: 503 } });
      await expectError(
        x.findPublished?.(tokens, { account, text: 'x', since: new Date() }) ?? Promise.resolve(),
        TransientPlatformError,
      );
    });

    it('calls a refused connection on publish transient (network): nothing was sent', async () => {
      const closed = await startXFake();
      await closed.close();
      const unreachable = createXProvider({
        clientId: 'c',
        clientSecret: 's',
        authorizeUrl: 'https://x.com/i/oauth2/authorize',
        apiBaseUrl: closed.baseUrl,
        sandbox: false,
      });
      const error = await expectError(
        unreachable.publish(tokens, { account, text: 'x', media: [] }),
        TransientPlatformError,
      );
      expect(error.kind).toBe('network');
    });
  });
});
