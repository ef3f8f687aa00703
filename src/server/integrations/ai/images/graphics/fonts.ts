import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { GraphicFont } from '../../../../../contracts/brand-kit';

/** The font entry satori takes (its README): WOFF or TTF bytes, never WOFF2. */
export interface SatoriFont {
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: 'normal';
}

/** The brand kit's font choice as a family; Inter is always loaded too, as the fallback. */
export const fontFamilies: Record<GraphicFont, string> = {
  sans: 'Inter',
  serif: 'Lora',
  rounded: 'Poppins',
};

// Fontsource subsets per family (files/<id>-<subset>-<weight>-normal.woff). Inter's cover every
// script font-coverage.ts allows; the others fall back to Inter for what they lack.
// Each package's files/ folder is found from one file resolved by its literal name (so the
// dependency checker sees the package is used).
const require = createRequire(import.meta.url);
const subsets: Record<string, { id: string; folder: () => string; subsets: string[] }> = {
  Inter: {
    id: 'inter',
    folder: () => dirname(require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff')),
    subsets: ['latin', 'latin-ext', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese'],
  },
  Lora: {
    id: 'lora',
    folder: () => dirname(require.resolve('@fontsource/lora/files/lora-latin-400-normal.woff')),
    subsets: ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese'],
  },
  Poppins: {
    id: 'poppins',
    folder: () => dirname(require.resolve('@fontsource/poppins/files/poppins-latin-400-normal.woff')),
    subsets: ['latin', 'latin-ext'],
  },
};

/*
 * Each subset file is its own font name ('Inter latin-ext'): satori keeps one font per name and
 * weight and draws its "no glyph" box for a letter that font lacks, so subsets sharing a name
 * would lose all but the first. Listed one after another in fontFamily, satori takes each letter
 * from the first font that has it (checked here with Poppins, then Inter's Cyrillic and Greek).
 */
function subsetNames(name: string): string[] {
  return (subsets[name]?.subsets ?? []).map((subset) => `${name} ${subset}`);
}

/** The CSS font-family list for a brand kit font: its subsets, then Inter's as the fallback. */
export function fontFamilyList(font: GraphicFont): string {
  const first = fontFamilies[font];
  const names = first === 'Inter' ? subsetNames('Inter') : [...subsetNames(first), ...subsetNames('Inter')];
  return names.map((name) => `'${name}'`).join(', ');
}

/**
 * Every font file of a family, both weights, read from the installed Fontsource package (no font
 * comes from the network or the system). The server build keeps packages external, so
 * node_modules is there in production too.
 */
export async function loadFamily(name: string): Promise<SatoriFont[]> {
  const family = subsets[name];
  if (!family) throw new Error(`Unknown font family ${name}`);
  const folder = family.folder();
  const files = family.subsets.flatMap((subset) =>
    ([400, 700] as const).map((weight) => ({ subset, weight })),
  );
  return Promise.all(
    files.map(async ({ subset, weight }) => ({
      name: `${name} ${subset}`,
      data: await readFile(join(folder, `${family.id}-${subset}-${weight}-normal.woff`)),
      weight,
      style: 'normal' as const,
    })),
  );
}
