import { describe, expect, it } from 'vitest';
import { MAX_TARGET_LENGTH, mergeUtm, postUtmTags } from './utm';

const tags = { source: 'twitter', medium: 'social', campaign: 'gen-1', content: 'post-1' };
const query = 'utm_source=twitter&utm_medium=social&utm_campaign=gen-1&utm_content=post-1';

describe('mergeUtm', () => {
  it.each([
    ['https://shop.example', `https://shop.example/?${query}`],
    ['https://shop.example/a?a=1&b=%7E+c', `https://shop.example/a?a=1&b=%7E+c&${query}`],
    ['https://shop.example/a?', `https://shop.example/a?${query}`],
    ['https://shop.example/a#section', `https://shop.example/a?${query}#section`],
    ['https://shop.example/#/route?x=1', `https://shop.example/?${query}#/route?x=1`],
    ['https://shop.example:8443/p?x=1', `https://shop.example:8443/p?x=1&${query}`],
    ['https://bäckerei.de/brot?x=1', `https://xn--bckerei-5wa.de/brot?x=1&${query}`],
    ['http://例え.jp', `http://xn--r8jz45g.jp/?${query}`],
  ])('%s → %s', (written, target) => {
    expect(mergeUtm(written, tags)).toEqual({ target, tagged: true });
  });

  it('leaves a link with any utm_* parameter as it is, whatever the case', () => {
    expect(mergeUtm('https://shop.example/?UTM_Source=x', tags)).toEqual({
      target: 'https://shop.example/?UTM_Source=x',
      tagged: false,
    });
    expect(mergeUtm('https://shop.example/?a=1&utm_campaign=spring', tags)).toMatchObject({ tagged: false });
  });

  it('adds nothing when UTM is off, but still gives the ASCII target', () => {
    expect(mergeUtm('https://bäckerei.de/brot', null)).toEqual({
      target: 'https://xn--bckerei-5wa.de/brot',
      tagged: false,
    });
  });

  it('omits the campaign and content when there are none, and encodes values', () => {
    expect(
      mergeUtm('https://shop.example/', { source: 'linkedin_page', medium: 'social', campaign: null }),
    ).toEqual({ target: 'https://shop.example/?utm_source=linkedin_page&utm_medium=social', tagged: true });
    expect(mergeUtm('https://shop.example/', { source: 'a b&c', medium: 'social' })).toMatchObject({
      target: 'https://shop.example/?utm_source=a%20b%26c&utm_medium=social',
    });
  });

  it('keeps a target over 2,048 characters without tags', () => {
    const long = `https://shop.example/${'a'.repeat(MAX_TARGET_LENGTH - 40)}`;
    expect(mergeUtm(long, tags)).toEqual({ target: long, tagged: false });
  });

  it.each([
    ['javascript:alert(1)', 'not_http'],
    ['data:text/html,hi', 'not_http'],
    ['ftp://files.example/a', 'not_http'],
    ['https://user:pw@shop.example/', 'credentials'],
    ['https://user@shop.example/', 'credentials'],
    ['not a url', 'invalid'],
  ])('refuses %s (%s)', (written, refused) => {
    expect(mergeUtm(written, tags)).toEqual({ refused });
  });
});

describe('postUtmTags', () => {
  it('names the campaign by the generation, else the group', () => {
    const post = { id: 'p', platform: 'instagram', generationId: null, groupId: 'g' };
    expect(postUtmTags(post)).toEqual({ source: 'instagram', medium: 'social', campaign: 'g', content: 'p' });
    expect(postUtmTags({ ...post, generationId: 'gen' }).campaign).toBe('gen');
  });
});
