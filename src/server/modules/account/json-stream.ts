/*
 * Writes a JSON document as text chunks, so a large one (a data export with thousands of posts)
 * never sits in memory whole. Parts of the value may be left for later: a Deferred is loaded when
 * the writer reaches it, a StreamedArray is read a page at a time. The text is exactly
 * JSON.stringify(sameValue, null, 2): pure, tested alone (json-stream.test.ts).
 */

/** A value loaded only when the writer reaches it. */
export class Deferred {
  constructor(readonly load: () => Promise<unknown>) {}
}

/**
 * An array read a page at a time when the writer reaches it. Its items are written as they are
 * (JSON.stringify): they must not contain Deferred or StreamedArray values.
 */
export class StreamedArray {
  constructor(readonly pages: () => AsyncIterable<readonly unknown[]>) {}
}

export const deferred = (load: () => Promise<unknown>) => new Deferred(load);
export const streamedArray = (pages: () => AsyncIterable<readonly unknown[]>) => new StreamedArray(pages);

const INDENT = '  ';

/** JSON.stringify with 2 spaces, as if nested `depth` levels deep (strings hold no raw newline). */
function pretty(value: unknown, depth: number): string {
  const text = JSON.stringify(value, null, 2) ?? 'null';
  return depth === 0 ? text : text.replaceAll('\n', `\n${INDENT.repeat(depth)}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** What JSON.stringify leaves out of an object. */
function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/** The text of `value` at `depth`, in pieces (small ones: writeJsonChunks joins them). */
export async function* writeJson(value: unknown, depth = 0): AsyncGenerator<string> {
  if (value instanceof Deferred) {
    yield* writeJson(await value.load(), depth);
    return;
  }
  const inner = `\n${INDENT.repeat(depth + 1)}`;
  const close = `\n${INDENT.repeat(depth)}`;
  if (value instanceof StreamedArray) {
    let written = 0;
    for await (const page of value.pages()) {
      for (const item of page) {
        yield `${written === 0 ? '[' : ','}${inner}${pretty(item === undefined ? null : item, depth + 1)}`;
        written++;
      }
    }
    yield written === 0 ? '[]' : `${close}]`;
    return;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) {
      yield '[]';
      return;
    }
    for (const [index, item] of value.entries()) {
      yield `${index === 0 ? '[' : ','}${inner}`;
      yield* writeJson(isOmitted(item) ? null : item, depth + 1);
    }
    yield `${close}]`;
    return;
  }
  if (isPlainObject(value)) {
    let written = 0;
    for (const [key, item] of Object.entries(value)) {
      if (isOmitted(item)) continue;
      yield `${written === 0 ? '{' : ','}${inner}${JSON.stringify(key)}: `;
      yield* writeJson(item, depth + 1);
      written++;
    }
    yield written === 0 ? '{}' : `${close}}`;
    return;
  }
  yield pretty(value, depth);
}

/** writeJson's pieces joined into chunks of about `chunkSize` characters, for a response stream. */
export async function* writeJsonChunks(value: unknown, chunkSize = 64 * 1024): AsyncGenerator<string> {
  let buffer = '';
  for await (const piece of writeJson(value)) {
    buffer += piece;
    if (buffer.length >= chunkSize) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer.length > 0) yield buffer;
}
