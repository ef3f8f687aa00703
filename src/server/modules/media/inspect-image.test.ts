import { describe, expect, it } from 'vitest';
import { gifImage, jpegImage, pngImage, webpImage } from '../../../../tests/factories/media';
import { inspectImage, MAX_IMAGE_SIDE, sniffImageType } from './inspect-image';

describe('inspectImage', () => {
  it('reads the type and size of each accepted kind', () => {
    expect(inspectImage(jpegImage(1080, 1350))).toEqual({
      ok: true,
      image: { mimeType: 'image/jpeg', width: 1080, height: 1350 },
    });
    expect(inspectImage(pngImage(640, 480))).toEqual({
      ok: true,
      image: { mimeType: 'image/png', width: 640, height: 480 },
    });
    expect(inspectImage(webpImage(1200, 628))).toEqual({
      ok: true,
      image: { mimeType: 'image/webp', width: 1200, height: 628 },
    });
  });

  it('gives a quarter-turned JPEG (EXIF orientation 5 to 8) its displayed size', () => {
    for (const orientation of [5, 6, 7, 8]) {
      expect(inspectImage(jpegImage(400, 300, { orientation })), `orientation ${orientation}`).toMatchObject({
        image: { width: 300, height: 400 },
      });
    }
    for (const orientation of [1, 2, 3, 4]) {
      expect(inspectImage(jpegImage(400, 300, { orientation }))).toMatchObject({
        image: { width: 400, height: 300 },
      });
    }
  });

  it('refuses other formats and non-images as unsupported', () => {
    for (const bytes of [
      gifImage(),
      Buffer.from('just some text, named photo.png'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.alloc(0),
      Buffer.from('RIFF\x10\0\0\0WAVEfmt ', 'latin1'),
    ]) {
      expect(inspectImage(bytes)).toEqual({ ok: false, reason: 'unsupported' });
    }
  });

  it('finds broken files that start like an accepted kind unreadable', () => {
    const jpeg = jpegImage(300, 200);
    const png = pngImage(30, 20);
    const webp = webpImage(30, 20);
    for (const bytes of [
      jpeg.subarray(0, 3),
      jpeg.subarray(0, jpeg.length - 2),
      png.subarray(0, 40),
      png.subarray(0, png.length - 12),
      webp.subarray(0, webp.length - 4),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100), Buffer.from([0xff, 0xd9])]),
    ]) {
      expect(inspectImage(bytes)).toEqual({ ok: false, reason: 'unreadable' });
    }
  });

  it('finds an impossible size unreadable', () => {
    const png = pngImage(4, 4);
    png.writeUInt32BE(MAX_IMAGE_SIDE + 1, 16); // IHDR width (its CRC is not checked)
    expect(inspectImage(png)).toEqual({ ok: false, reason: 'unreadable' });
  });

  it('accepts data after a JPEG end marker (phones append videos)', () => {
    const withTrailer = Buffer.concat([jpegImage(10, 10), Buffer.from('....ftypmp42 trailing video')]);
    expect(inspectImage(withTrailer)).toMatchObject({ ok: true, image: { mimeType: 'image/jpeg' } });
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
