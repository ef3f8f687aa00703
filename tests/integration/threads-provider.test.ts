import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxAccounts, sandboxGrants, sandboxPosts } from '../../src/server/db/schema';
import {
  registerPlatformSimulator,
  SIMULATOR_CREDENTIALS,
  simulatorEndpoints,
} from '../../src/server/integrations/social/simulator';
import {
  InvalidContentError,
  RateLimitedError,
  SocialPlatformError,
  type SocialProvider,
  TokenExpiredError,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../../src/server/integrations/social/social-provider';
import {
  createThreadsProvider,
  THREADS_SCOPES,
} from '../../src/server/integrations/social/threads/threads-provider';
import { injectFetch } from '../../src/server/lib/inject-fetch';
import { expectError, hiddenFields, withFault } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { testImage } from '../fakes/publish-media';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { adapterDatabaseKinds } from '../setup/databases';

const REDIRECT_URI = `${TEST_APP_URL}/api/auth/social/threads/callback`;
const AUTHORIZE_PATH = '/sandbox/threads/oauth/authorize';
const DAY_MS = 86_400_000;
const IMAGE = 'https://images.example/croissant.jpg';
const unique = (text: string) => `${text} ${randomBytes(3).toString('hex')}`;

describe.each(adapterDatabaseKinds)('Threads provider against the platform simulator on %s', (kind) => {
  let t: TestApp;
  let session = '';
  let fetchApp: typeof fetch;
  let threads: SocialProvider;
  const providerWith = (
    fetchImpl: typeof fetch,
    extra: { containerWaitMs?: number; timeoutMs?: number } = {},
  ) =>
    createThreadsProvider({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(TEST_APP_URL, 'threads'),
      sandbox: true,
      fetch: fetchImpl,
      timeoutMs: extra.timeoutMs ?? 5_000,
      containerPollMs: 50,
      containerWaitMs: extra.containerWaitMs ?? 5_000,
    });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    session = (await signUp(t.app)).cookie;
    fetchApp = injectFetch(t.app);
    threads = providerWith(fetchApp);
  });
  afterAll(() => t.close());

  async function authorize(username: string) {
    const url = new URL(threads.authorizeUrl({ state: 'st-1', redirectUri: REDIRECT_URI }));
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
    expect(location.hash).toBe('#_');
    expect(location.searchParams.get('state')).toBe('st-1');
    return location.searchParams.get('code') as string;
  }

  async function connect(username = `th_${randomBytes(4).toString('hex')}`) {
    const tokens = await threads.exchangeCode({ code: await authorize(username), redirectUri: REDIRECT_URI });
    const [account] = await threads.listAccounts(tokens);
    const target = { externalId: account?.externalId as string, username };
    return { tokens, account: target };
  }
  const postsOf = (text: string) =>
    t.ctx.database.db.select().from(sandboxPosts).where(eq(sandboxPosts.text, text));

  it('builds the documented authorize URL and consent page, without PKCE', async () => {
    const url = new URL(threads.authorizeUrl({ state: 'abc', redirectUri: REDIRECT_URI }));
    expect(url.pathname).toBe(AUTHORIZE_PATH);
    expect(url.searchParams.get('scope')).toBe(THREADS_SCOPES.join(','));
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.has('code_challenge')).toBe(false);
    const page = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    expect(page.body).toContain('Threads (Sandbox)');
    expect(page.body).toContain('Publish posts to Threads on your behalf.');
    const foreign = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), scope: 'threads_content_publish' })}`,
      headers: { cookie: session },
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('exchanges the code once for a 60-day long-lived token; reads the profile and its followers', async () => {
    const username = `th_${randomBytes(4).toString('hex')}`;
    const code = await authorize(username);
    await expectError(threads.exchangeCode({ code, redirectUri: `${REDIRECT_URI}/x` }), SocialPlatformError);
    const tokens = await threads.exchangeCode({ code, redirectUri: REDIRECT_URI });
    expect(tokens.refreshToken).toBeNull();
    expect(tokens.scopes).toEqual([...THREADS_SCOPES]);
    const expiresIn = (tokens.expiresAt?.getTime() ?? 0) - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * DAY_MS);
    await expectError(threads.exchangeCode({ code, redirectUri: REDIRECT_URI }), SocialPlatformError);
    const [account] = await threads.listAccounts(tokens);
    expect(account).toMatchObject({
      username,
      avatarUrl: expect.stringContaining('/sandbox/threads/avatars/'),
    });
    expect(account?.followers).toBeGreaterThan(0);
    expect(await threads.readFollowers(tokens, { externalId: account?.externalId as string, username })).toBe(
      account?.followers,
    );
  });

  it('refreshes a token once it is a day old; keeps a young one; an expired one needs a reconnect', async () => {
    const { tokens } = await connect();
    expect(await threads.refreshTokens(tokens)).toBe(tokens);
    await t.ctx.database.db
      .update(sandboxGrants)
      .set({ createdAt: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(sandboxGrants.value, tokens.accessToken));
    const aged = { ...tokens, expiresAt: new Date(Date.now() + 58 * DAY_MS) };
    const fresh = await threads.refreshTokens(aged);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect((fresh.expiresAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(59 * DAY_MS);
    await expectError(
      threads.refreshTokens({ ...tokens, expiresAt: new Date(Date.now() - 1) }),
      TokenExpiredError,
    );
    await expect(threads.revoke(tokens)).resolves.toBeUndefined();
  });

  it('publishes a text post in two steps with a permalink to the sandbox post page; refuses 501 characters', async () => {
    const { tokens, account } = await connect();
    const text = unique('Fresh bread at 7 #bakery');
    const published = await threads.publish(tokens, { account, text, media: [] });
    expect(published.url).toMatch(new RegExp(`/sandbox/threads/@${account.username}/post/[A-Za-z0-9_-]+$`));
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(published.url as string).pathname,
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Fresh bread at 7');
    expect(await postsOf(text)).toMatchObject([{ state: 'published', externalId: published.externalId }]);
    const long = await expectError(
      threads.publish(tokens, { account, text: 'a'.repeat(501), media: [] }),
      InvalidContentError,
    );
    expect(long.message).toContain('at most 500 characters');
    await threads.publish(tokens, { account, text: unique('b'.repeat(490)), media: [] });
  });

  it('publishes an image with alt text, waiting for its container; refuses a GIF and two images as a post', async () => {
    const { tokens, account } = await connect();
    const text = unique('Croissants are out');
    const image = { ...testImage(IMAGE), altText: 'Golden croissants on a tray' };
    const published = await threads.publish(tokens, { account, text, media: [image] });
    const [row] = await postsOf(text);
    expect(row?.media).toMatchObject([{ kind: 'image', url: IMAGE, altText: 'Golden croissants on a tray' }]);
    expect(row?.externalId).toBe(published.externalId);
    const gif = await expectError(
      threads.publish(tokens, {
        account,
        text: unique('A gif'),
        media: [testImage('https://images.example/loop.gif')],
      }),
      InvalidContentError,
    );
    expect(gif.message).toContain('2207052');
    await expectError(
      threads.publish(tokens, { account, text: 'Two', media: [testImage(IMAGE), testImage(IMAGE)] }),
      InvalidContentError,
    );
  });

  it('leaves a container still processing to a later attempt, not a failure', async () => {
    const { tokens, account } = await connect();
    const text = unique('Still processing');
    const impatient = providerWith(fetchApp, { containerWaitMs: 0 });
    const error = await expectError(
      impatient.publish(tokens, { account, text, media: [testImage(IMAGE)] }),
      TransientPlatformError,
    );
    expect(error.message).toContain('nothing was published');
    expect(await postsOf(text)).toMatchObject([{ state: 'container' }]);
  });

  it('maps the 250-posts cap to RateLimitedError with the quota window', async () => {
    const { tokens, account } = await connect();
    const [owner] = await t.ctx.database.db
      .select()
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.externalId, account.externalId));
    await t.ctx.database.db.insert(sandboxPosts).values(
      Array.from({ length: 250 }, (_, index) => ({
        platform: 'threads' as const,
        externalId: `9${String(index).padStart(16, '0')}${randomBytes(1).readUInt8()}`,
        accountId: owner?.id as string,
        text: `Filler ${index}`,
        media: [],
        state: 'published' as const,
        metricsSeed: index,
        publishedAt: new Date(Date.now() - 3_600_000),
      })),
    );
    const capped = await expectError(
      threads.publish(tokens, { account, text: unique('One too many'), media: [] }),
      RateLimitedError,
    );
    expect(capped.message).toContain('250 of 250 posts in 24 h');
    expect((capped.resetAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(23 * 3_600_000);
  });

  it('maps injected faults to our error kinds', async () => {
    const { tokens, account } = await connect();
    const faulty = (fault: string, only?: RegExp) => providerWith(withFault(fetchApp, fault, { only }));
    const text = () => unique('Faulty');
    await expectError(
      faulty('rate-limit').publish(tokens, { account, text: text(), media: [] }),
      RateLimitedError,
    );
    await expectError(
      faulty('expired-token').publish(tokens, { account, text: text(), media: [] }),
      TokenExpiredError,
    );
    await expectError(
      faulty('server-error').publish(tokens, { account, text: text(), media: [] }),
      TransientPlatformError,
    );
    // A 500 on container creation proves nothing public: it repeats; on threads_publish it may have published.
    await expectError(
      faulty('internal-error', /\/threads$/).publish(tokens, { account, text: text(), media: [] }),
      TransientPlatformError,
    );
    const unknown = await expectError(
      faulty('internal-error', /threads_publish/).publish(tokens, { account, text: text(), media: [] }),
      UnknownOutcomeError,
    );
    expect(unknown.hint?.containerId).toMatch(/^\d+$/);
  });

  it('reconciles an unknown outcome by the container: published is found, unpublished is null', async () => {
    const { tokens, account } = await connect();
    const since = new Date();
    const lost = unique('Lost answer');
    const failed = await expectError(
      providerWith(withFault(fetchApp, 'error-after-create', { only: /threads_publish/ })).publish(tokens, {
        account,
        text: lost,
        media: [],
      }),
      UnknownOutcomeError,
    );
    const found = await threads.findPublished?.(tokens, { account, text: lost, since, hint: failed.hint });
    const [row] = await postsOf(lost);
    expect(found).toEqual({ externalId: row?.externalId, url: expect.stringContaining('/post/') });
    // Without the hint: by its text among the account's posts since the attempt.
    expect(await threads.findPublished?.(tokens, { account, text: lost, since })).toEqual(found);

    const never = unique('Never published');
    const refused = await expectError(
      providerWith(withFault(fetchApp, 'internal-error', { only: /threads_publish/ })).publish(tokens, {
        account,
        text: never,
        media: [],
      }),
      UnknownOutcomeError,
    );
    expect(
      await threads.findPublished?.(tokens, { account, text: never, since, hint: refused.hint }),
    ).toBeNull();
    expect(await threads.findPublished?.(tokens, { account, text: never, since })).toBeNull();
  });

  it('reads insights in our names (null where Threads reports none), missing posts, and no data yet', async () => {
    const { tokens, account } = await connect();
    const published = await threads.publish(tokens, { account, text: unique('Measured'), media: [] });
    await t.ctx.database.db
      .update(sandboxPosts)
      .set({ publishedAt: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(sandboxPosts.externalId, published.externalId));
    const { metrics, missing } = await threads.readPostMetrics(tokens, {
      account,
      externalIds: [published.externalId, '17800000000000001'],
    });
    expect(missing).toEqual(['17800000000000001']);
    const [reading] = metrics;
    expect(reading).toMatchObject({
      externalId: published.externalId,
      reach: null,
      clicks: null,
      views: null,
    });
    expect(reading?.impressions).toBeGreaterThan(0);
    expect(typeof reading?.likes).toBe('number');
    expect(typeof reading?.comments).toBe('number');
    expect(typeof reading?.shares).toBe('number');

    const empty = await providerWith(withFault(fetchApp, 'no-data')).readPostMetrics(tokens, {
      account,
      externalIds: [published.externalId],
    });
    expect(empty.metrics[0]).toMatchObject({ impressions: null, likes: null, comments: null, shares: null });
    expect(await providerWith(withFault(fetchApp, 'no-data')).readFollowers(tokens, account)).toBeNull();
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
