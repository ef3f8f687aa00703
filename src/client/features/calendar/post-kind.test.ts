import { describe, expect, it } from 'vitest';
import { formatDuration, postKindLabel } from './post-kind';

const thread = (count: number) =>
  Array.from({ length: count }, () => ({
    content: 'Next',
    mediaIds: [],
    status: 'pending' as const,
    externalId: null,
    url: null,
    error: null,
  }));

describe('postKindLabel', () => {
  it('names the type, with the items of a carousel and the posts of a thread', () => {
    expect(postKindLabel({ postType: 'post', mediaIds: ['a'], thread: [] })).toBeNull();
    expect(postKindLabel({ postType: 'reel', mediaIds: ['v'], thread: [] })).toBe('Reel');
    expect(postKindLabel({ postType: 'story', mediaIds: ['v'], thread: [] })).toBe('Story');
    expect(postKindLabel({ postType: 'carousel', mediaIds: ['a', 'b', 'c'], thread: [] })).toBe(
      'Carousel · 3',
    );
    expect(postKindLabel({ postType: 'thread', mediaIds: [], thread: thread(3) })).toBe('Thread · 4');
  });
});

describe('formatDuration', () => {
  it('shows minutes and seconds', () => {
    expect(formatDuration(65_400)).toBe('1:05');
    expect(formatDuration(3_500)).toBe('0:04');
    expect(formatDuration(null)).toBe('0:00');
  });
});
