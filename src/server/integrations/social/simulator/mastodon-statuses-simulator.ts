import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mastodonLength } from '../../../../contracts/post-text';
import { accountEntity, type MastodonApiRoute } from './mastodon-entities';
import {
  apiError,
  instanceLimitOf,
  MASTODON_BASE_PATH,
  MASTODON_DESCRIPTION_LIMIT,
  MASTODON_IMAGE_LIMIT,
  MASTODON_IMAGE_TYPES,
  MASTODON_MAX_MEDIA,
  MASTODON_VISIBILITIES,
  NOT_FOUND,
} from './mastodon-shapes';
import { mediaEntity, statusFactsOf, statusHtml, statusImages, statusMarker } from './mastodon-status-shapes';
import { keepUploadedImage, readImage, registerSandboxMediaRoute, sandboxMediaUrl } from './sandbox-media';
import { newMetricsSeed, postMetricsOf } from './sandbox-metrics';
import {
  countLivePosts,
  findContainers,
  findPublishedPosts,
  findTimeline,
  insertPost,
  markPostsDeleted,
} from './sandbox-posts';
import {
  findAccountByExternalId,
  newSnowflakeId,
  type SandboxAccount,
  type SandboxPost,
} from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend Mastodon's media and statuses, with the refusals of mastodon/mastodon
 * (PostStatusService, StatusLengthValidator, MediaAttachment validations; docs.joinmastodon.org
 * /methods/statuses and /methods/media).
 */

/** How long a server remembers an Idempotency-Key: 1 hour (docs …/methods/statuses/#create). */
const IDEMPOTENCY_MS = 60 * 60_000;

type Fields = Record<string, unknown>;

/** A multipart or JSON body's field as a string (undefined when absent). */
function field(body: unknown, name: string): string | undefined {
  if (body instanceof FormData) {
    const value = body.get(name);
    return typeof value === 'string' ? value : undefined;
  }
  const value = (body as Fields | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** `media_ids` as JSON (`["1"]`) or form (`media_ids[]=1`). */
function mediaIdsOf(body: unknown): unknown[] {
  const record = (body ?? {}) as Fields;
  const value = record.media_ids ?? record['media_ids[]'];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export function registerMastodonStatuses(
  app: FastifyInstance,
  options: SimulatorContext,
  apiRoute: MastodonApiRoute,
) {
  const { db, appUrl } = options;
  const remembered = new Map<string, { statusId: string; until: number }>();
  registerSandboxMediaRoute(app, {
    platform: 'mastodon',
    basePath: MASTODON_BASE_PATH,
    storage: options.storage,
  });

  const statusUrl = (host: string, username: string, id: string) =>
    `${appUrl}${MASTODON_BASE_PATH}/${host}/@${username}/${id}`;

  /** The Status entity (docs.joinmastodon.org/entities/Status), counts growing with its age. */
  async function statusEntity(post: SandboxPost, author: SandboxAccount, host: string) {
    const facts = statusFactsOf(post);
    const metrics = postMetricsOf(post, author, Date.now());
    const created = (post.publishedAt ?? post.createdAt).toISOString();
    return {
      id: post.externalId,
      created_at: created,
      in_reply_to_id: facts?.inReplyToId ?? null,
      in_reply_to_account_id: facts?.inReplyToId ? author.externalId : null,
      sensitive: Boolean(facts?.spoilerText),
      spoiler_text: facts?.spoilerText ?? '',
      visibility: facts?.visibility ?? 'public',
      language: 'en',
      uri: `https://${host}/users/${author.username}/statuses/${post.externalId}`,
      url: statusUrl(host, author.username, post.externalId),
      replies_count: metrics.replies,
      reblogs_count: metrics.reposts,
      favourites_count: metrics.likes,
      quotes_count: metrics.quotes,
      edited_at: null,
      content: statusHtml(post.text, host),
      reblog: null,
      application: { name: 'Kitepost', website: appUrl },
      account: accountEntity(appUrl, host, author, await countLivePosts(db, author.id)),
      media_attachments: statusImages(post).map(mediaEntity),
      mentions: [],
      tags: [],
      emojis: [],
      card: null,
      poll: null,
    };
  }

  /** `POST /api/v2/media`: an image (multipart `file`) with its `description`; processed at once (200). */
  app.post(
    `${MASTODON_BASE_PATH}/:host/api/v2/media`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute('write:media', 'upload', async (request, { account }) => {
      const body = request.body;
      const file = body instanceof FormData ? body.get('file') : null;
      if (!(file instanceof Blob) || file.size === 0)
        return apiError(422, "Validation failed: File can't be blank");
      const bytes = Buffer.from(await file.arrayBuffer());
      const image = readImage(bytes);
      if (!image || !MASTODON_IMAGE_TYPES.includes(image.mimeType)) {
        return apiError(422, 'Validation failed: File content type is invalid, File is invalid');
      }
      if (bytes.length > MASTODON_IMAGE_LIMIT) {
        return apiError(422, 'Validation failed: File file size must be less than 16 MB');
      }
      const description = field(body, 'description') ?? null;
      if (description && [...description].length > MASTODON_DESCRIPTION_LIMIT) {
        return apiError(
          422,
          `Validation failed: Description is too long (maximum is ${MASTODON_DESCRIPTION_LIMIT} characters)`,
        );
      }
      const id = newSnowflakeId();
      await keepUploadedImage(options.storage, 'mastodon', id, bytes, image.mimeType);
      const item = {
        id,
        url: sandboxMediaUrl(appUrl, MASTODON_BASE_PATH, id, image.mimeType),
        kind: 'image',
        description,
        width: image.width,
        height: image.height,
      };
      await insertPost(db, {
        platform: 'mastodon',
        externalId: id,
        accountId: account.id,
        text: '',
        media: [item as SandboxPost['media'][number]],
        state: 'container',
        metricsSeed: 0,
        publishedAt: null,
      });
      return { status: 200, body: mediaEntity(item) };
    }),
  );

  /** `GET /api/v1/media/:id`: the caller's unattached upload (200: images are processed at once). */
  app.get(
    `${MASTODON_BASE_PATH}/:host/api/v1/media/:id`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute('write:media', 'read', async (request, { account }) => {
      const { id } = request.params as { id: string };
      const [upload] = await findContainers(db, 'mastodon', account.id, [id]);
      const item = upload?.media[0];
      return item ? { status: 200, body: mediaEntity(item) } : NOT_FOUND;
    }),
  );

  /** The post a reply answers: a status the caller can see on this server. */
  async function parentOf(account: SandboxAccount, host: string, id: string) {
    const [found] = /^\d{1,20}$/.test(id)
      ? await findPublishedPosts(db, 'mastodon', [id], account.workspaceId)
      : [];
    return found && statusFactsOf(found.post)?.host === host ? found : null;
  }

  /**
   * `POST /api/v1/statuses`. Checks as PostStatusService does: the media first (at most 4, the
   * caller's own unattached uploads), then the text: blank without media, or longer than the
   * server's limit counted as StatusLengthValidator counts (content warning included).
   */
  app.post(
    `${MASTODON_BASE_PATH}/:host/api/v1/statuses`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute('write:statuses', 'publish', async (request: FastifyRequest, { account, host }) => {
      const body = request.body;
      const key = request.headers['idempotency-key'];
      const memo = typeof key === 'string' && key ? `${account.id}:${key}` : null;
      const earlier = memo ? remembered.get(memo) : undefined;
      if (earlier && earlier.until > Date.now()) {
        const [found] = await findPublishedPosts(db, 'mastodon', [earlier.statusId], account.workspaceId);
        if (found) return { status: 200, body: await statusEntity(found.post, found.account, host) };
      }
      const text = field(body, 'status') ?? '';
      const spoilerText = field(body, 'spoiler_text') ?? '';
      const visibility = field(body, 'visibility') ?? 'public';
      // UNCONFIRMED: the exact words for an unknown visibility (Rails' inclusion message here).
      if (!MASTODON_VISIBILITIES.includes(visibility))
        return apiError(422, 'Validation failed: Visibility is not included in the list');
      const ids = mediaIdsOf(body);
      if (ids.length > MASTODON_MAX_MEDIA)
        return apiError(422, `Cannot attach more than ${MASTODON_MAX_MEDIA} files`);
      const uploads = await findContainers(db, 'mastodon', account.id, ids.map(String));
      const missing = ids.map(String).filter((id) => !uploads.some((upload) => upload.externalId === id));
      if (missing.length > 0) return apiError(422, `Media ${missing.join(', ')} not found`);
      if (text.trim() === '' && ids.length === 0)
        return apiError(422, "Validation failed: Text can't be blank");
      const max = instanceLimitOf(host);
      if (mastodonLength(`${spoilerText}${text}`) > max) {
        return apiError(422, `Validation failed: Text character limit of ${max} exceeded`);
      }
      const replyTo = field(body, 'in_reply_to_id');
      if (replyTo && !(await parentOf(account, host, replyTo))) {
        return apiError(404, 'The post you are trying to reply to does not appear to exist.');
      }
      const id = newSnowflakeId();
      const media = ids.map((upload) => uploads.find((row) => row.externalId === String(upload))?.media[0]);
      const post = await insertPost(db, {
        platform: 'mastodon',
        externalId: id,
        accountId: account.id,
        text,
        media: [
          ...(media as SandboxPost['media']),
          statusMarker({ host, visibility, spoilerText, inReplyToId: replyTo ?? null }),
        ],
        metricsSeed: newMetricsSeed(),
        publishedAt: new Date(),
      });
      // An attachment belongs to one status: the upload records end.
      await markPostsDeleted(
        db,
        uploads.map((upload) => upload.id),
      );
      if (memo) remembered.set(memo, { statusId: id, until: Date.now() + IDEMPOTENCY_MS });
      return { status: 200, body: await statusEntity(post, account, host) };
    }),
  );

  app.get(
    `${MASTODON_BASE_PATH}/:host/api/v1/statuses/:id`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute('read:statuses', 'read', async (request, { account, host }) => {
      const { id } = request.params as { id: string };
      const found = await parentOf(account, host, id);
      return found ? { status: 200, body: await statusEntity(found.post, found.account, host) } : NOT_FOUND;
    }),
  );

  /** `GET /api/v1/accounts/:id/statuses`: newest first, `limit` 20 by default and 40 at most, `max_id`. */
  app.get(
    `${MASTODON_BASE_PATH}/:host/api/v1/accounts/:id/statuses`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute('read:statuses', 'read', async (request, { account, host }) => {
      const { id } = request.params as { id: string };
      const query = request.query as Record<string, string | undefined>;
      const author = await findAccountByExternalId(db, 'mastodon', id, account.workspaceId);
      if (!author) return NOT_FOUND;
      const limit = Math.min(Math.max(Number(query.limit) || 20, 1), 40);
      const before = query.max_id ? await parentOf(account, host, query.max_id) : null;
      const until = before ? (before.post.publishedAt ?? before.post.createdAt) : undefined;
      const statuses: unknown[] = [];
      // The timeline holds every server's statuses of this identity; a server lists its own.
      for (let offset = 0; statuses.length < limit; offset += 100) {
        const page = await findTimeline(db, 'mastodon', author.id, { until, offset, limit: 100 });
        for (const post of page.posts) {
          if (statusFactsOf(post)?.host === host && statuses.length < limit)
            statuses.push(await statusEntity(post, author, host));
        }
        if (!page.more) break;
      }
      return { status: 200, body: statuses };
    }),
  );
}
