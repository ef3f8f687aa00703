import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGoogleOAuth,
  type GoogleOAuth,
} from '../../src/server/integrations/social/google/google-oauth';
import { SIMULATOR_CREDENTIALS, simulatorEndpoints } from '../../src/server/integrations/social/simulator';
import {
  SocialPlatformError,
  TokenExpiredError,
  TransientPlatformError,
} from '../../src/server/integrations/social/social-provider';
import { injectFetch } from '../../src/server/lib/inject-fetch';
import { expectError, hiddenFields } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { adapterDatabaseKinds } from '../setup/databases';

const REDIRECT_URI = `${TEST_APP_URL}/api/auth/social/youtube/callback`;
const AUTHORIZE_PATH = '/sandbox/youtube/o/oauth2/v2/auth';
const UPLOAD = 'https://www.googleapis.com/auth/youtube.upload';
const READONLY = 'https://www.googleapis.com/auth/youtube.readonly';

describe.each(adapterDatabaseKinds)("Google's sign-in against the simulator (YouTube's) on %s", (kind) => {
  let t: TestApp;
  let sim: FastifyInstance;
  let session = '';
  let google: GoogleOAuth;
  const endpoints = simulatorEndpoints(TEST_APP_URL, 'youtube');
  const oauthWith = (overrides: Partial<Parameters<typeof createGoogleOAuth>[0]> = {}) =>
    createGoogleOAuth({
      ...SIMULATOR_CREDENTIALS,
      ...endpoints,
      tokenUrl: endpoints.tokenUrl as string,
      platform: 'youtube',
      scopes: [UPLOAD, READONLY],
      sandbox: true,
      fetch: injectFetch(sim),
      timeoutMs: 5_000,
      ...overrides,
    });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    sim = t.app;
    session = (await signUp(t.app)).cookie;
    google = oauthWith();
  });
  afterAll(() => t.close());

  /** The consent page as the browser sees it, approved with a new channel; answers the redirect. */
  async function consent(url: URL, decision = 'authorize') {
    const page = await sim.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(200);
    const handle = `chan_${randomBytes(4).toString('hex')}`;
    const form = { ...hiddenFields(page.body), account: '__new__', username: handle, decision };
    const posted = await sim.inject({
      method: 'POST',
      url: AUTHORIZE_PATH,
      headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(posted.statusCode).toBe(302);
    return new URL(String(posted.headers.location));
  }

  async function connect() {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const url = new URL(
      google.authorizeUrl({ state: 'st', redirectUri: REDIRECT_URI, codeChallenge: challenge }),
    );
    const back = await consent(url);
    const code = back.searchParams.get('code') as string;
    return {
      tokens: await google.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier }),
      code,
      verifier,
    };
  }

  it("asks Google's way: offline access, consent, incremental scopes, PKCE S256", () => {
    const url = new URL(
      google.authorizeUrl({ state: 'st', redirectUri: REDIRECT_URI, codeChallenge: 'c'.repeat(43) }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${TEST_APP_URL}${AUTHORIZE_PATH}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: SIMULATOR_CREDENTIALS.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: `${UPLOAD} ${READONLY}`,
      state: 'st',
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
    });
  });

  it('exchanges a code (with its verifier) for an hour-long token and a refresh token, once', async () => {
    const { tokens, code, verifier } = await connect();
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.scopes).toEqual([UPLOAD, READONLY]);
    const lifetime = (tokens.expiresAt?.getTime() ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan(3500_000);
    expect(lifetime).toBeLessThanOrEqual(3599_000);
    await expectError(
      google.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier }),
      SocialPlatformError,
    );
  });

  it('refuses a wrong verifier, a wrong redirect and a wrong secret', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const back = await consent(
      new URL(google.authorizeUrl({ state: 'st', redirectUri: REDIRECT_URI, codeChallenge: challenge })),
    );
    const code = back.searchParams.get('code') as string;
    const wrong = await expectError(
      google.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: 'x'.repeat(43) }),
      SocialPlatformError,
    );
    expect(wrong.message).toContain('Invalid code verifier.');
    await expectError(
      google.exchangeCode({ code, redirectUri: `${REDIRECT_URI}?x=1`, codeVerifier: verifier }),
      SocialPlatformError,
    );
    const badSecret = await expectError(
      oauthWith({ clientSecret: 'nope' }).exchangeCode({
        code,
        redirectUri: REDIRECT_URI,
        codeVerifier: verifier,
      }),
      SocialPlatformError,
    );
    expect(badSecret.message).toContain("Kitepost's app credentials");
  });

  it('refreshes without a new refresh token (the old one is kept and keeps working)', async () => {
    const { tokens } = await connect();
    const refreshed = await google.refreshTokens(tokens);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    const again = await google.refreshTokens(refreshed);
    expect(again.refreshToken).toBe(tokens.refreshToken);
    await expectError(google.refreshTokens({ ...tokens, refreshToken: 'unknown' }), TokenExpiredError);
    await expectError(google.refreshTokens({ ...tokens, refreshToken: null }), TokenExpiredError);
  });

  it('revokes the connection: the refresh token then answers invalid_grant (TokenExpiredError)', async () => {
    const { tokens } = await connect();
    await google.revoke(tokens);
    const error = await expectError(google.refreshTokens(tokens), TokenExpiredError);
    expect(error.message).toContain('Token has been expired or revoked.');
    // Revoking what Google no longer knows is quiet.
    await google.revoke(tokens);
  });

  it('gives no refresh token to an online request', async () => {
    const url = new URL(google.authorizeUrl({ state: 'st', redirectUri: REDIRECT_URI }));
    url.searchParams.set('access_type', 'online');
    const back = await consent(url);
    expect(back.searchParams.get('scope')).toBe(`${UPLOAD} ${READONLY}`);
    const tokens = await google.exchangeCode({
      code: back.searchParams.get('code') as string,
      redirectUri: REDIRECT_URI,
    });
    expect(tokens.refreshToken).toBeNull();
  });

  it('sends a decline back as access_denied, and refuses unknown scopes on its error page', async () => {
    const declined = await consent(
      new URL(google.authorizeUrl({ state: 'st', redirectUri: REDIRECT_URI })),
      'deny',
    );
    expect(declined.searchParams.get('error')).toBe('access_denied');
    expect(declined.searchParams.get('state')).toBe('st');
    const url = new URL(
      oauthWith({ scopes: [UPLOAD, 'https://www.googleapis.com/auth/drive'] }).authorizeUrl({
        state: 'st',
        redirectUri: REDIRECT_URI,
      }),
    );
    const page = await sim.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('invalid_scope');
  });

  it('maps a token endpoint that is down to a transient failure', async () => {
    const { tokens } = await connect();
    const down = createGoogleOAuth({
      ...SIMULATOR_CREDENTIALS,
      ...endpoints,
      tokenUrl: endpoints.tokenUrl as string,
      platform: 'youtube',
      scopes: [UPLOAD],
      sandbox: true,
      fetch: (input, init) =>
        injectFetch(sim)(input, {
          ...init,
          headers: { ...(init?.headers as object), 'x-sandbox-fault': 'server-error' },
        }),
    });
    await expectError(down.refreshTokens(tokens), TransientPlatformError);
  });
});
