import { describe, expect, it } from 'vitest';
import { contentLanguages, generatorStartTone, languageOptions } from './content-defaults';

describe('generatorStartTone', () => {
  it("uses the user's own tone once they picked one other than the default", () => {
    expect(generatorStartTone('humorous', 'casual')).toBe('humorous');
    expect(generatorStartTone('humorous', undefined)).toBe('humorous');
  });

  it("uses the brand kit's tone while the user's is left on Professional", () => {
    expect(generatorStartTone('professional', 'casual')).toBe('casual');
    expect(generatorStartTone(undefined, 'casual')).toBe('casual');
  });

  it('falls back to Professional, and to nothing while neither is known', () => {
    expect(generatorStartTone('professional', undefined)).toBe('professional');
    expect(generatorStartTone(undefined, undefined)).toBeUndefined();
  });
});

describe('languageOptions', () => {
  it('offers the seven languages, stored lowercase', () => {
    expect(languageOptions('english').map((language) => language.value)).toEqual([
      'english',
      'spanish',
      'french',
      'german',
      'portuguese',
      'italian',
      'dutch',
    ]);
    expect(contentLanguages.every((language) => language.value === language.value.toLowerCase())).toBe(true);
  });

  it('keeps a stored language that is not in the list, so the select does not show another', () => {
    const options = languageOptions('swedish');
    expect(options).toHaveLength(contentLanguages.length + 1);
    expect(options.at(-1)).toEqual({ value: 'swedish', label: 'Swedish' });
  });
});
