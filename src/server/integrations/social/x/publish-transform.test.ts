import { describe, expect, it } from 'vitest';
import { InvalidContentError, SocialPlatformError } from '../social-provider';
import {
  isSameXPost,
  mediaProcessingFailed,
  toTimelinePage,
  toUploadedMedia,
  xChunkSize,
  xTime,
} from './publish-transform';

describe('toUploadedMedia', () => {
  it('reads the media id, and processing_info when X is still at it', () => {
    expect(toUploadedMedia({ data: { id: '1880', media_key: '3_1880', expires_after_secs: 86400 } })).toEqual(
      {
        id: '1880',
        processing: null,
      },
    );
    expect(
      toUploadedMedia({
        data: {
          id: '1881',
          processing_info: { state: 'pending', check_after_secs: 2, progress_percent: 10 },
        },
      }),
    ).toEqual({ id: '1881', processing: { state: 'pending', checkAfterMs: 2000, error: null } });
    const failed = toUploadedMedia({
      data: {
        id: '1882',
        processing_info: { state: 'failed', error: { name: 'InvalidMedia', message: 'Bad' } },
      },
    });
    expect(failed.processing?.error).toBe('Bad');
    expect(mediaProcessingFailed(failed.processing as NonNullable<typeof failed.processing>)).toBeInstanceOf(
      InvalidContentError,
    );
    expect(() => toUploadedMedia({ data: { id: 'abc' } })).toThrow(SocialPlatformError);
  });
});

describe('toTimelinePage', () => {
  it('reads posts and the next token; an empty page has no data', () => {
    expect(
      toTimelinePage({
        data: [
          { id: '9', text: 'hi', created_at: '2026-11-22T10:00:00.000Z', edit_history_tweet_ids: ['9'] },
        ],
        meta: { result_count: 1, next_token: 'n1' },
      }),
    ).toEqual({
      posts: [{ id: '9', text: 'hi', createdAt: new Date('2026-11-22T10:00:00Z') }],
      nextToken: 'n1',
    });
    expect(toTimelinePage({ meta: { result_count: 0 } })).toEqual({ posts: [], nextToken: null });
  });
});

describe('xTime', () => {
  it('writes X start_time to the second', () => {
    expect(xTime(new Date('2026-11-22T10:00:30.999Z'))).toBe('2026-11-22T10:00:30Z');
  });
});

describe('isSameXPost', () => {
  it('sees through t.co links, HTML escapes, whitespace and an appended image link', () => {
    const sent = 'Fresh bread & <coffee>\n\nhttps://example.com/menu?x=1 #bakery';
    expect(isSameXPost('Fresh bread &amp; &lt;coffee&gt; https://t.co/AbC #bakery', sent)).toBe(true);
    expect(
      isSameXPost('Fresh bread &amp; &lt;coffee&gt; https://t.co/AbC #bakery https://t.co/Pic', sent),
    ).toBe(true);
    expect(isSameXPost('https://t.co/Pic', '')).toBe(true);
    expect(isSameXPost('Fresh bread', sent)).toBe(false);
    expect(isSameXPost('Fresh bread & <coffee> https://t.co/AbC #bakery and more', sent)).toBe(false);
  });
});

describe('xChunkSize', () => {
  it('is 1 MiB up to 1,000 MiB, then grows so that no file needs a segment past 999', () => {
    const MiB = 1024 * 1024;
    expect(xChunkSize(33_000)).toBe(MiB);
    expect(xChunkSize(1000 * MiB)).toBe(MiB);
    const gib = 1024 * MiB;
    expect(xChunkSize(gib)).toBe(Math.ceil(gib / 1000));
    expect(Math.ceil(gib / xChunkSize(gib))).toBeLessThanOrEqual(1000);
    expect(Math.ceil((1000 * MiB + 1) / xChunkSize(1000 * MiB + 1))).toBeLessThanOrEqual(1000);
  });
});

describe('mediaProcessingFailed', () => {
  it("names the video and keeps X's message", () => {
    const error = mediaProcessingFailed(
      { state: 'failed', checkAfterMs: 0, error: 'Unsupported video format' },
      'video',
    );
    expect(error).toBeInstanceOf(InvalidContentError);
    expect(error.message).toBe('X could not process the video: Unsupported video format.');
  });
});
