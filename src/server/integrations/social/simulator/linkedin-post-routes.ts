import type { Db } from '../../../db/client';
import { linkedInPostMediaOf } from './linkedin-post-media';
import { apiError, contentOf, LINKEDIN_MAX_COMMENTARY, postElement, readLittleText } from './linkedin-shapes';
import type { SimulatedAnswer } from './sandbox-faults';
import { newMetricsSeed } from './sandbox-metrics';
import { findLivePostWithText, findTimeline, insertPostUnlessDuplicate } from './sandbox-posts';
import { newSnowflakeId, type SandboxAccount } from './sandbox-store';

/*
 * What the pretend Posts API does once it knows who the author is: create a post (the member's
 * or a Page's, linkedin-simulator.ts and linkedin-page-simulator.ts) and list an author's posts.
 */

const DEFAULT_FINDER_COUNT = 10;
const MAX_FINDER_COUNT = 100;

type Query = Record<string, string | undefined>;

/**
 * `POST /rest/posts` by `author` (the caller may post as it): public, published, its content
 * checked against the author's uploads, its commentary counted as sent (escapes included) and
 * read as LinkedIn reads little text; a live post with the same text is a duplicate (422).
 */
export async function createSandboxLinkedInPost(
  db: Db,
  platform: 'linkedin' | 'linkedin_page',
  author: SandboxAccount,
  body: Record<string, unknown>,
): Promise<SimulatedAnswer> {
  for (const [field, expected] of [
    ['visibility', 'PUBLIC'],
    ['lifecycleState', 'PUBLISHED'],
  ] as const) {
    if (body[field] !== expected) {
      return apiError(422, `/${field} :: "${String(body[field])}" is not supported in the sandbox`);
    }
  }
  const content = contentOf(body.content);
  if ('error' in content) return content.error;
  const media = await linkedInPostMediaOf(db, author, content, platform);
  if ('error' in media) return media.error;
  const commentary = typeof body.commentary === 'string' ? body.commentary : '';
  // Stored, shown and counted as LinkedIn reads it (an unescaped reserved character cuts it).
  const text = readLittleText(commentary);
  if (text.trim() === '' && media.length === 0) {
    return apiError(422, '/commentary :: commentary is required without content');
  }
  // LinkedIn counts the commentary as sent, escapes included (linkedin-little-text.ts records the
  // finding), and refuses with 400 naming both counts (n8n-io/n8n#22899).
  const length = commentary.length;
  if (length > LINKEDIN_MAX_COMMENTARY) {
    return apiError(
      400,
      `com.linkedin.content.common.exception.BadRequestResponseException: ShareCommentary text length (${length} characters) exceeded the maximum allowed (${LINKEDIN_MAX_COMMENTARY} characters)`,
    );
  }
  const post = await insertPostUnlessDuplicate(db, {
    platform,
    externalId: `urn:li:share:${newSnowflakeId()}`,
    accountId: author.id,
    text,
    media,
    metricsSeed: newMetricsSeed(),
    publishedAt: new Date(),
  });
  if (!post) {
    const duplicate = await findLivePostWithText(db, platform, author.id, text);
    return apiError(422, `Content is a duplicate of ${duplicate?.externalId ?? 'an earlier post'}`, {
      code: 'DUPLICATE_POST',
    });
  }
  return { status: 201, headers: { 'x-restli-id': post.externalId, 'x-linkedin-id': post.externalId } };
}

/** `GET /rest/posts?q=author&author={urn}`: the author's posts, most recently modified first. */
export async function listSandboxAuthorPosts(
  db: Db,
  platform: 'linkedin' | 'linkedin_page',
  author: SandboxAccount,
  authorUrn: string,
  query: Query,
): Promise<SimulatedAnswer> {
  const sortBy = query.sortBy ?? 'LAST_MODIFIED';
  if (sortBy !== 'LAST_MODIFIED' && sortBy !== 'CREATED') {
    return apiError(400, `Invalid sortBy "${sortBy}"`);
  }
  const count = Number(query.count ?? DEFAULT_FINDER_COUNT);
  const start = Number(query.start ?? 0);
  if (!Number.isInteger(count) || count < 1 || count > MAX_FINDER_COUNT) {
    return apiError(400, `count must be between 1 and ${MAX_FINDER_COUNT}`);
  }
  if (!Number.isInteger(start) || start < 0) return apiError(400, 'start must be 0 or more');
  const { posts, more } = await findTimeline(db, platform, author.id, { offset: start, limit: count });
  const next = new URLSearchParams({ ...(query as Record<string, string>), start: String(start + count) });
  return {
    status: 200,
    body: {
      paging: {
        start,
        count,
        links: more ? [{ type: 'application/json', rel: 'next', href: `/rest/posts?${next}` }] : [],
      },
      elements: posts.map((post) => postElement(post, authorUrn)),
    },
  };
}
