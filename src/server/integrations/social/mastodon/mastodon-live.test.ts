import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SocialPlatformError } from '../social-provider';
import { liveServerGuard } from './mastodon-live';

describe('liveServerGuard', () => {
  it('lets a server with public addresses through, and trusts it for a while', async () => {
    let lookups = 0;
    const guard = liveServerGuard(undefined, async () => {
      lookups++;
      return [{ address: '151.101.1.1', family: 4 }];
    });
    await guard.check('https://mastodon.social');
    await guard.check('https://mastodon.social');
    expect(lookups).toBe(1);
  });

  it('refuses a server that resolves to a private address, or to none, in words', async () => {
    const rebinding = liveServerGuard(undefined, async () => [
      { address: '151.101.1.1', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ]);
    const refused = await rebinding.check('https://evil.example').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SocialPlatformError);
    expect((refused as Error).message).toMatch(
      /^Kitepost does not connect to evil\.example: it is not a public address/,
    );
    const missing = liveServerGuard(undefined, async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    });
    const unknown = await missing.check('https://nowhere.example').catch((error: unknown) => error);
    expect((unknown as Error).message).toMatch(/nowhere\.example/);
  });
});

describe('liveServerGuard.readInstance', () => {
  it('reads the instance document through the outbound fetch; a page that is not JSON is no instance', async () => {
    const server = createServer((request, response) => {
      if (request.url === '/api/v2/instance' && request.headers.host?.startsWith('localhost')) {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(
          JSON.stringify({ domain: 'localhost', configuration: { statuses: { max_characters: 777 } } }),
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>a blog</html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const local = { privateAllowList: ['127.0.0.0/8'], extraPorts: 'any' as const };
      const guard = liveServerGuard(local, async () => [{ address: '127.0.0.1', family: 4 }]);
      expect(await guard.readInstance(`http://localhost:${port}`)).toMatchObject({
        configuration: { statuses: { max_characters: 777 } },
      });
      expect(await guard.readInstance(`http://blog.localhost:${port}`)).toBeNull();
      // The strict policy (the default) never reaches a loopback address.
      const strict = liveServerGuard(undefined, async () => [{ address: '127.0.0.1', family: 4 }]);
      await expect(strict.readInstance(`https://localhost.example`)).rejects.toThrow(/not a public address/);
    } finally {
      server.close();
    }
  });
});
