/*
 * Byte ranges of served media (RFC 9110 §14: https://www.rfc-editor.org/rfc/rfc9110#section-14).
 * One range is served. §14.2 lets a server ignore Range ("A server MAY ignore the Range header
 * field"), says an origin "MUST ignore a Range header field that contains a range unit it does not
 * understand", and that it "MAY ignore or reject a Range header field that contains an invalid
 * ranges-specifier": several ranges, another unit and a malformed header get the whole image (200).
 */

/** A range as asked: `bytes=first-last`, `bytes=first-` (last absent) or `bytes=-suffix`. */
export type RangeRequest = { first: number; last?: number } | { suffix: number };

/** A satisfiable range resolved against a length: inclusive offsets, as in Content-Range. */
export interface ByteRange {
  start: number;
  end: number;
}

const SINGLE_RANGE = /^bytes[ \t]*=[ \t]*(\d*)[ \t]*-[ \t]*(\d*)[ \t]*$/i;

/**
 * The one range a `Range` header asks for, or null when there is none to honour: no header,
 * several ranges, another unit, or a malformed or invalid one (`first > last`, `bytes=-`).
 */
export function parseRangeHeader(header: string | undefined): RangeRequest | null {
  if (!header) return null;
  const match = SINGLE_RANGE.exec(header);
  if (!match) return null;
  const [, firstText = '', lastText = ''] = match;
  // 15 digits: past any object we store, and still an exact JavaScript number.
  if (firstText.length > 15 || lastText.length > 15) return null;
  if (firstText === '') return lastText === '' ? null : { suffix: Number(lastText) };
  const first = Number(firstText);
  if (lastText === '') return { first };
  const last = Number(lastText);
  // §14.1.1: a range whose last position is below its first is invalid.
  return last < first ? null : { first, last };
}

/**
 * The bytes a range selects in a representation of `size` bytes (§14.1.2), or 'unsatisfiable':
 * a first position at or past the end, or a suffix of zero length. A last position past the end
 * is clamped to it; a suffix longer than the representation selects all of it.
 */
export function resolveRange(range: RangeRequest, size: number): ByteRange | 'unsatisfiable' {
  if ('suffix' in range) {
    if (range.suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.first >= size) return 'unsatisfiable';
  return { start: range.first, end: Math.min(range.last ?? size - 1, size - 1) };
}

/** The request's `Range` value as sent to S3 (its GetObject takes one RFC 9110 byte range). */
export function rangeHeaderValue(range: RangeRequest): string {
  if ('suffix' in range) return `bytes=-${range.suffix}`;
  return `bytes=${range.first}-${range.last ?? ''}`;
}

/** `bytes 0-99/2000`, the Content-Range of a 206 answer. */
export const contentRange = (range: ByteRange, size: number) => `bytes ${range.start}-${range.end}/${size}`;

/** A Content-Range value (`bytes 0-99/2000`, or `bytes *\/2000` on a 416) read back; null when not that shape. */
export function parseContentRange(
  header: string | null,
): { range: ByteRange | null; size: number | null } | null {
  const match = /^bytes (?:(\d+)-(\d+)|\*)\/(\d+|\*)$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const [, start, end, size] = match;
  return {
    range: start !== undefined && end !== undefined ? { start: Number(start), end: Number(end) } : null,
    size: size === '*' || size === undefined ? null : Number(size),
  };
}
