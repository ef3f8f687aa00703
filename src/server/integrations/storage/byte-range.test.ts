import { describe, expect, it } from 'vitest';
import {
  contentRange,
  parseContentRange,
  parseRangeHeader,
  rangeHeaderValue,
  resolveRange,
} from './byte-range';

describe('parseRangeHeader (RFC 9110 §14.1.2)', () => {
  it('reads one range in its three forms', () => {
    expect(parseRangeHeader('bytes=0-99')).toEqual({ first: 0, last: 99 });
    expect(parseRangeHeader('bytes=100-')).toEqual({ first: 100 });
    expect(parseRangeHeader('bytes=-500')).toEqual({ suffix: 500 });
    expect(parseRangeHeader('Bytes = 5 - 9')).toEqual({ first: 5, last: 9 });
  });
  it('ignores what it does not serve: none, several ranges, another unit, invalid ones', () => {
    for (const header of [
      undefined,
      '',
      'bytes=0-1,5-9',
      'items=0-5',
      'bytes=9-5',
      'bytes=-',
      'bytes=a-b',
      'bytes=1234567890123456-',
    ]) {
      expect(parseRangeHeader(header)).toBeNull();
    }
  });
});

describe('resolveRange', () => {
  it('selects the bytes of a range, clamping its end to the representation', () => {
    expect(resolveRange({ first: 0, last: 99 }, 2000)).toEqual({ start: 0, end: 99 });
    expect(resolveRange({ first: 1500, last: 5000 }, 2000)).toEqual({ start: 1500, end: 1999 });
    expect(resolveRange({ first: 500 }, 2000)).toEqual({ start: 500, end: 1999 });
    expect(resolveRange({ suffix: 500 }, 2000)).toEqual({ start: 1500, end: 1999 });
    expect(resolveRange({ suffix: 5000 }, 2000)).toEqual({ start: 0, end: 1999 });
  });
  it('is unsatisfiable from the end on, for an empty suffix and for an empty representation', () => {
    expect(resolveRange({ first: 2000 }, 2000)).toBe('unsatisfiable');
    expect(resolveRange({ first: 2000, last: 2100 }, 2000)).toBe('unsatisfiable');
    expect(resolveRange({ suffix: 0 }, 2000)).toBe('unsatisfiable');
    expect(resolveRange({ suffix: 10 }, 0)).toBe('unsatisfiable');
  });
});

describe('range headers both ways', () => {
  it('writes the Range sent to S3 and the Content-Range of a 206', () => {
    expect(rangeHeaderValue({ first: 0, last: 9 })).toBe('bytes=0-9');
    expect(rangeHeaderValue({ first: 10 })).toBe('bytes=10-');
    expect(rangeHeaderValue({ suffix: 7 })).toBe('bytes=-7');
    expect(contentRange({ start: 0, end: 9 }, 70)).toBe('bytes 0-9/70');
  });
  it("reads S3's Content-Range back, a 416's included", () => {
    expect(parseContentRange('bytes 0-9/70')).toEqual({ range: { start: 0, end: 9 }, size: 70 });
    expect(parseContentRange('bytes */70')).toEqual({ range: null, size: 70 });
    expect(parseContentRange('bytes 0-9/*')).toEqual({ range: { start: 0, end: 9 }, size: null });
    expect(parseContentRange(null)).toBeNull();
    expect(parseContentRange('items 0-9/70')).toBeNull();
  });
});
