import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityMessages } from '../../src/contracts/account-security';
import { passkeys } from '../../src/server/db/schema';
import { asUser } from '../factories/posts';
import { cookieFrom, mergeCookies, randomIp, signUp } from '../factories/users';
import { createSoftwareAuthenticator } from '../fakes/webauthn/software-authenticator';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const post = (app: FastifyInstance, url: string, payload: object | undefined, cookie?: string) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: randomIp(),
    ...(payload ? { payload } : {}),
    headers: { origin: TEST_APP_URL, ...(cookie ? { cookie } : {}) },
  });

/** A browser's cookies: these answers' cookies added to what it had. */
const withCookies = (had: string, ...responses: LightMyRequestResponse[]) =>
  mergeCookies(had, ...responses.map(cookieFrom));

describe.each(databaseKinds)('passkeys on %s', (kind) => {
  let t: TestApp;
  const authenticator = createSoftwareAuthenticator(TEST_APP_URL);
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  async function registered(name = 'My laptop') {
    const account = await signUp(t.app);
    const options = await post(t.app, '/api/user/passkeys/options', undefined, account.cookie);
    expect(options.statusCode, options.body).toBe(200);
    const { passkey, response } = authenticator.register(options.json());
    const added = await post(
      t.app,
      '/api/user/passkeys',
      { response, name },
      withCookies(account.cookie, options),
    );
    expect(added.statusCode, added.body).toBe(201);
    return { account, passkey, summary: added.json() };
  }

  it('registers a passkey for the signed-in user, named, listed in Settings', async () => {
    const { account, summary } = await registered();
    expect(summary).toMatchObject({ name: 'My laptop', deviceType: 'singleDevice', backedUp: false });
    const list = await asUser(t.app, account.cookie).get('/api/user/passkeys');
    expect(list.json().passkeys).toEqual([summary]);
    const security = await asUser(t.app, account.cookie).get('/api/user/security');
    expect(security.json().passkeys).toEqual([summary]);
  });

  it('signs in with the passkey, no email or password needed', async () => {
    const { account, passkey } = await registered();
    const options = await post(t.app, '/api/auth/passkey/options', undefined);
    expect(options.statusCode, options.body).toBe(200);
    const assertion = authenticator.authenticate(passkey, options.json());
    const signedIn = await post(t.app, '/api/auth/passkey', { response: assertion }, cookieFrom(options));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ success: true, user: { id: account.user.id } });
    expect((await asUser(t.app, cookieFrom(signedIn)).get('/api/auth/user')).statusCode).toBe(200);
  });

  it('refuses an assertion signed by another key, replayed, or without its challenge', async () => {
    const { passkey } = await registered();
    const other = (await registered()).passkey;
    const options = await post(t.app, '/api/auth/passkey/options', undefined);
    // The right credential id with another key's signature.
    const forged = authenticator.authenticate(
      { ...other, credentialId: passkey.credentialId },
      options.json(),
    );
    const refused = await post(t.app, '/api/auth/passkey', { response: forged }, cookieFrom(options));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, message: securityMessages.passkeyRefused });

    const fresh = await post(t.app, '/api/auth/passkey/options', undefined);
    const good = authenticator.authenticate(passkey, fresh.json());
    expect((await post(t.app, '/api/auth/passkey', { response: good }, cookieFrom(fresh))).statusCode).toBe(
      200,
    );
    // The challenge was used up.
    expect((await post(t.app, '/api/auth/passkey', { response: good }, cookieFrom(fresh))).statusCode).toBe(
      401,
    );
    // No challenge cookie at all.
    expect((await post(t.app, '/api/auth/passkey', { response: good })).statusCode).toBe(401);
    // Not even JSON of the right shape: a 401 refusal, never a 500.
    const junk = await post(t.app, '/api/auth/passkey', { response: { id: 'x' } }, cookieFrom(fresh));
    expect(junk.statusCode).toBeLessThan(500);
  });

  it('renames and removes only the owner’s own passkeys', async () => {
    const { account, summary } = await registered();
    const stranger = await signUp(t.app);
    const strangerApi = asUser(t.app, stranger.cookie);
    expect(
      (await strangerApi.patch(`/api/user/passkeys/${summary.id}`, { name: 'Mine now' })).statusCode,
    ).toBe(404);
    expect((await strangerApi.delete(`/api/user/passkeys/${summary.id}`)).statusCode).toBe(404);

    const api = asUser(t.app, account.cookie);
    const renamed = await api.patch(`/api/user/passkeys/${summary.id}`, { name: '  Work phone ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('Work phone');
    expect((await api.patch(`/api/user/passkeys/${summary.id}`, { name: '' })).statusCode).toBe(400);

    expect((await api.delete(`/api/user/passkeys/${summary.id}`)).statusCode).toBe(204);
    expect(
      await t.ctx.database.db.select().from(passkeys).where(eq(passkeys.userId, account.user.id)),
    ).toEqual([]);
    expect((await api.delete(`/api/user/passkeys/${summary.id}`)).statusCode).toBe(404);
  });

  it('refuses a registration answer for a challenge it did not give', async () => {
    const account = await signUp(t.app);
    const options = await post(t.app, '/api/user/passkeys/options', undefined, account.cookie);
    const { response } = authenticator.register({ ...options.json(), challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' });
    const refused = await post(
      t.app,
      '/api/user/passkeys',
      { response },
      withCookies(account.cookie, options),
    );
    expect(refused.statusCode).toBe(400);
  });
});

describe('passkeys on a server reached by an IP address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { APP_URL: 'http://127.0.0.1:5999' });
  });
  afterAll(() => t.close());

  it('are not offered: browsers refuse an IP address as the relying party', async () => {
    const methods = await t.app.inject({ method: 'GET', url: '/api/auth/methods' });
    expect(methods.json()).toMatchObject({ passkeys: false });
    const options = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkey/options',
      remoteAddress: randomIp(),
    });
    expect(options.statusCode).toBe(503);
  });
});
