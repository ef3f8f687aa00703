import { describe, expect, it } from 'vitest';
import { exportFilename } from './export-data';

describe('exportFilename', () => {
  const today = new Date('2025-03-14T10:00:00Z');

  it("takes the server's file name", () => {
    expect(exportFilename('attachment; filename="kitepost-export-ada.json"', today)).toBe(
      'kitepost-export-ada.json',
    );
    expect(exportFilename('attachment; filename=export.json', today)).toBe('export.json');
  });

  it('prefers the encoded name when both are given', () => {
    expect(
      exportFilename(`attachment; filename="export.json"; filename*=UTF-8''kitepost%20export.json`, today),
    ).toBe('kitepost export.json');
  });

  it("names the file with today's date when the server gives no name", () => {
    expect(exportFilename(null, today)).toBe('kitepost-export-2025-03-14.json');
    expect(exportFilename('attachment', today)).toBe('kitepost-export-2025-03-14.json');
  });
});
