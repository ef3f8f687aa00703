import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../setup/app';

/*
 * SANDBOX_API_ORIGIN: the simulated platforms' API calls go over HTTP to another process's
 * simulator (the publishing bench's remote platform); the consent page stays this app's. The
 * other process is a bare server here that records what reaches it.
 */
describe('a remote simulator', () => {
  let remote: Server;
  let app: TestApp;
  let origin: string;
  const seen: string[] = [];
  beforeAll(async () => {
    remote = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'invalid_request', error_description: 'recorded' }));
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
    app = await buildTestApp('pglite', { SANDBOX_API_ORIGIN: origin });
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => remote?.close(resolve));
  });

  it("sends the adapters' API calls there, and keeps the consent page here", async () => {
    const x = app.ctx.socialProviders.twitter;
    if (!x) throw new Error('no X adapter');
    const tokens = {
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: null,
      refreshExpiresAt: null,
      scopes: [],
    };
    await expect(x.refreshTokens(tokens)).rejects.toThrow();
    expect(seen).toEqual([expect.stringMatching(/^POST \/sandbox\/twitter\/api\/2\/oauth2\/token/)]);
    const authorize = new URL(
      x.authorizeUrl({ state: 's', redirectUri: `${app.config.appUrl}/cb`, codeChallenge: 'c' } as never),
    );
    expect(authorize.origin).toBe(new URL(app.config.appUrl).origin);
    expect(app.config.simulator.apiOrigin).toBe(origin);
  });
});
