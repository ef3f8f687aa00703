import { describe, expect, it } from 'vitest';
import { formatDuration, postKindLabel, postTypeChoiceLabel, postTypeHintOf } from './post-kind';

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
    expect(
      postKindLabel({ platform: 'instagram', postType: 'post', mediaIds: ['a'], thread: [] }),
    ).toBeNull();
    expect(postKindLabel({ platform: 'instagram', postType: 'reel', mediaIds: ['v'], thread: [] })).toBe(
      'Reel',
    );
    expect(postKindLabel({ platform: 'instagram', postType: 'story', mediaIds: ['v'], thread: [] })).toBe(
      'Story',
    );
    expect(
      postKindLabel({ platform: 'instagram', postType: 'carousel', mediaIds: ['a', 'b', 'c'], thread: [] }),
    ).toBe('Carousel · 3');
    expect(postKindLabel({ platform: 'twitter', postType: 'thread', mediaIds: [], thread: thread(3) })).toBe(
      'Thread · 4',
    );
  });
});

describe('post types per network', () => {
  it('calls a LinkedIn carousel a document (PDF) and keeps Instagram carousels as they are', () => {
    expect(postTypeChoiceLabel('linkedin', 'carousel')).toBe('Document (PDF)');
    expect(postTypeHintOf('linkedin', 'carousel')).toBe('People swipe through the pages');
    expect(postTypeChoiceLabel('instagram', 'carousel')).toBe('Carousel');
    expect(postTypeHintOf('instagram', 'carousel')).toBeNull();
    expect(postTypeChoiceLabel('linkedin', 'post')).toBe('Post');
    expect(postKindLabel({ platform: 'linkedin', postType: 'carousel', mediaIds: ['pdf'], thread: [] })).toBe(
      'Document',
    );
  });
});

describe('formatDuration', () => {
  it('shows minutes and seconds', () => {
    expect(formatDuration(65_400)).toBe('1:05');
    expect(formatDuration(3_500)).toBe('0:04');
    expect(formatDuration(null)).toBe('0:00');
  });
});
