import { z } from 'zod';
import { answerReader, comparableText } from '../http/parse-answer';
import { SocialPlatformError } from '../social-provider';

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

/** An uploaded image and the alt text it carries (null: none). */
export interface LinkedInImageItem {
  id: string;
  altText: string | null;
}

/**
 * A post's `content` for its images: one is `media {id, altText}`, two or more `multiImage
 * {images: [{id, altText}]}` (2 to 20: MultiImage API, learn.microsoft.com/en-us/linkedin/
 * marketing/community-management/shares/multiimage-post-api; platforms.md L6). `altText` is the
 * Media object's field, at most 4,086 characters (Posts API schema); left out when there is none.
 */
export function imageContent(images: LinkedInImageItem[]): Record<string, unknown> | undefined {
  const item = ({ id, altText }: LinkedInImageItem) => (altText ? { id, altText } : { id });
  if (images.length === 0) return undefined;
  if (images.length === 1) return { media: item(images[0] as LinkedInImageItem) };
  return { multiImage: { images: images.map(item) } };
}

const DOCUMENT_URN = /^urn:li:document:[A-Za-z0-9_-]+$/;

const documentUpload = z.object({
  value: z
    .object({
      uploadUrl: z.string().url(),
      document: z.string().regex(DOCUMENT_URN),
      uploadUrlExpiresAt: z.number().optional(),
    })
    .loose(),
});

/**
 * `POST /rest/documents?action=initializeUpload` → where to PUT the PDF (one PUT), and the
 * document's URN (Documents API, learn.microsoft.com/en-us/linkedin/marketing/community-management/
 * shares/documents-api; Postiz linkedin.provider.ts reads `value.uploadUrl` and `value.document`).
 */
export function toDocumentUpload(body: unknown): { uploadUrl: string; document: string } {
  const { value } = parse(documentUpload, body, 'document upload');
  return { uploadUrl: value.uploadUrl, document: value.document };
}

/**
 * A document post's `content`: `media {id: urn:li:document:…, title}`; the title is what LinkedIn
 * shows with the document, and a document post must have one (research sheet 2.3).
 */
export function documentContent(document: string, title: string): Record<string, unknown> {
  return { media: { id: document, title } };
}

/** A document's state (`GET /rest/documents/{urn}`): the Images API's states, and its failure. */
export function toDocumentStatus(body: unknown): { status: LinkedInImageStatus; failure: string | null } {
  const { status, processingFailureReason } = parse(
    z.object({ status: z.string(), processingFailureReason: z.string().optional() }).loose(),
    body,
    'document',
  );
  return { status: statusOf(status), failure: processingFailureReason ?? null };
}

/** A post's `content` for one video (Videos API: the post names the video URN as `media.id`). */
export function videoContent(video: string, title: string | null): Record<string, unknown> {
  return { media: title ? { id: video, title } : { id: video } };
}

/**
 * A link card: `content.article {source, title, description?, thumbnail?}`. The Posts API does
 * not read the page itself ("Posts API does not support URL scraping for article post creation
 * … API partners need to set article fields such as thumbnail, title and description", Posts API,
 * article post creation; research sheet 2.5): we send what our preview read. `title` is required
 * by the article schema, so a page without one is titled with its address.
 */
export function articleContent(link: {
  url: string;
  title: string | null;
  description: string | null;
}): Record<string, unknown> {
  const title = link.title?.trim() || link.url;
  const description = link.description?.trim();
  return { article: { source: link.url, title, ...(description ? { description } : {}) } };
}

const VIDEO_URN = /^urn:li:video:[A-Za-z0-9_-]+$/;

const videoUpload = z.object({
  value: z
    .object({
      video: z.string().regex(VIDEO_URN),
      uploadToken: z.string().default(''),
      uploadInstructions: z
        .array(
          z
            .object({ uploadUrl: z.string().url(), firstByte: z.number().int(), lastByte: z.number().int() })
            .loose(),
        )
        .min(1),
    })
    .loose(),
});

export interface LinkedInVideoUpload {
  video: string;
  uploadToken: string;
  /** Each part's URL and its bytes [firstByte, lastByte] (inclusive), as LinkedIn cut the file. */
  parts: Array<{ uploadUrl: string; firstByte: number; lastByte: number }>;
}

/**
 * `POST /rest/videos?action=initializeUpload` → the video URN, the upload token and the parts to
 * PUT (Videos API, learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/
 * videos-api). The parts must cover the file exactly, in order: anything else is not LinkedIn's.
 */
export function toVideoUpload(body: unknown, fileSizeBytes: number): LinkedInVideoUpload {
  const { value } = parse(videoUpload, body, 'video upload');
  const parts = value.uploadInstructions.map(({ uploadUrl, firstByte, lastByte }) => ({
    uploadUrl,
    firstByte,
    lastByte,
  }));
  let next = 0;
  for (const part of parts) {
    if (part.firstByte !== next || part.lastByte < part.firstByte) break;
    next = part.lastByte + 1;
  }
  if (next !== fileSizeBytes) {
    throw new SocialPlatformError(
      'linkedin',
      `LinkedIn answered upload parts that do not cover the ${fileSizeBytes} bytes of the video`,
    );
  }
  return { video: value.video, uploadToken: value.uploadToken, parts };
}

/**
 * A video's state (`GET /rest/videos/{urn}`): `WAITING_UPLOAD`, `PROCESSING`, `AVAILABLE` or
 * `PROCESSING_FAILED` with `processingFailureReason` (Videos API). Unknown values are waited on.
 */
export function toVideoStatus(body: unknown): { status: LinkedInImageStatus; failure: string | null } {
  const { status, processingFailureReason } = parse(
    z.object({ status: z.string(), processingFailureReason: z.string().optional() }).loose(),
    body,
    'video',
  );
  return {
    status: statusOf(status),
    failure: processingFailureReason ?? null,
  };
}

const comment = z
  .object({
    id: z.string().optional(),
    commentUrn: z.string().optional(),
    object: z.string().optional(),
  })
  .loose();

/**
 * `POST /rest/socialActions/{post}/comments` → the comment's URN: `commentUrn`
 * (`urn:li:comment:(urn:li:activity:…,…)`) in the answer, or the `x-restli-id` header (Comments
 * API, learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/comments-api).
 */
export function toCommentUrn(body: unknown, headers: Headers): string {
  const parsed = body && typeof body === 'object' ? parse(comment, body, 'comment') : {};
  const urn = parsed.commentUrn ?? headers.get('x-restli-id') ?? parsed.id;
  if (!urn) throw new SocialPlatformError('linkedin', 'LinkedIn answered a comment without its URN');
  return urn;
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
  return statusOf(status);
}

function statusOf(status: string): LinkedInImageStatus {
  return status === 'WAITING_UPLOAD' ||
    status === 'PROCESSING' ||
    status === 'AVAILABLE' ||
    status === 'PROCESSING_FAILED'
    ? status
    : 'OTHER';
}
