import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPinterestProvider,
  type PinterestProvider,
} from '../../src/server/integrations/social/pinterest/pinterest-provider';
import { SIMULATOR_CREDENTIALS, simulatorEndpoints } from '../../src/server/integrations/social/simulator';
import {
  InvalidContentError,
  type PublishInput,
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../../src/server/integrations/social/social-provider';
import { injectFetch } from '../../src/server/lib/inject-fetch';
import { expectError, hiddenFields, withFault } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { testImage } from '../fakes/publish-media';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { adapterDatabaseKinds } from '../setup/databases';

const REDIRECT_URI = `${TEST_APP_URL}/api/auth/social/pinterest/callback`;
const AUTHORIZE_PATH = '/sandbox/pinterest/oauth/';
const IMAGE = 'https://images.example/pin.jpg';

describe.each(adapterDatabaseKinds)('Pinterest provider against the platform simulator on %s', (kind) => {
  let t: TestApp;
  let session = '';
  let sim: FastifyInstance;
  let fetchSim: typeof fetch;
  let pinterest: PinterestProvider;
  const providerWith = (fetchImpl: typeof fetch, timeoutMs = 5_000) =>
    createPinterestProvider({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(TEST_APP_URL, 'pinterest'),
      sandbox: true,
      fetch: fetchImpl,
      timeoutMs,
    });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    sim = t.app;
    session = (await signUp(t.app)).cookie;
    fetchSim = injectFetch(sim);
    pinterest = providerWith(fetchSim);
  });
  afterAll(() => t.close());

  const handle = () => `pinner_${randomBytes(4).toString('hex')}`;

  async function connect(username = handle()) {
    const state = randomBytes(16).toString('base64url');
    const url = new URL(pinterest.authorizeUrl({ state, redirectUri: REDIRECT_URI }));
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
    expect(location.searchParams.get('state')).toBe(state);
    const code = location.searchParams.get('code') as string;
    const tokens = await pinterest.exchangeCode({ code, redirectUri: REDIRECT_URI });
    const [account] = await pinterest.listAccounts(tokens);
    if (!account) throw new Error('no account');
    return { tokens, account, code };
  }

  const pinInput = (boardId: string, overrides: Partial<PublishInput> = {}): PublishInput => ({
    account: { externalId: 'x', username: 'x' },
    text: `Spring tart recipe ${randomBytes(3).toString('hex')}`,
    title: 'Rhubarb tart',
    media: [{ ...testImage(IMAGE), altText: 'A rhubarb tart on a blue plate' }],
    options: { boardId, link: 'https://bakery.example/tart' },
    ...overrides,
  });

  async function arm(externalId: string, fault: string, on: string, times: number | 'always' = 1) {
    const armed = await sim.inject({
      method: 'POST',
      url: '/sandbox/faults',
      headers: { cookie: session },
      payload: { platform: 'pinterest', account: externalId, fault, on, times },
    });
    expect(armed.statusCode).toBe(201);
  }

  it('connects with a code exchanged under HTTP Basic, refreshes, and refuses a code used twice', async () => {
    const url = new URL(pinterest.authorizeUrl({ state: 's', redirectUri: REDIRECT_URI }));
    expect(url.pathname).toBe(AUTHORIZE_PATH);
    expect(url.searchParams.get('scope')).toBe(
      'boards:read,boards:write,pins:read,pins:write,user_accounts:read',
    );
    const username = handle();
    const { tokens, account, code } = await connect(username);
    expect(account.username).toBe(username);
    expect(account.externalId).toMatch(/^\d+$/);
    expect(account.followers).toBeGreaterThanOrEqual(0);
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.scopes).toContain('pins:write');
    expect(tokens.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    await expectError(pinterest.exchangeCode({ code, redirectUri: REDIRECT_URI }), SocialPlatformError);
    const refreshed = await pinterest.refreshTokens(tokens);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect((await pinterest.listAccounts(refreshed))[0]?.externalId).toBe(account.externalId);
    await expectError(pinterest.refreshTokens({ ...tokens, refreshToken: 'nope' }), TokenExpiredError);

    const wrongApp = createPinterestProvider({
      ...SIMULATOR_CREDENTIALS,
      clientSecret: 'wrong',
      ...simulatorEndpoints(TEST_APP_URL, 'pinterest'),
      sandbox: true,
      fetch: fetchSim,
    });
    await expectError(wrongApp.refreshTokens(tokens), TokenExpiredError);
    await pinterest.revoke(tokens);
  });

  it('lists and creates boards, publishes a Pin with title, link and alt text, and reads it back', async () => {
    const { tokens, account } = await connect();
    expect(await pinterest.listBoards(tokens)).toEqual([]);
    const board = await pinterest.createBoard(tokens, { name: 'Tarts', description: 'Sweet ones' });
    expect(board).toMatchObject({ name: 'Tarts', description: 'Sweet ones', privacy: 'PUBLIC' });
    await expectError(pinterest.createBoard(tokens, { name: 'tarts' }), InvalidContentError);
    expect((await pinterest.listBoards(tokens)).map((one) => one.id)).toEqual([board.id]);

    const input = pinInput(board.id);
    const published = await pinterest.publish(tokens, input);
    expect(published.externalId).toMatch(/^\d+$/);
    expect(published.url).toBe(`${TEST_APP_URL}/sandbox/pinterest/pin/${published.externalId}/`);
    const page = await sim.inject({
      method: 'GET',
      url: new URL(published.url as string).pathname,
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Rhubarb tart');

    const since = new Date(Date.now() - 60_000);
    expect(
      await pinterest.findPublished?.(tokens, {
        account,
        text: input.text,
        since,
        hint: { boardId: board.id, description: input.text, title: 'Rhubarb tart' },
      }),
    ).toEqual(published);
    // Without the hint: the user's own Pins, by description.
    expect(await pinterest.findPublished?.(tokens, { account, text: input.text, since })).toEqual(published);
    expect(await pinterest.findPublished?.(tokens, { account, text: 'never sent', since })).toBeNull();

    const { metrics, missing } = await pinterest.readPostMetrics(tokens, {
      account,
      externalIds: [published.externalId, '123456789'],
    });
    expect(missing).toEqual(['123456789']);
    expect(metrics[0]).toMatchObject({ externalId: published.externalId, reach: null, views: null });
    expect(metrics[0]?.impressions).toEqual(expect.any(Number));
    expect(metrics[0]?.shares).toEqual(expect.any(Number));
    expect(await pinterest.readFollowers(tokens, account)).toEqual(expect.any(Number));
  });

  it('refuses what Pinterest refuses: no board, a board not the user’s, no image, an image it cannot fetch', async () => {
    const { tokens } = await connect();
    const board = await pinterest.createBoard(tokens, { name: 'Breads' });
    const refused = async (input: PublishInput, words: RegExp) =>
      expect((await expectError(pinterest.publish(tokens, input), InvalidContentError)).message).toMatch(
        words,
      );
    await refused(pinInput(board.id, { options: {} }), /Choose a board for this Pin/);
    await refused(pinInput('999999999'), /Board not found/);
    await refused(pinInput(board.id, { media: [] }), /needs an image/);
    await refused(
      pinInput(board.id, { media: [testImage('https://images.example/missing.jpg')] }),
      /could not fetch/,
    );
    await refused(pinInput(board.id, { title: 't'.repeat(101) }), /title/);
    await refused(pinInput(board.id, { text: 'd'.repeat(801) }), /description/);
    // The simulator holds the API's own limits when a caller skips the adapter's checks.
    const raw = await sim.inject({
      method: 'POST',
      url: '/sandbox/pinterest/api/v5/pins',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
      payload: {
        board_id: board.id,
        alt_text: 'a'.repeat(501),
        media_source: { source_type: 'image_url', url: IMAGE },
      },
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toEqual({ code: 1, message: 'alt_text is longer than 500 characters.' });
  });

  it('maps faults to our error kinds and reconciles a Pin created behind a lost answer', async () => {
    const { tokens, account } = await connect();
    const board = await pinterest.createBoard(tokens, { name: 'Cakes' });
    const faulty = (fault: string) => providerWith(withFault(fetchSim, fault, { only: /\/v5\/pins$/ }));
    await expectError(faulty('rate-limit').publish(tokens, pinInput(board.id)), RateLimitedError);
    await expectError(faulty('expired-token').publish(tokens, pinInput(board.id)), TokenExpiredError);
    await expectError(faulty('server-error').publish(tokens, pinInput(board.id)), TransientPlatformError);

    const input = pinInput(board.id);
    const lost = await expectError(faulty('error-after-create').publish(tokens, input), UnknownOutcomeError);
    expect(lost.hint).toEqual({ boardId: board.id, description: input.text, title: 'Rhubarb tart' });
    const found = await pinterest.findPublished?.(tokens, {
      account,
      text: input.text,
      since: new Date(Date.now() - 60_000),
      ...(lost.hint ? { hint: lost.hint } : {}),
    });
    expect(found?.externalId).toMatch(/^\d+$/);

    const dropped = await expectError(
      faulty('unknown-outcome').publish(tokens, pinInput(board.id)),
      UnknownOutcomeError,
    );
    expect(dropped.hint?.boardId).toBe(board.id);

    // Armed for the account: metrics without data yet are null, never 0; a revoked token ends it.
    const pin = await pinterest.publish(tokens, pinInput(board.id));
    await arm(account.externalId, 'no-data', 'read', 2);
    const read = await pinterest.readPostMetrics(tokens, { account, externalIds: [pin.externalId] });
    expect(read.metrics[0]).toMatchObject({
      impressions: null,
      clicks: null,
      shares: null,
      likes: null,
      comments: null,
    });
    expect(await pinterest.readFollowers(tokens, account)).toBeNull();
    await arm(account.externalId, 'revoked-token', 'read');
    await expectError(pinterest.listBoards(tokens), TokenExpiredError);
    await expectError(pinterest.listAccounts(tokens), TokenExpiredError);
  });
});
