import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notReportedMetrics } from '../../src/contracts/analytics';
import { createBlueskyProvider } from '../../src/server/integrations/social/bluesky/bluesky-provider';
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
import { expectError, withFault } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { testImage } from '../fakes/publish-media';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';

const XRPC = `${TEST_APP_URL}/sandbox/bluesky/xrpc`;

describe('Bluesky provider against the platform simulator', () => {
  let t: TestApp;
  let cookie = '';
  let fetchApp: typeof fetch;
  let bluesky: SocialProvider;
  const providerWith = (fetchImpl: typeof fetch, timeoutMs = 5_000) =>
    createBlueskyProvider({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(TEST_APP_URL, 'bluesky'),
      sandbox: true,
      fetch: fetchImpl,
      timeoutMs,
    });

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    cookie = (await signUp(t.app)).cookie;
    fetchApp = injectFetch(t.app);
    bluesky = providerWith(fetchApp);
  });
  afterAll(() => t.close());

  /** The pretend bsky.app's App passwords page, as the signed-in member uses it. */
  async function appPassword(handle = `shop-${randomBytes(4).toString('hex')}.bsky.social`) {
    const page = await t.app.inject({
      method: 'POST',
      url: '/sandbox/bluesky/settings/app-passwords',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: TEST_APP_URL },
      payload: new URLSearchParams({ handle }).toString(),
    });
    expect(page.statusCode).toBe(200);
    const password = /<code id="app-password">([a-z2-7-]{19})<\/code>/.exec(page.body)?.[1];
    expect(password).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    return { handle, password: password as string };
  }

  async function connect(): Promise<{ tokens: TokenSet; handle: string }> {
    const { handle, password } = await appPassword();
    const tokens = await bluesky.connectWithPassword?.({ identifier: `@${handle}`, password });
    if (!tokens) throw new Error('no app-password sign-in');
    return { tokens, handle };
  }

  it('signs in with an app password: JWT lifetimes, the PDS, DID and handle in the connection', async () => {
    const { tokens, handle } = await connect();
    expect(tokens.connection).toMatchObject({
      service: `${TEST_APP_URL}/sandbox/bluesky`,
      handle,
      method: 'app-password',
    });
    expect(tokens.connection?.did).toMatch(/^did:plc:[a-z2-7]{24}$/);
    const hours = ((tokens.expiresAt?.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);
    expect(tokens.refreshExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 89 * 86_400_000);
    const [account] = await bluesky.listAccounts(tokens);
    expect(account).toMatchObject({ externalId: tokens.connection?.did, username: handle });
    expect(account?.followers).toBeGreaterThan(0);
  });

  it('refuses a wrong app password with words, and a password of another handle', async () => {
    const { handle } = await appPassword();
    const other = await appPassword();
    const wrong = await expectError(
      bluesky.connectWithPassword?.({ identifier: handle, password: 'aaaa-bbbb-cccc-dddd' }) ??
        Promise.resolve(),
      InvalidContentError,
    );
    expect(wrong.message).toContain('Invalid identifier or password');
    await expectError(
      bluesky.connectWithPassword?.({ identifier: handle, password: other.password }) ?? Promise.resolve(),
      InvalidContentError,
    );
    await expectError(
      bluesky.connectWithPassword?.({ identifier: 'not a handle', password: other.password }) ??
        Promise.resolve(),
      InvalidContentError,
    );
  });

  it('refreshes the session (the refresh JWT is spent), and revoke ends it', async () => {
    const { tokens } = await connect();
    const next = await bluesky.refreshTokens(tokens);
    expect(next.accessToken).not.toBe(tokens.accessToken);
    expect(next.connection).toEqual(tokens.connection);
    await expectError(bluesky.refreshTokens(tokens), TokenExpiredError);
    await bluesky.revoke(next);
    await expectError(bluesky.listAccounts(next), TokenExpiredError);
    // Revoking an ended session is quiet.
    await bluesky.revoke(next);
  });

  it('publishes text with facets, images with alt text, and a thread of replies', async () => {
    const { tokens, handle } = await connect();
    const text = `Fresh bread 🥖 at https://example.com/menu #bakery with @${handle} and @nobody.invalid`;
    const post = await bluesky.publish(tokens, {
      account: { externalId: '', username: handle },
      text,
      media: [],
    });
    expect(post.externalId).toMatch(
      new RegExp(`^at://${tokens.connection?.did}/app.bsky.feed.post/[a-z2-7]{13}$`),
    );
    expect(post.url).toBe(
      `${TEST_APP_URL}/sandbox/bluesky/profile/${handle}/post/${post.externalId.split('/').at(-1)}`,
    );
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(post.url ?? '').pathname,
      headers: { cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Fresh bread');

    const image = { ...testImage('https://cdn.example/one.png'), altText: 'A loaf on a board' };
    const withImages = await bluesky.publish(tokens, {
      account: { externalId: '', username: handle },
      text: 'Two photos',
      media: [image, testImage('https://cdn.example/two.jpg')],
    });
    const reply = await bluesky.publishReply?.(tokens, {
      account: { externalId: '', username: handle },
      parentExternalId: withImages.externalId,
      text: 'And the second post of the thread',
      media: [],
    });
    const third = await bluesky.publishReply?.(tokens, {
      account: { externalId: '', username: handle },
      parentExternalId: reply?.externalId ?? '',
      text: 'The third',
      media: [],
    });
    const record = await fetchApp(
      `${XRPC}/com.atproto.repo.getRecord?repo=${tokens.connection?.did}&collection=app.bsky.feed.post&rkey=${third?.externalId.split('/').at(-1)}`,
      { headers: { authorization: `Bearer ${tokens.accessToken}` } },
    ).then((answer) => answer.json());
    expect(record.value.reply.root.uri).toBe(withImages.externalId);
    expect(record.value.reply.parent.uri).toBe(reply?.externalId);
  });

  it('refuses what Bluesky refuses: 301 graphemes, 5 images, a reply to no post', async () => {
    const { tokens, handle } = await connect();
    const account = { externalId: '', username: handle };
    const long = await expectError(
      bluesky.publish(tokens, { account, text: 'a'.repeat(301), media: [] }),
      InvalidContentError,
    );
    expect(long.message).toContain('must not be longer than 300 graphemes');
    // 300 emoji are 300 graphemes but 1,200 bytes: allowed.
    await bluesky.publish(tokens, { account, text: '🙂'.repeat(300), media: [] });
    const five = Array.from({ length: 5 }, (_, index) => testImage(`https://cdn.example/${index}.png`));
    await expectError(
      bluesky.publish(tokens, { account, text: 'Too many', media: five }),
      InvalidContentError,
    );
    expect(five.every((image) => image.reads() === 0)).toBe(true);
    await expectError(
      bluesky.publishReply?.(tokens, {
        account,
        parentExternalId: `at://${tokens.connection?.did}/app.bsky.feed.post/3kaaaaaaaaaaa`,
        text: 'orphan',
        media: [],
      }) ?? Promise.resolve(),
      Error,
    );
  });

  it('maps injected faults to our error kinds and reconciles an unknown outcome', async () => {
    const { tokens, handle } = await connect();
    const account = { externalId: tokens.connection?.did ?? '', username: handle };
    const limited = await expectError(
      providerWith(withFault(fetchApp, 'rate-limit')).publish(tokens, { account, text: 'x', media: [] }),
      RateLimitedError,
    );
    expect(limited.resetAt?.getTime()).toBeGreaterThan(Date.now());
    await expectError(
      providerWith(withFault(fetchApp, 'expired-token')).publish(tokens, { account, text: 'x', media: [] }),
      TokenExpiredError,
    );
    await expectError(
      providerWith(withFault(fetchApp, 'server-error')).publish(tokens, { account, text: 'x', media: [] }),
      TransientPlatformError,
    );
    const since = new Date();
    const text = `Lost answer ${randomBytes(3).toString('hex')}`;
    await expectError(
      providerWith(withFault(fetchApp, 'unknown-outcome', { only: /createRecord/ })).publish(tokens, {
        account,
        text,
        media: [],
      }),
      UnknownOutcomeError,
    );
    const found = await bluesky.findPublished?.(tokens, { account, text, since });
    expect(found?.externalId).toMatch(/^at:\/\//);
    expect(await bluesky.findPublished?.(tokens, { account, text: 'never posted', since })).toBeNull();
  });

  it('reads likes, reposts + quotes, replies and followers; a deleted post is missing', async () => {
    const { tokens, handle } = await connect();
    const account = { externalId: tokens.connection?.did ?? '', username: handle };
    const kept = await bluesky.publish(tokens, { account, text: 'kept', media: [] });
    const gone = await bluesky.publish(tokens, { account, text: 'gone', media: [] });
    const [, , rkey] = gone.externalId.replace('at://', '').split('/');
    await fetchApp(`${XRPC}/com.atproto.repo.deleteRecord`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ repo: account.externalId, collection: 'app.bsky.feed.post', rkey }),
    });
    const read = await bluesky.readPostMetrics(tokens, {
      account,
      externalIds: [kept.externalId, gone.externalId],
    });
    expect(read.missing).toEqual([gone.externalId]);
    expect(read.metrics[0]).toMatchObject({
      externalId: kept.externalId,
      impressions: null,
      reach: null,
      clicks: null,
    });
    expect(read.metrics[0]?.likes).toEqual(expect.any(Number));
    expect(read.metrics[0]?.shares).toEqual(expect.any(Number));
    expect(await bluesky.readFollowers(tokens, account)).toBeGreaterThan(0);
    // While the AppView has no counts: every metric null, never 0; followers null.
    const noData = providerWith(withFault(fetchApp, 'no-data'));
    const empty = await noData.readPostMetrics(tokens, { account, externalIds: [kept.externalId] });
    expect(empty.metrics).toEqual([{ externalId: kept.externalId, ...notReportedMetrics }]);
    expect(await noData.readFollowers(tokens, account)).toBeNull();
  });

  it('connects through POST /api/user/social-accounts/password; a wrong password is a 400 with words', async () => {
    const { handle, password } = await appPassword();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/social-accounts/password',
      headers: { cookie, origin: TEST_APP_URL },
      payload: { platform: 'bluesky', identifier: handle, password: 'zzzz-zzzz-zzzz-zzzz' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain('app password');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/user/social-accounts/password',
      headers: { cookie, origin: TEST_APP_URL },
      payload: { platform: 'bluesky', identifier: '', password: '' },
    });
    expect(empty.statusCode).toBe(400);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/user/social-accounts/password',
      headers: { cookie, origin: TEST_APP_URL },
      payload: { platform: 'twitter', identifier: handle, password },
    });
    expect(other.statusCode).toBe(400);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/user/social-accounts/password',
      headers: { cookie, origin: TEST_APP_URL },
      payload: { platform: 'bluesky', identifier: handle, password },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      platform: 'bluesky',
      username: handle,
      status: 'connected',
      sandbox: true,
    });
    expect(JSON.stringify(done.json())).not.toContain(password);
    // No OAuth yet: the popup's start says to use an app password, as a 400.
    const popup = await t.app.inject({
      method: 'POST',
      url: '/api/user/social-accounts/connect',
      headers: { cookie, origin: TEST_APP_URL },
      payload: { platform: 'bluesky', server: handle },
    });
    expect(popup.statusCode).toBe(400);
    expect(popup.json().error.message).toContain('app password');
  });
});
