import { AppBskyFeedPost, jsonToLex, lexicons } from '@atproto/api';
import { invalidRequest } from './bluesky-shapes';
import type { SimulatedAnswer } from './sandbox-faults';

/*
 * What the pretend PDS refuses in an app.bsky.feed.post record, each rule from the lexicon or the
 * reference PDS (bluesky-social/atproto):
 * - the record against its lexicon, with the official validator (`AppBskyFeedPost.validateRecord`:
 *   text ≤ 300 graphemes and ≤ 3000 bytes, ≤ 4 images each with `alt`, datetime, at-uris...), as
 *   the PDS does on createRecord (packages/pds repo/prepare.ts: "Invalid app.bsky.feed.post
 *   record: …", 400 InvalidRequest);
 * - every blob the record references must be one the caller uploaded, within the lexicon's
 *   `accept` and `maxSize` for that field (PDS actor-store/blob/transactor.ts: "Could not find
 *   blob", BlobTooLarge "This file is too large…", InvalidMimeType "Wrong type of file…");
 * - facets' byte ranges inside the text and on UTF-8 character boundaries. The PDS itself stores a
 *   bad range (the AppView ignores it); the simulator refuses it so that our offsets are tested.
 */

export interface UploadedBlob {
  mimeType: string;
  size: number;
}

interface BlobField {
  path: string;
  ref: string;
  mimeType: string;
  accept: readonly string[];
  maxSize: number;
}

/** `accept` and `maxSize` of a blob field, read from the lexicon itself. */
function blobRule(lexiconId: string, property: string): { accept: string[]; maxSize: number } {
  const def = lexicons.getDefOrThrow(lexiconId) as unknown as {
    properties: Record<string, { accept?: string[]; maxSize?: number }>;
  };
  const rule = def.properties[property];
  return { accept: rule?.accept ?? ['*/*'], maxSize: rule?.maxSize ?? Number.POSITIVE_INFINITY };
}

const IMAGE_RULE = blobRule('app.bsky.embed.images#image', 'image');
const THUMB_RULE = blobRule('app.bsky.embed.external#external', 'thumb');

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
const linkOf = (blob: unknown) => {
  const ref = asObject(asObject(blob)?.ref);
  return typeof ref?.$link === 'string' ? ref.$link : null;
};

function blobFields(record: Json): BlobField[] {
  const embed = asObject(record.embed);
  const fields: BlobField[] = [];
  if (embed?.$type === 'app.bsky.embed.images' && Array.isArray(embed.images)) {
    embed.images.forEach((item, index) => {
      const image = asObject(asObject(item)?.image);
      const ref = linkOf(image);
      if (image && ref) {
        fields.push({
          path: `embed/images/${index}/image`,
          ref,
          mimeType: String(image.mimeType),
          ...IMAGE_RULE,
        });
      }
    });
  }
  const thumb = asObject(asObject(embed?.external)?.thumb);
  const thumbRef = linkOf(thumb);
  if (embed?.$type === 'app.bsky.embed.external' && thumb && thumbRef) {
    fields.push({
      path: 'embed/external/thumb',
      ref: thumbRef,
      mimeType: String(thumb.mimeType),
      ...THUMB_RULE,
    });
  }
  return fields;
}

const accepts = (accept: readonly string[], mimeType: string) =>
  accept.some((pattern) =>
    pattern === '*/*'
      ? true
      : pattern.endsWith('/*')
        ? mimeType.startsWith(pattern.slice(0, -1))
        : pattern === mimeType,
  );

/** Whether every facet's [byteStart, byteEnd) lies in the text and cuts it between characters. */
export function facetRangesProblem(text: string, facets: unknown): string | null {
  if (!Array.isArray(facets)) return null;
  const bytes = Buffer.from(text, 'utf8');
  const boundary = (offset: number) => offset === bytes.length || ((bytes[offset] ?? 0) & 0xc0) !== 0x80;
  for (const [index, facet] of facets.entries()) {
    const range = asObject(asObject(facet)?.index);
    const start = range?.byteStart;
    const end = range?.byteEnd;
    if (typeof start !== 'number' || typeof end !== 'number') continue; // the lexicon check names it
    if (start < 0 || end > bytes.length || start >= end) {
      return `Record/facets/${index}/index must lie within the text's ${bytes.length} UTF-8 bytes`;
    }
    if (!boundary(start) || !boundary(end)) {
      return `Record/facets/${index}/index must start and end on UTF-8 character boundaries`;
    }
  }
  return null;
}

/** The PDS's refusal of this record, or null when it would store it. */
export function refusePostRecord(
  record: unknown,
  uploads: ReadonlyMap<string, UploadedBlob>,
): SimulatedAnswer | null {
  const object = asObject(record);
  if (!object) return invalidRequest('Input/record must be an object');
  let checked: { success: boolean; error?: unknown };
  try {
    checked = AppBskyFeedPost.validateRecord(jsonToLex(object) as never);
  } catch (error) {
    checked = { success: false, error };
  }
  if (!checked.success) {
    const message = checked.error instanceof Error ? checked.error.message : String(checked.error);
    return invalidRequest(`Invalid app.bsky.feed.post record: ${message}`);
  }
  const facets = facetRangesProblem(String(object.text ?? ''), object.facets);
  if (facets) return invalidRequest(`Invalid app.bsky.feed.post record: ${facets}`);
  for (const field of blobFields(object)) {
    const upload = uploads.get(field.ref);
    if (!upload) return invalidRequest(`Could not find blob: ${field.ref}`, 'BlobNotFound');
    if (upload.size > field.maxSize) {
      return invalidRequest(
        `This file is too large. It is ${upload.size} bytes but the maximum size is ${field.maxSize} bytes.`,
        'BlobTooLarge',
      );
    }
    if (!accepts(field.accept, upload.mimeType)) {
      return invalidRequest(
        `Wrong type of file. It is ${upload.mimeType} but it must match ${field.accept.join(', ')}.`,
        'InvalidMimeType',
      );
    }
  }
  return null;
}

/** The blob refs a record names (to look their uploads up). */
export const blobRefsOf = (record: unknown): string[] => {
  const object = asObject(record);
  return object ? blobFields(object).map((field) => field.ref) : [];
};
