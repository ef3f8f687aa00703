import { describe, expect, it } from 'vitest';
import { SocialPlatformError } from '../social-provider';
import { toLittleText } from './little-text';
import {
  articleContent,
  documentContent,
  fromLittleText,
  imageContent,
  isSameLinkedInPost,
  toAuthorPostsPage,
  toDocumentStatus,
  toDocumentUpload,
  toImageUpload,
  toVideoUpload,
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
  it('is media for one image, multiImage for several, nothing for none; alt text where given', () => {
    const a = { id: 'urn:li:image:A', altText: null };
    const b = { id: 'urn:li:image:B', altText: 'A kite over the dunes' };
    expect(imageContent([])).toBeUndefined();
    expect(imageContent([a])).toEqual({ media: { id: 'urn:li:image:A' } });
    expect(imageContent([b])).toEqual({ media: { id: 'urn:li:image:B', altText: 'A kite over the dunes' } });
    expect(imageContent([a, b])).toEqual({
      multiImage: {
        images: [{ id: 'urn:li:image:A' }, { id: 'urn:li:image:B', altText: 'A kite over the dunes' }],
      },
    });
  });
});

describe('articleContent', () => {
  it('sends the card we read; a page without a title is titled with its address', () => {
    expect(articleContent({ url: 'https://a.example/x', title: 'Kites', description: ' Fly ' })).toEqual({
      article: { source: 'https://a.example/x', title: 'Kites', description: 'Fly' },
    });
    expect(articleContent({ url: 'https://a.example/x', title: null, description: null })).toEqual({
      article: { source: 'https://a.example/x', title: 'https://a.example/x' },
    });
  });
});

describe('toVideoUpload', () => {
  const value = (parts: Array<[number, number]>) => ({
    value: {
      video: 'urn:li:video:C5F10AQ',
      uploadToken: 'tok',
      uploadInstructions: parts.map(([firstByte, lastByte], index) => ({
        uploadUrl: `https://www.linkedin.com/dms-uploads/${index}`,
        firstByte,
        lastByte,
      })),
    },
  });
  it('reads the parts when they cover the file exactly, in order', () => {
    expect(
      toVideoUpload(
        value([
          [0, 9],
          [10, 14],
        ]),
        15,
      ).parts,
    ).toEqual([
      { uploadUrl: 'https://www.linkedin.com/dms-uploads/0', firstByte: 0, lastByte: 9 },
      { uploadUrl: 'https://www.linkedin.com/dms-uploads/1', firstByte: 10, lastByte: 14 },
    ]);
    expect(() => toVideoUpload(value([[0, 9]]), 15)).toThrow(SocialPlatformError);
    expect(() =>
      toVideoUpload(
        value([
          [0, 9],
          [11, 14],
        ]),
        15,
      ),
    ).toThrow(SocialPlatformError);
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

describe('LinkedIn documents (PDF document posts)', () => {
  it('reads the upload URL and the document URN, and refuses an answer that is not one', () => {
    expect(
      toDocumentUpload({
        value: {
          uploadUrlExpiresAt: 1650567510704,
          uploadUrl: 'https://www.linkedin.com/dms-uploads/sp/v2/D4D10AQ/uploaded-document/0?ut=x',
          document: 'urn:li:document:D4D10AQH4GJAWEYYmWw',
        },
      }),
    ).toEqual({
      uploadUrl: 'https://www.linkedin.com/dms-uploads/sp/v2/D4D10AQ/uploaded-document/0?ut=x',
      document: 'urn:li:document:D4D10AQH4GJAWEYYmWw',
    });
    expect(() =>
      toDocumentUpload({ value: { uploadUrl: 'https://www.linkedin.com/x', document: 'urn:li:image:1' } }),
    ).toThrow(SocialPlatformError);
  });

  it('names the document with its title in content.media', () => {
    expect(documentContent('urn:li:document:D4D1', 'Spring menu')).toEqual({
      media: { id: 'urn:li:document:D4D1', title: 'Spring menu' },
    });
  });

  it('reads the status and the failure reason', () => {
    expect(toDocumentStatus({ status: 'AVAILABLE' })).toEqual({ status: 'AVAILABLE', failure: null });
    expect(
      toDocumentStatus({ status: 'PROCESSING_FAILED', processingFailureReason: 'Too many pages' }),
    ).toEqual({
      status: 'PROCESSING_FAILED',
      failure: 'Too many pages',
    });
    expect(toDocumentStatus({ status: 'SOMETHING_NEW' }).status).toBe('OTHER');
  });
});
