import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGoogleBusinessProvider,
  GOOGLE_BUSINESS_SCOPES,
} from '../../src/server/integrations/social/google-business/google-business-provider';
import { SIMULATOR_CREDENTIALS, simulatorEndpoints } from '../../src/server/integrations/social/simulator';
import {
  type ExternalAccount,
  InvalidContentError,
  type PublishInput,
  RateLimitedError,
  type SocialProvider,
  TokenExpiredError,
  type TokenSet,
  UnknownOutcomeError,
} from '../../src/server/integrations/social/social-provider';
import { injectFetch } from '../../src/server/lib/inject-fetch';
import { expectError, hiddenFields } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { testImage } from '../fakes/publish-media';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { adapterDatabaseKinds } from '../setup/databases';

const REDIRECT_URI = `${TEST_APP_URL}/api/auth/social/google_business/callback`;
const AUTHORIZE_PATH = '/sandbox/google-business/o/oauth2/v2/auth';
const API = '/sandbox/google-business/api';

describe.each(adapterDatabaseKinds)(
  'Google Business Profile provider against the platform simulator on %s',
  (kind) => {
    let t: TestApp;
    let sim: FastifyInstance;
    let session = '';
    let fetchSim: typeof fetch;
    const providerWith = (fetchImpl: typeof fetch, timeoutMs = 5_000) =>
      createGoogleBusinessProvider({
        ...SIMULATOR_CREDENTIALS,
        ...simulatorEndpoints(TEST_APP_URL, 'google_business'),
        sandbox: true,
        fetch: fetchImpl,
        timeoutMs,
        postWait: { attempts: 20, intervalMs: 100 },
      });
    let gbp: SocialProvider;

    beforeAll(async () => {
      t = await buildTestApp(kind);
      sim = t.app;
      session = (await signUp(t.app)).cookie;
      fetchSim = injectFetch(sim);
      gbp = providerWith(fetchSim);
    });
    afterAll(() => t.close());

    // Letters only: a run of seven digits would read as a phone number, which Google rejects.
    const unique = (text: string) =>
      `${text} ${randomBytes(6)
        .toString('hex')
        .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)] as string)}`;

    /** Google's consent page, approved as a new Google user; answers the tokens and the locations. */
    async function connect(): Promise<{
      tokens: TokenSet;
      accounts: ExternalAccount[];
      location: ExternalAccount;
    }> {
      const verifier = randomBytes(32).toString('base64url');
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const url = new URL(
        gbp.authorizeUrl({ state: 'st', redirectUri: REDIRECT_URI, codeChallenge: challenge }),
      );
      const page = await sim.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { cookie: session },
      });
      expect(page.statusCode, page.body).toBe(200);
      const form = {
        ...hiddenFields(page.body),
        account: '__new__',
        username: `shop_${randomBytes(4).toString('hex')}`,
        decision: 'authorize',
      };
      const posted = await sim.inject({
        method: 'POST',
        url: AUTHORIZE_PATH,
        headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
      const code = new URL(String(posted.headers.location)).searchParams.get('code');
      if (!code) throw new Error(`no code: ${posted.headers.location}`);
      const tokens = await gbp.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier });
      const accounts = await gbp.listAccounts(tokens);
      return { tokens, accounts, location: accounts[0] as ExternalAccount };
    }

    const input = (location: ExternalAccount, overrides: Partial<PublishInput> = {}): PublishInput => ({
      account: { externalId: location.externalId, username: location.username },
      text: unique('Fresh sourdough from 7 am'),
      media: [],
      ...overrides,
    });

    /** Arms a sandbox fault for the location's next calls of that kind, as a signed-in member. */
    async function arm(location: ExternalAccount, fault: string, on: string, times: number | 'always' = 1) {
      const answer = await sim.inject({
        method: 'POST',
        url: '/sandbox/faults',
        headers: { cookie: session, 'content-type': 'application/json' },
        payload: { platform: 'google_business', account: location.externalId, fault, on, times },
      });
      expect(answer.statusCode, answer.body).toBeLessThan(300);
    }

    it('asks business.manage with offline access; lists the user’s locations as v4 paths; refreshes and revokes', async () => {
      const url = new URL(gbp.authorizeUrl({ state: 'st', redirectUri: REDIRECT_URI }));
      expect(url.searchParams.get('scope')).toBe(GOOGLE_BUSINESS_SCOPES.join(' '));
      expect(url.searchParams.get('access_type')).toBe('offline');
      const { tokens, accounts } = await connect();
      expect(tokens.refreshToken).toBeTruthy();
      expect(accounts).toHaveLength(2);
      for (const account of accounts) {
        expect(account.externalId).toMatch(/^accounts\/\d+\/locations\/\d+$/);
        expect(account.followers).toBeNull();
        expect(account.displayName).not.toBe('');
      }
      const renewed = await gbp.refreshTokens(tokens);
      expect(renewed.accessToken).not.toBe(tokens.accessToken);
      expect(await gbp.listAccounts(renewed)).toEqual(accounts);
      await gbp.revoke(renewed);
      await expectError(gbp.listAccounts(renewed), TokenExpiredError);
    });

    it('publishes a What’s new post with a photo and a button: PROCESSING, then LIVE with its search link', async () => {
      const { tokens, location } = await connect();
      const published = await gbp.publish(
        tokens,
        input(location, {
          media: [testImage('https://cdn.example/shop-800x600.jpg')],
          options: { googleBusiness: { action: 'ORDER', actionUrl: 'https://example.com/order' } },
        }),
      );
      expect(published.externalId).toMatch(new RegExp(`^${location.externalId}/localPosts/\\d+$`));
      expect(published.url).toMatch(/\/sandbox\/google-business\/posts\/\d+$/);
      const page = await sim.inject({
        method: 'GET',
        url: new URL(published.url as string).pathname,
        headers: { cookie: session },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(location.displayName);
      const read = await sim.inject({
        method: 'GET',
        url: `${API}/mybusiness/v4/${published.externalId}`,
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      expect(read.json()).toMatchObject({
        state: 'LIVE',
        topicType: 'STANDARD',
        callToAction: { actionType: 'ORDER', url: 'https://example.com/order' },
        media: [{ mediaFormat: 'PHOTO', sourceUrl: 'https://cdn.example/shop-800x600.jpg' }],
      });
    });

    it('publishes an Event and an Offer with their schedule, coupon and terms', async () => {
      const { tokens, location } = await connect();
      const event = await gbp.publish(
        tokens,
        input(location, {
          options: {
            googleBusiness: {
              topic: 'EVENT',
              eventTitle: 'Tasting night',
              startsAt: '2026-12-05T18:30',
              endsAt: '2026-12-05T21:00',
              action: 'BOOK',
              actionUrl: 'https://example.com/book',
            },
          },
        }),
      );
      const offer = await gbp.publish(
        tokens,
        input(location, {
          options: {
            googleBusiness: {
              topic: 'OFFER',
              eventTitle: '20% off all loaves',
              startsAt: '2026-12-01T00:00',
              endsAt: '2026-12-24T23:59',
              couponCode: 'XMAS20',
              terms: 'One per customer.',
            },
          },
        }),
      );
      const read = async (name: string) =>
        (
          await sim.inject({
            method: 'GET',
            url: `${API}/mybusiness/v4/${name}`,
            headers: { authorization: `Bearer ${tokens.accessToken}` },
          })
        ).json();
      expect(await read(event.externalId)).toMatchObject({
        topicType: 'EVENT',
        event: { title: 'Tasting night', schedule: { startTime: { hours: 18, minutes: 30 } } },
      });
      expect(await read(offer.externalId)).toMatchObject({
        topicType: 'OFFER',
        offer: { couponCode: 'XMAS20', termsConditions: 'One per customer.' },
      });
    });

    it('refuses what Google refuses: a summary too long, a photo too small, an event without a schedule, a video', async () => {
      const { tokens, location } = await connect();
      const long = await expectError(
        gbp.publish(tokens, input(location, { text: 'a'.repeat(1501) })),
        InvalidContentError,
      );
      expect(long.message).toContain('summary');
      const small = await expectError(
        gbp.publish(tokens, input(location, { media: [testImage('https://cdn.example/tiny.jpg')] })),
        InvalidContentError,
      );
      expect(small.message).toContain('250');
      const post = (body: unknown) =>
        sim.inject({
          method: 'POST',
          url: `${API}/mybusiness/v4/${location.externalId}/localPosts`,
          headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      const noSchedule = await post({ topicType: 'EVENT', summary: 'x', event: { title: 'Party' } });
      expect(noSchedule.statusCode).toBe(400);
      expect(noSchedule.json().error.status).toBe('INVALID_ARGUMENT');
      const video = await post({
        topicType: 'STANDARD',
        summary: 'x',
        media: [{ mediaFormat: 'VIDEO', sourceUrl: 'https://cdn.example/v.mp4' }],
      });
      expect(video.statusCode).toBe(400);
      const other = await connect();
      const notMine = await sim.inject({
        method: 'POST',
        url: `${API}/mybusiness/v4/${other.location.externalId}/localPosts`,
        headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ topicType: 'STANDARD', summary: 'x' }),
      });
      expect(notMine.statusCode).toBe(403);
    });

    it('fails a post Google rejects after review (a phone number, or the post-rejected fault) with words', async () => {
      const { tokens, location } = await connect();
      const phone = await expectError(
        gbp.publish(tokens, input(location, { text: unique('Call 555 123 4567 to book') })),
        InvalidContentError,
      );
      expect(phone.message).toContain('REJECTED');
      await arm(location, 'post-rejected', 'publish');
      await expectError(gbp.publish(tokens, input(location)), InvalidContentError);
      expect((await gbp.publish(tokens, input(location))).url).toBeTruthy();
    });

    it('is rate limited (quota, and 10 edits a minute a profile) and sees a revoked token', async () => {
      const { tokens, location } = await connect();
      await arm(location, 'rate-limit', 'publish');
      const limited = await expectError(gbp.publish(tokens, input(location)), RateLimitedError);
      expect(limited.resetAt?.getTime()).toBeGreaterThan(Date.now());
      for (let index = 0; index < 10; index++) {
        const made = await sim.inject({
          method: 'POST',
          url: `${API}/mybusiness/v4/${location.externalId}/localPosts`,
          headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ topicType: 'STANDARD', summary: `edit ${index}` }),
        });
        expect(made.statusCode).toBe(200);
      }
      await expectError(gbp.publish(tokens, input(location)), RateLimitedError);

      const other = await connect();
      await arm(other.location, 'revoked-token', 'read');
      await expectError(
        gbp.findPublished?.(other.tokens, {
          account: input(other.location).account,
          text: 'x',
          since: new Date(),
        }) as Promise<unknown>,
        TokenExpiredError,
      );
      await expectError(gbp.listAccounts(other.tokens), TokenExpiredError);
      await expectError(gbp.refreshTokens(other.tokens), TokenExpiredError);
    });

    it('reconciles an unknown outcome from the location’s posts; reports no metrics and no followers', async () => {
      const { tokens, location } = await connect();
      const since = new Date(Date.now() - 1000);
      await arm(location, 'unknown-outcome', 'publish');
      const again = input(location);
      await expectError(gbp.publish(tokens, again), UnknownOutcomeError);
      const found = await gbp.findPublished?.(tokens, { account: again.account, text: again.text, since });
      expect(found?.externalId).toMatch(/\/localPosts\/\d+$/);
      expect(
        await gbp.findPublished?.(tokens, { account: again.account, text: 'never sent', since }),
      ).toBeNull();
      const metrics = await gbp.readPostMetrics(tokens, {
        account: again.account,
        externalIds: [found?.externalId as string],
      });
      expect(metrics.metrics[0]).toMatchObject({ impressions: null, clicks: null, views: null });
      expect(await gbp.readFollowers(tokens, again.account)).toBeNull();
    });
  },
);
