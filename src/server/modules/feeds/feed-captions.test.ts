import { describe, expect, it } from 'vitest';
import { checkPostFits } from '../../../contracts/post-text';
import { captionRequest, captionWithLink } from './feed-captions';

const link = 'https://glow.example/blog/a-rather-long-article-address-about-autumn-candles';

describe('captionWithLink', () => {
  it('puts the link after the caption and keeps the hashtags when they fit', () => {
    expect(
      captionWithLink('linkedin', { content: 'New scents are here.', hashtags: ['Candles'] }, link),
    ).toEqual({
      content: `New scents are here.\n\n${link}`,
      hashtags: ['Candles'],
    });
  });

  it('on X drops the hashtags, then cuts the caption at a word, and always keeps the link', () => {
    const long =
      'Autumn is here and our hand-poured soy candles smell of baked apples, cinnamon and woodsmoke. '.repeat(
        5,
      );
    const fitted = captionWithLink('twitter', { content: long, hashtags: ['Candles', 'Autumn'] }, link);
    expect(fitted.hashtags).toEqual([]);
    expect(fitted.content.endsWith(`…\n\n${link}`)).toBe(true);
    expect(checkPostFits('twitter', fitted.content, []).fits).toBe(true);
    // A link counts 23 on X, so most of the 280 stay for the caption.
    expect(fitted.content.length).toBeGreaterThan(200);
  });

  it('without a link is just the caption', () => {
    expect(captionWithLink('facebook', { content: 'Hello', hashtags: [] }, null)).toEqual({
      content: 'Hello',
      hashtags: [],
    });
  });
});

describe('captionRequest', () => {
  it('asks the writer about the item, one idea per platform, in the brand kit’s tone', () => {
    const input = captionRequest(
      { title: 'Rye is back', summary: 'Dark rye every Friday.' },
      ['twitter', 'linkedin'],
      {
        brandKit: null,
        language: 'english',
      },
    );
    expect(input.slots).toEqual(['twitter', 'linkedin']);
    expect(input.request.campaignDescription).toBe('Rye is back. Dark rye every Friday.');
    expect(input.request.tone).toBe('professional');
  });
});
