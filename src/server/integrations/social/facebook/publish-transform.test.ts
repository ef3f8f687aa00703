import { describe, expect, it } from 'vitest';
import { graphTimeToDate } from '../http/graph-list';
import { SocialPlatformError } from '../social-provider';
import {
  attachedMedia,
  isSameFacebookPost,
  toCreatedPhotoId,
  toFeedPage,
  toPermalink,
} from './publish-transform';

describe('Facebook publishing answers', () => {
  it('reads an unpublished photo id and writes attached_media', () => {
    expect(toCreatedPhotoId({ id: '501' })).toBe('501');
    expect(() => toCreatedPhotoId({ id: '123_456' })).toThrow(SocialPlatformError);
    expect(attachedMedia(['501', '502'])).toBe('[{"media_fbid":"501"},{"media_fbid":"502"}]');
  });

  it("reads a page of the Page's feed, and its next cursor only when there is a next page", () => {
    expect(
      toFeedPage({
        data: [
          {
            id: '1_2',
            message: 'Hi',
            created_time: '2026-11-22T13:19:44+0000',
            permalink_url: 'https://www.facebook.com/shop/posts/pfbid0A',
          },
          { id: '1_3', permalink_url: 'javascript:alert(1)' },
        ],
        paging: { cursors: { before: 'a', after: 'b' }, next: 'https://graph.facebook.com/…' },
      }),
    ).toEqual({
      posts: [
        {
          id: '1_2',
          message: 'Hi',
          createdAt: new Date('2026-11-22T13:19:44Z'),
          permalink: 'https://www.facebook.com/shop/posts/pfbid0A',
        },
        // Only an http(s) link is a link.
        { id: '1_3', message: '', createdAt: null, permalink: null },
      ],
      after: 'b',
    });
    expect(toFeedPage({ data: [], paging: { cursors: { before: 'a', after: 'b' } } }).after).toBeNull();
    expect(graphTimeToDate('nonsense')).toBeNull();
  });

  it('reads the permalink_url of a post, null when absent or not a link', () => {
    expect(toPermalink({ id: '1_2', permalink_url: 'https://www.facebook.com/shop/posts/pfbid0A' })).toBe(
      'https://www.facebook.com/shop/posts/pfbid0A',
    );
    expect(toPermalink({ id: '1_2' })).toBeNull();
    expect(toPermalink({ id: '1_2', permalink_url: 'not a url' })).toBeNull();
  });

  it('compares messages with whitespace collapsed', () => {
    expect(isSameFacebookPost('New  menu\n', 'New menu')).toBe(true);
    expect(isSameFacebookPost('New menu!', 'New menu')).toBe(false);
  });
});
