import { describe, expect, it } from 'vitest';
import { adaptForPlatform, cutToFit, LINK_IN_BIO, splitThread } from './adapt-for-platform';
import { countCharacters, publishedText } from './post-text';

const sentence = (n: number) =>
  `Sentence number ${n} tells one more thing about our new seasonal menu and why it matters.`;
const long = Array.from({ length: 12 }, (_, i) => sentence(i + 1)).join(' ');

describe('adaptForPlatform', () => {
  it('splits a long X text at sentence ends into numbered posts that each fit 280 weighted', () => {
    const adapted = adaptForPlatform('twitter', long, ['menu', 'food', 'extra']);
    expect(adapted.thread.length).toBeGreaterThan(1);
    expect(adapted.content).toBe(adapted.thread[0]);
    expect(adapted.hashtags).toEqual(['menu', 'food']);
    adapted.thread.forEach((post, index) => {
      expect(post.endsWith(` ${index + 1}/${adapted.thread.length}`)).toBe(true);
      const text = publishedText(post, index === 0 ? adapted.hashtags : []);
      expect(countCharacters('twitter', text)).toBeLessThanOrEqual(280);
      // Cut after a sentence, never inside one.
      expect(post.replace(/ \d+\/\d+$/, '')).toMatch(/\.$/);
    });
    expect(adapted.thread.join(' ')).toContain('Sentence number 12');
  });

  it('keeps a short X text as one post, and never makes more than 25 posts', () => {
    expect(adaptForPlatform('twitter', 'Short and sweet.', []).thread).toEqual([]);
    const huge = Array.from({ length: 200 }, (_, i) => sentence(i)).join(' ');
    expect(splitThread(huge, [], 280)).toHaveLength(25);
    // One sentence longer than a post is cut at words.
    const wordy = `${'word '.repeat(120).trim()}.`;
    for (const post of splitThread(wordy, [], 280))
      expect(countCharacters('twitter', post)).toBeLessThanOrEqual(280);
  });

  it('removes links on Instagram and TikTok and says Link in bio', () => {
    const adapted = adaptForPlatform(
      'instagram',
      'Book your table here: https://example.com/book. See you soon!',
      [],
    );
    expect(adapted.content).not.toContain('https://');
    expect(adapted.content).toContain(LINK_IN_BIO);
    expect(adapted.content).toContain('Book your table.');
    expect(adaptForPlatform('tiktok', 'New video https://example.com', []).content).toBe(
      `New video\n\n${LINK_IN_BIO}`,
    );
  });

  it('moves the link to the pin on Pinterest', () => {
    const adapted = adaptForPlatform('pinterest', 'Our autumn recipes at https://example.com/recipes.', [
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(adapted.link).toBe('https://example.com/recipes');
    expect(adapted.content).toBe('Our autumn recipes.');
    expect(adapted.hashtags).toEqual(['a', 'b', 'c']);
  });

  it('cuts other networks to their length after a sentence', () => {
    const adapted = adaptForPlatform('bluesky', long, ['tag']);
    expect(countCharacters('bluesky', publishedText(adapted.content, adapted.hashtags))).toBeLessThanOrEqual(
      300,
    );
    expect(adapted.content).toMatch(/\.$/);
    expect(adaptForPlatform('google_business', 'Hello.', ['tag']).hashtags).toEqual([]);
  });

  it('cutToFit falls back to words with an ellipsis', () => {
    expect(cutToFit('alpha beta gamma delta', (text) => text.length <= 12)).toBe('alpha beta…');
  });
});
