import { describe, expect, it } from 'vitest';
import { hashtag } from '../../../../contracts/content-options';
import { createBannedCheck } from './brand-guard';
import { chooseHashtags, toHashtag } from './hashtags';
import { createRandom } from './random';

describe('toHashtag', () => {
  it('camel-cases a phrase and keeps acronyms', () => {
    expect(toHashtag('handmade candles')).toBe('HandmadeCandles');
    expect(toHashtag('inventory API')).toBe('InventoryAPI');
    expect(toHashtag("Mother's Day gifts")).toBe('MothersDayGifts');
    expect(toHashtag('January 30-day challenge')).toBe('January30DayChallenge');
  });

  it('keeps the last words of a long phrase, and refuses what cannot be a tag', () => {
    expect(toHashtag('cosy handmade soy wax candles collection')).toBe('SoyWaxCandlesCollection');
    expect(toHashtag('2026')).toBeNull();
    expect(toHashtag('!!!')).toBeNull();
    expect(toHashtag('a'.repeat(40))).toBeNull();
  });
});

describe('chooseHashtags', () => {
  const base = {
    required: [] as string[],
    primary: ['HandmadeCandles'],
    related: ['SummerSale', 'EcoHomes', 'Candles'],
    broad: ['ShopSmall', 'ShopLocal', 'SmallBusiness', 'ShopOnline'],
    isBanned: createBannedCheck([]),
  };

  it('aims for the count the platform recommends, the campaign tag first', () => {
    for (const [platform, count] of [
      ['twitter', 2],
      ['linkedin', 3],
      ['facebook', 3],
      ['instagram', 5],
    ] as const) {
      const tags = chooseHashtags({ ...base, platform, random: createRandom(1) });
      expect(tags).toHaveLength(count);
      expect(tags[0]).toBe('HandmadeCandles');
    }
  });

  it('puts required tags first, goes past the recommendation for them, never past the maximum', () => {
    const required = ['Brand', 'Two', 'Three', 'Four', 'Five', 'Six'];
    expect(chooseHashtags({ ...base, platform: 'twitter', required, random: createRandom(1) })).toEqual(
      required,
    );
    expect(chooseHashtags({ ...base, platform: 'instagram', required, random: createRandom(1) })).toEqual(
      required.slice(0, 5),
    );
    expect(
      chooseHashtags({ ...base, platform: 'linkedin', required: ['#Brand'], random: createRandom(1) })[0],
    ).toBe('Brand');
  });

  it('drops duplicates, invalid tags and tags with a banned word', () => {
    const tags = chooseHashtags({
      ...base,
      platform: 'instagram',
      primary: ['HandmadeCandles', 'handmadecandles'],
      related: ['SummerSale', 'not valid', 'Candles'],
      broad: ['ShopSmall'],
      isBanned: createBannedCheck(['sale']),
      random: createRandom(1),
    });
    expect(tags).toEqual(['HandmadeCandles', 'Candles', 'ShopSmall']);
    for (const tag of tags) expect(hashtag.safeParse(tag).success).toBe(true);
  });
});
