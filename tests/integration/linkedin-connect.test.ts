import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../factories/posts';
import { connectThroughSimulator } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const handle = () => `shop-${randomBytes(4).toString('hex')}`;

/** The popup flow as the browser runs it, against the LinkedIn simulator; answers the final page. */
async function connectLinkedIn(
  app: FastifyInstance,
  cookie: string,
  username = handle(),
  decision: 'authorize' | 'cancel' = 'authorize',
) {
  const done = await connectThroughSimulator(app, cookie, 'linkedin', {
    fields: { account: '__new__', username, decision },
    checkAuthorize: (authorize) => {
      expect(authorize.pathname).toBe('/sandbox/linkedin/oauth/v2/authorization');
      // LinkedIn's member flow has no PKCE.
      expect(authorize.searchParams.has('code_challenge')).toBe(false);
      expect(authorize.searchParams.get('scope')).toBe('openid profile email w_member_social');
    },
  });
  return { ...done, username };
}

describe.each(databaseKinds)('connecting LinkedIn on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('connects a LinkedIn member through the popup flow and the simulator', async () => {
    const { cookie } = await signUp(t.app);
    const { result, username } = await connectLinkedIn(t.app, cookie);
    expect(result.type).toBe('OAUTH_SUCCESS');
    expect(result.origin).toBe(TEST_APP_URL);
    const list = (await asUser(t.app, cookie).get('/api/user/social-accounts')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: result['account-id'],
      platform: 'linkedin',
      username,
      status: 'connected',
      sandbox: true,
      followers: null,
      posts: 0,
    });
    // 60 days, and no refresh token: the app warns before it lapses.
    const expiresIn = Date.parse(list[0].tokenExpiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * 86_400_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 86_400_000);
  });

  it('updates the same member on reconnect, and disconnects without a call LinkedIn does not offer', async () => {
    const { cookie } = await signUp(t.app);
    const first = await connectLinkedIn(t.app, cookie);
    const again = await connectLinkedIn(t.app, cookie, first.username);
    expect(again.result['account-id']).toBe(first.result['account-id']);
    const user = asUser(t.app, cookie);
    expect((await user.get('/api/user/social-accounts')).json()).toHaveLength(1);
    expect((await user.delete(`/api/user/social-accounts/${first.result['account-id']}`)).statusCode).toBe(
      204,
    );
    expect((await user.get('/api/user/social-accounts')).json()).toEqual([]);
  });

  it('reports a cancelled consent to the popup and connects nothing', async () => {
    const { cookie } = await signUp(t.app);
    const { result } = await connectLinkedIn(t.app, cookie, handle(), 'cancel');
    expect(result.type).toBe('OAUTH_ERROR');
    expect(result.message).toContain('cancelled');
    expect((await asUser(t.app, cookie).get('/api/user/social-accounts')).json()).toEqual([]);
  });
});
