import { z } from 'zod';
import { answerReader } from '../http/parse-answer';
import { InvalidContentError } from '../social-provider';

/*
 * X's answers about publishing (media upload, a user's posts) to our types, and how a post read
 * back is recognised as the one sent. Pure: tested alone (publish-transform.test.ts).
 */

const parse = answerReader('twitter', 'X');

const processingInfo = z
  .object({
    state: z.enum(['pending', 'in_progress', 'succeeded', 'failed']),
    check_after_secs: z.number().nonnegative().optional(),
    progress_percent: z.number().optional(),
    error: z.object({ message: z.string().optional(), name: z.string().optional() }).loose().optional(),
  })
  .loose();

const uploadedMedia = z.object({
  data: z
    .object({
      id: z.string().regex(/^\d+$/),
      media_key: z.string().optional(),
      processing_info: processingInfo.optional(),
    })
    .loose(),
});

export interface MediaProcessing {
  state: 'pending' | 'in_progress' | 'succeeded' | 'failed';
  /** How long X asks to wait before the next status read. */
  checkAfterMs: number;
  error: string | null;
}

/**
 * `POST /2/media/upload` (and `GET ?command=STATUS`) → the media id, and its processing state when
 * X is still processing it (images usually need none: no `processing_info`).
 */
export function toUploadedMedia(body: unknown): { id: string; processing: MediaProcessing | null } {
  const { data } = parse(uploadedMedia, body, 'media upload');
  const info = data.processing_info;
  return {
    id: data.id,
    processing: info
      ? {
          state: info.state,
          checkAfterMs: Math.round((info.check_after_secs ?? 1) * 1000),
          error: info.error?.message ?? info.error?.name ?? null,
        }
      : null,
  };
}

/** A processing that ended in `failed`: X could not use the image or video (X's message kept). */
export function mediaProcessingFailed(
  processing: MediaProcessing,
  what: 'image' | 'video' = 'image',
): InvalidContentError {
  return new InvalidContentError(
    'twitter',
    `X could not process the ${what}${processing.error ? `: ${processing.error}` : ''}.`,
  );
}

/**
 * The size of each APPEND of a chunked upload: 1 MiB (the chunked quickstart's and Postiz's size),
 * or more for a file over 1,000 MiB, since `segment_index` stops at 999 (OpenAPI
 * AppendMediaUploadRequest): a 1 GiB file goes in 1,000 chunks of ~1.05 MiB. Decision 060.
 */
export function xChunkSize(totalBytes: number): number {
  return Math.max(1024 * 1024, Math.ceil(totalBytes / 1000));
}

const timelinePage = z.object({
  data: z
    .array(
      z
        .object({
          id: z.string(),
          text: z.string().default(''),
          created_at: z.string().optional(),
        })
        .loose(),
    )
    .optional(),
  meta: z
    .object({ result_count: z.number().optional(), next_token: z.string().optional() })
    .loose()
    .optional(),
});

export interface TimelinePost {
  id: string;
  text: string;
  createdAt: Date | null;
}

/** One page of `GET /2/users/{id}/tweets`: an empty page carries no `data` at all. */
export function toTimelinePage(body: unknown): { posts: TimelinePost[]; nextToken: string | null } {
  const parsed = parse(timelinePage, body, 'list of posts');
  return {
    posts: (parsed.data ?? []).map((post) => {
      const createdAt = post.created_at ? new Date(post.created_at) : null;
      return {
        id: post.id,
        text: post.text,
        createdAt: createdAt && !Number.isNaN(createdAt.getTime()) ? createdAt : null,
      };
    }),
    nextToken: parsed.meta?.next_token ?? null,
  };
}

/** X's `start_time`: ISO 8601 to the second (`YYYY-MM-DDTHH:mm:ssZ`), rounded down. */
export function xTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>' };
const LINK = /https?:\/\/\S+/g;

/**
 * A text as X may answer it, made comparable: X wraps every link in a t.co link, appends a t.co
 * link to a post's images, and may HTML-escape `& < >`. So links become one placeholder, entities
 * are decoded and whitespace is collapsed. The limit: two posts that differ only in their links
 * read the same (X refuses a duplicate text anyway, and only the account's posts since the
 * attempt are compared).
 */
function comparable(text: string): string {
  return text
    .replace(/&(?:amp|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity)
    .normalize('NFC')
    .replace(LINK, '\u0000')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Is the post X answered the one Kitepost sent? Compared as above; one more link at the end is
 * allowed, as X appends one to a post with images (the attempt's images are not known here).
 */
export function isSameXPost(answered: string, sent: string): boolean {
  const got = comparable(answered);
  const want = comparable(sent);
  return got === want || got === (want === '' ? '\u0000' : `${want} \u0000`);
}
