import { describe, expect, it } from 'vitest';
import type { Post } from '../../../../contracts/posts';
import { PUBLISHING_REFRESH_MS, refreshDelay, soonestRefresh } from './list-posts';

const now = Date.parse('2026-12-10T12:00:00Z');
const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();

function post(status: Post['status'], scheduledAt: string | null): Post {
  return { status, scheduledAt } as Post;
}

describe('refreshDelay', () => {
  it('looks again a minute before a post is due, then every 2 s until it settles', () => {
    expect(refreshDelay(post('scheduled', at(30 * 60_000)), now)).toBe(29 * 60_000);
    expect(refreshDelay(post('scheduled', at(45_000)), now)).toBe(PUBLISHING_REFRESH_MS);
    expect(refreshDelay(post('scheduled', at(-60_000)), now)).toBe(PUBLISHING_REFRESH_MS);
    expect(refreshDelay(post('publishing', at(-60_000)), now)).toBe(PUBLISHING_REFRESH_MS);
  });

  it('does not poll for posts far ahead, long overdue, or settled', () => {
    expect(refreshDelay(post('scheduled', at(2 * 3_600_000)), now)).toBe(false);
    expect(refreshDelay(post('scheduled', at(-11 * 60_000)), now)).toBe(false);
    expect(refreshDelay(post('published', at(-1_000)), now)).toBe(false);
    expect(refreshDelay(post('draft', at(1_000)), now)).toBe(false);
  });

  it('watches a published post while its thread or first comment is still going out', () => {
    const published = (over: Partial<Post>) =>
      ({
        status: 'published',
        scheduledAt: at(-60_000),
        publishedAt: at(-30_000),
        thread: [],
        firstCommentStatus: null,
        ...over,
      }) as Post;
    const item = (status: Post['thread'][number]['status']) =>
      ({
        content: 'x',
        mediaIds: [],
        status,
        externalId: null,
        url: null,
        error: null,
      }) as Post['thread'][number];
    expect(refreshDelay(published({ firstCommentStatus: 'pending' }), now)).toBe(PUBLISHING_REFRESH_MS);
    expect(refreshDelay(published({ thread: [item('published'), item('pending')] }), now)).toBe(
      PUBLISHING_REFRESH_MS,
    );
    expect(refreshDelay(published({ firstCommentStatus: 'posted' }), now)).toBe(false);
    // A stopped thread waits for nobody; an old post is not watched.
    expect(refreshDelay(published({ thread: [item('failed'), item('pending')] }), now)).toBe(false);
    expect(
      refreshDelay(published({ firstCommentStatus: 'pending', publishedAt: at(-31 * 60_000) }), now),
    ).toBe(false);
  });

  it('takes the soonest of a list', () => {
    expect(soonestRefresh([post('draft', null), post('scheduled', at(10 * 60_000))], now)).toBe(9 * 60_000);
    expect(soonestRefresh([post('published', at(0))], now)).toBe(false);
    expect(soonestRefresh(undefined, now)).toBe(false);
  });
});
