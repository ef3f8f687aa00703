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
