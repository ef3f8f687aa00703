import { describe, expect, it } from 'vitest';
import { documentFacts, pageCountLabel } from './document-facts';

describe('document facts', () => {
  it('says the kind, the pages and the size of a PDF', () => {
    expect(documentFacts({ pageCount: 12, sizeBytes: 3.4 * 1024 * 1024 })).toBe('PDF · 12 pages · 3.4 MB');
    expect(documentFacts({ pageCount: 1, sizeBytes: 340 * 1024 })).toBe('PDF · 1 page · 340 KB');
  });

  it('leaves out a page count it does not know', () => {
    expect(documentFacts({ pageCount: null, sizeBytes: 2048 })).toBe('PDF · 2 KB');
    expect(pageCountLabel(0)).toBeNull();
  });
});
