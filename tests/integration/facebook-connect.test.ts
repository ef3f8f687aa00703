import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxAccounts, sandboxGrants, socialAccounts } from '../../src/server/db/schema';
import { asUser } from '../factories/posts';
import { connectThroughSimulator, hiddenFields, popupResult } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const handle = () => `owner_${randomBytes(4).toString('hex')}`;

/** The popup flow as the browser runs it, against the Facebook simulator; answers the final page. */
async function connectFacebook(
  app: FastifyInstance,
  cookie: string,
  choice: {
    username?: string;
    pageName?: string;
    pages?: number;
    businessPage?: boolean;
    decision?: 'authorize' | 'cancel';
  } = {},
) {
  const username = choice.username ?? handle();
  const done = await connectThroughSimulator(app, cookie, 'facebook', {
    fields: {
      account: '__new__',
      username,
      pages: String(choice.pages ?? 1),
      page_name: choice.pageName ?? '',
      ...(choice.businessPage ? { business_page: 'on' } : {}),
      decision: choice.decision ?? 'authorize',
    },
    checkAuthorize: (authorize) => {
      expect(authorize.pathname).toBe('/sandbox/facebook/v23.0/dialog/oauth');
      // Facebook Login has no PKCE; its scopes are comma-separated.
      expect(authorize.searchParams.has('code_challenge')).toBe(false);
      expect(authorize.searchParams.get('scope')).toBe(
        'pages_show_list,pages_manage_posts,pages_read_engagement,read_insights,business_management,pages_manage_engagement',
      );
    },
  });
  return { ...done, username };
}

describe.each(databaseKinds)('connecting Facebook on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('lets a user with several Pages choose one, and connects it with its own Page token', async () => {
    const { cookie } = await signUp(t.app);
    const { page } = await connectFacebook(t.app, cookie, { pages: 3 });
    expect(page).toContain('Choose the Facebook account');
    const { state } = hiddenFields(page);
    const offered = [...page.matchAll(/name="externalId" value="([^"]+)"/g)].map((m) => m[1] as string);
    expect(offered).toHaveLength(3);
    const chosen = await t.app.inject({
      method: 'POST',
      url: '/api/auth/social/facebook/choose',
      headers: { cookie, origin: TEST_APP_URL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ state: state as string, externalId: offered[1] as string }).toString(),
    });
    expect(popupResult(chosen.body).type).toBe('OAUTH_SUCCESS');
    const list = (await asUser(t.app, cookie).get('/api/user/social-accounts')).json();
    expect(list).toHaveLength(1);
    const [row] = await t.ctx.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, list[0].id));
    expect(row?.externalId).toBe(offered[1]);
    // Its token is that Page's, as the simulator issued it.
    const [grant] = await t.ctx.database.db
      .select()
      .from(sandboxGrants)
      .where(eq(sandboxGrants.value, t.ctx.tokenCipher.decrypt(row?.accessTokenEncrypted as string)));
    const [pageAccount] = await t.ctx.database.db
      .select()
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.id, grant?.accountId as string));
    expect(pageAccount?.externalId).toBe(offered[1]);
  });

  it('finds a Page owned through a Business portfolio (not in /me/accounts) and connects it with its Page token', async () => {
    const { cookie } = await signUp(t.app);
    const { page } = await connectFacebook(t.app, cookie, { pages: 1, businessPage: true });
    expect(page).toContain('Choose the Facebook account');
    const { state } = hiddenFields(page);
    const offered = [...page.matchAll(/name="externalId" value="([^"]+)"/g)].map((m) => m[1] as string);
    expect(offered).toHaveLength(2);
    const accounts = await t.ctx.database.db
      .select()
      .from(sandboxAccounts)
      .where(inArray(sandboxAccounts.externalId, offered));
    const viaBusiness = accounts.find((account) => account.displayName.endsWith('Agency Client'));
    expect(viaBusiness).toBeTruthy();
    // Its owner is the business, not the user: /me/accounts does not list it.
    const [business] = await t.ctx.database.db
      .select()
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.id, viaBusiness?.ownerId as string));
    expect(business?.username.startsWith('business.')).toBe(true);
    const chosen = await t.app.inject({
      method: 'POST',
      url: '/api/auth/social/facebook/choose',
      headers: { cookie, origin: TEST_APP_URL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        state: state as string,
        externalId: viaBusiness?.externalId as string,
      }).toString(),
    });
    expect(popupResult(chosen.body).type).toBe('OAUTH_SUCCESS');
    const [row] = await t.ctx.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.externalId, viaBusiness?.externalId as string));
    const [grant] = await t.ctx.database.db
      .select()
      .from(sandboxGrants)
      .where(eq(sandboxGrants.value, t.ctx.tokenCipher.decrypt(row?.accessTokenEncrypted as string)));
    expect(grant?.accountId).toBe(viaBusiness?.id);
  });

  it('connects a Facebook Page through the popup flow and the simulator, keeping its Page token', async () => {
    const { cookie } = await signUp(t.app);
    const pageName = `Harbor Books ${randomBytes(2).toString('hex')}`;
    const { result } = await connectFacebook(t.app, cookie, { pageName });
    expect(result.type).toBe('OAUTH_SUCCESS');
    expect(result.origin).toBe(TEST_APP_URL);
    const list = (await asUser(t.app, cookie).get('/api/user/social-accounts')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: result['account-id'],
      platform: 'facebook',
      displayName: pageName,
      status: 'connected',
      sandbox: true,
      posts: 0,
      // A Page token does not expire.
      tokenExpiresAt: null,
    });
    expect(list[0].followers).toBeGreaterThan(0);
    expect(list[0].avatarUrl).toMatch(/\/sandbox\/facebook\/avatars\/\d+\.svg$/);

    // What is stored is the Page's own token, not the user's.
    const [row] = await t.ctx.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, result['account-id'] as string));
    const [pageAccount] = await t.ctx.database.db
      .select()
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.externalId, row?.externalId as string));
    expect(pageAccount?.ownerId).toBeTruthy();
    expect(list[0].username).toBe(pageAccount?.username);
    const pageGrants = await t.ctx.database.db
      .select()
      .from(sandboxGrants)
      .where(eq(sandboxGrants.accountId, pageAccount?.id as string));
    expect(pageGrants.map((grant) => grant.value)).toContain(
      t.ctx.tokenCipher.decrypt(row?.accessTokenEncrypted as string),
    );
    expect(row?.refreshTokenEncrypted).toBeNull();
  });

  it('updates the same Page on reconnect, and disconnects without a call Facebook does not allow', async () => {
    const { cookie } = await signUp(t.app);
    const first = await connectFacebook(t.app, cookie);
    const again = await connectFacebook(t.app, cookie, { username: first.username });
    expect(again.result['account-id']).toBe(first.result['account-id']);
    expect((await asUser(t.app, cookie).get('/api/user/social-accounts')).json()).toHaveLength(1);
    const removed = await asUser(t.app, cookie).delete(
      `/api/user/social-accounts/${first.result['account-id']}`,
    );
    expect(removed.statusCode).toBe(204);
    expect((await asUser(t.app, cookie).get('/api/user/social-accounts')).json()).toEqual([]);
  });

  it('tells the popup when the user cancels in the dialog', async () => {
    const { cookie } = await signUp(t.app);
    const { result } = await connectFacebook(t.app, cookie, { decision: 'cancel' });
    expect(result).toMatchObject({
      type: 'OAUTH_ERROR',
      message: 'You cancelled the connection to Facebook.',
    });
    expect((await asUser(t.app, cookie).get('/api/user/social-accounts')).json()).toEqual([]);
  });
});
