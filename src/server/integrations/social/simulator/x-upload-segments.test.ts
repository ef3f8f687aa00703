import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ABANDONED_AFTER_MS, segmentsDir, segmentsSwept, sweepAbandonedSegments } from './x-upload-segments';

describe('sweeping abandoned X upload segments', () => {
  it('removes folders untouched for hours, keeps recent ones, and finds nothing to do without a root', async () => {
    const root = mkdtempSync(join(tmpdir(), 'kitepost-segments-test-'));
    expect(await sweepAbandonedSegments(Date.now(), join(root, 'missing'))).toBe(0);
    for (const id of ['111', '222', 'finalize-abc']) {
      mkdirSync(segmentsDir(id, root));
      writeFileSync(join(segmentsDir(id, root), '0'), 'bytes');
    }
    const old = new Date(Date.now() - ABANDONED_AFTER_MS - 1_000);
    await utimes(segmentsDir('111', root), old, old);
    await utimes(segmentsDir('finalize-abc', root), old, old);
    expect(await sweepAbandonedSegments(Date.now(), root)).toBe(2);
    expect(readdirSync(root)).toEqual(['222']);
    expect(await segmentsSwept('111', [0], root)).toBe(true);
    expect(await segmentsSwept('222', [0], root)).toBe(false);
    expect(await segmentsSwept('222', [0, 1], root)).toBe(true);
  });
});
