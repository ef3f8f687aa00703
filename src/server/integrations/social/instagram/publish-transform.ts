import { z } from 'zod';
import { graphList, graphTimeToDate, nextCursor } from '../http/graph-list';
import { answerReader, comparableText } from '../http/parse-answer';

/*
 * Instagram's answers about an account's published media to our types, and how a post read back
 * is recognised as the one sent. Pure: tested alone (publish-transform.test.ts).
 */

const parse = answerReader('instagram', 'Instagram');

const mediaPage = graphList(
  z
    .object({
      id: z.union([z.string().min(1), z.number()]).transform(String),
      caption: z.string().optional(),
      timestamp: z.string().optional(),
      permalink: z.string().optional(),
    })
    .loose(),
);

export interface AccountMedia {
  id: string;
  caption: string;
  publishedAt: Date | null;
  permalink: string | null;
}

/** One page of `GET /{ig-user-id}/media?fields=id,caption,timestamp,permalink`, newest first. */
export function toMediaPage(body: unknown): { media: AccountMedia[]; after: string | null } {
  const parsed = parse(mediaPage, body, 'list of media');
  return {
    media: parsed.data.map((item) => ({
      id: item.id,
      caption: item.caption ?? '',
      publishedAt: graphTimeToDate(item.timestamp),
      permalink: item.permalink ?? null,
    })),
    after: nextCursor(parsed.paging),
  };
}

/** Is the media Instagram answered (its caption) the post Kitepost sent as `text`? */
export function isSameInstagramPost(caption: string, text: string): boolean {
  return comparableText(caption) === comparableText(text);
}
