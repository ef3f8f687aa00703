import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAdminAccess } from '../factories/admin-access';
import { asUser } from '../factories/posts';
import { cookieFrom, randomIp, signUp } from '../factories/users';
import { startFakeOidcIssuer } from '../fakes/oidc/fake-oidc-issuer';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

describe.each(databaseKinds)('a deactivated user at the provider sign-in on %s', (kind) => {
  const client = { clientId: 'kitepost-test', clientSecret: 'fake-secret' };
  let t: TestApp;
  let issuer: Awaited<ReturnType<typeof startFakeOidcIssuer>>;
  let adminCookie: string;
  beforeAll(async () => {
    issuer = await startFakeOidcIssuer(client);
    t = await buildTestApp(kind, {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: client.clientId,
      OIDC_CLIENT_SECRET: client.clientSecret,
    });
    adminCookie = await grantAdminAccess(t.app, (await signUp(t.app)).cookie);
  });
  afterAll(async () => {
    await t.close();
    await issuer.close();
  });

  async function providerSignIn() {
    const start = await t.app.inject({ url: '/api/login', remoteAddress: randomIp() });
    const atProvider = await fetch(new URL(String(start.headers.location)), { redirect: 'manual' });
    const callback = new URL(String(atProvider.headers.get('location')));
    return t.app.inject({
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookieFrom(start) },
    });
  }

  it('gets no session, and signs in again once reactivated', async () => {
    const admin = asUser(t.app, adminCookie);
    const created = await admin.post('/api/admin/users', { email: 'hedy@example.org', firstName: 'Hedy' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect((await admin.put(`/api/admin/users/${id}/status`, { isActive: false })).statusCode).toBe(200);

    issuer.state.nextUser = {
      sub: 'oidc-hedy',
      email: 'hedy@example.org',
      given_name: 'Hedy',
      family_name: 'Lamarr',
      name: 'Hedy Lamarr',
    };
    const refused = await providerSignIn();
    expect(refused.statusCode).toBe(302);
    expect(String(refused.headers.location)).toBe('/?auth=signin&error=unable_to_create_session');
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: cookieFrom(refused) } });
    expect(me.statusCode).toBe(401);

    expect((await admin.put(`/api/admin/users/${id}/status`, { isActive: true })).statusCode).toBe(200);
    const allowed = await providerSignIn();
    expect(allowed.headers.location).toMatch(/\/dashboard$/);
    const again = await t.app.inject({ url: '/api/auth/user', headers: { cookie: cookieFrom(allowed) } });
    expect(again.json()).toMatchObject({ id, email: 'hedy@example.org' });
  });
});
