import { stripEmoji } from '../../offline/brand-guard';

/*
 * The letters the bundled fonts can draw: the union of the unicode-range of Inter's Fontsource
 * subsets (node_modules/@fontsource/inter/400.css: latin, latin-ext, greek, greek-ext, cyrillic,
 * cyrillic-ext, vietnamese), all of which the renderer loads. Lora and Poppins cover less (Poppins
 * only Latin); Inter comes after them as the fallback. Anything else (Chinese, Arabic, Hebrew,
 * Devanagari, Thai, ...) would come out as empty boxes, so it is refused before rendering.
 */
const coveredRanges: ReadonlyArray<readonly [number, number]> = [
  // latin
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
  // latin-ext
  [0x0100, 0x02ba],
  [0x02bd, 0x02c5],
  [0x02c7, 0x02cc],
  [0x02ce, 0x02d7],
  [0x02dd, 0x02ff],
  [0x1d00, 0x1dbf],
  [0x1e00, 0x1e9f],
  [0x1ef2, 0x1eff],
  [0x2020, 0x2020],
  [0x20a0, 0x20ab],
  [0x20ad, 0x20c0],
  [0x2113, 0x2113],
  [0x2c60, 0x2c7f],
  [0xa720, 0xa7ff],
  // combining marks the Latin, Greek, Cyrillic and Vietnamese subsets carry
  [0x0300, 0x0304],
  [0x0308, 0x0309],
  [0x0323, 0x0323],
  [0x0329, 0x0329],
  // greek, greek-ext
  [0x0370, 0x0377],
  [0x037a, 0x037f],
  [0x0384, 0x038a],
  [0x038c, 0x038c],
  [0x038e, 0x03a1],
  [0x03a3, 0x03ff],
  [0x1f00, 0x1fff],
  // cyrillic, cyrillic-ext
  [0x0400, 0x052f],
  [0x1c80, 0x1c8a],
  [0x2116, 0x2116],
  [0x2de0, 0x2dff],
  [0xa640, 0xa69f],
  [0xfe2e, 0xfe2f],
  // vietnamese
  [0x1ea0, 0x1ef9],
];

function covered(codePoint: number): boolean {
  return coveredRanges.some(([from, to]) => codePoint >= from && codePoint <= to);
}

/**
 * A graphic's text as it is drawn: emoji removed (satori would fetch their images from the
 * network; offline there are none), spaces tidied.
 */
export function graphicText(text: string): string {
  return stripEmoji(text).replace(/\s+/g, ' ').trim();
}

/** The first character no bundled font draws, or undefined when all are covered. */
export function uncoveredCharacter(text: string): string | undefined {
  for (const character of graphicText(text)) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (!covered(codePoint)) return character;
  }
  return undefined;
}
