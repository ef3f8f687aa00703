import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocialProvider, TokenSet } from '../../src/server/integrations/social/social-provider';
import { asUser } from '../factories/posts';
import { decodeEntities, hiddenFields, popupResult } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const userTokens: TokenSet = {
  accessToken: 'user-token',
  refreshToken: null,
  expiresAt: null,
  refreshExpiresAt: null,
  scopes: [],
};
const pageToken = (id: string): TokenSet => ({ ...userTokens, accessToken: `page-token-${id}` });

/** A platform whose sign-in manages two accounts (like a Facebook user with two Pages). */
const twoPages: SocialProvider = {
  platform: 'facebook',
  sandbox: true,
  usesPkce: false,
  authorizeUrl: ({ state, redirectUri }) => `${redirectUri}?code=ok&state=${encodeURIComponent(state)}`,
  exchangeCode: async () => userTokens,
  refreshTokens: async (tokens) => tokens,
  listAccounts: async () => [
    {
      externalId: '101',
      username: 'bakery',
      displayName: 'Corner Bakery',
      avatarUrl: null,
      followers: 1200,
      tokens: pageToken('101'),
    },
    {
      externalId: '202',
      username: 'cafe',
      displayName: 'Corner Cafe',
      avatarUrl: null,
      followers: null,
      tokens: pageToken('202'),
    },
  ],
  revoke: async () => undefined,
  publish: async () => {
    throw new Error('not used by these tests');
  },
  readPostMetrics: async () => {
    throw new Error('not used by these tests');
  },
  readFollowers: async () => {
    throw new Error('not used by these tests');
  },
};

describe.each(databaseKinds)('choosing one of several accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // LinkedIn left without an adapter, as a platform not built yet would be.
    t = await buildTestApp(kind, {}, { socialProviders: { facebook: twoPages, linkedin: undefined } });
  });
  afterAll(() => t.close());

  async function reachChoice(cookie: string) {
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/auth/social/facebook',
      headers: { cookie },
    });
    const callback = new URL(String(start.headers.location));
    const page = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie },
    });
    expect(page.body).toContain('Choose the Facebook account');
    expect(page.body).toContain('Corner Bakery');
    expect(page.body).not.toContain('page-token');
    return page.body;
  }
  const choose = (cookie: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/social/facebook/choose',
      headers: { cookie, origin: TEST_APP_URL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('offers the accounts, connects the one chosen with its own token, once', async () => {
    const { cookie } = await signUp(t.app);
    const page = await reachChoice(cookie);
    const { state } = hiddenFields(page);
    expect(state).toBeTruthy();
    const chosen = await choose(cookie, { state: state as string, externalId: '202' });
    expect(popupResult(chosen.body).type).toBe('OAUTH_SUCCESS');
    const accounts = (await asUser(t.app, cookie).get('/api/user/social-accounts')).json();
    expect(accounts.map((a: { displayName: string }) => a.displayName)).toEqual(['Corner Cafe']);
    const row = await t.ctx.database.db.query.socialAccounts.findFirst();
    expect(row && t.ctx.tokenCipher.decrypt(row.accessTokenEncrypted)).toBe('page-token-202');

    const again = await choose(cookie, { state: state as string, externalId: '101' });
    expect(popupResult(again.body).type).toBe('OAUTH_ERROR');
  });

  it('says which platform cannot connect yet, in the popup and to API clients', async () => {
    const { cookie } = await signUp(t.app);
    const api = await asUser(t.app, cookie).post('/api/user/social-accounts/connect', {
      platform: 'linkedin',
    });
    expect(api.statusCode).toBe(400);
    expect(api.json().error.message).toBe('Connecting LinkedIn is not available yet.');
    const popup = await t.app.inject({
      method: 'GET',
      url: '/api/auth/social/linkedin',
      headers: { cookie },
    });
    expect(popupResult(popup.body)).toMatchObject({
      type: 'OAUTH_ERROR',
      message: 'Connecting LinkedIn is not available yet.',
    });
  });

  it('refuses a choice from another session or of an account not offered', async () => {
    const owner = await signUp(t.app);
    const { state } = hiddenFields(await reachChoice(owner.cookie));
    const other = await signUp(t.app);
    const stolen = await choose(other.cookie, { state: state as string, externalId: '101' });
    expect(decodeEntities(popupResult(stolen.body).message ?? '')).toMatch(/expired or was already used/);
    expect((await asUser(t.app, other.cookie).get('/api/user/social-accounts')).json()).toEqual([]);
    // The attempt took nothing away from the owner.
    const own = await choose(owner.cookie, { state: state as string, externalId: '101' });
    expect(popupResult(own.body).type).toBe('OAUTH_SUCCESS');

    const owner2 = await signUp(t.app);
    const second = hiddenFields(await reachChoice(owner2.cookie));
    const unknown = await choose(owner2.cookie, { state: second.state as string, externalId: '999' });
    expect(popupResult(unknown.body)).toMatchObject({
      type: 'OAUTH_ERROR',
      message: 'Choose one of the accounts offered.',
    });
  });
});
