import {
  InvalidContentError,
  type PublishedPost,
  type PublishInput,
  SocialPlatformError,
  type TokenSet,
  UnknownOutcomeError,
} from '../social-provider';
import type { createLinkedInApi } from './linkedin-api';
import { type DocumentWait, documentProcessingRefusal, uploadLinkedInDocument } from './linkedin-documents';
import { type ImageWait, imageProcessingRefusal, uploadLinkedInImages } from './linkedin-images';
import { uploadLinkedInVideo, type VideoWait } from './linkedin-videos';
import { toLittleText } from './little-text';
import {
  articleContent,
  documentContent,
  imageContent,
  isSameLinkedInPost,
  toAuthorPostsPage,
  toCommentUrn,
  videoContent,
} from './publish-transform';
import { linkedInPostUrl, toCreatedPostUrn } from './transform';

/*
 * Posting through LinkedIn's Posts API as an author: a member (`urn:li:person:…`, the LinkedIn
 * adapter) or an organization (`urn:li:organization:…`, the LinkedIn Page adapter). The Posts,
 * Images, Videos, Documents and Comments APIs take either URN as the author, owner or actor
 * (Posts API: "author — Person or Organization URN", platforms.md L4); only the permission the
 * token needs differs (w_member_social, w_organization_social).
 */

/** multiImage takes 2 to 20 images. */
const MAX_IMAGES = 20;
/** Reconciliation reads at most this many pages of the author's posts. */
const FINDER_PAGES = 3;
const FINDER_PAGE_SIZE = 50;
/** Our clock and LinkedIn's may differ: posts are looked for from a little before the attempt. */
const CLOCK_SKEW_MS = 5 * 60_000;

export interface LinkedInPosting {
  api: ReturnType<typeof createLinkedInApi>;
  /** Where the posts are read (`https://www.linkedin.com`, or the simulator's). */
  webBaseUrl: string;
  imageWait: ImageWait;
  videoWait: VideoWait;
  documentWait: DocumentWait;
  sleep: (ms: number) => Promise<void>;
}

/**
 * The post's `content`: one PDF document with its title (a document post), one video, or its
 * images (one: `media`, 2–20: `multiImage`, each with its alt text), or, without media, the link
 * card of `input.link` (`article`). A post holds one kind of content only (Posts API), so a
 * document or a video goes alone.
 */
async function contentOf(
  posting: LinkedInPosting,
  accessToken: string,
  author: string,
  { media, link, title }: PublishInput,
): Promise<{ content: Record<string, unknown> | undefined; images: string[] }> {
  const { api, imageWait, videoWait, documentWait, sleep } = posting;
  const document = media.find((item) => item.kind === 'document');
  if (document) {
    if (media.length > 1) {
      throw new InvalidContentError(
        'linkedin',
        'A LinkedIn document post takes one PDF alone, without images or videos.',
      );
    }
    const shown = title?.trim();
    if (!shown) throw new InvalidContentError('linkedin', 'A LinkedIn document post needs a title.');
    const urn = await uploadLinkedInDocument(api, accessToken, author, document, { documentWait, sleep });
    return { content: documentContent(urn, shown), images: [] };
  }
  const video = media.find((item) => item.kind === 'video');
  if (video) {
    if (media.length > 1) {
      throw new InvalidContentError(
        'linkedin',
        'A LinkedIn post takes one video alone, without other images or videos.',
      );
    }
    const urn = await uploadLinkedInVideo(api, accessToken, author, video, { videoWait, sleep });
    return { content: videoContent(urn, null), images: [] };
  }
  if (media.length > MAX_IMAGES) {
    throw new InvalidContentError(
      'linkedin',
      `LinkedIn takes at most ${MAX_IMAGES} images on a post; this one has ${media.length}.`,
    );
  }
  const images = await uploadLinkedInImages(api, accessToken, author, media, { imageWait, sleep });
  const urns = images.map((image) => image.id);
  if (images.length === 0 && link) return { content: articleContent(link), images: [] };
  return { content: imageContent(images), images: urns };
}

/**
 * Each image through the Images API (initialize, PUT the bytes) or the video or document through
 * its API, then `POST /rest/posts` as `author`, public, to the main feed. The text is sent as
 * little commentary (reserved characters escaped, hashtags kept): LinkedIn shows it as written.
 */
export async function publishLinkedInPost(
  posting: LinkedInPosting,
  tokens: TokenSet,
  author: string,
  input: PublishInput,
): Promise<PublishedPost> {
  const { api, webBaseUrl } = posting;
  const { content, images } = await contentOf(posting, tokens.accessToken, author, input);
  let headers: Headers;
  try {
    headers = await api.createPost(tokens.accessToken, {
      author,
      commentary: toLittleText(input.text),
      visibility: 'PUBLIC',
      distribution: {
        feedDistribution: 'MAIN_FEED',
        targetEntities: [],
        thirdPartyDistributionChannels: [],
      },
      ...(content ? { content } : {}),
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    });
  } catch (error) {
    throw (
      (await imageProcessingRefusal(api, tokens.accessToken, images, error)) ??
      (input.media.some((item) => item.kind === 'document') ? documentProcessingRefusal(error) : null) ??
      error
    );
  }
  let externalId: string;
  try {
    externalId = toCreatedPostUrn(headers);
  } catch (error) {
    // LinkedIn accepted the post (2xx): it exists, only its URN is missing.
    throw new UnknownOutcomeError(
      'linkedin',
      `LinkedIn accepted the post but named no post: ${String(error)}`,
      undefined,
      { cause: error },
    );
  }
  return { externalId, url: linkedInPostUrl(webBaseUrl, externalId) };
}

/**
 * A comment under a post as `actor` (`POST /rest/socialActions/{post}/comments`, Comments API).
 * Its `message` is attributed text, not the posts' little text, so it is sent as written
 * (decision 063). Text only: Kitepost attaches no image to a comment.
 */
export async function commentOnLinkedInPost(
  posting: LinkedInPosting,
  tokens: TokenSet,
  actor: string,
  input: { parentExternalId: string; text: string; media: unknown[] },
): Promise<PublishedPost> {
  if (input.media.length > 0) {
    throw new InvalidContentError('linkedin', 'A LinkedIn comment from Kitepost carries text only.');
  }
  const { body, headers } = await posting.api.createComment(tokens.accessToken, input.parentExternalId, {
    actor,
    object: input.parentExternalId,
    message: { text: input.text },
  });
  const comment = toCommentUrn(body, headers);
  return {
    externalId: comment,
    url: `${linkedInPostUrl(posting.webBaseUrl, input.parentExternalId)}?commentUrn=${encodeURIComponent(comment)}`,
  };
}

/**
 * The author's posts (`GET /rest/posts?q=author`, most recently changed first, up to 3 pages of
 * 50) created since the attempt, matched by their commentary read as text; null when they prove
 * it was not created.
 */
export async function findLinkedInPost(
  posting: LinkedInPosting,
  tokens: TokenSet,
  author: string,
  { text, since }: { text: string; since: Date },
): Promise<PublishedPost | null> {
  const from = since.getTime() - CLOCK_SKEW_MS;
  for (let page = 0; page < FINDER_PAGES; page++) {
    const body = await posting.api.getPostsByAuthor(tokens.accessToken, author, {
      start: page * FINDER_PAGE_SIZE,
      count: FINDER_PAGE_SIZE,
    });
    const { posts, more } = toAuthorPostsPage(body, FINDER_PAGE_SIZE);
    const recent = posts.filter((post) => !post.createdAt || post.createdAt.getTime() >= from);
    const found = recent.find((post) => isSameLinkedInPost(post.commentary, text));
    if (found) return { externalId: found.id, url: linkedInPostUrl(posting.webBaseUrl, found.id) };
    // Newest first: once a page reaches back before the attempt, older pages cannot hold it.
    if (!more || recent.length < posts.length) return null;
  }
  throw new SocialPlatformError(
    'linkedin',
    `The LinkedIn ${author.startsWith('urn:li:person:') ? 'member' : 'Page'} posted more than ${FINDER_PAGES * FINDER_PAGE_SIZE} times since the attempt; Kitepost could not tell whether this post is among them.`,
  );
}
