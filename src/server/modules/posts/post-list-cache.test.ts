import { describe, expect, it } from 'vitest';
import type { EncodedBody } from '../../lib/encoded-body';
import { createPostListCache, type PostListCacheKey, postListCacheKey } from './post-list-cache';

const key = (overrides: Partial<PostListCacheKey> = {}): PostListCacheKey => ({
  workspaceId: 'w1',
  postsVersion: '7',
  limit: 50,
  ...overrides,
});

describe('the post-list cache', () => {
  it('keys by workspace, version and the normalised query', () => {
    const at = new Date('2026-12-01T10:00:00Z');
    expect(postListCacheKey(key({ statuses: ['scheduled', 'draft', 'draft'] }))).toBe(
      postListCacheKey(key({ statuses: ['draft', 'scheduled'] })),
    );
    expect(postListCacheKey(key({ from: at }))).toBe(
      postListCacheKey(key({ from: new Date('2026-12-01T12:00:00+02:00') })),
    );
    const distinct = [
      key(),
      key({ workspaceId: 'w2' }),
      key({ postsVersion: '8' }),
      key({ statuses: ['draft'] }),
      key({ from: at }),
      key({ to: at }),
      key({ limit: 10 }),
    ].map(postListCacheKey);
    expect(new Set(distinct).size).toBe(distinct.length);
  });

  it('loads once, then answers from memory', async () => {
    const cache = createPostListCache();
    let loads = 0;
    const load = async () => `[${++loads}]`;
    expect(String((await cache.get(key(), load)).identity)).toBe('[1]');
    expect(String((await cache.get(key(), load)).identity)).toBe('[1]');
    expect(String((await cache.get(key({ postsVersion: '8' }), load)).identity)).toBe('[2]');
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2, entries: 2 });
  });

  it('shares a load under way and keeps no failure', async () => {
    const cache = createPostListCache();
    let release: (json: string) => void = () => {};
    const slow = new Promise<string>((resolve) => {
      release = resolve;
    });
    let loads = 0;
    const first = cache.get(key(), () => {
      loads++;
      return slow;
    });
    const second = cache.get(key(), async () => {
      loads++;
      return 'not used';
    });
    release('[]');
    expect((await Promise.all([first, second])).map((body) => String(body.identity))).toEqual(['[]', '[]']);
    expect(loads).toBe(1);

    await expect(cache.get(key({ limit: 1 }), async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(String((await cache.get(key({ limit: 1 }), async () => '[1]')).identity)).toBe('[1]');
  });

  it('stays within its entry and byte bounds, every encoding counted', async () => {
    const size = (body: EncodedBody) => body.identity.length + body.br.length + body.gzip.length;
    const cache = createPostListCache({ maxEntries: 3, maxBytes: 10_000, maxEntryBytes: 4_000 });
    const bodies: EncodedBody[] = [];
    for (let i = 0; i < 10; i++)
      bodies.push(await cache.get(key({ limit: i + 1 }), async () => 'x'.repeat(50)));
    const lastThree = bodies.slice(-3).reduce((sum, body) => sum + size(body), 0);
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: lastThree });

    const one = size(await createPostListCache().get(key(), async () => 'x'.repeat(300)));
    const big = createPostListCache({ maxEntries: 100, maxBytes: 3 * one + 1, maxEntryBytes: one + 1 });
    for (let i = 0; i < 10; i++) await big.get(key({ limit: i + 1 }), async () => 'x'.repeat(300));
    expect(big.stats().bytes).toBeLessThanOrEqual(3 * one + 1);
    expect(big.stats().entries).toBe(3);
    // Larger than one entry may be: answered, not kept.
    expect((await big.get(key({ limit: 99 }), async () => 'y'.repeat(3000))).identity).toHaveLength(3000);
    expect(big.stats().entries).toBe(3);
  });
});
