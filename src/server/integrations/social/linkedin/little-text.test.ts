import { describe, expect, it } from 'vitest';
import { toLittleText } from './little-text';

describe('toLittleText', () => {
  it('escapes every reserved character of plain text', () => {
    expect(toLittleText('a|b{c}d@e[f]g(h)i<j>k\\l*m_n~o')).toBe(
      'a\\|b\\{c\\}d\\@e\\[f\\]g\\(h\\)i\\<j\\>k\\\\l\\*m\\_n\\~o',
    );
    expect(toLittleText('Open 7–9 (weekdays) — see you!')).toBe('Open 7–9 \\(weekdays\\) — see you!');
  });

  it('leaves text without reserved characters as it is, emoji and accents included', () => {
    const text = 'Frische Brötchen ab 7 Uhr 🥐, bis bald.\nZweite Zeile.';
    expect(toLittleText(text)).toBe(text);
  });

  it('keeps hashtags clickable: a # at a word start before letters stays', () => {
    expect(toLittleText('#SmallBusiness and #café #2026goals, (#local)')).toBe(
      '#SmallBusiness and #café #2026goals, \\(#local\\)',
    );
    expect(toLittleText('New post\n#bakery')).toBe('New post\n#bakery');
  });

  it('escapes a # that cannot start a hashtag: glued to a word, before no letter, alone', () => {
    expect(toLittleText('C# and F#')).toBe('C\\# and F\\#');
    expect(toLittleText('We are #1! # heading #')).toBe('We are \\#1! \\# heading \\#');
    expect(toLittleText('##double')).toBe('\\##double');
  });

  it('ends a hashtag at an underscore, which is escaped', () => {
    expect(toLittleText('#small_business')).toBe('#small\\_business');
  });

  it('escapes mentions and links, which read back as written', () => {
    expect(toLittleText('Thanks @[Eddy](urn:li:person:1234)')).toBe(
      'Thanks \\@\\[Eddy\\]\\(urn:li:person:1234\\)',
    );
    expect(toLittleText('https://example.com/a_b?x=(1)&y=2#top')).toBe(
      'https://example.com/a\\_b?x=\\(1\\)&y=2\\#top',
    );
  });
});
