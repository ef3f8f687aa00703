import { describe, expect, it } from 'vitest';
import { hashtag } from '../../contracts/content-options';
import { normalizeHashtag } from './hashtags';

describe('normalizeHashtag', () => {
  it('keeps what the contract accepts, without the #', () => {
    for (const [typed, kept] of [
      ['#SolBistro', 'SolBistro'],
      ['##brunch_time', 'brunch_time'],
      ['  Café2026 ', 'Café2026'],
      ['summer-sale!', 'summersale'],
      ['#', ''],
    ]) {
      expect(normalizeHashtag(typed as string)).toBe(kept);
      if (kept) expect(hashtag.parse(kept)).toBe(kept);
    }
  });
});
