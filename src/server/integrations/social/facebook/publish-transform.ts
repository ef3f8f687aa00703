import { z } from 'zod';
import { graphList, graphTimeToDate, nextCursor } from '../http/graph-list';
import { answerReader, comparableText } from '../http/parse-answer';

/*
 * The Graph API's answers about publishing on a Page (unpublished photos, the Page's feed) to our
 * types, and how a post read back is recognised as the one sent. Pure: tested alone
 * (publish-transform.test.ts).
 */

const parse = answerReader('facebook', 'Facebook');

const createdPhoto = z.object({ id: z.string().regex(/^\d+$/) }).loose();

/** `POST /{page-id}/photos {url, published:false}` → the photo's id, to attach to a post. */
export function toCreatedPhotoId(body: unknown): string {
  return parse(createdPhoto, body, 'uploaded photo').id;
}

/** `attached_media` of a feed post, as the form parameter Graph reads (a JSON array). */
export function attachedMedia(photoIds: string[]): string {
  return JSON.stringify(photoIds.map((id) => ({ media_fbid: id })));
}

const feedPage = graphList(
  z
    .object({
      id: z.string(),
      message: z.string().optional(),
      created_time: z.string().optional(),
      permalink_url: z.string().optional(),
    })
    .loose(),
);

export interface FeedPost {
  id: string;
  message: string;
  createdAt: Date | null;
  /** The post's link as Facebook gives it (`permalink_url`), when it sent one. */
  permalink: string | null;
}

/** One page of `GET /{page-id}/feed`: the posts, and the cursor of the next page when there is one. */
export function toFeedPage(body: unknown): { posts: FeedPost[]; after: string | null } {
  const parsed = parse(feedPage, body, 'Page feed');
  return {
    posts: parsed.data.map((post) => ({
      id: post.id,
      message: post.message ?? '',
      createdAt: graphTimeToDate(post.created_time),
      permalink: httpUrlOrNull(post.permalink_url),
    })),
    after: nextCursor(parsed.paging),
  };
}

const postLink = z.object({ permalink_url: z.string().optional() }).loose();

/**
 * `GET /{post-id}?fields=permalink_url` → the post's link. The Page Post reference documents
 * `permalink_url` ("The permanent static URL to this post on www.facebook.com"); its form
 * (`/{page}/posts/pfbid…`) is Facebook's to choose, so it is read, never built (Postiz
 * facebook.provider.ts keeps `permalink_url` as the post's release URL). Null when absent.
 */
export function toPermalink(body: unknown): string | null {
  return httpUrlOrNull(parse(postLink, body, 'post').permalink_url);
}

function httpUrlOrNull(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Is the post Facebook answered (its message) the one Kitepost sent as `text`? */
export function isSameFacebookPost(message: string, text: string): boolean {
  return comparableText(message) === comparableText(text);
}
