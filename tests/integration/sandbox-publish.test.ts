import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishingPlatform } from '../../src/contracts/platforms';
import {
  type ExternalAccount,
  InvalidContentError,
  type PublishMedia,
  RateLimitedError,
  type SocialProvider,
  TokenExpiredError,
  type TokenSet,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../../src/server/integrations/social/social-provider';
import { expectError, hiddenFields } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { PNG_BYTES, testImage } from '../fakes/publish-media';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * Publishing as the publishing worker does it: the app's own adapters (ctx.socialProviders),
 * pointed at the built-in platform simulator, with images, reconciliation (findPublished) and the
 * faults a test arms per account through `POST /sandbox/faults` (the worker sends no test headers).
 */

const platforms: PublishingPlatform[] = ['twitter', 'linkedin', 'facebook', 'instagram'];
const unique = () => randomBytes(4).toString('hex');
const image = (name = unique()) => testImage(`https://cdn.example/${name}.jpg`);

interface Connection {
  provider: SocialProvider;
  tokens: TokenSet;
  account: ExternalAccount;
  /** What the publishing port takes as the account. */
  as: { externalId: string; username: string };
}

describe.each(databaseKinds)('publishing through the platform simulator on %s', (kind) => {
  let t: TestApp;
  /** A member of the workspace that creates the sandbox identities (decision 036). */
  let session = '';
  beforeAll(async () => {
    t = await buildTestApp(kind);
    session = (await signUp(t.app)).cookie;
  });
  afterAll(() => t.close());

  /** The consent flow of the platform's simulator, then the code exchange and the account list. */
  async function connect(platform: PublishingPlatform): Promise<Connection> {
    const provider = t.ctx.socialProviders[platform] as SocialProvider;
    const redirectUri = `${TEST_APP_URL}/api/auth/social/${platform}/callback`;
    const verifier = randomBytes(32).toString('base64url');
    const url = new URL(
      provider.authorizeUrl({
        state: unique(),
        redirectUri,
        ...(provider.usesPkce
          ? { codeChallenge: createHash('sha256').update(verifier).digest('base64url') }
          : {}),
      }),
    );
    const page = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(200);
    const form = {
      ...hiddenFields(page.body),
      account: '__new__',
      username: `u${unique()}`,
      decision: 'authorize',
      ...(platform === 'facebook' ? { pages: '1', page_name: '' } : {}),
    };
    const consent = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded', origin: TEST_APP_URL },
      payload: new URLSearchParams(form).toString(),
    });
    expect(consent.statusCode).toBe(302);
    const code = new URL(String(consent.headers.location)).searchParams.get('code') as string;
    const userTokens = await provider.exchangeCode({
      code,
      redirectUri,
      ...(provider.usesPkce ? { codeVerifier: verifier } : {}),
    });
    const [account] = await provider.listAccounts(userTokens);
    if (!account) throw new Error(`no ${platform} account`);
    return {
      provider,
      tokens: account.tokens ?? userTokens,
      account,
      as: { externalId: account.externalId, username: account.username },
    };
  }

  const arm = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/sandbox/faults', headers: { cookie: session }, payload: body });
  const armFor = async (platform: PublishingPlatform, c: Connection, fault: string, extra = {}) => {
    const armed = await arm({ platform, account: c.account.externalId, fault, ...extra });
    expect(armed.statusCode).toBe(201);
  };
  const publish = (c: Connection, text: string, media: PublishMedia[] = []) =>
    c.provider.publish(c.tokens, { account: c.as, text, media });
  /** Instagram cannot post text alone: every post there carries one image. */
  const mediaFor = (platform: PublishingPlatform) => (platform === 'instagram' ? [image()] : []);
  const pageOf = async (url: string | null) => {
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(url ?? '').pathname,
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(200);
    return page.body;
  };

  it('X: uploads images, shows them on the post page, serves their bytes', async () => {
    const x = await connect('twitter');
    const text = `Two photos ${unique()}`;
    const published = await publish(x, text, [image(), testImage('https://cdn.example/b.png')]);
    expect(published.url).toBe(
      `${TEST_APP_URL}/sandbox/twitter/${x.account.username}/status/${published.externalId}`,
    );
    const html = await pageOf(published.url);
    const sources = [...html.matchAll(/<img src="(\/sandbox\/twitter\/media\/\d+\.(?:jpg|png))"/g)].map(
      (m) => m[1],
    );
    expect(sources).toHaveLength(2);
    const served = await t.app.inject({
      method: 'GET',
      url: sources[1] as string,
      headers: { cookie: session },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(html).toContain('alt="The post&#39;s image 1 of 2"');
  });

  it('LinkedIn: one image as content.media, several as multiImage, shown on the post page', async () => {
    const li = await connect('linkedin');
    const one = await publish(li, `One image ${unique()}`, [image()]);
    expect(
      (await pageOf(one.url)).match(/<img src="\/sandbox\/linkedin\/media\/[A-Za-z0-9]+\.jpg"/g),
    ).toHaveLength(1);
    const three = await publish(li, `Three images (and #hashtags) ${unique()}`, [image(), image(), image()]);
    const html = await pageOf(three.url);
    expect(html.match(/<img src="\/sandbox\/linkedin\/media\/[A-Za-z0-9]+\.jpg"/g)).toHaveLength(3);
    expect(html).toContain('Three images (and #hashtags)');
  });

  it('Facebook: photos uploaded unpublished by URL, then attached to the feed post', async () => {
    const fb = await connect('facebook');
    const name = unique();
    const published = await publish(fb, `Our new menu ${name}`, [image(`${name}-a`), image(`${name}-b`)]);
    expect(published.externalId).toMatch(new RegExp(`^${fb.account.externalId}_\\d+$`));
    const html = await pageOf(published.url);
    expect(html).toContain(`<img src="https://cdn.example/${name}-a.jpg"`);
    expect(html).toContain(`<img src="https://cdn.example/${name}-b.jpg"`);
    expect((await publish(fb, `Text only ${name}`)).externalId).toMatch(/_\d+$/);
  });

  it('Instagram: exactly one image; the permalink page shows it', async () => {
    const ig = await connect('instagram');
    await expectError(publish(ig, 'No image'), InvalidContentError);
    await expectError(publish(ig, 'Two images', [image(), image()]), InvalidContentError);
    const name = unique();
    const published = await publish(ig, `A photo ${name}`, [image(name)]);
    expect(published.url).toMatch(/\/sandbox\/instagram\/p\/[A-Za-z0-9_-]+\/$/);
    expect(await pageOf(published.url)).toContain(`<img src="https://cdn.example/${name}.jpg"`);
  });

  it.each(platforms)(
    '%s: findPublished finds a published post by its text, and answers null for another',
    async (platform) => {
      const c = await connect(platform);
      const since = new Date();
      const text = `Found again (${unique()}) https://example.com/a?b=1 & more`;
      const published = await publish(c, text, mediaFor(platform));
      const find = c.provider.findPublished?.bind(c.provider);
      expect(find).toBeDefined();
      expect(await find?.(c.tokens, { account: c.as, text, since })).toEqual(published);
      expect(
        await find?.(c.tokens, { account: c.as, text: `Never published ${unique()}`, since }),
      ).toBeNull();
    },
  );

  it.each(platforms)(
    '%s: an armed 503 fails one publish as transient, the next one goes out',
    async (platform) => {
      const c = await connect(platform);
      await armFor(platform, c, 'server-error');
      const text = `After a 503 ${unique()}`;
      const error = await expectError(publish(c, text, mediaFor(platform)), TransientPlatformError);
      expect(error.kind).toBe('server_error');
      expect(
        await c.provider.findPublished?.(c.tokens, {
          account: c.as,
          text,
          since: new Date(Date.now() - 60_000),
        }),
      ).toBeNull();
      await publish(c, text, mediaFor(platform));
    },
  );

  it.each(platforms)(
    '%s: an armed rate limit answers RateLimitedError with when to come back',
    async (platform) => {
      const c = await connect(platform);
      await armFor(platform, c, 'rate-limit');
      const error = await expectError(
        publish(c, `Limited ${unique()}`, mediaFor(platform)),
        RateLimitedError,
      );
      // LinkedIn names no reset: the publisher retries with its backoff (decision 042).
      if (platform === 'linkedin') {
        expect(error.resetAt).toBeNull();
        return;
      }
      const wait = (error.resetAt?.getTime() ?? 0) - Date.now();
      expect(wait).toBeGreaterThan(14 * 60_000);
      expect(wait).toBeLessThanOrEqual(15 * 60_000 + 1_000);
    },
  );

  it.each(platforms)(
    '%s: unknown outcomes reconcile: created (dropped, or 500 after) is found; a 500 before is not',
    async (platform) => {
      const c = await connect(platform);
      const since = new Date();
      for (const fault of ['unknown-outcome', 'error-after-create', 'internal-error'] as const) {
        await armFor(platform, c, fault);
        const text = `Outcome ${fault} ${unique()}`;
        const error = await expectError(publish(c, text, mediaFor(platform)), UnknownOutcomeError);
        if (platform === 'instagram') expect(error.hint?.containerId).toMatch(/^\d+$/);
        const found = await c.provider.findPublished?.(c.tokens, {
          account: c.as,
          text,
          since,
          hint: error.hint,
        });
        if (fault === 'internal-error') expect(found).toBeNull();
        else expect(found?.externalId).toBeTruthy();
      }
    },
  );

  it.each(platforms)('%s: an armed revoked token ends the connection', async (platform) => {
    const c = await connect(platform);
    await armFor(platform, c, 'revoked-token');
    await expectError(publish(c, `Revoked ${unique()}`, mediaFor(platform)), TokenExpiredError);
    await expectError(c.provider.listAccounts(c.tokens), TokenExpiredError);
  });

  it('aims a fault at uploads only, for N calls, and leaves other accounts alone', async () => {
    const x = await connect('twitter');
    const other = await connect('twitter');
    await armFor('twitter', x, 'server-error', { on: 'upload', times: 2 });
    await publish(x, `Text goes through ${unique()}`);
    await publish(other, `Other account ${unique()}`, [image()]);
    await expectError(publish(x, `Upload fails ${unique()}`, [image()]), TransientPlatformError);
    await expectError(publish(x, `Upload fails again ${unique()}`, [image()]), TransientPlatformError);
    await publish(x, `Upload works ${unique()}`, [image()]);
  });

  it('slows a publish (the post is made after the caller gave up), via an armed delay', async () => {
    const x = await connect('twitter');
    await armFor('twitter', x, 'slow', { delayMs: 200 });
    const text = `Slow ${unique()}`;
    const since = new Date();
    const published = await publish(x, text);
    expect(await x.provider.findPublished?.(x.tokens, { account: x.as, text, since })).toEqual(published);
  });

  it('arms, lists and clears faults; refuses unknown accounts and faults', async () => {
    const li = await connect('linkedin');
    expect(
      (await arm({ platform: 'linkedin', account: 'nobody-here', fault: 'rate-limit' })).statusCode,
    ).toBe(404);
    const bad = await arm({ platform: 'linkedin', account: li.account.externalId, fault: 'meteor' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('fault');
    const armed = await arm({
      platform: 'linkedin',
      account: li.account.username,
      fault: 'internal-error',
      times: 'always',
    });
    expect(armed.statusCode).toBe(201);
    expect(armed.json().fault).toMatchObject({
      platform: 'linkedin',
      account: { externalId: li.account.externalId, username: li.account.username },
      fault: 'internal-error',
      on: 'publish',
      remaining: null,
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/sandbox/faults',
      headers: { cookie: session },
    });
    expect(listed.json().faults.some((f: { id: string }) => f.id === armed.json().fault.id)).toBe(true);
    await expectError(publish(li, `Always ${unique()}`), UnknownOutcomeError);
    await expectError(publish(li, `Always ${unique()}`), UnknownOutcomeError);
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: `/sandbox/faults?platform=linkedin&account=${li.account.username}`,
      headers: { cookie: session },
    });
    expect(cleared.json()).toEqual({ cleared: 1 });
    await publish(li, `Cleared ${unique()}`);
  });
});
