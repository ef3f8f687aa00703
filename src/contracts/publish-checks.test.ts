import { describe, expect, it } from 'vitest';
import type { MediaFacts } from './media';
import { fieldsForTarget } from './post-rules';
import { checkPublishable } from './publish-checks';

const image = (over: Partial<MediaFacts> = {}): MediaFacts => ({
  kind: 'image',
  mimeType: 'image/jpeg',
  sizeBytes: 200_000,
  width: 1080,
  height: 1350,
  durationMs: null,
  frameRate: null,
  videoCodec: null,
  audioCodec: null,
  audioSampleRate: null,
  bitrate: null,
  pageCount: null,
  ...over,
});
const video = (over: Partial<MediaFacts> = {}): MediaFacts => ({
  kind: 'video',
  mimeType: 'video/mp4',
  sizeBytes: 5_000_000,
  width: 1080,
  height: 1920,
  durationMs: 15_000,
  frameRate: 30,
  videoCodec: 'h264',
  audioCodec: 'aac',
  audioSampleRate: 48_000,
  bitrate: 4_000_000,
  pageCount: null,
  ...over,
});
const post = { content: 'Autumn is here', hashtags: [] };

describe('checkPublishable per post type', () => {
  it('passes a valid Reel, carousel, Story and thread', () => {
    expect(checkPublishable('instagram', { ...post, postType: 'reel', media: [video()] })).toEqual([]);
    expect(checkPublishable('facebook', { ...post, postType: 'reel', media: [video()] })).toEqual([]);
    expect(
      checkPublishable('instagram', {
        ...post,
        postType: 'carousel',
        media: [image(), image(), video({ durationMs: 20_000 })],
      }),
    ).toEqual([]);
    expect(
      checkPublishable('instagram', {
        ...post,
        postType: 'story',
        media: [image({ width: 1080, height: 1920 })],
      }),
    ).toEqual([]);
    expect(
      checkPublishable('twitter', {
        ...post,
        postType: 'thread',
        media: [],
        thread: [{ content: 'Part two', media: [] }],
      }),
    ).toEqual([]);
  });

  it('refuses a type the network does not have', () => {
    expect(checkPublishable('linkedin', { ...post, postType: 'reel', media: [video()] })).toEqual([
      'LinkedIn does not publish a Reel here; choose Post or Document.',
    ]);
    expect(checkPublishable('twitter', { ...post, postType: 'story', media: [image()] })[0]).toMatch(
      /choose Post or Thread/,
    );
  });

  it('counts the items of a carousel and a Reel', () => {
    expect(checkPublishable('instagram', { ...post, postType: 'carousel', media: [image()] })).toContain(
      'An Instagram Carousel needs at least 2 items; it has 1.',
    );
    expect(
      checkPublishable('instagram', {
        ...post,
        postType: 'carousel',
        media: Array.from({ length: 11 }, () => image()),
      }),
    ).toContain('An Instagram Carousel takes at most 10 items per post.');
    expect(checkPublishable('instagram', { ...post, postType: 'reel', media: [] })).toEqual([
      'An Instagram Reel needs a video: attach one before scheduling.',
    ]);
    expect(checkPublishable('instagram', { ...post, postType: 'reel', media: [image()] })).toContain(
      'An Instagram Reel takes one video, not images.',
    );
  });

  it('refuses a video beside images on X, and a fifth image', () => {
    expect(
      checkPublishable('twitter', { ...post, media: [image(), video({ width: 1280, height: 720 })] }),
    ).toContain('X (Twitter) takes several images or one video alone, not both or several videos.');
    expect(
      checkPublishable('twitter', { ...post, media: Array.from({ length: 5 }, () => image()) }),
    ).toContain('X (Twitter) takes at most 4 images per post.');
  });

  it("names a video's broken rule: length, codec, sound, frame rate, size, aspect", () => {
    const reel = (over: Partial<MediaFacts>) =>
      checkPublishable('facebook', { ...post, postType: 'reel', media: [video(over)] });
    expect(reel({ durationMs: 95_000 })).toEqual([
      'The video lasts 95 seconds; Facebook accepts up to 90 seconds.',
    ]);
    expect(reel({ durationMs: 2_000 })).toEqual([
      'The video lasts 2 seconds; Facebook needs at least 3 seconds.',
    ]);
    expect(reel({ videoCodec: 'mpeg4' })).toEqual([
      'The video is encoded as MPEG4; Facebook accepts H.264 or HEVC (H.265).',
    ]);
    expect(reel({ audioCodec: 'mp3' })).toEqual(['The video has MP3 sound; Facebook accepts AAC.']);
    expect(reel({ frameRate: 15 })).toEqual([
      'The video has 15 frames a second; Facebook needs at least 24.',
    ]);
    expect(reel({ width: 1920, height: 1080 })).toContain(
      'The video is 1920×1080; Facebook needs an aspect ratio 9:16 (vertical).',
    );
    expect(reel({ width: 360, height: 640 })).toContain(
      'The video is 360×640; Facebook needs at least 540×960.',
    );
    // A video without sound passes.
    expect(reel({ audioCodec: null, audioSampleRate: null })).toEqual([]);
  });

  it('takes alt text on images only, within the network limit', () => {
    expect(
      checkPublishable('twitter', {
        ...post,
        media: [{ ...video({ width: 1280, height: 720 }), altText: 'A clip' }],
      }),
    ).toEqual(['The video: X (Twitter) takes alt text on images only.']);
    expect(
      checkPublishable('twitter', { ...post, media: [{ ...image(), altText: 'x'.repeat(1001) }] }),
    ).toEqual(['The image: the alt text is longer than X (Twitter) allows (1000 characters).']);
    expect(
      checkPublishable('instagram', {
        ...post,
        postType: 'reel',
        media: [{ ...video(), altText: 'A reel' }],
      }),
    ).toEqual(['The video: An Instagram Reel takes no alt text.']);
    expect(
      checkPublishable('linkedin', { ...post, media: [{ ...image(), altText: 'x'.repeat(4086) }] }),
    ).toEqual([]);
  });

  it('checks the first comment and the thread', () => {
    expect(checkPublishable('linkedin', { ...post, media: [], firstComment: 'x'.repeat(1251) })).toEqual([
      'The first comment is longer than LinkedIn allows (1250 characters).',
    ]);
    expect(
      checkPublishable('instagram', { ...post, postType: 'story', media: [image()], firstComment: 'Hi' }),
    ).toEqual(['An Instagram Story takes no first comment.']);
    expect(checkPublishable('twitter', { ...post, media: [], firstComment: 'y'.repeat(281) })).toEqual([
      'The first reply has 281 characters; X (Twitter) allows 280.',
    ]);
    expect(checkPublishable('twitter', { ...post, postType: 'thread', media: [] })).toEqual([
      'A thread needs at least one more post after the first.',
    ]);
    expect(
      checkPublishable('twitter', {
        ...post,
        postType: 'thread',
        media: [],
        thread: [{ content: 'z'.repeat(281), media: [] }],
      }),
    ).toEqual([
      'Post 2 of the thread: This post has 281 characters; X (Twitter) allows 280. Shorten it before scheduling.',
    ]);
    expect(
      checkPublishable('linkedin', { ...post, media: [], thread: [{ content: 'Part two', media: [] }] }),
    ).toEqual(['Only a thread has more posts; this Post has 1.']);
  });

  it('shows no text check for a Story: its text is not published', () => {
    expect(
      checkPublishable('instagram', {
        content: 'x'.repeat(3000),
        hashtags: [],
        postType: 'story',
        media: [image()],
      }),
    ).toEqual([]);
  });
});

describe('fieldsForTarget: one composed text, each network its share', () => {
  const shared = {
    media: [{ id: 'a', altText: 'A loaf on the counter' }],
    firstComment: 'Order at the link',
    thread: [{ content: 'Part two', mediaIds: [] }],
  };
  it('gives an Instagram Story no alt text and no first comment, and no thread', () => {
    expect(fieldsForTarget('instagram', 'story', shared)).toEqual({
      media: [{ id: 'a', altText: null }],
      firstComment: null,
      thread: [],
      title: null,
    });
  });
  it('gives an X thread its thread and no first reply; an X post its first reply', () => {
    expect(fieldsForTarget('twitter', 'thread', shared)).toMatchObject({
      firstComment: null,
      thread: shared.thread,
    });
    expect(fieldsForTarget('twitter', 'post', shared)).toMatchObject({
      firstComment: 'Order at the link',
      thread: [],
    });
  });
  it('keeps alt text and the comment where the type takes them', () => {
    expect(fieldsForTarget('linkedin', 'post', shared)).toEqual({ ...shared, thread: [], title: null });
  });
  it('gives the title only to a type that has one: a LinkedIn document post', () => {
    const titled = { ...shared, title: 'Our 2027 plan' };
    expect(fieldsForTarget('linkedin', 'carousel', titled).title).toBe('Our 2027 plan');
    expect(fieldsForTarget('linkedin', 'post', titled).title).toBeNull();
    expect(fieldsForTarget('instagram', 'carousel', titled).title).toBeNull();
    expect(fieldsForTarget('twitter', 'post', titled).title).toBeNull();
    // A document takes no alt text: the carousel's rule has none, so it is not passed on.
    expect(fieldsForTarget('linkedin', 'carousel', titled).media).toEqual([{ id: 'a', altText: null }]);
  });
});

const pdf = (over: Partial<MediaFacts> = {}): MediaFacts => ({
  kind: 'document',
  mimeType: 'application/pdf',
  sizeBytes: 2_000_000,
  width: 612,
  height: 792,
  durationMs: null,
  frameRate: null,
  videoCodec: null,
  audioCodec: null,
  audioSampleRate: null,
  bitrate: null,
  pageCount: 12,
  ...over,
});

describe('checkPublishable: LinkedIn document posts (PDF)', () => {
  const documentPost = { ...post, postType: 'carousel' as const, title: 'Our 2027 plan' };

  it('passes one PDF with a title and a commentary', () => {
    expect(checkPublishable('linkedin', { ...documentPost, media: [pdf()] })).toEqual([]);
    expect(checkPublishable('linkedin', { ...documentPost, media: [pdf({ pageCount: 300 })] })).toEqual([]);
  });

  it('refuses a document post without a title, or with one too long', () => {
    for (const title of [undefined, null, '', '   ']) {
      expect(checkPublishable('linkedin', { ...documentPost, title, media: [pdf()] })).toEqual([
        'A LinkedIn Document needs a title: LinkedIn shows it with the document. Add one before scheduling.',
      ]);
    }
    expect(checkPublishable('linkedin', { ...documentPost, title: 'x'.repeat(201), media: [pdf()] })).toEqual(
      ['The title is longer than LinkedIn allows (200 characters).'],
    );
  });

  it('refuses a document post without a PDF, with two, or with images or a video beside it', () => {
    expect(checkPublishable('linkedin', { ...documentPost, media: [] })).toContain(
      'A LinkedIn Document needs a PDF document: attach one before scheduling.',
    );
    expect(checkPublishable('linkedin', { ...documentPost, media: [pdf(), pdf()] })).toContain(
      'A LinkedIn Document takes one PDF document; it has 2.',
    );
    for (const other of [image(), video()]) {
      expect(checkPublishable('linkedin', { ...documentPost, media: [pdf(), other] })).toContain(
        'A LinkedIn Document takes one PDF document alone, not images or videos beside it.',
      );
    }
    expect(checkPublishable('linkedin', { ...documentPost, media: [image()] })).toContain(
      'A LinkedIn Document needs a PDF document: attach one before scheduling.',
    );
  });

  it('checks the document against LinkedIn limits: 300 pages, 100 MB, no alt text', () => {
    expect(checkPublishable('linkedin', { ...documentPost, media: [pdf({ pageCount: 301 })] })).toEqual([
      'The document has 301 pages; LinkedIn accepts up to 300.',
    ]);
    expect(
      checkPublishable('linkedin', { ...documentPost, media: [pdf({ sizeBytes: 120 * 1024 * 1024 })] }),
    ).toEqual(['The document is 120 MB; LinkedIn accepts up to 100 MB.']);
    expect(
      checkPublishable('linkedin', { ...documentPost, media: [{ ...pdf(), altText: 'Slides' }] }),
    ).toEqual(['The document: A LinkedIn Document takes no alt text.']);
  });

  it('refuses a PDF on every type that does not take one, naming where documents go', () => {
    const cases = [
      ['linkedin', 'post', 'LinkedIn'],
      ['twitter', 'post', 'X (Twitter)'],
      ['facebook', 'post', 'Facebook'],
      ['instagram', 'post', 'Instagram'],
      ['instagram', 'carousel', 'An Instagram Carousel'],
    ] as const;
    for (const [platform, postType, named] of cases) {
      const problems = checkPublishable(platform, { ...post, postType, media: [pdf()] });
      expect(problems, `${platform} ${postType}`).toContain(
        `${named} takes no PDF documents: only LinkedIn document posts take one.`,
      );
      // Not also reported as a wrong image type.
      expect(problems.join(' '), `${platform} ${postType}`).not.toMatch(/is PDF;|undefined/);
    }
  });
});

describe('an account’s own server’s limits (Mastodon)', () => {
  it('counts against the instance’s character limit, with the content warning, and its attachments', () => {
    const text = { content: 'a'.repeat(600), hashtags: [], media: [] };
    expect(checkPublishable('mastodon', text)).toEqual([
      'This post has 600 characters; Mastodon allows 500. Shorten it before scheduling.',
    ]);
    expect(checkPublishable('mastodon', { ...text, limits: { maxLength: 1000 } })).toEqual([]);
    expect(
      checkPublishable('mastodon', {
        ...text,
        limits: { maxLength: 610 },
        platformOptions: { contentWarning: 'Spoilers ahead' },
      }),
    ).toEqual(['This post has 614 characters; Mastodon allows 610. Shorten it before scheduling.']);
    const five = Array.from({ length: 5 }, () => image());
    expect(checkPublishable('mastodon', { ...post, media: five })).toEqual([
      'Mastodon takes at most 4 images per post.',
    ]);
    expect(checkPublishable('mastodon', { ...post, media: five, limits: { maxMedia: 6 } })).toEqual([]);
  });

  it('publishes a Mastodon thread, each post checked as a status; the thread reaches Mastodon targets', () => {
    const thread = [{ content: 'b'.repeat(501), media: [] }];
    expect(checkPublishable('mastodon', { ...post, media: [], postType: 'thread', thread })).toEqual([
      'Post 2 of the thread: This post has 501 characters; Mastodon allows 500. Shorten it before scheduling.',
    ]);
    const shared = { media: [], thread: [{ content: 'Next', mediaIds: [] }] };
    expect(fieldsForTarget('mastodon', 'thread', shared).thread).toHaveLength(1);
    expect(fieldsForTarget('linkedin', 'thread', shared).thread).toEqual([]);
  });
});
