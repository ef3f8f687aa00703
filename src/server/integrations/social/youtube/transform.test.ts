import { describe, expect, it } from 'vitest';
import { youtubeTagsLength } from '../../../../contracts/youtube';
import {
  InvalidContentError,
  type PublishInput,
  type PublishMedia,
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../social-provider';
import { toVideoMetrics } from './metrics-transform';
import { chunksFrom, toYouTubeUpload } from './publish-transform';
import { nextPacificMidnight, pacificDay } from './quota';
import {
  isSameVideo,
  processingOutcome,
  toExternalAccount,
  youtubeErrorFrom,
  youtubeVideoUrl,
  youtubeWebBaseUrl,
} from './transform';
import { receivedOf } from './youtube-api';

const now = new Date('2026-11-28T12:00:00Z');
const video = (facts: Partial<PublishMedia> = {}): PublishMedia => ({
  kind: 'video',
  url: 'https://app.example/media/v.mp4',
  mimeType: 'video/mp4',
  width: 540,
  height: 960,
  sizeBytes: 1000,
  durationMs: 3_500,
  posterUrl: null,
  altText: null,
  read: async () => Buffer.alloc(0),
  readRange: async () => Buffer.alloc(0),
  ...facts,
});
const input = (overrides: Partial<PublishInput> = {}): PublishInput => ({
  account: { externalId: 'UC', username: 'u' },
  text: 'A description',
  title: 'A title',
  media: [video()],
  options: { youtube: { madeForKids: false } },
  ...overrides,
});

describe('the Pacific Time quota day', () => {
  it('is the date in Los Angeles, and ends at its midnight (PST in winter, PDT in summer)', () => {
    expect(pacificDay(new Date('2026-11-28T07:59:00Z'))).toBe('2026-11-27');
    expect(pacificDay(new Date('2026-11-28T08:00:00Z'))).toBe('2026-11-28');
    expect(nextPacificMidnight(new Date('2026-11-28T12:00:00Z')).toISOString()).toBe(
      '2026-11-29T08:00:00.000Z',
    );
    expect(nextPacificMidnight(new Date('2026-07-01T12:00:00Z')).toISOString()).toBe(
      '2026-07-02T07:00:00.000Z',
    );
    // The night the clocks go back (2026-11-01): the day ends at 08:00 UTC.
    expect(nextPacificMidnight(new Date('2026-10-31T20:00:00Z')).toISOString()).toBe(
      '2026-11-01T07:00:00.000Z',
    );
    expect(nextPacificMidnight(new Date('2026-11-01T12:00:00Z')).toISOString()).toBe(
      '2026-11-02T08:00:00.000Z',
    );
  });
});

describe('the upload', () => {
  it('sends title, description, tags, category, privacy and the made-for-kids answer', () => {
    const upload = toYouTubeUpload(
      input({
        options: { youtube: { madeForKids: true, tags: ['a b'], categoryId: '27', privacy: 'private' } },
      }),
    );
    expect(upload.metadata).toEqual({
      snippet: { title: 'A title', description: 'A description', tags: ['a b'], categoryId: '27' },
      status: { privacyStatus: 'private', selfDeclaredMadeForKids: true },
    });
    expect(upload.short).toBe(true);
  });

  it('defaults to public in People & Blogs, and knows a landscape or long video is no Short', () => {
    const upload = toYouTubeUpload(input({ media: [video({ width: 1920, height: 1080 })] }));
    expect(upload.metadata.status.privacyStatus).toBe('public');
    expect(upload.metadata.snippet.categoryId).toBe('22');
    expect(upload.short).toBe(false);
    expect(toYouTubeUpload(input({ media: [video({ durationMs: 181_000 })] })).short).toBe(false);
  });

  it('refuses what YouTube refuses', () => {
    const refused = (overrides: Partial<PublishInput>) =>
      expect(() => toYouTubeUpload(input(overrides))).toThrow(InvalidContentError);
    refused({ title: '' });
    refused({ title: 'x'.repeat(101) });
    refused({ title: 'a > b' });
    refused({ text: 'a <b>' });
    refused({ text: 'é'.repeat(2501) });
    refused({ options: {} });
    refused({ media: [] });
    refused({ media: [video(), video()] });
    refused({ media: [{ ...video(), kind: 'image', mimeType: 'image/jpeg' }] });
  });

  it('counts tags as YouTube does: commas, and quotes around tags with spaces', () => {
    expect(youtubeTagsLength(['Foo-Baz'])).toBe(7);
    expect(youtubeTagsLength(['Foo Baz'])).toBe(9);
    expect(youtubeTagsLength(['a', 'b c'])).toBe(1 + 1 + 5);
  });

  it('cuts the file into 256 KiB multiples, the last chunk the rest', () => {
    const unit = 256 * 1024;
    expect(chunksFrom(0, unit * 2 + 5, unit)).toEqual([
      { first: 0, end: unit },
      { first: unit, end: 2 * unit },
      { first: 2 * unit, end: 2 * unit + 5 },
    ]);
    expect(chunksFrom(unit, unit + 1, unit * 4)).toEqual([{ first: unit, end: unit + 1 }]);
    expect(() => chunksFrom(0, 10, 1000)).toThrow();
    expect(receivedOf('bytes=0-524287')).toBe(524_288);
    expect(receivedOf(null)).toBe(0);
  });
});

describe('YouTube answers', () => {
  it('reads the channel, hiding a hidden subscriber count', () => {
    const account = toExternalAccount({
      items: [
        {
          id: 'UCabcdefghijklmnopqrstuv',
          snippet: {
            title: 'Maple Bakery',
            customUrl: '@maplebakery',
            thumbnails: { default: { url: 'https://yt/a.jpg' } },
          },
          statistics: { subscriberCount: '1200', hiddenSubscriberCount: false },
        },
      ],
    });
    expect(account).toEqual({
      externalId: 'UCabcdefghijklmnopqrstuv',
      username: 'maplebakery',
      displayName: 'Maple Bakery',
      avatarUrl: 'https://yt/a.jpg',
      followers: 1200,
    });
    const hidden = toExternalAccount({
      items: [
        {
          id: 'UCx',
          snippet: { title: 'T' },
          statistics: { subscriberCount: '0', hiddenSubscriberCount: true },
        },
      ],
    });
    expect(hidden.followers).toBeNull();
    expect(() => toExternalAccount({ items: [] })).toThrow(/no YouTube channel/);
  });

  it('tells processing done, pending and failed with the reason', () => {
    expect(processingOutcome({ id: 'v', status: { uploadStatus: 'processed' } })).toEqual({ state: 'done' });
    expect(processingOutcome({ id: 'v', status: { uploadStatus: 'uploaded' } })).toEqual({
      state: 'pending',
    });
    expect(
      processingOutcome({ id: 'v', status: { uploadStatus: 'failed', failureReason: 'codec' } }),
    ).toEqual({
      state: 'failed',
      reason: 'YouTube could not process the video (codec).',
    });
    expect(
      processingOutcome({ id: 'v', status: { uploadStatus: 'rejected', rejectionReason: 'duplicate' } }),
    ).toMatchObject({
      state: 'failed',
    });
    expect(
      processingOutcome({
        id: 'v',
        status: { uploadStatus: 'uploaded' },
        processingDetails: { processingStatus: 'terminated' },
      }),
    ).toMatchObject({ state: 'failed' });
  });

  it('maps statistics, null where not reported', () => {
    expect(toVideoMetrics({ id: 'v', statistics: { viewCount: 10, commentCount: 2 } })).toEqual({
      externalId: 'v',
      impressions: null,
      reach: null,
      likes: null,
      comments: 2,
      shares: null,
      clicks: null,
      views: 10,
    });
  });

  it('matches a video of the uploads playlist by title and description, since the attempt', () => {
    const item = {
      snippet: {
        title: 'T',
        description: 'D  x',
        publishedAt: '2026-11-28T12:00:01Z',
        resourceId: { videoId: 'v' },
      },
    };
    expect(isSameVideo(item, { title: 'T', description: 'D x' }, now)).toBe(true);
    expect(isSameVideo(item, { title: 'U', description: 'D x' }, now)).toBe(false);
    expect(isSameVideo(item, { title: null, description: 'D x' }, now)).toBe(true);
    expect(isSameVideo(item, { title: 'T', description: 'D x' }, new Date('2026-11-28T13:00:00Z'))).toBe(
      false,
    );
  });

  it('maps errors by reason', () => {
    const err = (
      status: number,
      reason: string,
      operation: Parameters<typeof youtubeErrorFrom>[0]['operation'] = 'read',
    ) =>
      youtubeErrorFrom({
        operation,
        status,
        now,
        body: {
          error: {
            code: status,
            message: `m <a href="x">q</a>`,
            errors: [{ reason, domain: 'd', message: 'm' }],
          },
        },
      });
    const quota = err(403, 'quotaExceeded');
    expect(quota).toBeInstanceOf(RateLimitedError);
    expect((quota as RateLimitedError).resetAt?.toISOString()).toBe('2026-11-29T08:00:00.000Z');
    expect(quota.message).not.toContain('<a');
    expect((err(400, 'uploadLimitExceeded', 'upload-start') as RateLimitedError).resetAt?.getTime()).toBe(
      now.getTime() + 86_400_000,
    );
    expect(err(403, 'rateLimitExceeded')).toBeInstanceOf(RateLimitedError);
    expect(err(401, 'authError')).toBeInstanceOf(TokenExpiredError);
    expect(err(403, 'insufficientPermissions')).toBeInstanceOf(TokenExpiredError);
    expect(err(400, 'invalidTitle', 'upload-start')).toBeInstanceOf(InvalidContentError);
    expect(err(503, 'backendError', 'read')).toBeInstanceOf(TransientPlatformError);
    expect(err(500, 'backendError', 'publish')).toBeInstanceOf(UnknownOutcomeError);
    expect(err(404, 'videoNotFound', 'read')).toBeInstanceOf(SocialPlatformError);
  });

  it('links a video on youtube.com or the simulator, a Short under /shorts/', () => {
    expect(youtubeWebBaseUrl('https://accounts.google.com/o/oauth2/v2/auth')).toBe('https://www.youtube.com');
    expect(youtubeWebBaseUrl('http://app.test/sandbox/youtube/o/oauth2/v2/auth')).toBe(
      'http://app.test/sandbox/youtube',
    );
    expect(youtubeVideoUrl('https://www.youtube.com', 'abc')).toBe('https://www.youtube.com/watch?v=abc');
    expect(youtubeVideoUrl('https://www.youtube.com', 'abc', true)).toBe(
      'https://www.youtube.com/shorts/abc',
    );
  });
});
