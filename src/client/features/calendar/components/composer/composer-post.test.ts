import { describe, expect, it } from 'vitest';
import type { Media } from '../../../../../contracts/media';
import { type Post, untouchedDraftFields } from '../../../../../contracts/posts';
import type { SocialAccount } from '../../../../../contracts/social-accounts';
import { accountLimitsOf } from './account-limits';
import {
  altTextLimit,
  type ChosenTarget,
  checkTargets,
  composeBody,
  editChanges,
  firstCommentLimit,
  moveItem,
  postTypeOf,
  type RichDraft,
  richDraftOf,
  titleRule,
  typedTargets,
} from './composer-post';
import { fitOffers } from './media-fit-offers';

function image(id: string, overrides: Partial<Media> = {}): Media {
  return {
    id,
    kind: 'image',
    url: `https://kp.test/media/${id}.jpg`,
    thumbnailUrl: `https://kp.test/media/${id}.webp`,
    posterUrl: null,
    mimeType: 'image/jpeg',
    sizeBytes: 100_000,
    width: 1080,
    height: 1080,
    durationMs: null,
    frameRate: null,
    videoCodec: null,
    audioCodec: null,
    audioSampleRate: null,
    bitrate: null,
    pageCount: null,
    tags: [],
    fileName: `${id}.jpg`,
    source: 'upload',
    prompt: null,
    generator: null,
    template: null,
    createdAt: '2026-11-28T00:00:00Z',
    ...overrides,
  };
}

const draft = (overrides: Partial<RichDraft> = {}): RichDraft => ({
  postTypes: {},
  media: [],
  firstComment: '',
  thread: [],
  title: '',
  platformOptions: {},
  ...overrides,
});
const x: ChosenTarget = { key: 'account:x1', platform: 'twitter', socialAccountId: 'x1', postType: 'thread' };
const ig: ChosenTarget = {
  key: 'platform:instagram',
  platform: 'instagram',
  socialAccountId: null,
  postType: 'carousel',
};
const base = { content: 'Hello', hashtags: [], scheduledAt: null, asDraft: true };

describe('post types per target', () => {
  it('defaults to the network default and ignores a type the network does not offer', () => {
    expect(postTypeOf('twitter', undefined)).toBe('post');
    expect(postTypeOf('instagram', 'reel')).toBe('reel');
    expect(postTypeOf('linkedin', 'reel')).toBe('post');
  });

  it('pairs each compose target with its key and chosen type, dropping unknown accounts', () => {
    const targets = typedTargets(
      ['account:x1', 'account:gone', 'platform:instagram'],
      [
        { platform: 'twitter', socialAccountId: 'x1' },
        { platform: 'instagram', socialAccountId: null },
      ],
      { 'platform:instagram': 'story' },
    );
    expect(targets).toEqual([
      { key: 'account:x1', platform: 'twitter', socialAccountId: 'x1', postType: 'post' },
      { key: 'platform:instagram', platform: 'instagram', socialAccountId: null, postType: 'story' },
    ]);
  });
});

describe('composeBody', () => {
  it('sends the media in order with trimmed alt texts, each target with its type, and the thread', () => {
    const body = composeBody(
      base,
      draft({
        media: [
          { id: 'b', altText: '  A dog  ' },
          { id: 'a', altText: ' ' },
        ],
        thread: [{ key: 'k', content: 'Second', mediaIds: ['c'] }],
      }),
      [x, ig],
    );
    expect(body.mediaIds).toEqual(['b', 'a']);
    expect(body.media).toEqual([
      { id: 'b', altText: 'A dog' },
      { id: 'a', altText: null },
    ]);
    expect(body.targets).toEqual([
      { platform: 'twitter', socialAccountId: 'x1', postType: 'thread' },
      { platform: 'instagram', socialAccountId: null, postType: 'carousel' },
    ]);
    expect(body.thread).toEqual([{ content: 'Second', mediaIds: ['c'] }]);
  });

  it('sends no thread when no X target is a thread, and the first comment when a network takes it', () => {
    const body = composeBody(
      base,
      draft({ firstComment: ' More in bio ', thread: [{ key: 'k', content: 'Left over', mediaIds: [] }] }),
      [{ ...x, postType: 'post' }],
    );
    expect(body.thread).toEqual([]);
    expect(body.firstComment).toBe('More in bio');
  });

  it("sends a target's own text from Adapt for each network, a split X text as a thread", () => {
    const body = composeBody(
      base,
      draft({
        overrides: {
          'account:x1': { content: '1/2 Hello', hashtags: ['Cafe'], thread: ['1/2 Hello', '2/2 there'] },
          'platform:instagram': { content: 'Hello, link in bio', hashtags: [], thread: [] },
        },
      }),
      [{ ...x, postType: 'post' }, ig],
    );
    expect(body.content).toBe('Hello');
    expect(body.targets).toEqual([
      {
        platform: 'twitter',
        socialAccountId: 'x1',
        postType: 'thread',
        content: '1/2 Hello',
        hashtags: ['Cafe'],
        thread: [{ content: '2/2 there', mediaIds: [] }],
      },
      {
        platform: 'instagram',
        socialAccountId: null,
        postType: 'carousel',
        content: 'Hello, link in bio',
        hashtags: [],
      },
    ]);
  });

  it('edits one post with its type, and a thread only on X', () => {
    const changes = editChanges(
      { content: 'Hi', hashtags: [] },
      draft({ thread: [{ key: 'k', content: 'Two', mediaIds: [] }], firstComment: 'ignored' }),
      x,
    );
    expect(changes).toMatchObject({ postType: 'thread', thread: [{ content: 'Two', mediaIds: [] }] });
    // A thread has no first reply of its own: the field is hidden, nothing is sent.
    expect(changes.firstComment).toBeNull();
    expect(editChanges({ content: 'Hi', hashtags: [] }, draft(), ig).thread).toEqual([]);
  });
});

describe('document title', () => {
  const liDoc: ChosenTarget = {
    key: 'account:li1',
    platform: 'linkedin',
    socialAccountId: 'li1',
    postType: 'carousel',
  };

  it('is asked for only when a chosen type takes a title', () => {
    expect(titleRule([x, ig])).toBeNull();
    expect(titleRule([{ ...liDoc, postType: 'post' }])).toBeNull();
    expect(titleRule([ig, liDoc])).toEqual({ required: true, maxLength: 200 });
  });

  it('goes, trimmed, to a document post on compose and edit', () => {
    const withTitle = draft({ title: '  Winter menu  ' });
    expect(composeBody(base, withTitle, [ig, liDoc]).title).toBe('Winter menu');
    expect(editChanges({ content: 'Hi', hashtags: [] }, withTitle, liDoc)).toMatchObject({
      postType: 'carousel',
      title: 'Winter menu',
    });
  });

  it('is checked live: a document post without one is refused, with one it is ready', () => {
    const pdf = image('d', {
      kind: 'document',
      mimeType: 'application/pdf',
      pageCount: 12,
      sizeBytes: 3_500_000,
    });
    const byId = new Map([['d', pdf]]);
    const attached = { media: [{ id: 'd', altText: '' }] };
    const [untitled] = checkTargets([liDoc], { content: 'Our menu', hashtags: [] }, draft(attached), byId);
    expect(untitled?.problems).toEqual([
      'A LinkedIn Document needs a title: LinkedIn shows it with the document. Add one before scheduling.',
    ]);
    const [titled] = checkTargets(
      [liDoc],
      { content: 'Our menu', hashtags: [] },
      draft({ ...attached, title: 'Winter menu' }),
      byId,
    );
    expect(titled?.problems).toEqual([]);
    // The same PDF beside Instagram is refused there, naming where it goes.
    const [onInstagram] = checkTargets(
      [{ ...ig, postType: 'post' }],
      { content: 'Our menu', hashtags: [] },
      draft(attached),
      byId,
    );
    expect(onInstagram?.problems.join(' ')).toMatch(/only LinkedIn document posts take one/);
  });

  it('goes, trimmed, only to a post type that takes one', () => {
    const withTitle = draft({ title: '  Winter menu  ' });
    expect(
      editChanges({ content: 'Hi', hashtags: [] }, withTitle, { ...liDoc, postType: 'post' }).title,
    ).toBeNull();
    expect(composeBody(base, withTitle, [ig]).title).toBeNull();
    expect(composeBody(base, draft({ title: '   ' }), [ig]).title).toBeNull();
  });
});

describe('limits of the chosen networks', () => {
  it('takes the strictest alt-text and first-comment limit', () => {
    expect(altTextLimit([ig, { ...x, postType: 'post' }])).toBe(1000);
    expect(altTextLimit([{ ...ig, postType: 'reel' }])).toBeNull();
    expect(firstCommentLimit([ig, x])).toBe(280);
  });
});

describe('checkTargets', () => {
  it('checks the thread on X only and each network and type once', () => {
    const byId = new Map([['a', image('a')]]);
    const checks = checkTargets(
      [x, { ...x, key: 'account:x2', socialAccountId: 'x2' }, ig],
      { content: 'Hello', hashtags: [] },
      draft({ media: [{ id: 'a', altText: 'A' }], thread: [{ key: 'k', content: '', mediaIds: [] }] }),
      byId,
    );
    expect(checks.map((check) => [check.platform, check.postType])).toEqual([
      ['twitter', 'thread'],
      ['instagram', 'carousel'],
    ]);
    expect(checks[0]?.problems.some((problem) => problem.startsWith('Post 2 of the thread'))).toBe(true);
    expect(checks[1]?.problems).toEqual(['An Instagram Carousel needs at least 2 items; it has 1.']);
  });

  it('refuses alt text longer than the network allows', () => {
    const checks = checkTargets(
      [ig],
      { content: 'Hello', hashtags: [] },
      draft({
        media: [
          { id: 'a', altText: 'x'.repeat(1001) },
          { id: 'b', altText: null },
        ],
      }),
      new Map([
        ['a', image('a')],
        ['b', image('b')],
      ]),
    );
    expect(checks[0]?.problems.join(' ')).toMatch(/alt text is longer than Instagram allows/);
  });
});

describe('an account’s own server’s limits', () => {
  const toot = (id: string, maxLength: number | null) =>
    ({
      id,
      platform: 'mastodon',
      postLimits: maxLength ? { maxLength, maxMedia: 4 } : null,
    }) as SocialAccount;
  const on = (id: string): ChosenTarget => ({
    key: `account:${id}`,
    platform: 'mastodon',
    socialAccountId: id,
    postType: 'post',
  });

  it('counts against the strictest of the chosen accounts, the content warning included', () => {
    const accounts = [toot('m1', 1000), toot('m2', 700)];
    expect(accountLimitsOf([on('m1'), on('m2')], 'mastodon', accounts)).toEqual({
      maxLength: 700,
      maxMedia: 4,
    });
    // A target without an account (or an account without limits) has the network's 500.
    expect(accountLimitsOf([on('m1'), { ...on('m3'), socialAccountId: null }], 'mastodon', accounts)).toEqual(
      {
        maxLength: 500,
      },
    );
    expect(accountLimitsOf([on('m1')], 'twitter', accounts)).toBeNull();
    const [check] = checkTargets(
      [on('m1')],
      { content: 'a'.repeat(800), hashtags: [] },
      draft({ platformOptions: { contentWarning: 'CW' } }),
      new Map(),
      accounts,
    );
    expect(check).toMatchObject({ problems: [], fit: { maxLength: 1000, extra: 'CW' } });
    const [strict] = checkTargets(
      [on('m1'), on('m2')],
      { content: 'a'.repeat(800), hashtags: [] },
      draft(),
      new Map(),
      accounts,
    );
    expect(strict?.problems).toEqual([
      'This post has 800 characters; Mastodon allows 700. Shorten it before scheduling.',
    ]);
  });
});

describe('fitOffers', () => {
  it('offers a JPEG copy and the crops inside the allowed range for Instagram', () => {
    const offers = fitOffers(image('p', { mimeType: 'image/png', width: 1080, height: 1920 }), [ig]);
    expect(offers.map((offer) => offer.label)).toEqual([
      'Convert to JPEG',
      'Crop to 4:5',
      'Crop to 1:1',
      'Crop to 1.91:1',
    ]);
    expect(offers[1]).toMatchObject({ aspect: '4:5', format: 'jpeg' });
  });

  it('offers nothing for an image that fits, or for a video that fits', () => {
    expect(fitOffers(image('a'), [ig])).toEqual([]);
    expect(fitOffers(video('v'), [ig, x])).toEqual([]);
  });

  const video = (id: string, overrides: Partial<Media> = {}) =>
    image(id, {
      kind: 'video',
      mimeType: 'video/mp4',
      width: 1080,
      height: 1920,
      durationMs: 10_000,
      frameRate: 30,
      videoCodec: 'h264',
      audioCodec: 'aac',
      audioSampleRate: 48_000,
      ...overrides,
    });
  const fbReel: ChosenTarget = {
    key: 'platform:facebook',
    platform: 'facebook',
    socialAccountId: null,
    postType: 'reel',
  };
  const linkedin: ChosenTarget = {
    key: 'platform:linkedin',
    platform: 'linkedin',
    socialAccountId: null,
    postType: 'post',
  };

  it('offers "Convert to MP4" for a video whose codec or container X or LinkedIn refuses', () => {
    const hevcMov = video('h', { mimeType: 'video/quicktime', videoCodec: 'hevc' });
    expect(fitOffers(hevcMov, [x])).toEqual([{ format: 'mp4', label: 'Convert to MP4' }]);
    expect(fitOffers(hevcMov, [linkedin])).toEqual([{ format: 'mp4', label: 'Convert to MP4' }]);
    // Instagram takes HEVC in a MOV: nothing to fix there.
    expect(fitOffers(hevcMov, [ig])).toEqual([]);
    // Too many frames a second (X: 60 at most), sound at 96 kHz (Instagram: 48 kHz at most), 4K for Instagram.
    expect(fitOffers(video('f', { frameRate: 120 }), [x])).toHaveLength(1);
    expect(fitOffers(video('s', { audioSampleRate: 96_000 }), [ig])).toHaveLength(1);
    expect(fitOffers(video('k', { width: 2160, height: 3840 }), [ig])).toHaveLength(1);
  });

  it('offers crops to the aspects a network takes where a video is outside its range', () => {
    const landscape = video('l', { width: 1920, height: 1080 });
    expect(fitOffers(landscape, [fbReel])).toEqual([
      { aspect: '9:16', format: 'mp4', label: 'Crop to 9:16' },
    ]);
    const panorama = video('p', { width: 3000, height: 1000, videoCodec: 'hevc' });
    expect(fitOffers(panorama, [linkedin]).map((offer) => offer.label)).toEqual([
      'Convert to MP4',
      'Crop to 4:5',
      'Crop to 1:1',
      'Crop to 1.91:1',
      'Crop to 9:16',
    ]);
    // A video that fits every chosen network gets none; an image offer never appears on a video.
    expect(fitOffers(video('ok', { width: 1080, height: 1920 }), [fbReel, x])).toEqual([]);
  });
});

describe('small helpers', () => {
  it('moves an item', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});

describe('richDraftOf', () => {
  it('opens a saved post with its type, media and alt texts, first comment and thread', () => {
    const saved: Post = {
      ...untouchedDraftFields(),
      id: 'p1',
      platform: 'twitter',
      content: 'One',
      tone: null,
      contentType: null,
      hashtags: [],
      suggestedImagePrompt: null,
      bestTimeToPost: null,
      estimatedReach: null,
      createdAt: '2026-11-28T00:00:00Z',
      updatedAt: '2026-11-28T00:00:00Z',
      socialAccountId: 'x1',
      postType: 'thread',
      mediaIds: ['a', 'b'],
      media: [
        { id: 'a', altText: 'A cat' },
        { id: 'b', altText: null },
      ],
      thread: [
        { content: 'Two', mediaIds: ['c'], status: 'pending', externalId: null, url: null, error: null },
      ],
    };
    const opened = richDraftOf(saved);
    expect(opened.postTypes).toEqual({ 'account:x1': 'thread' });
    expect(opened.media).toEqual([
      { id: 'a', altText: 'A cat' },
      { id: 'b', altText: '' },
    ]);
    expect(opened.thread.map(({ content, mediaIds }) => ({ content, mediaIds }))).toEqual([
      { content: 'Two', mediaIds: ['c'] },
    ]);
    expect(opened.title).toBe('');
    // A document post opens with its title.
    expect(richDraftOf({ ...saved, platform: 'linkedin', postType: 'carousel', title: 'Guide' }).title).toBe(
      'Guide',
    );
    // An older post with mediaIds only keeps its images, without alt texts.
    expect(richDraftOf({ ...saved, media: [] }).media).toEqual([
      { id: 'a', altText: '' },
      { id: 'b', altText: '' },
    ]);
  });
});
