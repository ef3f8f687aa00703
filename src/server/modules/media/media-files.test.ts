import { describe, expect, it } from 'vitest';
import { sniffUpload } from './media-files';
import { parseUploadMetadata } from './uploads.routes';
import { posterTimeMs } from './video-ingest';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );

describe('sniffUpload', () => {
  it('tells images, MP4/MOV candidates, other video containers and the rest apart by their bytes', () => {
    expect(sniffUpload(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF\0\0\0\0\0\0\0\0'))).toBe('image');
    expect(sniffUpload(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 0, 0]))).toBe('mp4-family');
    expect(sniffUpload(bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 0, 0]))).toBe('mp4-family');
    // An old QuickTime file that starts with its movie atom.
    expect(sniffUpload(bytes([0, 0, 0x10, 0], 'moov', [0, 0, 0, 0, 0, 0, 0, 0]))).toBe('mp4-family');
    expect(
      sniffUpload(bytes([0x1a, 0x45, 0xdf, 0xa3], [0x9f, 0x42, 0x86, 0x81, 0, 0, 0, 0, 0, 0, 0, 0])),
    ).toBe('other-video');
    expect(sniffUpload(bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'))).toBe('other-video');
    expect(sniffUpload(bytes('GIF89a', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe('unknown');
    expect(sniffUpload(bytes('ftyp'))).toBe('unknown');
    expect(sniffUpload(new Uint8Array())).toBe('unknown');
  });
});

describe('parseUploadMetadata', () => {
  it('reads tus Upload-Metadata pairs (base64 values, a key alone, spaces around commas)', () => {
    const b64 = (value: string) => Buffer.from(value).toString('base64');
    expect(parseUploadMetadata(`filename ${b64('été.mp4')}, filetype ${b64('video/mp4')},flag`)).toEqual({
      filename: 'été.mp4',
      filetype: 'video/mp4',
      flag: '',
    });
    expect(parseUploadMetadata(undefined)).toEqual({});
  });
});

describe('posterTimeMs', () => {
  it('takes the poster a second in, or in the middle of a clip shorter than two seconds', () => {
    expect(posterTimeMs(60_000)).toBe(1_000);
    expect(posterTimeMs(2_000)).toBe(1_000);
    expect(posterTimeMs(1_000)).toBe(500);
    expect(posterTimeMs(40)).toBe(20);
  });
});
