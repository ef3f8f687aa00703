import { describe, expect, it } from 'vitest';
import { isShortenable, placeholderShortUrl, replaceLinks } from './shorten-text';

const origin = 'https://go.example';
const short = placeholderShortUrl(origin);

describe('replaceLinks', () => {
  it('replaces every known link left to right, keeping the text around it', () => {
    const text = 'A https://a.example/x, then (https://b.example/y) and bare.example.';
    const known = (url: string) =>
      url.includes('a.example') ? `${origin}/l/AAAAAAAAAA` : `${origin}/l/BBBBBBBBBB`;
    expect(replaceLinks('linkedin', text, known)).toEqual({
      text: `A ${origin}/l/AAAAAAAAAA, then (${origin}/l/BBBBBBBBBB) and bare.example.`,
      replaced: ['https://a.example/x', 'https://b.example/y'],
    });
  });

  it('keeps a link whose short URL would take the text past the length, and replaces the others', () => {
    const tail = 'https://b.example/x';
    const long = `https://c.example/${'p'.repeat(60)}`;
    const text = `${long} ${'a'.repeat(500 - long.length - tail.length - 2)} ${tail}`;
    const { text: result, replaced } = replaceLinks('threads', text, () => short);
    // The long link shrinks, which leaves room: the short tail then fits too.
    expect(replaced).toEqual([long, tail]);
    expect(result.length).toBeLessThanOrEqual(500);
    const full = `${'a'.repeat(500 - tail.length - 1)} ${tail}`;
    expect(replaceLinks('threads', full, () => short)).toEqual({ text: full, replaced: [] });
  });

  it('never counts a replacement against X, where every link weighs 23', () => {
    const text = `${'a'.repeat(280 - 24)} https://b.example/x`;
    expect(replaceLinks('twitter', text, () => short).replaced).toEqual(['https://b.example/x']);
  });
});

describe('isShortenable', () => {
  it('skips links already on the short origin', () => {
    expect(isShortenable('https://go.example/l/abc', origin)).toBe(false);
    expect(isShortenable('https://shop.example/a', origin)).toBe(true);
  });
});
