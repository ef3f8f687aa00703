import { describe, expect, it } from 'vitest';
import { deferred, streamedArray, writeJson, writeJsonChunks } from './json-stream';

async function text(value: unknown, chunkSize?: number): Promise<string> {
  let out = '';
  for await (const chunk of writeJsonChunks(value, chunkSize)) out += chunk;
  return out;
}

async function* pagesOf(pages: unknown[][]) {
  for (const page of pages) yield page;
}

const post = (n: number) => ({
  id: `p${n}`,
  content: `Line one\nline "two" ✨ ${n}`,
  hashtags: ['Spring', 'Menu'],
  metrics: n % 2 ? null : { likes: n, reach: null },
  comments: [],
  at: new Date(Date.UTC(2026, 0, n + 1)),
});

describe('writeJson', () => {
  it('writes exactly what JSON.stringify(value, null, 2) writes', async () => {
    const values: unknown[] = [
      null,
      0,
      'text with "quotes" and \\ and\nnewline',
      [],
      {},
      [1, [2, [3, {}]], { a: [] }],
      { a: 1, b: { c: [true, false, null], d: {} }, e: 'x' },
      { skipped: undefined, fn: () => 1, kept: 1, list: [undefined, 2] },
      { when: new Date(Date.UTC(2026, 10, 1)), nested: { deep: [{ deeper: [[1], []] }] } },
    ];
    for (const value of values) {
      expect(await text(value), JSON.stringify(value)).toBe(JSON.stringify(value, null, 2));
    }
  });

  it('loads deferred values and reads streamed arrays page by page, in place', async () => {
    const posts = [post(1), post(2), post(3), post(4), post(5)];
    const streamed = {
      format: 'test/1',
      profile: deferred(async () => ({ name: 'Ada', empty: [] })),
      workspaces: [
        { id: 'w1', posts: streamedArray(() => pagesOf([posts.slice(0, 2), [], posts.slice(2)])) },
        { id: 'w2', posts: streamedArray(() => pagesOf([])), later: deferred(async () => null) },
        { id: 'w3', posts: streamedArray(() => pagesOf([[], []])) },
      ],
      notifications: streamedArray(() => pagesOf([[{ id: 'n1' }]])),
    };
    const materialized = {
      format: 'test/1',
      profile: { name: 'Ada', empty: [] },
      workspaces: [
        { id: 'w1', posts },
        { id: 'w2', posts: [], later: null },
        { id: 'w3', posts: [] },
      ],
      notifications: [{ id: 'n1' }],
    };
    const expected = JSON.stringify(materialized, null, 2);
    expect(await text(streamed)).toBe(expected);
    // Small chunks change only where the text is cut.
    expect(await text(streamed, 7)).toBe(expected);
  });

  it('does not read a page before the writer reaches it', async () => {
    const read: string[] = [];
    async function* tracked() {
      read.push('first');
      yield [1];
      read.push('second');
      yield [2];
    }
    const pieces = writeJson({ list: streamedArray(tracked) });
    expect(read).toEqual([]);
    await pieces.next(); // '{ "list": '
    expect(read).toEqual([]);
    await pieces.next();
    expect(read).toEqual(['first']);
  });
});
