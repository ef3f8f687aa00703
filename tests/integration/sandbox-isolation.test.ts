import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishingPlatform } from '../../src/contracts/platforms';
import type { SocialProvider, TokenSet } from '../../src/server/integrations/social/social-provider';
import { hiddenFields } from '../factories/sandbox';
import { addMember } from '../factories/team';
import { signUp } from '../factories/users';
import { linkedInAnalyticsTokens } from '../fakes/linkedin/analytics-grant';
import { testImage } from '../fakes/publish-media';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * The simulator is no attack surface (issue 18, item 11; decision 036): a sandbox identity belongs
 * to the workspace whose member created it on the consent page, and only that workspace sees,
 * chooses, connects, reads and arms faults for it. Every attack here is an outsider's: a member
 * of another workspace, nobody signed in, a forged id or a forged cookie.
 */

const unique = () => randomBytes(4).toString('hex');
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_APP_URL };

describe.each(databaseKinds)('sandbox identities and faults belong to one workspace on %s', (kind) => {
  let t: TestApp;
  let alice: { cookie: string };
  let mallory: { cookie: string };
  beforeAll(async () => {
    t = await buildTestApp(kind);
    alice = await signUp(t.app, { firstName: 'Alice' });
    mallory = await signUp(t.app, { firstName: 'Mallory' });
  });
  afterAll(() => t.close());

  /** The provider's authorize URL (path and query), as Kitepost sends the browser to it. */
  function authorizeUrl(platform: PublishingPlatform) {
    const provider = t.ctx.socialProviders[platform] as SocialProvider;
    const verifier = randomBytes(32).toString('base64url');
    const redirectUri = `${TEST_APP_URL}/api/auth/social/${platform}/callback`;
    const url = new URL(
      provider.authorizeUrl({
        state: unique(),
        redirectUri,
        ...(provider.usesPkce
          ? { codeChallenge: createHash('sha256').update(verifier).digest('base64url') }
          : {}),
      }),
    );
    return { provider, verifier, redirectUri, url };
  }

  /** Signs in on the consent page as `username` with this session; answers the page's answer. */
  async function consent(
    platform: PublishingPlatform,
    cookie: string | null,
    fields: Record<string, string>,
    extraCookie = '',
  ) {
    const { url, ...rest } = authorizeUrl(platform);
    const cookies = [cookie, extraCookie].filter(Boolean).join('; ');
    const headers = cookies ? { cookie: cookies } : {};
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers });
    const posted = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { ...FORM, ...headers },
      payload: new URLSearchParams({
        ...hiddenFields(page.body),
        decision: 'authorize',
        ...(platform === 'facebook' ? { pages: '1', page_name: '' } : {}),
        ...fields,
      }).toString(),
    });
    return { page, posted, ...rest };
  }

  /** A new identity of the platform for this session's workspace, with its tokens. */
  async function connect(platform: PublishingPlatform, cookie: string, username = `u${unique()}`) {
    const { posted, provider, verifier, redirectUri } = await consent(platform, cookie, {
      account: '__new__',
      username,
    });
    expect(posted.statusCode).toBe(302);
    const code = new URL(String(posted.headers.location)).searchParams.get('code') as string;
    const userTokens = await provider.exchangeCode({
      code,
      redirectUri,
      ...(provider.usesPkce ? { codeVerifier: verifier } : {}),
    });
    const [account] = await provider.listAccounts(userTokens);
    if (!account) throw new Error(`no ${platform} account`);
    const tokens: TokenSet = account.tokens ?? userTokens;
    const remembered = String(posted.headers['set-cookie'] ?? '').split(';')[0] as string;
    return { provider, tokens, account, username, remembered };
  }

  describe('the consent page', () => {
    it('asks whoever is not signed in to sign in to Kitepost, and issues no code', async () => {
      for (const platform of ['twitter', 'linkedin', 'facebook', 'instagram'] as const) {
        const { page, posted } = await consent(platform, null, {
          account: '__new__',
          username: `u${unique()}`,
        });
        expect(page.statusCode).toBe(401);
        expect(page.body).toContain('Sign in to Kitepost first');
        expect(page.body).not.toContain('<form');
        expect(posted.statusCode).toBe(401);
        expect(posted.headers.location).toBeUndefined();
      }
    });

    it('refuses a member whose role cannot connect accounts', async () => {
      const viewer = await addMember(t.app, alice.cookie, 'viewer');
      const { page, posted } = await consent('twitter', viewer.cookie, {
        account: '__new__',
        username: `u${unique()}`,
      });
      expect(page.statusCode).toBe(403);
      expect(posted.statusCode).toBe(403);
      expect(posted.headers.location).toBeUndefined();
    });

    it("neither offers nor lets another workspace choose an identity, even with its owner's cookie", async () => {
      for (const platform of ['twitter', 'linkedin', 'facebook', 'instagram'] as const) {
        const username = platform === 'linkedin' ? `alice-${unique()}` : `alice_${unique()}`;
        const alices = await connect(platform, alice.cookie, username);
        // Alice's browser is offered her identity again.
        const again = await consent(platform, alice.cookie, {}, alices.remembered);
        expect(again.page.body).toContain(`@${username}`);
        // Mallory forges Alice's "used before" cookie: her page does not list Alice's identity,
        expect(alices.remembered).toMatch(/^kitepost_sandbox_\w+=[0-9a-f-]{36}/);
        const forged = await consent(platform, mallory.cookie, { account: username }, alices.remembered);
        expect(forged.page.statusCode).toBe(200);
        expect(forged.page.body).not.toContain(username);
        // and choosing it by name (radio value or typed) is refused without a code.
        expect(forged.posted.statusCode).toBe(400);
        expect(forged.posted.body).toContain('That username is taken');
        expect(forged.posted.headers.location).toBeUndefined();
        const typed = await consent(platform, mallory.cookie, { account: '__new__', username });
        expect(typed.posted.statusCode).toBe(400);
        expect(typed.posted.headers.location).toBeUndefined();
      }
    });

    it('the same handle signs the same workspace in again, to the same identity', async () => {
      const first = await connect('twitter', alice.cookie);
      const second = await connect('twitter', alice.cookie, first.username);
      expect(second.account.externalId).toBe(first.account.externalId);
    });
  });

  describe("another workspace's posts and metrics", () => {
    it('X: cannot be read through the API, the post page or the avatar', async () => {
      const alices = await connect('twitter', alice.cookie);
      const mallorys = await connect('twitter', mallory.cookie);
      const text = `Alice's secret launch ${unique()}`;
      const published = await alices.provider.publish(alices.tokens, {
        account: { externalId: alices.account.externalId, username: alices.account.username },
        text,
        media: [],
      });
      // Mallory's token reads it by id, and reads Alice's timeline and profile by id: not found.
      const lookup = await t.app.inject({
        method: 'GET',
        url: `/sandbox/twitter/api/2/tweets?ids=${published.externalId}&tweet.fields=public_metrics`,
        headers: { authorization: `Bearer ${mallorys.tokens.accessToken}` },
      });
      expect(lookup.statusCode).toBe(200);
      expect(lookup.body).not.toContain(text);
      expect(lookup.json().data).toBeUndefined();
      const timeline = await t.app.inject({
        method: 'GET',
        url: `/sandbox/twitter/api/2/users/${alices.account.externalId}/tweets`,
        headers: { authorization: `Bearer ${mallorys.tokens.accessToken}` },
      });
      expect(timeline.statusCode).toBe(404);
      expect(timeline.body).not.toContain(text);
      // Alice's own token still reads it.
      const own = await t.app.inject({
        method: 'GET',
        url: `/sandbox/twitter/api/2/tweets?ids=${published.externalId}`,
        headers: { authorization: `Bearer ${alices.tokens.accessToken}` },
      });
      expect(own.json().data[0].text).toBe(text);

      const pagePath = new URL(published.url ?? '').pathname;
      const avatar = `/sandbox/twitter/avatars/${alices.account.externalId}.svg`;
      for (const cookie of [mallory.cookie, null]) {
        const headers = cookie ? { cookie } : {};
        const page = await t.app.inject({ method: 'GET', url: pagePath, headers });
        expect(page.statusCode).toBe(404);
        expect(page.body).not.toContain(text);
        const short = await t.app.inject({
          method: 'GET',
          url: `/sandbox/twitter/i/web/status/${published.externalId}`,
          headers,
        });
        expect(short.statusCode).toBe(404);
        expect((await t.app.inject({ method: 'GET', url: avatar, headers })).statusCode).toBe(404);
      }
      const alicePage = await t.app.inject({
        method: 'GET',
        url: pagePath,
        headers: { cookie: alice.cookie },
      });
      expect(alicePage.statusCode).toBe(200);
      expect(alicePage.body).toContain('secret launch');
    });

    it('Facebook: a post and its insights cannot be read with another workspace’s Page token', async () => {
      const alices = await connect('facebook', alice.cookie);
      const mallorys = await connect('facebook', mallory.cookie);
      const text = `Alice's Page news ${unique()}`;
      const published = await alices.provider.publish(alices.tokens, {
        account: { externalId: alices.account.externalId, username: alices.account.username },
        text,
        media: [],
      });
      const asMallory = { authorization: `Bearer ${mallorys.tokens.accessToken}` };
      const read = await t.app.inject({
        method: 'GET',
        url: `/sandbox/facebook/graph/v23.0/${published.externalId}?fields=message`,
        headers: asMallory,
      });
      // The Graph API's answer for an object that does not exist (or may not be seen).
      expect(read.statusCode).toBe(400);
      expect(read.body).toContain('does not exist');
      expect(read.body).not.toContain(text);
      const insights = await t.app.inject({
        method: 'GET',
        url: `/sandbox/facebook/graph/v23.0/${published.externalId}/insights?metric=post_impressions`,
        headers: asMallory,
      });
      expect(insights.statusCode).toBe(400);
      expect(insights.body).toContain('does not exist');
      const page = await t.app.inject({
        method: 'GET',
        url: new URL(published.url ?? '').pathname,
        headers: { cookie: mallory.cookie },
      });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain(text);
    });
  });

  it.each(['twitter', 'linkedin', 'facebook', 'instagram'] as const)(
    '%s: another workspace reads no metrics of its posts, as if they did not exist',
    async (platform) => {
      const alices = await connect(platform, alice.cookie);
      const mallorys = await connect(platform, mallory.cookie);
      const published = await alices.provider.publish(alices.tokens, {
        account: { externalId: alices.account.externalId, username: alices.account.username },
        text: `Metrics of ${platform} ${unique()}`,
        media: platform === 'instagram' ? [testImage(`https://cdn.example/${unique()}.jpg`)] : [],
      });
      // LinkedIn's numbers need a Community Management app's token (decision 042).
      const reader = async (c: typeof alices) =>
        platform === 'linkedin' ? linkedInAnalyticsTokens(t.ctx.database.db, c.tokens) : c.tokens;
      const own = await alices.provider.readPostMetrics(await reader(alices), {
        account: { externalId: alices.account.externalId, username: alices.account.username },
        externalIds: [published.externalId],
      });
      expect(own.metrics.map((m) => m.externalId)).toEqual([published.externalId]);
      const theirs = await mallorys.provider.readPostMetrics(await reader(mallorys), {
        account: { externalId: mallorys.account.externalId, username: mallorys.account.username },
        externalIds: [published.externalId],
      });
      expect(theirs.metrics).toEqual([]);
      expect(theirs.missing).toEqual([published.externalId]);
    },
  );

  describe('/sandbox/faults', () => {
    const arm = (cookie: string | null, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/faults',
        payload: body,
        ...(cookie ? { headers: { cookie } } : {}),
      });
    const list = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/sandbox/faults', headers: { cookie } })).json<{
        faults: Array<{ account: { externalId: string } }>;
      }>().faults;

    it('answers 401 to nobody signed in, for every verb, before reading anything', async () => {
      const alices = await connect('twitter', alice.cookie);
      const body = { platform: 'twitter', account: alices.account.externalId, fault: 'server-error' };
      expect((await arm(null, body)).statusCode).toBe(401);
      expect((await arm(null, { platform: 'nope' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/sandbox/faults' })).statusCode).toBe(401);
      const cleared = await t.app.inject({
        method: 'DELETE',
        url: `/sandbox/faults?platform=twitter&account=${alices.account.externalId}`,
      });
      expect(cleared.statusCode).toBe(401);
    });

    it("another workspace gets the same 404 for Alice's account as for a made-up one", async () => {
      const alices = await connect('twitter', alice.cookie);
      const forged = await arm(mallory.cookie, {
        platform: 'twitter',
        account: '1234567890123456789',
        fault: 'server-error',
      });
      expect(forged.statusCode).toBe(404);
      for (const account of [alices.account.externalId, alices.username]) {
        const attempt = await arm(mallory.cookie, { platform: 'twitter', account, fault: 'server-error' });
        expect(attempt.statusCode).toBe(404);
        expect(attempt.json().error).toBe(forged.json().error.replace('1234567890123456789', account));
      }
      // Alice's faults are not listed to Mallory, nor cleared by her.
      const armed = await arm(alice.cookie, {
        platform: 'twitter',
        account: alices.account.externalId,
        fault: 'server-error',
        times: 'always',
      });
      expect(armed.statusCode).toBe(201);
      expect((await list(mallory.cookie)).map((f) => f.account.externalId)).not.toContain(
        alices.account.externalId,
      );
      for (const url of [
        `/sandbox/faults?platform=twitter&account=${alices.account.externalId}`,
        '/sandbox/faults?platform=twitter',
        '/sandbox/faults',
      ]) {
        const cleared = await t.app.inject({ method: 'DELETE', url, headers: { cookie: mallory.cookie } });
        expect(cleared.json()).toEqual({ cleared: 0 });
      }
      expect((await list(alice.cookie)).map((f) => f.account.externalId)).toContain(
        alices.account.externalId,
      );
      await t.app.inject({ method: 'DELETE', url: '/sandbox/faults', headers: { cookie: alice.cookie } });
    });

    it("a member whose role cannot manage accounts gets 403, even for the workspace's own account", async () => {
      const alices = await connect('twitter', alice.cookie);
      const editor = await addMember(t.app, alice.cookie, 'editor');
      const attempt = await arm(editor.cookie, {
        platform: 'twitter',
        account: alices.account.externalId,
        fault: 'server-error',
      });
      expect(attempt.statusCode).toBe(403);
      const admin = await addMember(t.app, alice.cookie, 'admin');
      const allowed = await arm(admin.cookie, {
        platform: 'twitter',
        account: alices.account.externalId,
        fault: 'server-error',
      });
      expect(allowed.statusCode).toBe(201);
      await t.app.inject({ method: 'DELETE', url: '/sandbox/faults', headers: { cookie: admin.cookie } });
    });
  });
});
