import { describe, expect, it } from 'vitest';
import { InvalidContentError } from '../social-provider';
import { toPostReadings } from './metrics-transform';
import {
  checkImages,
  detectFacets,
  findInPage,
  postRecord,
  toReplyRefs,
  withResolvedMentions,
} from './publish-transform';

const bytes = (text: string, start: number, end: number) => Buffer.from(text).subarray(start, end).toString();

describe('facets', () => {
  it('finds links, tags and mentions at UTF-8 byte offsets (after multi-byte characters)', () => {
    const text = 'Café 🥖 @alice.bsky.social https://example.com/a #bäckerei';
    const { facets, handles } = detectFacets(text);
    expect(handles).toEqual(['alice.bsky.social']);
    const ranges = facets.map((facet) => bytes(text, facet.index.byteStart, facet.index.byteEnd));
    expect(ranges).toEqual(['@alice.bsky.social', 'https://example.com/a', '#bäckerei']);
  });

  it("puts each resolved handle's DID on its mention and leaves an unresolved one plain text", () => {
    const { facets } = detectFacets('hi @alice.bsky.social and @ghost.bsky.social');
    const resolved = withResolvedMentions(
      facets,
      new Map([
        ['alice.bsky.social', 'did:plc:alice'],
        ['ghost.bsky.social', null],
      ]),
    );
    expect(resolved).toHaveLength(1);
    expect(resolved[0]?.features[0]).toMatchObject({
      $type: 'app.bsky.richtext.facet#mention',
      did: 'did:plc:alice',
    });
  });
});

describe('records', () => {
  it('builds a post record with facets, embed and reply only when there are some', () => {
    const createdAt = new Date('2026-11-28T10:00:00Z');
    expect(postRecord({ text: 'hi', facets: [], createdAt })).toEqual({
      $type: 'app.bsky.feed.post',
      text: 'hi',
      createdAt: '2026-11-28T10:00:00.000Z',
    });
    const ref = { uri: 'at://did:plc:a/app.bsky.feed.post/1', cid: 'bafy' };
    expect(postRecord({ text: 'r', facets: [], createdAt, reply: { root: ref, parent: ref } }).reply).toEqual(
      { root: ref, parent: ref },
    );
  });

  it("takes a reply's root from its parent, or the parent itself at the top of a thread", () => {
    const parent = { uri: 'at://d/app.bsky.feed.post/2', cid: 'c2', value: { text: 'x' } };
    expect(toReplyRefs(parent)).toEqual({
      root: { uri: parent.uri, cid: 'c2' },
      parent: { uri: parent.uri, cid: 'c2' },
    });
    const root = { uri: 'at://d/app.bsky.feed.post/1', cid: 'c1' };
    expect(toReplyRefs({ ...parent, value: { reply: { root, parent: root } } }).root).toEqual(root);
  });

  it('refuses more than 4 images, images over 2,000,000 bytes, and video, before any upload', () => {
    const image = (sizeBytes: number) => ({ kind: 'image', sizeBytes });
    expect(() => checkImages([image(1), image(1), image(1), image(1)])).not.toThrow();
    expect(() => checkImages(Array.from({ length: 5 }, () => image(1)))).toThrow(InvalidContentError);
    expect(() => checkImages([image(2_000_001)])).toThrow(/2,000,000 bytes/);
    expect(() => checkImages([{ kind: 'video', sizeBytes: 1 }])).toThrow(InvalidContentError);
  });

  it('finds the post by text since the attempt, and stops at older records', () => {
    const since = new Date('2026-11-28T10:00:00Z');
    const page = {
      cursor: 'next',
      records: [
        { uri: 'at://d/app.bsky.feed.post/3', value: { text: 'other', createdAt: '2026-11-28T10:05:00Z' } },
        {
          uri: 'at://d/app.bsky.feed.post/2',
          value: { text: 'Hello  world', createdAt: '2026-11-28T10:01:00Z' },
        },
      ],
    };
    expect(findInPage(page, { text: 'Hello world', since })).toEqual({
      found: 'at://d/app.bsky.feed.post/2',
      cursor: null,
    });
    expect(findInPage(page, { text: 'absent', since })).toEqual({ found: null, cursor: 'next' });
    const older = {
      ...page,
      records: [
        { uri: 'at://d/app.bsky.feed.post/1', value: { text: 'absent', createdAt: '2026-11-27T10:00:00Z' } },
      ],
    };
    expect(findInPage(older, { text: 'absent', since })).toEqual({ found: null, cursor: null });
  });
});

describe('metrics', () => {
  it('maps likes, replies, reposts + quotes; reports nothing else; a post left out is missing', () => {
    const read = toPostReadings(
      {
        posts: [
          { uri: 'at://a', likeCount: 3, replyCount: 1, repostCount: 2, quoteCount: 1 },
          { uri: 'at://b' },
        ],
      },
      ['at://a', 'at://b', 'at://gone'],
    );
    expect(read.missing).toEqual(['at://gone']);
    expect(read.metrics[0]).toEqual({
      externalId: 'at://a',
      impressions: null,
      reach: null,
      likes: 3,
      comments: 1,
      shares: 3,
      clicks: null,
      views: null,
    });
    expect(read.metrics[1]).toMatchObject({ likes: null, comments: null, shares: null });
  });
});
