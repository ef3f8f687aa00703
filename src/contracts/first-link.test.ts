import { describe, expect, it } from 'vitest';
import { firstLinkIn, linksIn } from './first-link';

describe('firstLinkIn', () => {
  it.each([
    ['New candles: https://glow.example/autumn', 'https://glow.example/autumn'],
    ['See https://glow.example/a. And http://other.example', 'https://glow.example/a'],
    ['Really? https://glow.example/a?b=1&c=2!', 'https://glow.example/a?b=1&c=2'],
    ['(more at https://glow.example/shop)', 'https://glow.example/shop'],
    [
      'Wiki https://en.wikipedia.org/wiki/Candle_(disambiguation) here',
      'https://en.wikipedia.org/wiki/Candle_(disambiguation)',
    ],
    ['"https://glow.example/q"', 'https://glow.example/q'],
    ['HTTPS://GLOW.EXAMPLE/Path', 'https://glow.example/Path'],
    ['two lines\nhttps://glow.example/x\nend', 'https://glow.example/x'],
  ])('%j → %s', (text, url) => {
    expect(firstLinkIn(text)).toBe(url);
  });

  it.each([
    'no link here',
    'ftp://glow.example/file',
    'glow.example/no-scheme',
    'https://',
    'mailto:a@b.example',
  ])('finds none in %j', (text) => {
    expect(firstLinkIn(text)).toBeNull();
  });
});

describe('linksIn', () => {
  it('finds every http(s) link with its index, trimmed, and skips bare domains', () => {
    const text = 'Read https://a.example/x. Then (http://b.example/y) and c.example!';
    expect(linksIn(text)).toEqual([
      { index: 5, url: 'https://a.example/x' },
      { index: 32, url: 'http://b.example/y' },
    ]);
  });

  it('finds none without a scheme or a host', () => {
    expect(linksIn('glow.example and https:// and ftp://x.example')).toEqual([]);
  });
});
