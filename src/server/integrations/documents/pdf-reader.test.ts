import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { damagedPdf, hostilePdfs, makePdf, truncatedPdf } from '../../../../tests/factories/pdf';
import { isPdf, readPdf } from './pdf-reader';

const options = { maxPages: 300, thumbnail: { maxWidth: 400, maxHeight: 1200 } };

describe('readPdf', () => {
  it('reads the page count and the first page size in points, and renders page 1 as a WebP', async () => {
    const reading = await readPdf(
      { bytes: makePdf({ pages: 3, width: 842, height: 595, text: 'Q3 (plan)' }) },
      options,
    );
    if (!reading.ok) throw new Error(`refused: ${reading.reason}`);
    expect(reading.facts).toMatchObject({ pageCount: 3, width: 842, height: 595 });
    const { thumbnail } = reading.facts;
    expect(thumbnail).toMatchObject({ width: 400, height: 282 });
    const decoded = await sharp(thumbnail.bytes).stats();
    expect((await sharp(thumbnail.bytes).metadata()).format).toBe('webp');
    // Not a blank sheet: the page's coloured rectangle is in it.
    expect(decoded.channels[2]?.mean).toBeGreaterThan(decoded.channels[0]?.mean ?? 255);
  });

  it('keeps a very tall page inside the thumbnail box', async () => {
    const reading = await readPdf({ bytes: makePdf({ width: 200, height: 14_400 }) }, options);
    if (!reading.ok) throw new Error(`refused: ${reading.reason}`);
    expect(reading.facts.thumbnail.height).toBeLessThanOrEqual(1200);
    expect(reading.facts.thumbnail.width).toBeLessThanOrEqual(400);
  });

  it('refuses more pages than allowed, and trusts the pages over a lying /Count', async () => {
    expect(await readPdf({ bytes: makePdf({ pages: 301 }) }, options)).toEqual({
      ok: false,
      reason: 'too_many_pages',
    });
    const lying = await readPdf({ bytes: makePdf({ pages: 2, declaredCount: 100_000 }) }, options);
    expect(lying.ok && lying.facts.pageCount).toBe(2);
  });

  it('refuses an encrypted PDF, with or without a user password', async () => {
    for (const userPassword of ['', 'secret']) {
      expect(await readPdf({ bytes: makePdf({ encrypt: { userPassword } }) }, options)).toEqual({
        ok: false,
        reason: 'encrypted',
      });
    }
  });

  it('refuses what is not a PDF by its bytes, and damaged or cut-short PDFs as unreadable', async () => {
    expect(await readPdf({ bytes: Buffer.from('<html><script>alert(1)</script>') }, options)).toEqual({
      ok: false,
      reason: 'not_pdf',
    });
    expect(isPdf(Buffer.from('%PDF-1.7'))).toBe(true);
    expect(isPdf(Buffer.from(' %PDF-1.7'))).toBe(false);
    for (const bytes of [damagedPdf(), truncatedPdf({ pages: 3 }), Buffer.from('%PDF-')]) {
      expect(await readPdf({ bytes }, options)).toEqual({ ok: false, reason: 'unreadable' });
    }
  });

  it('survives hostile PDFs in its own process: a page-tree cycle, a deflate bomb, a forged page size', async () => {
    const { cycle, bomb, huge } = hostilePdfs();
    const rssBefore = process.memoryUsage().rss;
    expect(await readPdf({ bytes: cycle }, options)).toEqual({ ok: false, reason: 'unreadable' });
    expect(await readPdf({ bytes: huge }, options)).toEqual({ ok: false, reason: 'unreadable' });
    // 256 MB of content inflated in the reader's process, not in this one.
    const inflated = await readPdf({ bytes: bomb }, options);
    expect(inflated.ok && inflated.facts.pageCount).toBe(1);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * 1024 * 1024);
  });

  it('gives up on a document that takes longer than its time limit, and reads the next one', async () => {
    const bytes = makePdf({ pages: 250 });
    expect(await readPdf({ bytes }, { ...options, timeoutMs: 1 })).toEqual({ ok: false, reason: 'timeout' });
    const next = await readPdf({ bytes: makePdf() }, options);
    expect(next.ok).toBe(true);
  });

  it('reads one document at a time, and answers each caller its own', async () => {
    const readings = await Promise.all(
      [1, 2, 3].map((pages) => readPdf({ bytes: makePdf({ pages }) }, options)),
    );
    expect(readings.map((reading) => reading.ok && reading.facts.pageCount)).toEqual([1, 2, 3]);
  });
});
