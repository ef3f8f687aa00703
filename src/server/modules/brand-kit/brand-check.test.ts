import { describe, expect, it } from 'vitest';
import { checkBrand } from './brand-check';

const kit = { bannedWords: ['cheap', 'best ever'], requiredHashtags: ['CandleCo'] };

describe('checkBrand', () => {
  it('finds nothing without a brand kit', () => {
    expect(checkBrand(null, { content: 'cheap candles', hashtags: [] })).toEqual([]);
  });

  it('finds nothing in a post on brand', () => {
    expect(checkBrand(kit, { content: 'Hand-poured soy candles.', hashtags: ['CandleCo'] })).toEqual([]);
  });

  it('finds a banned word whatever its case, as a whole word only', () => {
    const found = checkBrand(kit, { content: 'So CHEAP! Our cheapest range too.', hashtags: ['CandleCo'] });
    expect(found).toEqual([
      { kind: 'banned-word', value: 'cheap', message: 'Uses the banned word "cheap".' },
    ]);
    expect(checkBrand(kit, { content: 'Our cheapest range.', hashtags: ['CandleCo'] })).toEqual([]);
  });

  it('finds a banned phrase and a banned word in hashtags', () => {
    const found = checkBrand(kit, { content: 'The best ever candle', hashtags: ['cheap', 'CandleCo'] });
    expect(found.map((f) => f.value)).toEqual(['cheap', 'best ever']);
  });

  it('reports a missing required hashtag', () => {
    expect(checkBrand(kit, { content: 'Soy candles', hashtags: ['Candles'] })).toEqual([
      { kind: 'missing-hashtag', value: 'CandleCo', message: 'Missing the required hashtag #CandleCo.' },
    ]);
  });

  it('accepts a required hashtag written in the text, in any case', () => {
    expect(checkBrand(kit, { content: 'New scents at #candleco today', hashtags: [] })).toEqual([]);
  });

  it('does not take a longer hashtag for the required one', () => {
    expect(checkBrand(kit, { content: 'See #CandleCoShop', hashtags: [] })).toHaveLength(1);
  });
});
