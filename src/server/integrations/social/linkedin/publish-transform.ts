import { z } from 'zod';
import { answerReader, comparableText } from '../http/parse-answer';

/*
 * LinkedIn's answers about publishing (the Images API, the Posts API's author finder) to our
 * types, and how a post read back is recognised as the one sent. Pure: tested alone
 * (publish-transform.test.ts).
 */

const parse = answerReader('linkedin', 'LinkedIn');

const IMAGE_URN = /^urn:li:image:[A-Za-z0-9_-]+$/;

const initializeUpload = z.object({
  value: z
    .object({
      uploadUrl: z.string().url(),
      image: z.string().regex(IMAGE_URN),
      uploadUrlExpiresAt: z.number().optional(),
    })
    .loose(),
});

/** `POST /rest/images?action=initializeUpload` → where to PUT the bytes, and the image's URN. */
export function toImageUpload(body: unknown): { uploadUrl: string; image: string } {
  const { value } = parse(initializeUpload, body, 'image upload');
  return { uploadUrl: value.uploadUrl, image: value.image };
}

/** A post's `content` for its images: one is `media`, two or more `multiImage` (platforms.md L6). */
export function imageContent(images: string[]): Record<string, unknown> | undefined {
  if (images.length === 0) return undefined;
  if (images.length === 1) return { media: { id: images[0] } };
  return { multiImage: { images: images.map((id) => ({ id })) } };
}

const postsPage = z.object({
  elements: z.array(
    z
      .object({
        id: z.string(),
        commentary: z.string().default(''),
        createdAt: z.number().optional(),
        publishedAt: z.number().optional(),
        lifecycleState: z.string().optional(),
      })
      .loose(),
  ),
  paging: z
    .object({
      start: z.number().optional(),
      count: z.number().optional(),
      total: z.number().optional(),
      links: z.array(z.object({ rel: z.string().optional() }).loose()).optional(),
    })
    .loose()
    .optional(),
});

export interface AuthorPost {
  id: string;
  commentary: string;
  createdAt: Date | null;
}

/** One page of `GET /rest/posts?q=author`: the posts, and whether LinkedIn says there are more. */
export function toAuthorPostsPage(body: unknown, count: number): { posts: AuthorPost[]; more: boolean } {
  const parsed = parse(postsPage, body, 'list of posts');
  const posts = parsed.elements.map((post) => {
    const at = post.createdAt ?? post.publishedAt;
    return { id: post.id, commentary: post.commentary, createdAt: at === undefined ? null : new Date(at) };
  });
  const paging = parsed.paging;
  const next = paging?.links?.some((link) => link.rel === 'next');
  const more =
    next ??
    (paging?.total !== undefined ? (paging.start ?? 0) + posts.length < paging.total : posts.length >= count);
  return { posts, more };
}

const MENTION = /^@\[([^\]\\]+)\]\([^)]*\)/;

/** Little commentary as the text it shows: `\x` is x, a mention shows its name. */
export function fromLittleText(commentary: string): string {
  let out = '';
  for (let index = 0; index < commentary.length; index++) {
    const char = commentary[index] as string;
    if (char === '\\' && index + 1 < commentary.length) {
      out += commentary[index + 1];
      index++;
      continue;
    }
    const mention = char === '@' ? MENTION.exec(commentary.slice(index)) : null;
    if (mention) {
      out += mention[1];
      index += mention[0].length - 1;
      continue;
    }
    out += char;
  }
  return out;
}

/** Is the post LinkedIn answered (its commentary) the one Kitepost sent as `text`? */
export function isSameLinkedInPost(commentary: string, text: string): boolean {
  return comparableText(fromLittleText(commentary)) === comparableText(text);
}

/**
 * An image's state in the Images API (`GET /rest/images/{urn}`): `WAITING_UPLOAD`, `PROCESSING`,
 * `AVAILABLE` or `PROCESSING_FAILED` (learn.microsoft.com/en-us/linkedin/marketing/
 * community-management/shares/images-api). A post may name an image only once it is AVAILABLE.
 */
export type LinkedInImageStatus =
  | 'WAITING_UPLOAD'
  | 'PROCESSING'
  | 'AVAILABLE'
  | 'PROCESSING_FAILED'
  | 'OTHER';

const imageState = z.object({ status: z.string() }).loose();

/** `GET /rest/images/{urn}` → its status (an unknown value is `OTHER`, waited on like PROCESSING). */
export function toImageStatus(body: unknown): LinkedInImageStatus {
  const { status } = parse(imageState, body, 'image');
  return status === 'WAITING_UPLOAD' ||
    status === 'PROCESSING' ||
    status === 'AVAILABLE' ||
    status === 'PROCESSING_FAILED'
    ? status
    : 'OTHER';
}
