import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../factories/posts';
import { acceptInvitation, invite } from '../factories/team';
import { randomIp, signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/** Every line the app logs, as written (JSON). */
function captureLog() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

describe.each(databaseKinds)('request logs carry no secrets on %s', (kind) => {
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    t = await buildTestApp(kind, { LOG_LEVEL: 'info' }, { logStream: log.stream });
  });
  afterAll(() => t.close());

  const loggedUrls = () =>
    log.lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));

  it('redacts invitation tokens in the path', async () => {
    const owner = await signUp(t.app);
    const invitation = await invite(t.app, owner.cookie, 'editor');
    const guest = await signUp(t.app);
    expect(
      (await t.app.inject({ url: `/api/team/invitations/${invitation.token}`, remoteAddress: randomIp() }))
        .statusCode,
    ).toBe(200);
    expect((await acceptInvitation(t.app, guest.cookie, invitation.token)).statusCode).toBe(200);

    expect(log.lines.join('\n')).not.toContain(invitation.token);
    expect(loggedUrls()).toEqual(
      expect.arrayContaining(['/api/team/invitations/[redacted]', '/api/team/invitations/[redacted]/accept']),
    );
  });

  it('redacts OAuth code and state on the social and single sign-on callbacks', async () => {
    const account = await signUp(t.app);
    await asUser(t.app, account.cookie).get(
      '/api/auth/social/linkedin/callback?code=social-code-4f1d&state=social-state-77ab',
    );
    await t.app.inject({
      url: '/api/identity/callback/oidc?code=sso-code-9c2e&state=sso-state-31d0&iss=http%3A%2F%2Fissuer',
      remoteAddress: randomIp(),
    });
    const all = log.lines.join('\n');
    for (const secret of ['social-code-4f1d', 'social-state-77ab', 'sso-code-9c2e', 'sso-state-31d0']) {
      expect(all).not.toContain(secret);
    }
    expect(loggedUrls()).toEqual(
      expect.arrayContaining([
        '/api/auth/social/linkedin/callback?code=[redacted]&state=[redacted]',
        '/api/identity/callback/oidc?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Fissuer',
      ]),
    );
  });

  it('redacts access and reset tokens in URLs, headers and bodies', async () => {
    await t.app.inject({ url: '/sandbox/facebook/v21.0/me/accounts?access_token=page-token-5e6f&fields=id' });
    await t.app.inject({ url: '/api/identity/reset-password/reset-token-0a9b?callbackURL=%2F' });
    await t.app.inject({ url: '/api/user/settings?token=query-token-1c2d', remoteAddress: randomIp() });
    // A handler that logs what it received must not leak either.
    t.ctx.log.info(
      {
        headers: { authorization: 'Bearer header-token-3e4f', cookie: 'kitepost.session_token=cookie-5a6b' },
        body: { password: 'body-password-7c8d', token: 'body-token-9e0f' },
        tokens: { accessToken: 'access-1a2b', refreshToken: 'refresh-3c4d' },
      },
      'what a careless handler logs',
    );
    const all = log.lines.join('\n');
    for (const secret of [
      'page-token-5e6f',
      'reset-token-0a9b',
      'query-token-1c2d',
      'header-token-3e4f',
      'cookie-5a6b',
      'body-password-7c8d',
      'body-token-9e0f',
      'access-1a2b',
      'refresh-3c4d',
    ]) {
      expect(all).not.toContain(secret);
    }
    expect(loggedUrls()).toEqual(
      expect.arrayContaining([
        '/sandbox/facebook/v21.0/me/accounts?access_token=[redacted]&fields=id',
        '/api/identity/reset-password/[redacted]?callbackURL=%2F',
      ]),
    );
  });
});
