import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCountryLookup } from './country-lookup';

describe('the country lookup (issue 29)', () => {
  it('is off and knows no country without a database', () => {
    const lookup = createCountryLookup(undefined);
    expect(lookup.check).toEqual({ status: 'off' });
    expect(lookup.country('8.8.8.8')).toBeNull();
  });

  it('is off, saying why, when the configured file is missing or not a MaxMind database', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kitepost-geo-'));
    try {
      const missing = createCountryLookup(join(dir, 'missing.mmdb'));
      expect(missing.check).toMatchObject({
        status: 'off',
        detail: expect.stringContaining('cannot be read'),
      });
      expect(missing.country('8.8.8.8')).toBeNull();
      const junk = join(dir, 'junk.mmdb');
      writeFileSync(junk, 'not a database');
      expect(createCountryLookup(junk).check).toMatchObject({ status: 'off', detail: expect.any(String) });
      expect(createCountryLookup(dir).check).toMatchObject({
        status: 'off',
        detail: expect.stringContaining('not a file'),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
