import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../src/server/db/schema';
import { readMails } from '../factories/mail';
import { asUser } from '../factories/posts';
import { cookieFrom, mergeCookies, randomIp, signUp } from '../factories/users';
import { startOidcProviderPeer } from '../fakes/oidc/oidc-provider-peer';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const client = {
  clientId: 'kitepost-sso-test',
  clientSecret: 'peer-client-secret-0123456789',
  redirectUri: `${TEST_APP_URL}/api/identity/callback/oidc`,
};

describe.each(databaseKinds)('single sign-on and existing accounts on %s (oidc-provider peer)', (kind) => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof startOidcProviderPeer>>;
  beforeAll(async () => {
    peer = await startOidcProviderPeer(client);
    t = await buildTestApp(kind, {
      OIDC_ISSUER: peer.issuer,
      OIDC_CLIENT_ID: client.clientId,
      OIDC_CLIENT_SECRET: client.clientSecret,
    });
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  /** "Sign in with single sign-on" as `sub` at the peer: the app's answer to the callback. */
  async function providerSignIn(sub: string) {
    peer.state.nextAccount = sub;
    const start = await t.app.inject({ url: '/api/login', remoteAddress: randomIp() });
    expect(start.statusCode).toBe(302);
    const callback = await peer.followToCallback(String(start.headers.location));
    return t.app.inject({
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookieFrom(start) },
      remoteAddress: randomIp(),
    });
  }

  /** A user whose email the operator vouched for (as admin-created and demo users are). */
  async function verifiedUser(firstName: string) {
    const account = await signUp(t.app, { firstName });
    await t.ctx.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, account.user.id));
    return account;
  }

  const providerAccountsOf = (userId: string) =>
    t.ctx.database.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'oidc')));

  it("refuses a provider account that claims alice's email without verifying it", async () => {
    const alice = await verifiedUser('Alice');
    peer.addAccount({
      sub: `eve-${alice.user.id}`,
      email: alice.email,
      email_verified: false,
      given_name: 'Eve',
      family_name: 'Mallory',
      name: 'Eve Mallory',
    });
    const answer = await providerSignIn(`eve-${alice.user.id}`);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/?auth=signin&error=account_not_linked');
    expect(cookieFrom(answer)).not.toMatch(/kitepost\.session_token=[^;]/);
    expect(await providerAccountsOf(alice.user.id)).toHaveLength(0);
  });

  it('links by email when the provider asserts the email verified', async () => {
    const grace = await verifiedUser('Grace');
    peer.addAccount({
      sub: `grace-${grace.user.id}`,
      email: grace.email,
      email_verified: true,
      given_name: 'Grace',
      family_name: 'Hopper',
      name: 'Grace Hopper',
    });
    const answer = await providerSignIn(`grace-${grace.user.id}`);
    expect(answer.headers.location).toMatch(/\/dashboard$/);
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: cookieFrom(answer) } });
    expect(me.json()).toMatchObject({ id: grace.user.id });
    expect(await providerAccountsOf(grace.user.id)).toHaveLength(1);
    // A browser new to the account, whichever way it signed in: Grace is told (issue 23).
    expect(cookieFrom(answer)).toMatch(/kitepost_device=[A-Za-z0-9_-]{43}/);
    const notices = await readMails(t, grace.email, 'New sign-in');
    expect(notices).toHaveLength(1);
  });

  describe('linking from Settings', () => {
    /** Settings' "Link single sign-on" as `sub` at the peer: the app's answer to the callback. */
    async function linkFromSettings(cookie: string, sub: string) {
      peer.state.nextAccount = sub;
      const start = await asUser(t.app, cookie).post('/api/user/single-sign-on/link');
      expect(start.statusCode).toBe(200);
      const callback = await peer.followToCallback(start.json().url);
      return t.app.inject({
        url: `${callback.pathname}${callback.search}`,
        headers: { cookie: mergeCookies(cookie, cookieFrom(start)) },
        remoteAddress: randomIp(),
      });
    }

    it('links a password user whose provider asserts the same verified email; they then sign in with it', async () => {
      const bob = await signUp(t.app, { firstName: 'Bob' });
      const sub = `bob-${bob.user.id}`;
      peer.addAccount({
        sub,
        email: bob.email,
        email_verified: true,
        given_name: 'Bob',
        family_name: 'Builder',
        name: 'Bob Builder',
      });
      // A self sign-up's own email is unverified, so signing in first does not link by email.
      expect((await providerSignIn(sub)).headers.location).toBe('/?auth=signin&error=account_not_linked');
      const before = (await asUser(t.app, bob.cookie).get('/api/user/sessions')).json();
      expect(before.hasSingleSignOn).toBe(false);

      const linked = await linkFromSettings(bob.cookie, sub);
      expect(linked.statusCode).toBe(302);
      expect(linked.headers.location).toBe('/settings?sso=linked#privacy-security');
      expect(await providerAccountsOf(bob.user.id)).toHaveLength(1);
      expect((await asUser(t.app, bob.cookie).get('/api/user/sessions')).json().hasSingleSignOn).toBe(true);

      const signedIn = await providerSignIn(sub);
      expect(signedIn.headers.location).toMatch(/\/dashboard$/);
      const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: cookieFrom(signedIn) } });
      expect(me.json()).toMatchObject({ id: bob.user.id });
    });

    it('refuses to link a provider account whose email is unverified or different', async () => {
      const carol = await signUp(t.app, { firstName: 'Carol' });
      peer.addAccount({
        sub: `carol-unverified-${carol.user.id}`,
        email: carol.email,
        email_verified: false,
        given_name: 'Carol',
        family_name: 'C',
        name: 'Carol C',
      });
      peer.addAccount({
        sub: `carol-other-${carol.user.id}`,
        email: `other-${carol.email}`,
        email_verified: true,
        given_name: 'Carol',
        family_name: 'C',
        name: 'Carol C',
      });
      const unverified = await linkFromSettings(carol.cookie, `carol-unverified-${carol.user.id}`);
      expect(unverified.headers.location).toBe(
        '/settings?sso=error&error=unable_to_link_account#privacy-security',
      );
      const different = await linkFromSettings(carol.cookie, `carol-other-${carol.user.id}`);
      expect(different.headers.location).toBe(
        '/settings?sso=error&error=email_does_not_match#privacy-security',
      );
      expect(await providerAccountsOf(carol.user.id)).toHaveLength(0);
    });

    it('answers 401 signed out', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/single-sign-on/link',
        remoteAddress: randomIp(),
      });
      expect(response.statusCode).toBe(401);
    });
  });
});

describe.each(databaseKinds)('linking single sign-on without a provider on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers 404 with a clear message', async () => {
    const account = await signUp(t.app);
    const response = await asUser(t.app, account.cookie).post('/api/user/single-sign-on/link');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Single sign-on is not configured.');
    expect((await asUser(t.app, account.cookie).get('/api/user/sessions')).json().hasSingleSignOn).toBe(
      false,
    );
  });
});
