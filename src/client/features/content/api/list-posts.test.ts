import { afterEach, describe, expect, it, vi } from 'vitest';
import { listPosts } from './list-posts';
import { postKeys } from './post-keys';

function recordPaths() {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      paths.push(url);
      return new Response('[]', { headers: { 'content-type': 'application/json' } });
    }),
  );
  return paths;
}

afterEach(() => vi.unstubAllGlobals());

describe('listPosts', () => {
  it('sends only the filters it is given, statuses joined by commas', async () => {
    const paths = recordPaths();
    await listPosts({});
    await listPosts({ limit: 1 });
    await listPosts({
      from: '2026-12-01T00:00:00.000Z',
      to: '2026-12-31T00:00:00.000Z',
      status: ['scheduled', 'pending_approval'],
      limit: 200,
    });
    expect(paths).toEqual([
      '/api/posts',
      '/api/posts?limit=1',
      '/api/posts?from=2026-12-01T00%3A00%3A00.000Z&to=2026-12-31T00%3A00%3A00.000Z&status=scheduled%2Cpending_approval&limit=200',
    ]);
  });
});

describe('postKeys', () => {
  it('puts every post query under postKeys.all, so one invalidation refreshes them all', () => {
    const keys = [
      postKeys.range('a', 'b', ['scheduled']),
      postKeys.upcoming(4),
      postKeys.pendingApproval(),
      postKeys.any(),
      postKeys.detail('id'),
      postKeys.comments('id'),
    ];
    for (const key of keys) expect(key.slice(0, postKeys.all.length)).toEqual(postKeys.all);
    expect(new Set(keys.map((key) => JSON.stringify(key))).size).toBe(keys.length);
  });
});
