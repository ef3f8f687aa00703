import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  gifImage,
  jpegImage,
  pngBomb,
  pngHeaderOnly,
  pngImage,
  webpImage,
} from '../../../../tests/factories/media';
import { MAX_IMAGE_PIXELS, MAX_WEBP_PIXELS } from '../../../contracts/media';
import { type ProcessedImage, processImage, sniffImageType, THUMBNAIL_WIDTH } from './process-image';

async function processed(bytes: Buffer): Promise<ProcessedImage> {
  const result = await processImage(bytes);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.image;
}

/** Whether a TIFF/EXIF block holds a tag, in either byte order (0x8825: the GPS IFD pointer). */
const hasTag = (exif: Buffer, tag: number) =>
  exif.includes(Buffer.from([tag >> 8, tag & 0xff])) || exif.includes(Buffer.from([tag & 0xff, tag >> 8]));

/** The colour of one pixel, as [r, g, b]. */
async function pixel(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}
const near = (actual: number[], expected: number[]) =>
  actual.every((value, i) => Math.abs(value - (expected[i] ?? 0)) < 40);

describe('processImage', () => {
  it('re-encodes each accepted kind in its own format, with the stored file’s facts', async () => {
    for (const [bytes, mimeType, format, width, height] of [
      [jpegImage(1080, 1350), 'image/jpeg', 'jpeg', 1080, 1350],
      [pngImage(640, 480), 'image/png', 'png', 640, 480],
      [webpImage(1200, 628), 'image/webp', 'webp', 1200, 628],
    ] as const) {
      const image = await processed(bytes);
      expect(image).toMatchObject({ mimeType, width, height });
      const stored = await sharp(image.bytes).metadata();
      expect(stored).toMatchObject({ format, width, height });
      const thumbnail = await sharp(image.thumbnail.bytes).metadata();
      expect(thumbnail).toMatchObject({ format: 'webp', width: THUMBNAIL_WIDTH });
      expect(image.thumbnail).toMatchObject({
        width: THUMBNAIL_WIDTH,
        height: Math.round((THUMBNAIL_WIDTH * height) / width),
      });
    }
  });

  it('strips EXIF with GPS and applies the orientation (6: turned a quarter clockwise)', async () => {
    // 300x200, left half red, right half blue; the camera says "rotate 90° clockwise to view".
    const red = { r: 255, g: 0, b: 0 };
    const blue = { r: 0, g: 0, b: 255 };
    const half = (background: typeof red) =>
      sharp({ create: { width: 150, height: 200, channels: 3, background } })
        .png()
        .toBuffer();
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: red } })
      .composite([{ input: await half(blue), left: 150, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100', GPSLongitudeRef: 'E' },
      })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before).toMatchObject({ width: 300, height: 200, orientation: 6 });
    expect(hasTag(before.exif ?? Buffer.alloc(0), 0x8825)).toBe(true);
    expect(photo.includes('PhoneMaker')).toBe(true);

    const image = await processed(photo);
    expect(image).toMatchObject({ mimeType: 'image/jpeg', width: 200, height: 300 });
    const after = await sharp(image.bytes).metadata();
    expect(after).toMatchObject({ width: 200, height: 300 });
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(image.bytes.includes('PhoneMaker')).toBe(false);
    expect(image.bytes.includes('Exif')).toBe(false);
    // Turned clockwise, the left (red) half is now on top, the blue one below.
    expect(near(await pixel(image.bytes, 100, 20), [255, 0, 0])).toBe(true);
    expect(near(await pixel(image.bytes, 100, 280), [0, 0, 255])).toBe(true);
    // The thumbnail is upright too, and as bare.
    const thumbnail = await sharp(image.thumbnail.bytes).metadata();
    expect(thumbnail).toMatchObject({ width: 200, height: 300 });
    expect(thumbnail.exif).toBeUndefined();
  });

  it('strips XMP and ICC profiles (converting to sRGB), and EXIF from PNGs and WebPs', async () => {
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Secret Person"/></rdf:RDF></x:xmpmeta>';
    const red = { width: 64, height: 64, channels: 3, background: '#ff0000' } as const;
    const jpeg = await sharp({ create: red }).jpeg().withIccProfile('p3').withXmp(xmp).toBuffer();
    const png = await sharp({ create: red })
      .png()
      .withExif({ IFD0: { Artist: 'Secret Person' } })
      .toBuffer();
    const webp = await sharp({ create: red })
      .webp()
      .withExif({ IFD0: { Artist: 'Secret Person' } })
      .withXmp(xmp)
      .toBuffer();
    for (const [name, bytes] of [
      ['jpeg', jpeg],
      ['png', png],
      ['webp', webp],
    ] as const) {
      expect(bytes.includes('Secret Person'), name).toBe(true);
      const image = await processed(bytes);
      expect(image.bytes.includes('Secret Person'), name).toBe(false);
      const metadata = await sharp(image.bytes).metadata();
      expect(metadata, name).toMatchObject({ hasProfile: false, space: 'srgb' });
      expect(metadata.exif, name).toBeUndefined();
      expect(metadata.xmp, name).toBeUndefined();
    }
  });

  it('refuses a 30000x30000 PNG that is all header, without decoding anything', async () => {
    expect(await processImage(pngHeaderOnly(30_000, 30_000))).toEqual({
      ok: false,
      reason: 'too_many_pixels',
    });
  });

  it('refuses decompression bombs: small files that would decode to huge images', async () => {
    const png = await pngBomb(20_000, 20_000);
    expect(png.length).toBeLessThan(1024 * 1024);
    expect(await processImage(png)).toEqual({ ok: false, reason: 'too_many_pixels' });
    const jpeg = jpegImage(10_000, 10_000); // 100 MP in ~400 KB
    expect(jpeg.length).toBeLessThan(1024 * 1024);
    expect(await processImage(jpeg)).toEqual({ ok: false, reason: 'too_many_pixels' });
    const webp = webpImage(16_000, 16_000); // 256 MP in a few bytes
    expect(await processImage(webp)).toEqual({ ok: false, reason: 'too_many_pixels' });
  });

  it('takes an image just under the pixel limit', async () => {
    const side = Math.floor(Math.sqrt(MAX_IMAGE_PIXELS));
    const image = await processed(await pngBomb(side, side));
    expect(image).toMatchObject({ mimeType: 'image/png', width: side, height: side });
  });

  it('gives WebP a lower limit (its encoder holds the whole picture)', async () => {
    const over = Math.ceil(Math.sqrt(MAX_WEBP_PIXELS)) + 1;
    expect(over * over).toBeLessThan(MAX_IMAGE_PIXELS);
    expect(await processImage(webpImage(over, over))).toEqual({ ok: false, reason: 'too_many_pixels' });
    expect(await processImage(jpegImage(over, over))).toMatchObject({ ok: true });
  });

  it('saves a low-quality JPEG again smaller rather than let it grow', async () => {
    const noisy = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg({ quality: 50 })
      .toBuffer();
    const atQuality85 = await sharp(noisy).jpeg({ quality: 85, optimiseCoding: false }).toBuffer();
    expect(atQuality85.length).toBeGreaterThan(noisy.length);
    const image = await processed(noisy);
    expect(image.bytes.length).toBeLessThan(atQuality85.length);
  });

  it('keeps the frames of an animated WebP, counts the pixels of all, and thumbnails the first', async () => {
    const frames = Buffer.alloc(64 * 48 * 3 * 3);
    const frame = 64 * 48 * 3;
    frames.fill(220, 0, frame); // light, then gray, then black (equal frames would be merged)
    frames.fill(110, frame, 2 * frame);
    const animated = await sharp(frames, { raw: { width: 64, height: 48 * 3, channels: 3, pageHeight: 48 } })
      .webp({ loop: 0, delay: [100, 100, 100] })
      .toBuffer();
    const image = await processed(animated);
    expect(image).toMatchObject({ mimeType: 'image/webp', width: 64, height: 48 });
    expect(await sharp(image.bytes).metadata()).toMatchObject({ pages: 3, delay: [100, 100, 100] });
    const thumbnail = await sharp(image.thumbnail.bytes).metadata();
    expect(thumbnail).toMatchObject({ width: 64, height: 48 });
    expect(thumbnail.pages ?? 1).toBe(1);

    // 2000x2000 is 4 MP a frame: 5 different frames are over WebP's limit (a tiny file: each is one colour).
    const frameFiles = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        sharp({ create: { width: 2000, height: 2000, channels: 3, background: { r: i * 19, g: 0, b: 0 } } })
          .png()
          .toBuffer(),
      ),
    );
    const long = await sharp(frameFiles, { join: { animated: true } })
      .webp({ lossless: true, effort: 0, loop: 0 })
      .toBuffer();
    expect(await sharp(long).metadata()).toMatchObject({ pages: 5, width: 2000, height: 2000 });
    expect(await processImage(long)).toEqual({ ok: false, reason: 'too_many_pixels' });
  });

  it('drops data after a JPEG’s end (phones append videos)', async () => {
    const trailer = Buffer.from('....ftypmp42 trailing video');
    const image = await processed(Buffer.concat([jpegImage(16, 16), trailer]));
    expect(image).toMatchObject({ mimeType: 'image/jpeg', width: 16, height: 16 });
    expect(image.bytes.includes('ftypmp42')).toBe(false);
  });

  it('refuses other formats and non-images as unsupported', async () => {
    for (const bytes of [
      gifImage(),
      Buffer.from('just some text, named photo.png'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.alloc(0),
      Buffer.from('RIFF\x10\0\0\0WAVEfmt ', 'latin1'),
    ]) {
      expect(await processImage(bytes)).toEqual({ ok: false, reason: 'unsupported' });
    }
  });

  it('finds broken files that start like an accepted kind unreadable', async () => {
    const jpeg = jpegImage(300, 200);
    const png = pngImage(30, 20);
    const webp = webpImage(30, 20);
    for (const [i, bytes] of [
      jpeg.subarray(0, 3),
      jpeg.subarray(0, 200),
      png.subarray(0, 40),
      png.subarray(0, png.length - 30),
      webp.subarray(0, webp.length - 4),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100), Buffer.from([0xff, 0xd9])]),
      pngHeaderOnly(100, 100),
    ].entries()) {
      expect(await processImage(bytes), `case ${i}`).toEqual({ ok: false, reason: 'unreadable' });
    }
  });
});

describe('sniffImageType', () => {
  it('goes by the first bytes only', () => {
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniffImageType(pngImage(1, 1).subarray(0, 8))).toBe('image/png');
    expect(sniffImageType(webpImage(1, 1).subarray(0, 12))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
  });
});
