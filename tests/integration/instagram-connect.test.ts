import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../factories/posts';
import { connectThroughSimulator } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const handle = () => `shop_${randomBytes(4).toString('hex')}`;

/** The popup flow as the browser runs it, against the Instagram simulator; answers the final page. */
async function connectInstagram(
  app: FastifyInstance,
  cookie: string,
  username = handle(),
  decision: 'authorize' | 'cancel' = 'authorize',
) {
  const done = await connectThroughSimulator(app, cookie, 'instagram', {
    fields: { account: '__new__', username, decision },
    checkAuthorize: (authorize) => {
      expect(authorize.pathname).toBe('/sandbox/instagram/oauth/authorize');
      // Business Login for Instagram has no PKCE.
      expect(authorize.searchParams.has('code_challenge')).toBe(false);
      expect(authorize.searchParams.get('scope')).toBe(
        'instagram_business_basic,instagram_business_content_publish,instagram_business_manage_insights,instagram_business_manage_comments',
      );
    },
  });
  return { ...done, username };
}

describe.each(databaseKinds)('connecting Instagram on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('connects an Instagram professional account through the popup flow and the simulator', async () => {
    const { cookie } = await signUp(t.app);
    const { result, username } = await connectInstagram(t.app, cookie);
    expect(result.type).toBe('OAUTH_SUCCESS');
    expect(result.origin).toBe(TEST_APP_URL);
    const list = (await asUser(t.app, cookie).get('/api/user/social-accounts')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: result['account-id'],
      platform: 'instagram',
      username,
      status: 'connected',
      sandbox: true,
    });
    expect(list[0].followers).toBeGreaterThan(0);
    // The long-lived token (60 days) is the one kept, not the hour-long one of the code exchange.
    expect(Date.parse(list[0].tokenExpiresAt)).toBeGreaterThan(Date.now() + 59 * 86_400_000);
  });

  it('updates the same account on reconnect, and reports a cancelled consent', async () => {
    const { cookie } = await signUp(t.app);
    const first = await connectInstagram(t.app, cookie);
    const again = await connectInstagram(t.app, cookie, first.username);
    expect(again.result['account-id']).toBe(first.result['account-id']);
    expect((await asUser(t.app, cookie).get('/api/user/social-accounts')).json()).toHaveLength(1);
    const cancelled = await connectInstagram(t.app, cookie, handle(), 'cancel');
    expect(cancelled.result).toMatchObject({
      type: 'OAUTH_ERROR',
      message: 'You cancelled the connection to Instagram.',
    });
  });

  it('disconnects without a call to Instagram (it has no revocation)', async () => {
    const { cookie } = await signUp(t.app);
    const { result } = await connectInstagram(t.app, cookie);
    const removed = await asUser(t.app, cookie).delete(`/api/user/social-accounts/${result['account-id']}`);
    expect(removed.statusCode).toBeLessThan(300);
    expect((await asUser(t.app, cookie).get('/api/user/social-accounts')).json()).toEqual([]);
  });
});
