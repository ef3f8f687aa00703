import { describe, expect, it } from 'vitest';
import { readImportSheet } from './post-import-csv';
import { normaliseText, readRowTime } from './post-import-rows';

describe('an import row', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('reads a wall time in the chosen zone, and refuses one the clocks skip', () => {
    expect(readRowTime('2026-03-30', '09:00', 'Europe/Berlin', now)).toEqual({
      at: new Date('2026-03-30T07:00:00Z'),
    });
    // Berlin's clocks jump from 02:00 to 03:00 on 29 March 2026.
    expect(readRowTime('2026-03-29', '02:30', 'Europe/Berlin', now)).toEqual({
      error: '2026-03-29 02:30 does not exist in Europe/Berlin: the clocks skip it. Choose another time.',
    });
    expect(readRowTime('', '', 'Europe/Berlin', now)).toEqual({ at: null });
  });

  it('compares texts without case, spacing or trailing hashtags', () => {
    expect(normaliseText('  Our NEW\n menu   is here #food #Tasty ')).toBe('our new menu is here');
    expect(normaliseText('#1 in town')).toBe('#1 in town');
  });

  it('counts a row from the line it starts on, blank lines and quoted line breaks included', () => {
    const rows = readImportSheet(Buffer.from('account,text\n\n@a,"one\ntwo"\n@b,three\n'));
    expect(rows.map((row) => [row.line, row.cells.text])).toEqual([
      [3, 'one\ntwo'],
      [5, 'three'],
    ]);
  });
});
