import { describe, expect, it } from 'vitest';
import { plainName } from './plain-name';

describe('plainName', () => {
  it('keeps an ordinary name as it is', () => {
    expect(plainName('Ada Lovelace')).toBe('Ada Lovelace');
  });
  it('puts the name on one line, without control or format characters', () => {
    expect(plainName('Ada\n\tLove\u202Elace\u200b')).toBe('Ada Love lace');
  });
  it('truncates to the limit with an ellipsis, counting characters, not UTF-16 units', () => {
    expect(plainName('a'.repeat(61))).toBe(`${'a'.repeat(59)}…`);
    expect(Array.from(plainName('😀'.repeat(70), 60))).toHaveLength(60);
  });
  it('breaks every address a mail client would turn into a link', () => {
    const shown = plainName('www.evil.example https://x.test/a win@evil.example');
    expect(shown).not.toMatch(/\w\.\w|:\/\/|\w@\w/);
    expect(shown.replaceAll('\u200b', '')).toBe('www.evil.example https://x.test/a win@evil.example');
  });
});
