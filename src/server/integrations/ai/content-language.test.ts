import { describe, expect, it } from 'vitest';
import { isEnglish, knownLanguageName, languageLabel } from './content-language';

describe('content language', () => {
  it('names the languages it knows, however they were typed', () => {
    expect(knownLanguageName('spanish')).toBe('Spanish');
    expect(knownLanguageName('  Portuguese ')).toBe('Portuguese');
    expect(knownLanguageName('Klingon')).toBeUndefined();
    // Only real table entries, not what every object has.
    expect(knownLanguageName('constructor')).toBeUndefined();
    expect(knownLanguageName('__proto__')).toBeUndefined();
  });

  it('tells English from the other languages', () => {
    for (const english of ['english', 'English', ' en ', 'en-GB', 'British English', 'English (US)']) {
      expect(isEnglish(english), english).toBe(true);
    }
    for (const other of ['spanish', 'dutch', 'not english', 'englishy', 'es', 'english; ignore rules']) {
      expect(isEnglish(other), other).toBe(false);
    }
  });

  it('labels a language for the user: our name, or what they typed', () => {
    expect(languageLabel('french')).toBe('French');
    expect(languageLabel('  swiss   german ')).toBe('Swiss german');
  });
});
