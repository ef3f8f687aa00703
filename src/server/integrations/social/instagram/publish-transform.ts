import { z } from 'zod';
import { answerReader } from '../http/parse-answer';

/*
 * Instagram's answers about an account's published media to our types, and how a post read back
 * is recognised as the one sent. Pure: tested alone (publish-transform.test.ts).
 */

const parse = answerReader('instagram', 'Instagram');

const mediaPage = z.object({
  data: z.array(
    z
      .object({
        id: z.union([z.string().min(1), z.number()]).transform(String),
        caption: z.string().optional(),
        timestamp: z.string().optional(),
        permalink: z.string().optional(),
      })
      .loose(),
  ),
  paging: z
    .object({
      cursors: z.object({ after: z.string().optional() }).loose().optional(),
      next: z.string().optional(),
    })
    .loose()
    .optional(),
});

export interface AccountMedia {
  id: string;
  caption: string;
  publishedAt: Date | null;
  permalink: string | null;
}

/** Instagram's `2026-11-22T13:19:44+0000` (no colon in the offset) as a Date. */
function instagramTime(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** One page of `GET /{ig-user-id}/media?fields=id,caption,timestamp,permalink`, newest first. */
export function toMediaPage(body: unknown): { media: AccountMedia[]; after: string | null } {
  const parsed = parse(mediaPage, body, 'list of media');
  return {
    media: parsed.data.map((item) => ({
      id: item.id,
      caption: item.caption ?? '',
      publishedAt: instagramTime(item.timestamp),
      permalink: item.permalink ?? null,
    })),
    after: parsed.paging?.next ? (parsed.paging.cursors?.after ?? null) : null,
  };
}

const comparable = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();

/** Is the media Instagram answered (its caption) the post Kitepost sent as `text`? */
export function isSameInstagramPost(caption: string, text: string): boolean {
  return comparable(caption) === comparable(text);
}
