import { describe, expect, it } from 'vitest';
import { SocialPlatformError } from '../social-provider';
import { isSameInstagramPost, toMediaPage } from './publish-transform';

describe('toMediaPage', () => {
  it('reads the media (caption, time, permalink) and the next cursor when there is a next page', () => {
    expect(
      toMediaPage({
        data: [
          {
            id: '17920238422030506',
            caption: 'Hello',
            timestamp: '2026-11-22T13:19:44+0000',
            permalink: 'https://www.instagram.com/p/Ab/',
          },
          { id: 42 },
        ],
        paging: { cursors: { before: 'a', after: 'b' }, next: 'https://graph.instagram.com/…' },
      }),
    ).toEqual({
      media: [
        {
          id: '17920238422030506',
          caption: 'Hello',
          publishedAt: new Date('2026-11-22T13:19:44Z'),
          permalink: 'https://www.instagram.com/p/Ab/',
        },
        { id: '42', caption: '', publishedAt: null, permalink: null },
      ],
      after: 'b',
    });
    expect(toMediaPage({ data: [] })).toEqual({ media: [], after: null });
    expect(() => toMediaPage({ media: [] })).toThrow(SocialPlatformError);
  });

  it('compares captions with whitespace collapsed', () => {
    expect(isSameInstagramPost('Hello\n\n#shop', 'Hello #shop')).toBe(true);
    expect(isSameInstagramPost('Hello #shop #more', 'Hello #shop')).toBe(false);
  });
});
