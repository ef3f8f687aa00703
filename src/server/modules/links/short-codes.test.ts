import { describe, expect, it } from 'vitest';
import { SHORT_CODE_ALPHABET, SHORT_CODE_PATTERN } from '../../../contracts/links';
import { newShortCode } from './short-codes';

describe('newShortCode', () => {
  it('makes codes of the published shape, each different', () => {
    const codes = Array.from({ length: 2000 }, newShortCode);
    for (const code of codes) expect(code).toMatch(SHORT_CODE_PATTERN);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('uses every character of the alphabet about evenly (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 5800; i += 1) {
      for (const char of newShortCode()) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    // 58,000 characters, 1,000 per letter expected. A byte taken modulo 58 would favour the
    // first 256 % 58 = 24 letters (5 chances in 256 against 4): about 1,130 each against 900.
    // Unbiased, the two groups' means differ by a few counts (one standard deviation ≈ 8).
    expect(counts.size).toBe(SHORT_CODE_ALPHABET.length);
    const mean = (letters: string) =>
      [...letters].reduce((sum, letter) => sum + (counts.get(letter) ?? 0), 0) / letters.length;
    const favoured = SHORT_CODE_ALPHABET.slice(0, 256 % SHORT_CODE_ALPHABET.length);
    const rest = SHORT_CODE_ALPHABET.slice(favoured.length);
    expect(Math.abs(mean(favoured) - mean(rest))).toBeLessThan(60);
  });
});
