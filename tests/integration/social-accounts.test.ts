import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, sandboxGrants, socialAccounts, workspaces } from '../../src/server/db/schema';
import { asUser, createPost, daysFromNow } from '../factories/posts';
import { connectX, popupResult } from '../factories/sandbox';
import { randomIp, signUp } from '../factories/users';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

describe.each(databaseKinds)('social accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('connects an X account through the popup flow and the simulator', async () => {
    const { cookie } = await signUp(t.app);
    const { result, username, page } = await connectX(t.app, cookie);
    expect(result.type).toBe('OAUTH_SUCCESS');
    expect(result.origin).toBe(TEST_APP_URL);
    expect(page).toContain('<script src="/api/auth/social/popup.js"></script>');
    const list = (await asUser(t.app, cookie).get('/api/user/social-accounts')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: result['account-id'],
      platform: 'twitter',
      username,
      status: 'connected',
      sandbox: true,
      overPlanLimit: false,
      posts: 0,
      engagement: null,
    });
    expect(list[0].followers).toBeGreaterThan(0);
    expect(Date.parse(list[0].tokenExpiresAt)).toBeGreaterThan(Date.now());
  });

  it('keeps tokens unreadable in the database', async () => {
    const { cookie } = await signUp(t.app);
    const { result } = await connectX(t.app, cookie);
    const [row] = await t.ctx.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, result['account-id'] as string));
    const issued = await t.ctx.database.db.select().from(sandboxGrants);
    const plain = issued.filter((grant) => grant.kind !== 'code').map((grant) => grant.value);
    for (const token of plain) {
      expect(row?.accessTokenEncrypted).not.toContain(token);
      expect(row?.refreshTokenEncrypted ?? '').not.toContain(token);
    }
    expect(row?.accessTokenEncrypted).toMatch(/^v1\./);
    expect(plain).toContain(t.ctx.tokenCipher.decrypt(row?.accessTokenEncrypted as string));
  });

  it('updates the same external account on reconnect instead of adding one', async () => {
    const { cookie } = await signUp(t.app);
    const first = await connectX(t.app, cookie);
    const again = await connectX(t.app, cookie, first.username);
    expect(again.result['account-id']).toBe(first.result['account-id']);
    expect((await asUser(t.app, cookie).get('/api/user/social-accounts')).json()).toHaveLength(1);
  });

  it('refuses a forged, a replayed or another session state', async () => {
    const { cookie } = await signUp(t.app);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/social/twitter/callback?code=abc&state=forged-state',
      headers: { cookie },
    });
    expect(popupResult(forged.body)).toMatchObject({
      type: 'OAUTH_ERROR',
      message: 'This sign-in link has expired or was already used. Please try connecting again.',
    });

    const connected = await connectX(t.app, cookie);
    const replayed = await t.app.inject({ method: 'GET', url: connected.callbackUrl, headers: { cookie } });
    expect(popupResult(replayed.body).type).toBe('OAUTH_ERROR');

    // A state started by one session is worth nothing to another.
    const victim = await signUp(t.app);
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/auth/social/twitter',
      headers: { cookie: victim.cookie },
    });
    const state = new URL(String(start.headers.location)).searchParams.get('state');
    const attacker = await signUp(t.app);
    const stolen = await t.app.inject({
      method: 'GET',
      url: `/api/auth/social/twitter/callback?code=abc&state=${state}`,
      headers: { cookie: attacker.cookie },
    });
    expect(popupResult(stolen.body).type).toBe('OAUTH_ERROR');
    expect((await asUser(t.app, attacker.cookie).get('/api/user/social-accounts')).json()).toEqual([]);
  });

  it('tells a signed-out popup to sign in; hands API clients the authorize URL', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/auth/social/twitter' });
    expect(popupResult(signedOut.body)).toMatchObject({
      type: 'OAUTH_ERROR',
      message: 'Please sign in to connect an account.',
    });
    const { cookie } = await signUp(t.app);
    const x = await asUser(t.app, cookie).post('/api/user/social-accounts/connect', { platform: 'twitter' });
    expect(x.statusCode).toBe(200);
    expect(new URL(x.json().authorizeUrl).pathname).toBe('/sandbox/twitter/i/oauth2/authorize');
    const unknown = await asUser(t.app, cookie).post('/api/user/social-accounts/connect', {
      platform: 'myspace',
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('hides and protects one workspace accounts from another', async () => {
    const owner = await signUp(t.app);
    const { result } = await connectX(t.app, owner.cookie);
    const stranger = await signUp(t.app);
    expect((await asUser(t.app, stranger.cookie).get('/api/user/social-accounts')).json()).toEqual([]);
    const refused = await asUser(t.app, stranger.cookie).delete(
      `/api/user/social-accounts/${result['account-id']}`,
    );
    expect(refused.statusCode).toBe(404);
    expect((await asUser(t.app, owner.cookie).get('/api/user/social-accounts')).json()).toHaveLength(1);
    // Nor can a post of the stranger name it.
    const post = await asUser(t.app, stranger.cookie).post('/api/posts', {
      platform: 'twitter',
      content: 'Hello',
      socialAccountId: result['account-id'],
    });
    expect(post.statusCode).toBe(400);
  });

  it('enforces the plan limit on new accounts, with a clear message', async () => {
    const { cookie } = await signUp(t.app);
    const me = (await asUser(t.app, cookie).get('/api/auth/user')).json();
    await t.ctx.database.db
      .update(workspaces)
      .set({ plan: 'free' })
      .where(eq(workspaces.id, me.workspace.id));
    const first = await connectX(t.app, cookie);
    expect(first.result.type).toBe('OAUTH_SUCCESS');
    const second = await connectX(t.app, cookie);
    expect(second.result).toMatchObject({
      type: 'OAUTH_ERROR',
      message:
        'Your Free plan connects up to 1 social account. Upgrade your plan or disconnect an account to connect another.',
    });
    // Reconnecting the one it has is still fine.
    expect((await connectX(t.app, cookie, first.username)).result.type).toBe('OAUTH_SUCCESS');
    expect((await asUser(t.app, cookie).get('/api/user/social-accounts')).json()).toHaveLength(1);
  });

  it('disconnects: revokes at the platform and moves scheduled posts back to draft with the reason', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    const { result } = await connectX(t.app, cookie);
    const accountId = result['account-id'] as string;
    const post = await createPost(t.app, cookie, { platform: 'twitter', content: 'Going out on X' });
    const scheduled = await api.post(`/api/posts/${post.id}/schedule`, {
      scheduledAt: daysFromNow(1),
      socialAccountId: accountId,
    });
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', socialAccountId: accountId });

    expect((await api.delete(`/api/user/social-accounts/${accountId}`)).statusCode).toBe(204);
    expect((await api.get('/api/user/social-accounts')).json()).toEqual([]);
    const after = (await api.get(`/api/posts/${post.id}`)).json();
    expect(after).toMatchObject({
      status: 'draft',
      scheduledAt: null,
      socialAccountId: null,
      failureReason: 'Its account was disconnected; choose another account and schedule it again.',
    });
    const grants = await t.ctx.database.db.select().from(sandboxGrants);
    expect(grants.filter((g) => g.kind !== 'code' && !g.revokedAt).length).toBeLessThan(
      grants.filter((g) => g.kind !== 'code').length,
    );
    expect((await api.delete(`/api/user/social-accounts/${accountId}`)).statusCode).toBe(404);
    const [stillThere] = await t.ctx.database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(stillThere).toBeDefined();
  });

  it('reports the X simulator in /api/health and serves the popup script', async () => {
    const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health.adapters.social).toEqual({
      adapter:
        'linkedin: simulator, instagram: simulator, twitter: simulator, facebook: simulator, bluesky: simulator, mastodon: simulator, threads: simulator, pinterest: simulator, linkedin_page: simulator, youtube: simulator, tiktok: simulator, google_business: simulator',
      sandbox: true,
    });
    const script = await t.app.inject({
      method: 'GET',
      url: '/api/auth/social/popup.js',
      remoteAddress: randomIp(),
    });
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('postMessage(message, data.origin)');
  });
});
