import { describe, expect, it } from 'vitest';
import { graphTimeToDate } from '../http/graph-list';
import { SocialPlatformError } from '../social-provider';
import {
  attachedMedia,
  isSameFacebookPost,
  toCreatedComment,
  toCreatedPhotoId,
  toFeedPage,
  toPermalink,
  toStoryPostId,
  toUploadSession,
  toVideoPermalink,
  toVideoProgress,
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

  it('reads a video status: ready (and published when asked), still processing, or failed with its message', () => {
    const status = (video_status: string, extra: Record<string, unknown> = {}) => ({
      id: '1',
      status: { video_status, uploading_phase: { status: 'complete' }, ...extra },
    });
    expect(toVideoProgress(status('processing'), false)).toEqual({ state: 'processing' });
    expect(toVideoProgress(status('ready'), true)).toEqual({ state: 'ready' });
    const unpublished = status('ready', { publishing_phase: { status: 'not_started' } });
    expect(toVideoProgress(unpublished, true)).toEqual({ state: 'processing' });
    expect(toVideoProgress(unpublished, false)).toEqual({ state: 'ready' });
    const failed = status('error', {
      processing_phase: { status: 'error', errors: [{ code: 2069019, message: 'Reels must be 9:16.' }] },
    });
    expect(toVideoProgress(failed, true)).toEqual({ state: 'error', message: 'Reels must be 9:16.' });
    expect(toVideoProgress(status('error'), true)).toMatchObject({ state: 'error' });
    expect(() => toVideoProgress({ id: '1' }, true)).toThrow(SocialPlatformError);
  });

  it('reads upload sessions, stories, comments and video links', () => {
    expect(
      toUploadSession({ video_id: '77', upload_url: 'https://rupload.facebook.com/video-upload/v23.0/77' }),
    ).toEqual({ videoId: '77', uploadUrl: 'https://rupload.facebook.com/video-upload/v23.0/77' });
    expect(() => toUploadSession({ video_id: '77' })).toThrow(SocialPlatformError);
    expect(toStoryPostId({ success: true, post_id: '10_20' })).toBe('10_20');
    expect(() => toStoryPostId({ success: false })).toThrow(SocialPlatformError);
    expect(
      toCreatedComment({ id: '20_30', permalink_url: 'https://www.facebook.com/x?comment_id=30' }),
    ).toEqual({
      id: '20_30',
      permalink: 'https://www.facebook.com/x?comment_id=30',
    });
    expect(toCreatedComment({ id: '20_30' })).toEqual({ id: '20_30', permalink: null });
    // The Video reference gives a path on facebook.com.
    expect(toVideoPermalink({ permalink_url: '/123/videos/77/' }, 'https://www.facebook.com/')).toBe(
      'https://www.facebook.com/123/videos/77/',
    );
    expect(toVideoPermalink({ permalink_url: 'https://www.facebook.com/reel/77' }, 'x')).toBe(
      'https://www.facebook.com/reel/77',
    );
    expect(toVideoPermalink({}, 'https://www.facebook.com')).toBeNull();
  });
});
