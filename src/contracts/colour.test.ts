import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOnWhite, relativeLuminance, textColourOn } from './colour';

describe('WCAG contrast', () => {
  it('measures the known extremes and pairs', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#1d4ed8', '#ffffff')).toBeCloseTo(6.7, 1);
  });

  it('picks black or white text by contrast with the button', () => {
    expect(textColourOn('#1d4ed8')).toBe('#ffffff'); // a strong blue
    expect(textColourOn('#111827')).toBe('#ffffff');
    expect(textColourOn('#facc15')).toBe('#000000'); // a yellow
    expect(textColourOn('#f9a8d4')).toBe('#000000'); // a pastel pink
    expect(textColourOn('#22c55e')).toBe('#000000'); // a mid green reads better in black
    // Whatever the colour, the label reaches AA.
    for (const colour of ['#777777', '#808080', '#ff0000', '#00ff00', '#0000ff', '#7f7f7f']) {
      expect(contrastRatio(colour, textColourOn(colour))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps a pale brand colour for decoration only', () => {
    expect(readableOnWhite('#1d4ed8')).toBe(true);
    expect(readableOnWhite('#767676')).toBe(true); // 4.54:1, the palest AA grey
    expect(readableOnWhite('#777777')).toBe(false);
    expect(readableOnWhite('#facc15')).toBe(false);
  });

  it('refuses what is not #rrggbb', () => {
    expect(() => relativeLuminance('red')).toThrow();
  });
});
