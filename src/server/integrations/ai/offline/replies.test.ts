import { describe, expect, it } from 'vitest';
import { type BrandKit, emptyBrandKit } from '../../../../contracts/brand-kit';
import { countCharacters } from '../../../../contracts/post-text';
import { classifyComment, repliesOffline } from './replies';

const kit: BrandKit = { ...emptyBrandKit, brandName: 'Luna Bakery' };
const reply = (text: string, overrides: { author?: string; kit?: BrandKit } = {}) =>
  repliesOffline({
    comment: { text, author: overrides.author },
    post: { platform: 'bluesky', content: 'Rhubarb tarts are back!' },
    brandKit: overrides.kit ?? kit,
  });

describe('offline reply suggestions', () => {
  it.each([
    ['Do you deliver to Leith?', 'question'],
    ['Ordered on Monday and it arrived broken.', 'complaint'],
    ['Loved it, but the coffee was cold', 'complaint'],
    ['These look delicious 😍', 'praise'],
    ['See you Saturday', 'other'],
  ] as const)('reads “%s” as %s', (text, kind) => {
    expect(classifyComment(text)).toBe(kind);
  });

  it('writes three different replies with the names, no hashtags, within the network’s limit', () => {
    const replies = reply('Do you deliver to Leith?', { author: 'Sam Lee' });
    expect(new Set(replies).size).toBe(3);
    for (const text of replies) {
      expect(text).toContain('Sam');
      expect(text).not.toMatch(/#/);
      expect(countCharacters('bluesky', text)).toBeLessThanOrEqual(300);
    }
    expect(replies.some((text) => text.includes('Luna Bakery'))).toBe(true);
    expect(reply('Do you deliver to Leith?', { author: 'Sam Lee' })).toEqual(replies);
  });

  it('apologises for a complaint and asks for a direct message', () => {
    for (const text of reply('My order arrived cold.')) {
      expect(text).toMatch(/sorry|apologise/i);
      expect(text).toMatch(/message/i);
    }
  });

  it('leaves out a brand name or commenter name the brand kit bans', () => {
    const banned = { ...kit, bannedWords: ['luna'] };
    for (const text of reply('Nice', { author: 'Luna', kit: banned })) expect(text).not.toMatch(/luna/i);
  });
});
