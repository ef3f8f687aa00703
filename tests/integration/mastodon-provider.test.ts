import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthClients, socialAccounts } from '../../src/server/db/schema';
import { createMastodonProvider } from '../../src/server/integrations/social/mastodon/mastodon-provider';
import { createOAuthClientStore } from '../../src/server/integrations/social/oauth-client-store';
import { SIMULATOR_CREDENTIALS, simulatorEndpoints } from '../../src/server/integrations/social/simulator';
import {
  InvalidContentError,
  RateLimitedError,
  type SocialProvider,
  TokenExpiredError,
  type TokenSet,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../../src/server/integrations/social/social-provider';
import { injectFetch } from '../../src/server/lib/inject-fetch';
import { connectThroughSimulator, expectError, hiddenFields, withFault } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { testImage } from '../fakes/publish-media';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { adapterDatabaseKinds } from '../setup/databases';

const REDIRECT_URI = `${TEST_APP_URL}/api/auth/social/mastodon/callback`;
const AUTHORIZE_PATH = '/sandbox/mastodon/oauth/authorize';
const handle = () => `toot_${randomBytes(4).toString('hex')}`;

describe.each(adapterDatabaseKinds)('Mastodon provider against the platform simulator on %s', (kind) => {
  let t: TestApp;
  let session = '';
  let mastodon: SocialProvider;
  const providerWith = (fetchImpl: typeof fetch, timeoutMs = 5_000) =>
    createMastodonProvider({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(TEST_APP_URL, 'mastodon'),
      sandbox: true,
      fetch: fetchImpl,
      timeoutMs,
      clients: createOAuthClientStore(t.ctx.database.db, t.ctx.tokenCipher),
      appUrl: TEST_APP_URL,
    });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    session = (await signUp(t.app)).cookie;
    mastodon = providerWith(injectFetch(t.app));
  });
  afterAll(() => t.close());

  const pkce = () => {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  };

  /** The sign-in as a browser does it, then the code exchange: the tokens. */
  async function connect(server = 'mastodon.social', username = handle()): Promise<TokenSet> {
    const { verifier, challenge } = pkce();
    const start = await (mastodon.startAuthorization as NonNullable<SocialProvider['startAuthorization']>)({
      state: 'st',
      redirectUri: REDIRECT_URI,
      codeChallenge: challenge,
      server,
    });
    const url = new URL(start.url);
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
    const code = new URL(String(posted.headers.location)).searchParams.get('code') as string;
    return mastodon.exchangeCode({
      code,
      redirectUri: REDIRECT_URI,
      codeVerifier: verifier,
      connection: start.connection,
    });
  }

  it('reads the server from what the user typed, refuses what is not one in words, and registers the app once per server', async () => {
    const start = mastodon.startAuthorization as NonNullable<SocialProvider['startAuthorization']>;
    const request = { state: 's', redirectUri: REDIRECT_URI, codeChallenge: pkce().challenge };
    const refused = await expectError(
      start({ ...request, server: 'http://mastodon.social' }),
      InvalidContentError,
    );
    expect(refused.message).toBe('Mastodon servers are reached over https only.');
    const notMastodon = await expectError(
      start({ ...request, server: 'notmastodon.example' }),
      InvalidContentError,
    );
    expect(notMastodon.message).toBe('notmastodon.example does not answer as a Mastodon server.');

    const first = await start({ ...request, server: '@me@Fosstodon.org' });
    const url = new URL(first.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${TEST_APP_URL}${AUTHORIZE_PATH}`);
    expect(url.searchParams.get('scope')).toBe('read:accounts read:statuses write:statuses write:media');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.search).toContain('scope=read%3Aaccounts%20read%3Astatuses');
    expect(first.connection).toEqual({
      server: 'https://fosstodon.org',
      clientId: url.searchParams.get('client_id'),
      redirectUri: REDIRECT_URI,
    });
    const again = await start({ ...request, server: 'https://fosstodon.org/' });
    expect(again.connection?.clientId).toBe(first.connection?.clientId);
    const rows = await t.ctx.database.db
      .select()
      .from(oauthClients)
      .where(eq(oauthClients.platform, 'mastodon'));
    expect(rows.filter((row) => row.server.endsWith('/sandbox/mastodon/fosstodon.org'))).toHaveLength(1);
    expect(rows.every((row) => row.sandbox)).toBe(true);
  });

  it('connects through the popup with the server typed: the full handle, and the instance’s own limits', async () => {
    const username = handle();
    const done = await connectThroughSimulator(t.app, session, 'mastodon', {
      start: '/api/auth/social/mastodon?server=chars1000.example',
      fields: { account: '__new__', username, decision: 'authorize' },
      checkAuthorize: (authorize) => expect(authorize.searchParams.get('code_challenge_method')).toBe('S256'),
    });
    expect(done.result.type).toBe('OAUTH_SUCCESS');
    const [row] = await t.ctx.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.username, `${username}@chars1000.example`));
    expect(row?.postLimits).toEqual({ maxLength: 1000, maxMedia: 4 });
    expect(row?.tokenExpiresAt).toBeNull();
    expect(row?.externalId).toMatch(/^\d+@chars1000\.example$/);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/social-accounts/connect',
      headers: { cookie: session, origin: TEST_APP_URL, 'content-type': 'application/json' },
      payload: { platform: 'mastodon', server: 'http://10.0.0.1' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/https only|Mastodon server/);
  });

  it('lists the account with its followers and the server’s limits; a token is its own server’s only', async () => {
    const tokens = await connect('mastodon.social');
    expect(tokens).toMatchObject({ refreshToken: null, expiresAt: null });
    expect(tokens.scopes).toEqual(['read:accounts', 'read:statuses', 'write:statuses', 'write:media']);
    const [account] = await mastodon.listAccounts(tokens);
    expect(account?.username).toMatch(/^toot_[0-9a-f]{8}@mastodon\.social$/);
    expect(account?.postLimits).toEqual({ maxLength: 500, maxMedia: 4 });
    expect(account?.followers).toBeGreaterThan(0);
    const elsewhere = {
      ...tokens,
      connection: { ...tokens.connection, server: 'https://other.example' },
    } as TokenSet;
    const refused = await expectError(mastodon.listAccounts(elsewhere), TokenExpiredError);
    expect(refused.message).toBe('Mastodon refused the access token: The access token is invalid');
    await expectError(mastodon.refreshTokens(tokens), TokenExpiredError);
  });

  it('publishes text with images and alt text, a content warning and a visibility; the link opens the status', async () => {
    const tokens = await connect();
    const [account] = await mastodon.listAccounts(tokens);
    const who = { externalId: account?.externalId as string, username: account?.username as string };
    const image = { ...testImage('https://cdn.example/a.png'), altText: 'A red kite over a hill' };
    const post = await mastodon.publish(tokens, {
      account: who,
      text: 'Spring menu is out! https://example.com/a/very/long/path/to/the/spring/menu #bakery',
      media: [image, testImage('https://cdn.example/b.jpg')],
      options: { contentWarning: 'Food', visibility: 'unlisted' },
    });
    expect(post.url).toBe(
      `${TEST_APP_URL}/sandbox/mastodon/mastodon.social/@${who.username.split('@')[0]}/${post.externalId}`,
    );
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(post.url as string).pathname,
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Content warning:</strong> Food');
    expect(page.body).toContain('Visibility: unlisted');

    const status = await t.app.inject({
      method: 'GET',
      url: `/sandbox/mastodon/mastodon.social/api/v1/statuses/${post.externalId}`,
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(status.json()).toMatchObject({
      spoiler_text: 'Food',
      sensitive: true,
      visibility: 'unlisted',
      media_attachments: [{ type: 'image', description: 'A red kite over a hill' }, { description: null }],
    });

    const reply = await (mastodon.publishReply as NonNullable<SocialProvider['publishReply']>)(tokens, {
      account: who,
      parentExternalId: post.externalId,
      text: 'And the second post of the thread.',
      media: [],
    });
    const answered = await t.app.inject({
      method: 'GET',
      url: `/sandbox/mastodon/mastodon.social/api/v1/statuses/${reply.externalId}`,
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    // A thread keeps its first post's visibility and warning, as Mastodon's own composer does.
    expect(answered.json()).toMatchObject({
      in_reply_to_id: post.externalId,
      visibility: 'unlisted',
      spoiler_text: 'Food',
    });
    const gone = await expectError(
      (mastodon.publishReply as NonNullable<SocialProvider['publishReply']>)(tokens, {
        account: who,
        parentExternalId: '123456789',
        text: 'Lost',
        media: [],
      }),
      InvalidContentError,
    );
    expect(gone.message).toMatch(/no longer exists/);
  });

  it('refuses what the server refuses, in its words: too long, too many images, a bad visibility, a long alt text', async () => {
    const tokens = await connect();
    const who = { externalId: 'x', username: 'x' };
    const long = await expectError(
      mastodon.publish(tokens, { account: who, text: 'a'.repeat(501), media: [] }),
      InvalidContentError,
    );
    expect(long.message).toBe(
      'Mastodon refused the post: Validation failed: Text character limit of 500 exceeded',
    );
    // The content warning counts toward the limit (StatusLengthValidator).
    await expectError(
      mastodon.publish(tokens, {
        account: who,
        text: 'a'.repeat(490),
        media: [],
        options: { contentWarning: 'b'.repeat(20) },
      }),
      InvalidContentError,
    );
    const images = Array.from({ length: 5 }, (_, i) => testImage(`https://cdn.example/${i}.png`));
    const many = await expectError(
      mastodon.publish(tokens, { account: who, text: 'Five', media: images }),
      InvalidContentError,
    );
    expect(many.message).toBe('Mastodon refused the post: Cannot attach more than 4 files');
    const visibility = await expectError(
      mastodon.publish(tokens, {
        account: who,
        text: 'Hi',
        media: [],
        options: { visibility: 'everyone' as 'public' },
      }),
      InvalidContentError,
    );
    expect(visibility.message).toMatch(/Visibility/);
    const alt = await expectError(
      mastodon.publish(tokens, {
        account: who,
        text: 'Alt',
        media: [{ ...testImage('https://cdn.example/x.png'), altText: 'd'.repeat(1501) }],
      }),
      InvalidContentError,
    );
    expect(alt.message).toBe(
      'Mastodon refused the image: Validation failed: Description is too long (maximum is 1500 characters)',
    );
  });

  it('maps the server’s failures to our kinds; an unknown outcome is found again, and a retry does not post twice', async () => {
    const tokens = await connect();
    const [account] = await mastodon.listAccounts(tokens);
    const who = { externalId: account?.externalId as string, username: account?.username as string };
    const base = injectFetch(t.app);
    const publish = (provider: SocialProvider, text: string) =>
      provider.publish(tokens, { account: who, text, media: [] });
    const limited = await expectError(
      publish(providerWith(withFault(base, 'rate-limit')), 'x'),
      RateLimitedError,
    );
    expect(limited.resetAt?.getTime()).toBeGreaterThan(Date.now());
    await expectError(publish(providerWith(withFault(base, 'expired-token')), 'x'), TokenExpiredError);
    await expectError(publish(providerWith(withFault(base, 'server-error')), 'x'), TransientPlatformError);
    await expectError(publish(providerWith(withFault(base, 'internal-error')), 'x'), UnknownOutcomeError);

    const since = new Date();
    const text = `Lost in transit @friend@other.social & more ${randomBytes(3).toString('hex')}`;
    await expectError(publish(providerWith(withFault(base, 'unknown-outcome')), text), UnknownOutcomeError);
    const found = await mastodon.findPublished?.(tokens, { account: who, text, since });
    expect(found?.externalId).toMatch(/^\d+$/);
    // The same post again carries the same Idempotency-Key: the server answers the first status.
    const retried = await publish(mastodon, text);
    expect(retried.externalId).toBe(found?.externalId);
    expect(await mastodon.findPublished?.(tokens, { account: who, text: 'never sent', since })).toBeNull();
  });

  it('waits while the server processes an image (202, then 206 until ready) before posting it', async () => {
    const tokens = await connect();
    const base = injectFetch(t.app);
    const seen: string[] = [];
    let pending = 2;
    // The server as it answers a large upload: 202 without a URL, then 206 while it works.
    const processing: typeof fetch = async (input, init) => {
      const url = String(input);
      const answer = await base(input, init);
      if (url.endsWith('/api/v2/media')) {
        seen.push('upload 202');
        return new Response(JSON.stringify({ ...(await answer.json()), url: null }), { status: 202 });
      }
      if (/\/api\/v1\/media\/\d+$/.test(url) && pending-- > 0) {
        seen.push('read 206');
        return new Response(JSON.stringify({ ...(await answer.json()), url: null }), { status: 206 });
      }
      if (/\/api\/v1\/media\//.test(url)) seen.push('read 200');
      return answer;
    };
    const provider = createMastodonProvider({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(TEST_APP_URL, 'mastodon'),
      sandbox: true,
      fetch: processing,
      timeoutMs: 5_000,
      clients: createOAuthClientStore(t.ctx.database.db, t.ctx.tokenCipher),
      appUrl: TEST_APP_URL,
      mediaPollMs: 1,
    });
    const post = await provider.publish(tokens, {
      account: { externalId: 'x', username: 'x' },
      text: 'Processed',
      media: [testImage('https://cdn.example/slow.png')],
    });
    expect(post.externalId).toMatch(/^\d+$/);
    expect(seen).toEqual(['upload 202', 'read 206', 'read 206', 'read 200']);
  });

  it('reads metrics (null where Mastodon counts nothing), followers, a deleted status as missing; revoke ends the token', async () => {
    const tokens = await connect();
    const [account] = await mastodon.listAccounts(tokens);
    const who = { externalId: account?.externalId as string, username: account?.username as string };
    const post = await mastodon.publish(tokens, { account: who, text: 'Counting', media: [] });
    const read = await mastodon.readPostMetrics(tokens, {
      account: who,
      externalIds: [post.externalId, '42'],
    });
    expect(read.missing).toEqual(['42']);
    expect(read.metrics).toEqual([
      {
        externalId: post.externalId,
        impressions: null,
        reach: null,
        likes: expect.any(Number),
        comments: expect.any(Number),
        shares: expect.any(Number),
        clicks: null,
        views: null,
      },
    ]);
    expect(await mastodon.readFollowers(tokens, who)).toBeGreaterThan(0);
    await mastodon.revoke(tokens);
    await expectError(mastodon.readFollowers(tokens, who), TokenExpiredError);
  });
});
