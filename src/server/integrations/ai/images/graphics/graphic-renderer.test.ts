import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { graphicTemplates } from '../../../../../contracts/ai-studio';
import { AA_TEXT_CONTRAST, contrastRatio, textColourOn } from '../../../../../contracts/colour';
import { modelSizeFor } from '../model-size';
import { cutAtWord, firstSentence } from './fit-text';
import { graphicText, uncoveredCharacter } from './font-coverage';
import { createGraphicRenderer, type GraphicBrand, GraphicTextError } from './graphic-renderer';

// One renderer for the file: fonts and satori's WASM load once, as in an app.
const renderer = createGraphicRenderer();
const brand: GraphicBrand = {
  name: 'Café Brio',
  primaryColour: '#1d4ed8',
  accentColour: '#f59e0b',
  font: 'sans',
  logo: null,
};

const hex = (r: number, g: number, b: number) =>
  `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;

async function decode(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => {
    const at = (y * info.width + x) * 3;
    return hex(data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0);
  };
  return { info, pixel };
}

/** Pixels of exactly `colour` in the middle band of rows, where the headline sits. */
function countInMiddle(image: Awaited<ReturnType<typeof decode>>, colour: string) {
  let found = 0;
  const { width, height } = image.info;
  for (let y = Math.round(height * 0.3); y < Math.round(height * 0.7); y += 2) {
    for (let x = 0; x < width; x += 2) if (image.pixel(x, y) === colour) found++;
  }
  return found;
}

describe('the offline graphic renderer', () => {
  it.each(graphicTemplates)(
    'draws the %s template at the exact size in the brand colours',
    async (template) => {
      const png = await renderer.renderGraphic({
        template,
        headline: 'Fresh bread every morning 🍞',
        details: 'Hauptstraße 12 · from 7:00',
        width: 270,
        height: 338,
        brand,
      });
      const image = await decode(png);
      expect([image.info.width, image.info.height]).toEqual([270, 338]);
      // The top-right corner is always plain background.
      expect(image.pixel(267, 3)).toBe('#1d4ed8');
      const text = textColourOn('#1d4ed8');
      expect(contrastRatio(text, '#1d4ed8')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      expect(countInMiddle(image, text)).toBeGreaterThan(40);
    },
  );

  it('renders a full-size card with a WebP logo and a serif font', async () => {
    const logo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#dc2626' } })
      .webp()
      .toBuffer();
    const started = performance.now();
    const png = await renderer.renderGraphic({
      template: 'offer',
      headline: '20% off all pastries this week',
      details: 'Show this post at the counter.',
      width: 1080,
      height: 1350,
      brand: { ...brand, font: 'serif', logo },
    });
    const took = performance.now() - started;
    const image = await decode(png);
    expect([image.info.width, image.info.height]).toEqual([1080, 1350]);
    expect(image.pixel(1077, 3)).toBe('#1d4ed8');
    // The logo's area (top left, inside the padding) is the logo, not background.
    expect(image.pixel(86 + 20, 86 + 20)).toBe('#dc2626');
    // Measured on 2 cores: about 60 ms once the fonts are read (decision 094).
    expect(took).toBeLessThan(5000);
  });

  it('leaves emoji out and refuses letters no bundled font has, before rendering', async () => {
    expect(graphicText('Open today 🎉🎉  from 9 👍🏽')).toBe('Open today from 9');
    expect(uncoveredCharacter('Привет, Γειά, Tiếng Việt, Zażółć')).toBeUndefined();
    expect(uncoveredCharacter('Grand opening 开业')).toBe('开');
    await expect(
      renderer.renderGraphic({
        template: 'announcement',
        headline: 'افتتاح',
        details: '',
        width: 100,
        height: 100,
        brand,
      }),
    ).rejects.toBeInstanceOf(GraphicTextError);
  });
});

describe('graphic text', () => {
  it('cuts at a word and takes a post’s first sentence without links or hashtags', () => {
    expect(cutAtWord('Fresh bread every morning', 15)).toBe('Fresh bread…');
    expect(cutAtWord('Short', 15)).toBe('Short');
    expect(firstSentence('New menu! Come and try it https://x.y #food', 90)).toBe('New menu!');
    expect(firstSentence('#launch Spring is here\nMore soon', 90)).toBe('Spring is here');
  });
});

describe('model sizes', () => {
  it('asks each model for a size it takes, closest to the ratio', () => {
    expect(modelSizeFor('gpt-image-1', 1080, 1350)).toBe('1024x1536');
    expect(modelSizeFor('gpt-image-1', 1600, 900)).toBe('1536x1024');
    expect(modelSizeFor('gpt-image-1', 1080, 1080)).toBe('1024x1024');
    expect(modelSizeFor('dall-e-3', 1080, 1920)).toBe('1024x1792');
    expect(modelSizeFor('dall-e-2', 1600, 900)).toBe('1024x1024');
    expect(modelSizeFor('flux-schnell', 1600, 900)).toBe('1344x768');
  });
});
