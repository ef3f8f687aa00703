import { type Facet, RichText } from '@atproto/api';
import { z } from 'zod';
import { comparableText } from '../http/parse-answer';
import { InvalidContentError } from '../social-provider';
import { parseBluesky } from './transform';

/*
 * What a post is on Bluesky: an app.bsky.feed.post record (lexicons/app/bsky/feed/post.json), its
 * rich-text facets at UTF-8 byte offsets (app.bsky.richtext.facet), its images or link card
 * (app.bsky.embed.images, app.bsky.embed.external) and, in a thread, its reply refs. Pure: tested
 * in publish-transform.test.ts.
 */

export const POST_COLLECTION = 'app.bsky.feed.post';
/**
 * app.bsky.embed.images (the lexicon in @atproto/api 0.19): `images` maxLength 4; each image blob
 * image/*, maxSize 2,000,000 bytes ("May be up to 2 MB, formerly limited to 1 MB").
 */
export const MAX_IMAGES = 4;
export const MAX_IMAGE_BYTES = 2_000_000;
/** app.bsky.embed.external: the thumb blob, maxSize 1,000,000 bytes, image/*. */
export const MAX_THUMB_BYTES = 1_000_000;

export interface BlobRef {
  $type: 'blob';
  ref: { $link: string };
  mimeType: string;
  size: number;
}

export interface StrongRef {
  uri: string;
  cid: string;
}

/** A mention feature's handle (before resolution its `did` holds the handle); null for others. */
function mentionOf(feature: Facet['features'][number]): string | null {
  if (feature.$type !== 'app.bsky.richtext.facet#mention') return null;
  const { did } = feature as { did?: unknown };
  return typeof did === 'string' ? did : null;
}

/**
 * The text's facets as the official library finds them (RichText.detectFacetsWithoutResolution:
 * links, #tags, @mentions at UTF-8 byte offsets) and the handles its mentions name, to resolve.
 */
export function detectFacets(text: string): { facets: Facet[]; handles: string[] } {
  const rich = new RichText({ text });
  rich.detectFacetsWithoutResolution();
  const facets = rich.facets ?? [];
  const handles = new Set<string>();
  for (const facet of facets) {
    for (const feature of facet.features) {
      const handle = mentionOf(feature);
      if (handle) handles.add(handle);
    }
  }
  return { facets, handles: [...handles] };
}

/**
 * The facets with each mention's handle replaced by its DID; a mention whose handle did not
 * resolve is dropped (it stays plain text, as in the Bluesky app).
 */
export function withResolvedMentions(facets: Facet[], dids: ReadonlyMap<string, string | null>): Facet[] {
  const out: Facet[] = [];
  for (const facet of facets) {
    const features = facet.features.flatMap((feature) => {
      const handle = mentionOf(feature);
      if (handle === null) return [feature];
      const did = dids.get(handle);
      return did ? [{ ...feature, did }] : [];
    });
    if (features.length > 0) out.push({ ...facet, features });
  }
  return out;
}

/** Refuses before anything is uploaded what the images lexicon refuses (≤ 4, ≤ 2,000,000 bytes). */
export function checkImages(images: ReadonlyArray<{ kind: string; sizeBytes: number }>): void {
  if (images.some((image) => image.kind !== 'image')) {
    throw new InvalidContentError(
      'bluesky',
      'Kitepost posts images to Bluesky; videos are not supported yet.',
    );
  }
  if (images.length > MAX_IMAGES) {
    throw new InvalidContentError(
      'bluesky',
      `Bluesky takes at most ${MAX_IMAGES} images on a post; this one has ${images.length}.`,
    );
  }
  const big = images.findIndex((image) => image.sizeBytes > MAX_IMAGE_BYTES);
  if (big >= 0) {
    throw new InvalidContentError(
      'bluesky',
      `Image ${big + 1} is ${(images[big]?.sizeBytes ?? 0).toLocaleString('en-US')} bytes; Bluesky takes images up to 2,000,000 bytes (2 MB).`,
    );
  }
}

export function imagesEmbed(
  images: ReadonlyArray<{ blob: BlobRef; alt: string | null; width: number; height: number }>,
) {
  return {
    $type: 'app.bsky.embed.images',
    images: images.map((image) => ({
      // `alt` is required by the lexicon; an empty string says "no description".
      alt: image.alt ?? '',
      image: image.blob,
      ...(image.width > 0 && image.height > 0
        ? { aspectRatio: { width: image.width, height: image.height } }
        : {}),
    })),
  };
}

export function externalEmbed(link: {
  url: string;
  title: string | null;
  description: string | null;
  thumb: BlobRef | null;
}) {
  return {
    $type: 'app.bsky.embed.external',
    external: {
      uri: link.url,
      // Both required by the lexicon; may be empty.
      title: link.title ?? '',
      description: link.description ?? '',
      ...(link.thumb ? { thumb: link.thumb } : {}),
    },
  };
}

export function postRecord(input: {
  text: string;
  facets: Facet[];
  createdAt: Date;
  embed?: Record<string, unknown>;
  reply?: { root: StrongRef; parent: StrongRef };
}) {
  return {
    $type: POST_COLLECTION,
    text: input.text,
    createdAt: input.createdAt.toISOString(),
    ...(input.facets.length > 0 ? { facets: input.facets } : {}),
    ...(input.embed ? { embed: input.embed } : {}),
    ...(input.reply ? { reply: input.reply } : {}),
  };
}

const blobAnswer = z.object({
  blob: z.object({
    $type: z.literal('blob'),
    ref: z.object({ $link: z.string().min(1) }),
    mimeType: z.string(),
    size: z.number().int().nonnegative(),
  }),
});

export const toBlobRef = (body: unknown): BlobRef =>
  parseBluesky(blobAnswer, body, 'blob upload answer').blob;

const strongRef = z.object({ uri: z.string().startsWith('at://'), cid: z.string().min(1) });

export const toCreatedRecord = (body: unknown): StrongRef =>
  parseBluesky(strongRef, body, 'createRecord answer');

const recordAnswer = z.object({
  uri: z.string(),
  cid: z.string().min(1),
  value: z.object({ reply: z.object({ root: strongRef }).optional() }).passthrough(),
});

/** The parent of a reply and its thread's root (the parent's own root, or the parent itself). */
export function toReplyRefs(body: unknown): { root: StrongRef; parent: StrongRef } {
  const record = parseBluesky(recordAnswer, body, 'post record');
  const parent = { uri: record.uri, cid: record.cid };
  return { root: record.value.reply?.root ?? parent, parent };
}

const listAnswer = z.object({
  cursor: z.string().optional(),
  records: z.array(
    z.object({
      uri: z.string(),
      value: z.object({ text: z.string().optional(), createdAt: z.string().optional() }).passthrough(),
    }),
  ),
});

/**
 * One page of the account's posts (newest first): the one with this text made since `since`, or
 * whether to read on (a page whose oldest post is older than `since` ends the search).
 */
export function findInPage(
  body: unknown,
  input: { text: string; since: Date },
): { found: string | null; cursor: string | null } {
  const page = parseBluesky(listAnswer, body, 'record list');
  const wanted = comparableText(input.text);
  let older = false;
  for (const record of page.records) {
    const created = Date.parse(record.value.createdAt ?? '');
    if (Number.isFinite(created) && created < input.since.getTime()) {
      older = true;
      continue;
    }
    if (comparableText(record.value.text ?? '') === wanted) return { found: record.uri, cursor: null };
  }
  return { found: null, cursor: older ? null : (page.cursor ?? null) };
}
