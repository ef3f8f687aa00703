/*
 * WCAG 2.x colour contrast (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio), for the bio page's
 * brand colours: pure, shared by the server's page and the editor's preview.
 */

/** The contrast WCAG AA asks of normal text (1.4.3). */
export const AA_TEXT_CONTRAST = 4.5;

export const BLACK = '#000000';
export const WHITE = '#ffffff';

/** `#rrggbb` → its relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((pair) => {
    const channel = Number.parseInt(pair, 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21 (order does not matter). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Black or white, whichever reads better on `background`. One of the two always reaches 4.5:1
 * (the worst case, a mid grey, still gives about 4.6:1), so a button's label is readable
 * whatever the brand colour.
 */
export function textColourOn(background: string): typeof BLACK | typeof WHITE {
  return contrastRatio(background, BLACK) >= contrastRatio(background, WHITE) ? BLACK : WHITE;
}

/**
 * Whether the colour may carry text on a white page. A paler brand colour (a yellow, a pastel) is
 * decoration only: it fills buttons and bands, and text on white keeps a dark colour.
 */
export function readableOnWhite(colour: string): boolean {
  return contrastRatio(colour, WHITE) >= AA_TEXT_CONTRAST;
}
