import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { sandboxPosts } from '../../src/server/db/schema';
import {
  createLinkedInPageProvider,
  LINKEDIN_PAGE_SCOPES,
} from '../../src/server/integrations/social/linkedin-page/linkedin-page-provider';
import { SIMULATOR_CREDENTIALS, simulatorEndpoints } from '../../src/server/integrations/social/simulator';
import {
  type ExternalAccount,
  InvalidContentError,
  type PublishMedia,
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../../src/server/integrations/social/social-provider';
import { injectFetch } from '../../src/server/lib/inject-fetch';
import { makePdf } from '../factories/pdf';
import { expectError, hiddenFields, withFault } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { VIDEO_FIXTURES } from '../factories/video';
import { testImage } from '../fakes/publish-media';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { adapterDatabaseKinds } from '../setup/databases';

const REDIRECT_URI = `${TEST_APP_URL}/api/auth/social/linkedin_page/callback`;
const AUTHORIZE_PATH = '/sandbox/linkedin-pages/oauth/v2/authorization';
const API = '/sandbox/linkedin-pages/api';

describe.each(adapterDatabaseKinds)('LinkedIn Page provider against the platform simulator on %s', (kind) => {
  let t: TestApp;
  let database: Database;
  let session = '';
  let sim: FastifyInstance;
  let fetchSim: typeof fetch;
  const providerWith = (fetchImpl: typeof fetch, options: { timeoutMs?: number } = {}) =>
    createLinkedInPageProvider({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(TEST_APP_URL, 'linkedin_page'),
      sandbox: true,
      fetch: fetchImpl,
      timeoutMs: options.timeoutMs ?? 5_000,
      imageWait: { firstDelayMs: 50, maxDelayMs: 200, maxWaitMs: 5_000, blindWaitMs: 0 },
      videoWait: { firstDelayMs: 100, maxDelayMs: 200, maxWaitMs: 10_000 },
      documentWait: { firstDelayMs: 100, maxDelayMs: 200, maxWaitMs: 10_000, blindWaitMs: 0 },
    });
  let pages: ReturnType<typeof createLinkedInPageProvider>;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    sim = t.app;
    database = t.ctx.database;
    session = (await signUp(t.app)).cookie;
    fetchSim = injectFetch(sim);
    pages = providerWith(fetchSim);
  });
  afterAll(() => t.close());

  const handle = () => `admin-${randomBytes(4).toString('hex')}`;
  const unique = (text: string) => `${text} ${randomBytes(4).toString('hex')}`;

  /** The consent page as a browser posts it; answers the redirect's query. */
  async function consent(
    extra: Record<string, string>,
    url = pages.authorizeUrl({ state: 'st', redirectUri: REDIRECT_URI }),
  ) {
    const target = new URL(url);
    const page = await sim.inject({
      method: 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { cookie: session },
    });
    if (page.statusCode !== 200) return { page };
    const form = {
      ...hiddenFields(page.body),
      account: '__new__',
      username: handle(),
      decision: 'authorize',
      ...extra,
    };
    const posted = await sim.inject({
      method: 'POST',
      url: AUTHORIZE_PATH,
      headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    return { page, redirect: new URL(String(posted.headers.location)) };
  }

  async function connect(extra: Record<string, string> = {}) {
    const { redirect } = await consent(extra);
    const code = redirect?.searchParams.get('code');
    if (!code) throw new Error(`no code: ${redirect}`);
    const tokens = await pages.exchangeCode({ code, redirectUri: REDIRECT_URI });
    const accounts = await pages.listAccounts(tokens);
    return { tokens, accounts, page: accounts[0] as ExternalAccount };
  }

  it('asks only the Community Management scopes; an OpenID scope refuses the whole authorization', async () => {
    const url = new URL(pages.authorizeUrl({ state: 'st', redirectUri: REDIRECT_URI }));
    expect(url.searchParams.get('scope')).toBe(LINKEDIN_PAGE_SCOPES.join(' '));
    const shown = await sim.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    expect(shown.body).toContain('Pages this member administers');
    url.searchParams.set('scope', 'openid w_organization_social');
    const refused = await sim.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    expect(refused.statusCode).toBe(302);
    expect(new URL(String(refused.headers.location)).searchParams.get('error')).toBe(
      'unauthorized_scope_error',
    );
  });

  it('gets a 60-day token and a 365-day refresh token, refreshes without extending it, refuses a bad one', async () => {
    const { tokens } = await connect();
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.scopes.sort()).toEqual([...LINKEDIN_PAGE_SCOPES].sort());
    const days = (at: Date | null) => Math.round(((at?.getTime() ?? 0) - Date.now()) / 86_400_000);
    expect(days(tokens.expiresAt)).toBe(60);
    expect(days(tokens.refreshExpiresAt)).toBe(365);
    const renewed = await pages.refreshTokens(tokens);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    expect(renewed.refreshToken).toBe(tokens.refreshToken);
    expect(days(renewed.refreshExpiresAt)).toBe(365);
    expect(await pages.listAccounts(renewed)).toHaveLength(1);
    const refused = await expectError(
      pages.refreshTokens({ ...tokens, refreshToken: 'nope' }),
      TokenExpiredError,
    );
    expect(refused.platform).toBe('linkedin_page');
    await expectError(pages.refreshTokens({ ...tokens, refreshToken: null }), TokenExpiredError);
  });

  it('lists the Pages the member administers (not one where they are only an analyst), named, with followers', async () => {
    const { accounts } = await connect({ pages: '2', analyst_page: 'on' });
    expect(accounts).toHaveLength(2);
    for (const account of accounts) {
      expect(account.externalId).toMatch(/^\d+$/);
      expect(account.username).toMatch(/^[a-z0-9-]+$/);
      expect(account.displayName).not.toBe('');
      expect(account.followers).toBeGreaterThan(0);
    }
  });

  it('publishes as the Page (author urn:li:organization), text and an image with its alt text', async () => {
    const { tokens, page } = await connect();
    const text = unique('Hello from our Page (see #launch)');
    const published = await pages.publish(tokens, {
      account: { externalId: page.externalId, username: page.username },
      text,
      media: [],
    });
    expect(published.externalId).toMatch(/^urn:li:share:\d+$/);
    expect(published.url).toBe(`${TEST_APP_URL}/sandbox/linkedin-pages/feed/update/${published.externalId}`);
    const [row] = await database.db
      .select()
      .from(sandboxPosts)
      .where(eq(sandboxPosts.externalId, published.externalId));
    expect(row?.text).toBe(text);
    const shown = await sim.inject({
      method: 'GET',
      url: `/sandbox/linkedin-pages/feed/update/${published.externalId}`,
      headers: { cookie: session },
    });
    expect(shown.body).toContain(page.displayName);

    const image = { ...testImage('https://cdn.example/a.jpg'), altText: 'Our new shop front' };
    const withImage = await pages.publish(tokens, {
      account: { externalId: page.externalId, username: page.username },
      text: unique('With a picture'),
      media: [image],
    });
    const [imageRow] = await database.db
      .select()
      .from(sandboxPosts)
      .where(eq(sandboxPosts.externalId, withImage.externalId));
    expect(imageRow?.media).toEqual([
      expect.objectContaining({ kind: 'image', altText: 'Our new shop front' }),
    ]);
  });

  it('posts a video (Videos API, in parts) and a PDF document with its title as the Page', async () => {
    const { tokens, page } = await connect();
    const account = { externalId: page.externalId, username: page.username };
    const file = readFileSync(VIDEO_FIXTURES.vertical);
    const video: PublishMedia = {
      kind: 'video',
      url: 'https://app.example/media/v.mp4',
      mimeType: 'video/mp4',
      width: 540,
      height: 960,
      sizeBytes: file.length,
      durationMs: 3_500,
      posterUrl: null,
      altText: null,
      read: async () => file,
      readRange: async (start, end) => file.subarray(start, end),
    };
    const watched = await pages.publish(tokens, { account, text: unique('Watch our Page'), media: [video] });
    const [videoRow] = await database.db
      .select()
      .from(sandboxPosts)
      .where(eq(sandboxPosts.externalId, watched.externalId));
    expect(videoRow?.media).toEqual([expect.objectContaining({ kind: 'video' })]);
    const pdf = makePdf({ pages: 2 });
    const deck: PublishMedia = {
      ...video,
      kind: 'document',
      mimeType: 'application/pdf',
      sizeBytes: pdf.length,
      durationMs: null,
      read: async () => pdf,
      readRange: async (start, end) => pdf.subarray(start, end),
    };
    const read = await pages.publish(tokens, {
      account,
      text: unique('Our deck'),
      title: 'Spring menu',
      media: [deck],
    });
    const [deckRow] = await database.db
      .select()
      .from(sandboxPosts)
      .where(eq(sandboxPosts.externalId, read.externalId));
    expect(deckRow?.media).toEqual([
      expect.objectContaining({ kind: 'document', title: 'Spring menu', pageCount: 2 }),
    ]);
  });

  it('refuses posting as a Page the member does not administer with a permission error (403), not a content error', async () => {
    const { tokens } = await connect({ analyst_page: 'on' });
    const other = await connect();
    const error = await expectError(
      pages.publish(tokens, {
        account: { externalId: other.page.externalId, username: '' },
        text: 'Not mine',
        media: [],
      }),
      SocialPlatformError,
    );
    expect(error).not.toBeInstanceOf(InvalidContentError);
    expect(error.platform).toBe('linkedin_page');
    expect(error.message).toContain('403');
    // The analyst Page is in the ACLs, yet posting as it is refused the same way.
    const acls = await sim.inject({
      method: 'GET',
      url: `${API}/rest/organizationAcls?q=roleAssignee`,
      headers: {
        authorization: `Bearer ${tokens.accessToken}`,
        'linkedin-version': '202610',
        'x-restli-protocol-version': '2.0.0',
      },
    });
    const analyst = acls.json().elements.find((acl: { role: string }) => acl.role === 'ANALYST');
    const analystId = String(analyst.organization).split(':').pop() as string;
    await expectError(
      pages.publish(tokens, { account: { externalId: analystId, username: '' }, text: 'Analyst', media: [] }),
      SocialPlatformError,
    );
  });

  it('refuses over 3000 characters and duplicates with InvalidContentError', async () => {
    const { tokens, page } = await connect();
    const account = { externalId: page.externalId, username: page.username };
    await expectError(
      pages.publish(tokens, { account, text: 'x'.repeat(3001), media: [] }),
      InvalidContentError,
    );
    const text = unique('Twice');
    await pages.publish(tokens, { account, text, media: [] });
    const duplicate = await expectError(
      pages.publish(tokens, { account, text, media: [] }),
      InvalidContentError,
    );
    expect(duplicate.platform).toBe('linkedin_page');
  });

  it('finds a post after an unknown outcome by the Page posts, and proves an absent one absent', async () => {
    const { tokens, page } = await connect();
    const account = { externalId: page.externalId, username: page.username };
    const text = unique('Dropped after posting');
    const since = new Date();
    await expectError(
      providerWith(withFault(fetchSim, 'unknown-outcome')).publish(tokens, { account, text, media: [] }),
      UnknownOutcomeError,
    );
    const found = await pages.findPublished?.(tokens, { account, text, since });
    expect(found?.externalId).toMatch(/^urn:li:share:/);
    expect(await pages.findPublished?.(tokens, { account, text: unique('Never sent'), since })).toBeNull();
  });

  it('comments as the Page (the first comment)', async () => {
    const { tokens, page } = await connect();
    const account = { externalId: page.externalId, username: page.username };
    const post = await pages.publish(tokens, { account, text: unique('Commented'), media: [] });
    const comment = await pages.publishReply?.(tokens, {
      account,
      parentExternalId: post.externalId,
      text: 'First!',
      media: [],
    });
    expect(comment?.externalId).toContain(post.externalId);
  });

  it('reads share statistics in our names (clicks reported, views not) and the follower count', async () => {
    const { tokens, page } = await connect();
    const account = { externalId: page.externalId, username: page.username };
    const post = await pages.publish(tokens, { account, text: unique('Measured'), media: [] });
    const { metrics, missing } = await pages.readPostMetrics(tokens, {
      account,
      externalIds: [post.externalId, 'urn:li:share:1'],
    });
    expect(missing).toEqual([]);
    const [reading, unknown] = metrics;
    expect(reading?.externalId).toBe(post.externalId);
    for (const name of ['impressions', 'reach', 'likes', 'comments', 'shares', 'clicks'] as const) {
      expect(typeof reading?.[name]).toBe('number');
    }
    expect(reading?.views).toBeNull();
    expect(unknown?.impressions).toBeNull();
    expect(await pages.readFollowers(tokens, account)).toBe(page.followers);
    const empty = await providerWith(withFault(fetchSim, 'no-data')).readPostMetrics(tokens, {
      account,
      externalIds: [post.externalId],
    });
    expect(empty.metrics[0]?.impressions).toBeNull();
  });

  it("maps injected faults to our error kinds, labelled as the Page platform's", async () => {
    const { tokens, page } = await connect();
    const account = { externalId: page.externalId, username: page.username };
    const input = { account, text: unique('Faulty'), media: [] };
    const limited = await expectError(
      providerWith(withFault(fetchSim, 'rate-limit')).publish(tokens, input),
      RateLimitedError,
    );
    expect(limited.platform).toBe('linkedin_page');
    expect(limited.resetAt).toBeNull();
    await expectError(
      providerWith(withFault(fetchSim, 'expired-token')).listAccounts(tokens),
      TokenExpiredError,
    );
    const expired = await expectError(
      providerWith(withFault(fetchSim, 'expired-token')).publish(tokens, input),
      TokenExpiredError,
    );
    expect(expired.platform).toBe('linkedin_page');
    const down = await expectError(
      providerWith(withFault(fetchSim, 'server-error')).publish(tokens, input),
      TransientPlatformError,
    );
    expect(down.platform).toBe('linkedin_page');
    await expectError(
      providerWith(withFault(fetchSim, 'rate-limit')).readFollowers(tokens, account),
      RateLimitedError,
    );
    const slow = providerWith(withFault(fetchSim, 'slow', { delayMs: 400 }), { timeoutMs: 100 });
    const read = await expectError(slow.listAccounts(tokens), TransientPlatformError);
    expect(read.platform).toBe('linkedin_page');
    // The slow call still runs in the simulator: let it end before the app closes.
    await sleep(450);
    expect(await pages.listAccounts(tokens)).toHaveLength(1);
  });
});
