import { describe, expect, it } from 'vitest';
import { SocialPlatformError } from '../social-provider';
import { toLittleText } from './little-text';
import {
  fromLittleText,
  imageContent,
  isSameLinkedInPost,
  toAuthorPostsPage,
  toImageUpload,
} from './publish-transform';

describe('toImageUpload', () => {
  it('reads the upload URL and the image URN', () => {
    expect(
      toImageUpload({
        value: {
          uploadUrlExpiresAt: 1650567510704,
          uploadUrl: 'https://www.linkedin.com/dms-uploads/sp/v2/D4E10AQ/uploaded-image/0?ut=x',
          image: 'urn:li:image:C4E10AQFoyyAjHPMQuQ',
        },
      }),
    ).toEqual({
      uploadUrl: 'https://www.linkedin.com/dms-uploads/sp/v2/D4E10AQ/uploaded-image/0?ut=x',
      image: 'urn:li:image:C4E10AQFoyyAjHPMQuQ',
    });
    expect(() => toImageUpload({ value: { uploadUrl: 'x', image: 'urn:li:share:1' } })).toThrow(
      SocialPlatformError,
    );
  });
});

describe('imageContent', () => {
  it('is media for one image, multiImage for several, nothing for none', () => {
    expect(imageContent([])).toBeUndefined();
    expect(imageContent(['urn:li:image:A'])).toEqual({ media: { id: 'urn:li:image:A' } });
    expect(imageContent(['urn:li:image:A', 'urn:li:image:B'])).toEqual({
      multiImage: { images: [{ id: 'urn:li:image:A' }, { id: 'urn:li:image:B' }] },
    });
  });
});

describe('toAuthorPostsPage', () => {
  it('reads the posts and whether there is a next page (link, total, or a full page)', () => {
    const element = { id: 'urn:li:share:1', commentary: 'Hi', createdAt: 1_700_000_000_000 };
    expect(
      toAuthorPostsPage({ elements: [element], paging: { start: 0, count: 50, links: [] } }, 50),
    ).toEqual({
      posts: [{ id: 'urn:li:share:1', commentary: 'Hi', createdAt: new Date(1_700_000_000_000) }],
      more: false,
    });
    expect(
      toAuthorPostsPage({ elements: [element], paging: { start: 0, count: 1, links: [{ rel: 'next' }] } }, 1)
        .more,
    ).toBe(true);
    expect(toAuthorPostsPage({ elements: [element], paging: { start: 0, total: 5 } }, 50).more).toBe(true);
    expect(toAuthorPostsPage({ elements: [element] }, 1).more).toBe(true);
  });
});

describe('isSameLinkedInPost', () => {
  it('reads little text back (escapes, mentions) before comparing', () => {
    const text = 'Sale (today) on [all] items_* #Bakery C# 100%';
    expect(fromLittleText(toLittleText(text))).toBe(text);
    expect(isSameLinkedInPost(toLittleText(text), text)).toBe(true);
    expect(fromLittleText('Thanks @[Ada Lovelace](urn:li:person:abc)!')).toBe('Thanks Ada Lovelace!');
    expect(isSameLinkedInPost('Other  words', 'Other words')).toBe(true);
    expect(isSameLinkedInPost('Other words', 'Other')).toBe(false);
  });
});
