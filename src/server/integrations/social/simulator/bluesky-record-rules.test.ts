import { describe, expect, it } from 'vitest';
import { facetRangesProblem, refusePostRecord } from './bluesky-record-rules';

const post = (extra: Record<string, unknown> = {}) => ({
  $type: 'app.bsky.feed.post',
  text: 'héllo',
  createdAt: '2026-11-28T10:00:00.000Z',
  ...extra,
});
const blob = (cid: string) => ({ $type: 'blob', ref: { $link: cid }, mimeType: 'image/png', size: 10 });
const images = (...cids: string[]) => ({
  $type: 'app.bsky.embed.images',
  images: cids.map((cid) => ({ alt: '', image: blob(cid) })),
});
const CID = 'bafkreie5737gdxlw5i64vzichcalba3z2v5n6icifvx5xytvske7mr3hpm';

describe('the pretend PDS record rules', () => {
  it('checks facet ranges against the UTF-8 bytes', () => {
    const facet = (byteStart: number, byteEnd: number) => [{ index: { byteStart, byteEnd }, features: [] }];
    expect(facetRangesProblem('héllo', facet(0, 6))).toBeNull();
    expect(facetRangesProblem('héllo', facet(0, 2))).toContain('boundaries');
    expect(facetRangesProblem('héllo', facet(0, 7))).toContain('within');
  });

  it('refuses by the lexicon: 301 graphemes, an image without alt', () => {
    expect(refusePostRecord(post({ text: 'a'.repeat(301) }), new Map())?.body).toMatchObject({
      error: 'InvalidRequest',
    });
    const noAlt = { $type: 'app.bsky.embed.images', images: [{ image: blob(CID) }] };
    expect(JSON.stringify(refusePostRecord(post({ embed: noAlt }), new Map())?.body)).toContain('alt');
    expect(refusePostRecord(post(), new Map())).toBeNull();
  });

  it('refuses an unknown blob, one too large, one of the wrong type', () => {
    expect(refusePostRecord(post({ embed: images(CID) }), new Map())?.body).toMatchObject({
      error: 'BlobNotFound',
    });
    const big = new Map([[CID, { mimeType: 'image/png', size: 2_000_001 }]]);
    expect(refusePostRecord(post({ embed: images(CID) }), big)?.body).toMatchObject({
      error: 'BlobTooLarge',
    });
    const pdf = new Map([[CID, { mimeType: 'application/pdf', size: 10 }]]);
    expect(refusePostRecord(post({ embed: images(CID) }), pdf)?.body).toMatchObject({
      error: 'InvalidMimeType',
    });
    const fine = new Map([[CID, { mimeType: 'image/png', size: 2_000_000 }]]);
    expect(refusePostRecord(post({ embed: images(CID) }), fine)).toBeNull();
  });
});
