import type { FastifyInstance } from 'fastify';
import type { Caller, FacebookGraphRoute, FacebookSimulatorOptions } from './facebook-oauth-simulator';
import {
  FACEBOOK_GRAPH_PATH,
  FACEBOOK_MAX_MESSAGE_LENGTH,
  graphError,
  invalidParameter,
  missingObject,
} from './facebook-shapes';
import { fieldsOf } from './facebook-simulator';
import { findPageNamed, keepPageContainer, newPagePost, OBJECT_ID, publishPagePost } from './facebook-store';
import { downloadMedia, facebookDownloadRefusal } from './media-download';
import type { SimulatedAnswer } from './sandbox-faults';
import { findContainers, findTimeline, insertPostUnlessDuplicate } from './sandbox-posts';
import { newSnowflakeId, type SandboxAccount, type SandboxPost } from './sandbox-store';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend Facebook Page feed (platforms.md, Facebook Pages): photos uploaded unpublished
 * (`POST /{page-id}/photos {url, published:false}`, kept as 'container' rows by their URL: Facebook
 * downloads them, the sandbox does not), posts with text and those photos (`POST /{page-id}/feed
 * {message, attached_media}`), and the Page's posts since a time (`GET /{page-id}/feed`).
 */

const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;
const MAX_ATTACHED = 10;
/** The longest alt text the sandbox keeps: Facebook documents no limit (research sheet 3.1). */
const MAX_ALT_TEXT = 4086;

interface FeedHelpers {
  graphRoute: FacebookGraphRoute;
  /** The Page's token for a Page call, and the permissions it needs; else the Graph error. */
  pageCaller(caller: Caller, pageId: string, scopes: string[]): SimulatedAnswer | null;
  postObject(post: SandboxPost, page: SandboxAccount, fields: Set<string>): Record<string, unknown>;
}

/** Graph's body fields: a form (`attached_media` a JSON string, or `attached_media[0]`…) or JSON. */
function attachedMediaIds(body: Record<string, unknown>): string[] | null {
  let items: unknown[] = [];
  const whole = body.attached_media;
  if (typeof whole === 'string') {
    try {
      const parsed = JSON.parse(whole) as unknown;
      items = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      return null;
    }
  } else if (Array.isArray(whole)) {
    items = whole;
  } else {
    for (let index = 0; `attached_media[${index}]` in body; index++) {
      const value = body[`attached_media[${index}]`];
      try {
        items.push(typeof value === 'string' ? JSON.parse(value) : value);
      } catch {
        return null;
      }
    }
  }
  const ids = items.map((item) =>
    item && typeof item === 'object' ? (item as { media_fbid?: unknown }).media_fbid : undefined,
  );
  return ids.every((id): id is string => typeof id === 'string' && OBJECT_ID.test(id)) ? ids : null;
}

/** `since`/`until`: a unix time in seconds, or anything Date can read (Graph takes strtotime). */
function graphTimeParam(value: string | undefined): Date | undefined | null {
  if (value === undefined || value === '') return undefined;
  const date = /^\d+$/.test(value) ? new Date(Number(value) * 1000) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function registerFacebookFeedSimulator(
  app: FastifyInstance,
  options: FacebookSimulatorOptions,
  { graphRoute, pageCaller, postObject }: FeedHelpers,
) {
  const { db } = options;

  const bodyOf = (body: unknown) =>
    body && typeof body === 'object' ? (body as Record<string, unknown>) : ({} as Record<string, unknown>);

  app.post(
    `${FACEBOOK_GRAPH_PATH}/:id/photos`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute('upload', async (request, caller) => {
      const { id } = request.params as { id: string };
      const page = await findPageNamed(db, id, caller.account);
      if (!page) return missingObject(id);
      const refused = pageCaller(caller, id, ['pages_manage_posts', 'pages_read_engagement']);
      if (refused) return refused;
      const body = bodyOf(request.body);
      let url: URL | null = null;
      try {
        url = typeof body.url === 'string' ? new URL(body.url) : null;
      } catch {
        url = null;
      }
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
        return graphError(
          400,
          324,
          '(#324) Requires upload file: the url parameter must be a public image URL',
        );
      }
      const download = await downloadMedia(options.mediaFetch, 'facebook', url.toString());
      if (!download.ok) return facebookDownloadRefusal();
      const caption = typeof body.caption === 'string' ? body.caption : '';
      const photoId = newSnowflakeId();
      // `alt_text_custom`: the photo's alt text (Page photos edge, Meta's
      // facebook-python-business-sdk page.py create_photo); kept on the photo, shown on its post.
      const altText = typeof body.alt_text_custom === 'string' ? body.alt_text_custom : '';
      if (Array.from(altText).length > MAX_ALT_TEXT) {
        return invalidParameter('Invalid parameter: alt_text_custom is too long.');
      }
      const item = { id: photoId, url: url.toString(), kind: 'image', ...(altText ? { altText } : {}) };
      const media = [item] as SandboxPost['media'];
      const published = String(body.published ?? 'true') !== 'false';
      if (!published) {
        await keepPageContainer(db, page, { externalId: photoId, text: caption, media });
        return { status: 200, body: { id: photoId } };
      }
      // A published photo is a post of its own (with the caption as its message).
      const post = await publishPagePost(db, page, { text: caption, media });
      return { status: 200, body: { id: photoId, post_id: post.externalId } };
    }),
  );

  app.post(
    `${FACEBOOK_GRAPH_PATH}/:id/feed`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute('publish', async (request, caller) => {
      const { id } = request.params as { id: string };
      const page = await findPageNamed(db, id, caller.account);
      if (!page) return missingObject(id);
      const refused = pageCaller(caller, id, ['pages_manage_posts', 'pages_read_engagement']);
      if (refused) return refused;
      const body = bodyOf(request.body);
      const message = typeof body.message === 'string' ? body.message : '';
      let media: SandboxPost['media'] = [];
      if (Object.keys(body).some((key) => key === 'attached_media' || key.startsWith('attached_media['))) {
        const ids = attachedMediaIds(body);
        if (!ids || ids.length === 0 || ids.length > MAX_ATTACHED || new Set(ids).size !== ids.length) {
          return invalidParameter('Invalid parameter: attached_media', 1366046);
        }
        // Only the Page's own unpublished photos can be attached.
        const photos = new Map(
          (await findContainers(db, 'facebook', page.id, ids)).map((row) => [row.externalId, row] as const),
        );
        const found = ids.map((photoId) => photos.get(photoId)?.media[0]);
        if (found.some((item) => !item))
          return invalidParameter('Invalid parameter: attached_media', 1366046);
        media = found as SandboxPost['media'];
      }
      // `link`: a URL whose card Facebook renders from the page's Open Graph tags (Page feed
      // reference); a URL it cannot read is refused (subcode 2061006, "Invalid URL format",
      // as Postiz facebook.provider.ts maps it).
      if (typeof body.link === 'string' && body.link !== '') {
        let link: URL | null = null;
        try {
          link = new URL(body.link);
        } catch {
          link = null;
        }
        if (!link || (link.protocol !== 'https:' && link.protocol !== 'http:')) {
          return invalidParameter('Invalid parameter: Invalid URL format', 2061006);
        }
        media = [...media, { id: 'link', url: link.toString(), kind: 'link' }];
      }
      if (message.trim() === '' && media.length === 0) {
        return invalidParameter('Invalid parameter: a message or a link is required.');
      }
      if (Array.from(message).length > FACEBOOK_MAX_MESSAGE_LENGTH) {
        return invalidParameter('Invalid parameter: the message is too long.');
      }
      const post = await insertPostUnlessDuplicate(db, newPagePost(page, { text: message, media }));
      if (!post) return graphError(400, 506, '(#506) Duplicate status message');
      return { status: 200, body: { id: post.externalId } };
    }),
  );

  app.get(
    `${FACEBOOK_GRAPH_PATH}/:id/feed`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute('read', async (request, caller) => {
      const { id } = request.params as { id: string };
      const page = await findPageNamed(db, id, caller.account);
      if (!page) return missingObject(id);
      // Reading a Page's feed as the Page needs its token with pages_read_engagement.
      const refused = pageCaller(caller, id, ['pages_read_engagement']);
      if (refused) return refused;
      const query = request.query as Fields;
      const asked = Number(query.limit ?? DEFAULT_PAGE_SIZE);
      const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
      const offset = query.after ? Number(Buffer.from(query.after, 'base64url').toString('utf8')) : 0;
      const since = graphTimeParam(query.since);
      const until = graphTimeParam(query.until);
      if (!Number.isInteger(offset) || offset < 0) return invalidParameter('Invalid cursor.');
      if (since === null || until === null) return invalidParameter('since and until must be times.');
      const { posts, more } = await findTimeline(db, 'facebook', page.id, { since, until, offset, limit });
      const fields = fieldsOf(query.fields, ['created_time', 'message', 'id']);
      const data = posts.map((post) => postObject(post, page, fields));
      const cursor = (index: number) => Buffer.from(String(index)).toString('base64url');
      const paging: Record<string, unknown> = {};
      if (posts.length > 0) {
        paging.cursors = { before: cursor(offset), after: cursor(offset + posts.length) };
      }
      if (more) {
        const next = new URLSearchParams({
          ...(query as Record<string, string>),
          after: cursor(offset + posts.length),
        });
        next.delete('access_token');
        paging.next = `${options.appUrl}${FACEBOOK_GRAPH_PATH}/${id}/feed?${next}`;
      }
      return { status: 200, body: { data, ...(Object.keys(paging).length > 0 ? { paging } : {}) } };
    }),
  );
}
