import { describe, expect, it } from 'vitest';
import { checkPostFits, countCharacters, postLength, publishedText, xWeightedLength } from './post-text';

describe('xWeightedLength', () => {
  it('counts ASCII one per character', () => {
    expect(xWeightedLength('')).toBe(0);
    expect(xWeightedLength('Hello, world!')).toBe(13);
    expect(xWeightedLength('line one\nline two')).toBe(17);
  });

  it('counts every link as 23, however long', () => {
    const long = 'https://example.com/a/very/long/path/that/goes/on/and/on?with=query&and=more#fragment';
    expect(xWeightedLength(long)).toBe(23);
    expect(xWeightedLength(`Read more: ${long}`)).toBe(11 + 23);
    expect(xWeightedLength('http://a.co')).toBe(23);
    expect(xWeightedLength('Two: https://example.com/one and example.org/two')).toBe(5 + 23 + 5 + 23);
  });

  it('recognises bare domains with a known TLD, but not file names or e-mail addresses', () => {
    expect(xWeightedLength('example.com')).toBe(23);
    expect(xWeightedLength('shop.example.co.uk/sale')).toBe(23);
    expect(xWeightedLength('Go to t.co now')).toBe(6 + 23 + 4);
    expect(xWeightedLength('report.pdf')).toBe(10);
    expect(xWeightedLength('hi@shop.com')).toBe(11);
    expect(xWeightedLength('localhost')).toBe(9);
  });

  it('leaves sentence punctuation after a link outside it', () => {
    expect(xWeightedLength('Order at kitepost.app/order.')).toBe(9 + 23 + 1);
    expect(xWeightedLength('(example.com)')).toBe(1 + 23 + 1);
    expect(xWeightedLength('https://a.com/x)')).toBe(23 + 1);
    expect(xWeightedLength('https://en.wikipedia.org/wiki/Foo_(bar)')).toBe(23);
  });

  it('counts an emoji sequence as 2', () => {
    expect(xWeightedLength('😀')).toBe(2);
    expect(xWeightedLength('👨‍👩‍👧‍👦')).toBe(2);
    expect(xWeightedLength('🇯🇵')).toBe(2);
    expect(xWeightedLength('👍🏽')).toBe(2);
    expect(xWeightedLength('1️⃣')).toBe(2);
    expect(xWeightedLength('❤️')).toBe(2);
    expect(xWeightedLength('Go 🚀🚀')).toBe(3 + 4);
  });

  it('counts CJK and other heavy scripts as 2, Latin with accents as 1', () => {
    expect(xWeightedLength('日本語')).toBe(6);
    expect(xWeightedLength('한국어')).toBe(6);
    expect(xWeightedLength('café crème')).toBe(10);
    // Decomposed accents are NFC-normalised first.
    expect(xWeightedLength('cafe\u0301')).toBe(4);
    expect(xWeightedLength('Привет')).toBe(6);
  });

  it('weighs typographic punctuation by its range', () => {
    expect(xWeightedLength('—’“”')).toBe(4);
    expect(xWeightedLength('…')).toBe(2);
    expect(xWeightedLength('•')).toBe(2);
    expect(xWeightedLength('©')).toBe(1);
  });

  it('puts the boundary at exactly 280', () => {
    expect(checkPostFits('twitter', 'a'.repeat(280), []).fits).toBe(true);
    expect(checkPostFits('twitter', 'a'.repeat(281), []).fits).toBe(false);
    expect(checkPostFits('twitter', `${'日'.repeat(140)}`, []).fits).toBe(true);
    expect(checkPostFits('twitter', `${'日'.repeat(140)}a`, []).fits).toBe(false);
  });
});

describe('countCharacters', () => {
  it('weighs for X, counts LinkedIn as sent (escaped, UTF-16) and code points elsewhere', () => {
    const text = 'Hi 👨‍👩‍👧 日本 https://example.com/a-long-path-indeed';
    expect(countCharacters('twitter', text)).toBe(3 + 2 + 1 + 4 + 1 + 23);
    const codePoints = Array.from(text).length;
    expect(codePoints).toBe(3 + 5 + 1 + 2 + 1 + 38);
    // The family emoji is 3 surrogate pairs and 2 joiners (8 UTF-16 units), no reserved character.
    expect(countCharacters('linkedin', text)).toBe(codePoints + 3);
    // Reserved characters reach LinkedIn escaped, and it counts the escapes; a hashtag's # is not.
    expect(countCharacters('linkedin', 'Open (9-5) #bakery')).toBe(18 + 2);
    expect(countCharacters('instagram', text)).toBe(codePoints);
    expect(countCharacters('facebook', text)).toBe(codePoints);
  });
});

describe('publishedText', () => {
  it('appends the hashtags after a blank line', () => {
    expect(publishedText('Fresh bread today.', ['Bakery', 'ShopLocal'])).toBe(
      'Fresh bread today.\n\n#Bakery #ShopLocal',
    );
  });

  it('accepts tags with or without # and drops duplicates case-insensitively', () => {
    expect(publishedText('Hello', ['#Bakery', 'bakery', ' ShopLocal '])).toBe('Hello\n\n#Bakery #ShopLocal');
  });

  it('skips hashtags the content already carries', () => {
    expect(publishedText('Our #bakery is open', ['Bakery', 'Bread'])).toBe('Our #bakery is open\n\n#Bread');
    // #Bake is not carried by #bakery.
    expect(publishedText('Our #bakery is open', ['Bake'])).toBe('Our #bakery is open\n\n#Bake');
  });

  it('adds no blank line when there is nothing to append', () => {
    expect(publishedText('Just text.\n', [])).toBe('Just text.');
    expect(publishedText('Has #Tag', ['tag'])).toBe('Has #Tag');
    expect(publishedText('', ['Tag'])).toBe('#Tag');
  });
});

describe('postLength and checkPostFits', () => {
  it('count the published text', () => {
    expect(postLength('twitter', 'Hello', ['A', 'B'])).toBe(5 + 2 + 5);
    expect(postLength('linkedin', 'Hello', [])).toBe(5);
  });

  it('count hashtags against the limit once each, including those in the content', () => {
    const fit = checkPostFits('instagram', 'Look #One', ['Two', 'Three', 'Four', 'Five']);
    expect(fit).toEqual({ length: fit.length, max: 2200, fits: true, tooManyHashtags: false });
    expect(
      checkPostFits('instagram', 'Look #One', ['Two', 'Three', 'Four', 'Five', 'Six']).tooManyHashtags,
    ).toBe(true);
    // A link's fragment is not a hashtag.
    expect(
      checkPostFits('instagram', 'See example.com/#one', ['A', 'B', 'C', 'D', 'E']).tooManyHashtags,
    ).toBe(false);
  });

  it('judges X by its weighted length including the hashtags', () => {
    const content = 'a'.repeat(270);
    expect(checkPostFits('twitter', content, ['Tag']).fits).toBe(true); // 270 + 2 + 4
    expect(checkPostFits('twitter', content, ['LongerTag']).fits).toBe(false); // 270 + 2 + 10
  });
});
