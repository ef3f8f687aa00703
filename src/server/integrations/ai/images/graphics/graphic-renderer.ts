import { aiImageMessages } from '../../../../../contracts/ai-images';
import type { GraphicTemplate } from '../../../../../contracts/ai-studio';
import type { GraphicFont } from '../../../../../contracts/brand-kit';
import type { ImageProvider } from '../image-provider';
import { loadSharp } from '../load-sharp';
import { cutAtWord } from './fit-text';
import { graphicText, uncoveredCharacter } from './font-coverage';
import { fontFamilies, fontFamilyList, loadFamily, type SatoriFont } from './fonts';
import { cardColours, cardElement, logoBox } from './templates';

export interface GraphicBrand {
  name: string;
  primaryColour: string | null;
  accentColour: string | null;
  font: GraphicFont;
  /** The logo file's bytes as stored (JPEG, PNG or WebP), or null. */
  logo: Buffer | null;
}

export interface GraphicInput {
  template: GraphicTemplate;
  headline: string;
  details: string;
  width: number;
  height: number;
  brand: GraphicBrand;
}

export interface GraphicRenderer {
  /** A PNG of exactly width × height; throws GraphicTextError for letters no bundled font has. */
  renderGraphic(input: GraphicInput): Promise<Buffer>;
}

/** The text holds letters the bundled fonts cannot draw (the message says which scripts work). */
export class GraphicTextError extends Error {
  override name = 'GraphicTextError';
  constructor(readonly character: string) {
    super(aiImageMessages.scriptNotCovered);
  }
}

/** satori and its WASM (yoga, harfbuzz), loaded at the first graphic: an immutable module. */
let satoriModule: Promise<typeof import('satori')['default']> | undefined;
function loadSatori() {
  satoriModule ??= import('satori').then((loaded) => loaded.default);
  return satoriModule;
}

/**
 * The offline branded graphics (issue 30, decision 094): a template in the brand's colours, logo
 * and font, laid out by satori (text becomes SVG paths, so no system font is involved) and
 * rasterised by sharp's librsvg. Fonts are read once per renderer (one per app), lazily, so a
 * start that never makes a graphic never reads them.
 */
export function createGraphicRenderer(): GraphicRenderer {
  const families = new Map<string, Promise<SatoriFont[]>>();
  const family = (name: string) => {
    let fonts = families.get(name);
    if (!fonts) {
      fonts = loadFamily(name);
      // A failed read is tried again next time rather than remembered.
      fonts.catch(() => families.delete(name));
      families.set(name, fonts);
    }
    return fonts;
  };

  return {
    async renderGraphic(input) {
      const headline = graphicText(input.headline);
      const details = graphicText(input.details);
      const refused = uncoveredCharacter(`${headline} ${details}`);
      if (refused !== undefined) throw new GraphicTextError(refused);
      const brandName = graphicText(input.brand.name);
      const [satori, sharp] = await Promise.all([loadSatori(), loadSharp()]);
      const chosen = fontFamilies[input.brand.font];
      const fonts = [...(chosen === 'Inter' ? [] : await family(chosen)), ...(await family('Inter'))];
      const logo = input.brand.logo ? await logoDataUrl(input.brand.logo, input.width, input.height) : null;
      const element = cardElement({
        template: input.template,
        headline,
        details,
        brandName: uncoveredCharacter(brandName) === undefined ? brandName : '',
        logo,
        width: input.width,
        height: input.height,
        fontFamily: fontFamilyList(input.brand.font),
        colours: cardColours(input.brand.primaryColour, input.brand.accentColour, input.brand.name),
      });
      // satori's types want a ReactNode; the plain object is the shape React elements have.
      const svg = await satori(element as unknown as Parameters<typeof satori>[0], {
        width: input.width,
        height: input.height,
        fonts,
      });
      return sharp(Buffer.from(svg)).png().toBuffer();
    },
  };
}

/**
 * The logo as a PNG data URL sized to its box: a stored logo may be WebP, which satori's image
 * decoder does not read; sharp reads all three upload types. An unreadable logo is left out.
 */
async function logoDataUrl(bytes: Buffer, width: number, height: number) {
  const sharp = await loadSharp();
  const box = logoBox(width, height);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .resize(box.width, box.height, { fit: 'inside' })
      .png()
      .toBuffer({ resolveWithObject: true });
    return {
      src: `data:image/png;base64,${data.toString('base64')}`,
      width: info.width,
      height: info.height,
    };
  } catch {
    return null;
  }
}

/**
 * The renderer standing in for an image model when none is configured (AI_IMAGE_MODEL unset): an
 * announcement card of the prompt in neutral colours. The images service calls the renderer
 * itself with the brand kit; this is what /api/health and the capabilities name.
 */
export function offlineImageProvider(renderer: GraphicRenderer): ImageProvider {
  return {
    name: 'offline renderer',
    sandbox: true,
    async createImage(request) {
      const bytes = await renderer.renderGraphic({
        template: 'announcement',
        headline: cutAtWord(graphicText(request.prompt), 120),
        details: '',
        width: request.width,
        height: request.height,
        brand: { name: '', primaryColour: null, accentColour: null, font: 'sans', logo: null },
      });
      return { bytes, mediaType: 'image/png' };
    },
  };
}
