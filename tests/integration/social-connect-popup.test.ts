import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectThroughSimulator, popupResult } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * Issue 20 item 0 (decision 040): the OAuth popup leaves the app's origin for the platform's and
 * comes back. Our pages inside it are served with COOP unsafe-none (any other value makes Chromium
 * sever the popup from its opener), and the result page names the attempt (its flow id) so the
 * waiting page can hear it over a BroadcastChannel when a platform severed the opener itself.
 * The browser side is proven in tests/e2e/oauth-popup-origin.spec.ts.
 */

const FLOW = 'Zm9yLXRoaXMtdGVzdA-_01';
const COOP = 'cross-origin-opener-policy';
const SIGN_IN_ORIGIN = 'http://signin.kitepost.test:8443';

describe.each(databaseKinds)('the OAuth popup on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { SANDBOX_AUTHORIZE_ORIGIN: SIGN_IN_ORIGIN });
  });
  afterAll(() => t.close());

  it('serves every page of ours inside the popup with COOP unsafe-none, the rest same-origin-allow-popups', async () => {
    const { cookie } = await signUp(t.app);
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/auth/social/twitter?flow=${FLOW}`,
      headers: { cookie },
    });
    expect(start.statusCode).toBe(302);
    expect(start.headers[COOP]).toBe('unsafe-none');

    const callback = await t.app.inject({
      method: 'GET',
      url: '/api/auth/social/twitter/callback?state=forged&code=x',
      headers: { cookie },
    });
    expect(callback.statusCode).toBe(200);
    expect(callback.headers[COOP]).toBe('unsafe-none');

    const choose = await t.app.inject({
      method: 'POST',
      url: '/api/auth/social/facebook/choose',
      headers: { cookie, origin: TEST_APP_URL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'state=forged&externalId=1',
    });
    expect(choose.statusCode).toBe(200);
    expect(choose.headers[COOP]).toBe('unsafe-none');

    for (const url of ['/api/health', '/api/user/social-accounts', '/social-accounts']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(page.headers[COOP], url).toBe('same-origin-allow-popups');
    }
  });

  it('carries the flow id from the popup start to the result page, success or refusal', async () => {
    const { cookie } = await signUp(t.app);
    const connected = await connectThroughSimulator(t.app, cookie, 'twitter', {
      start: `/api/auth/social/twitter?flow=${FLOW}`,
      // The sandbox's consent page is reached on its own origin (SANDBOX_AUTHORIZE_ORIGIN).
      authorizeOrigin: SIGN_IN_ORIGIN,
      fields: { account: '__new__', username: `flow_${Date.now().toString(36)}`, decision: 'authorize' },
      checkAuthorize: (authorize) => {
        expect(authorize.searchParams.get('state')?.endsWith(`.${FLOW}`)).toBe(true);
      },
    });
    expect(connected.result).toMatchObject({ type: 'OAUTH_SUCCESS', flow: FLOW, origin: TEST_APP_URL });

    const refused = await connectThroughSimulator(t.app, cookie, 'linkedin', {
      start: `/api/auth/social/linkedin?flow=${FLOW}`,
      authorizeOrigin: SIGN_IN_ORIGIN,
      fields: { decision: 'cancel' },
    });
    expect(refused.result).toMatchObject({ type: 'OAUTH_ERROR', flow: FLOW });
    expect(refused.result.message).toContain('cancelled');

    // Without a flow id (an API client, an old page) the page says nothing about one.
    const plain = await connectThroughSimulator(t.app, cookie, 'twitter', {
      authorizeOrigin: SIGN_IN_ORIGIN,
      fields: { account: '__new__', username: `noflow_${Date.now().toString(36)}`, decision: 'authorize' },
    });
    expect(plain.result.type).toBe('OAUTH_SUCCESS');
    expect(plain.result.flow).toBeUndefined();
  });

  it('names the flow on a refusal before the platform (signed out) and refuses a malformed flow id', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/auth/social/twitter?flow=${FLOW}` });
    expect(signedOut.statusCode).toBe(200);
    expect(popupResult(signedOut.body)).toMatchObject({ type: 'OAUTH_ERROR', flow: FLOW });

    const { cookie } = await signUp(t.app);
    for (const flow of ['short', 'has spaces in it, many', 'x'.repeat(65), '<script>alert(1)</script>']) {
      const bad = await t.app.inject({
        method: 'GET',
        url: `/api/auth/social/twitter?flow=${encodeURIComponent(flow)}`,
        headers: { cookie },
      });
      expect(bad.statusCode, flow).toBe(400);
    }
  });
});
