import type { FastifyInstance, FastifyRequest } from 'fastify';
import { xWeightedLength } from '../../../../contracts/post-text';
import { renderMissingPostPage, renderPostPage } from './post-page';
import { type SimulatedAnswer, simulatedApi } from './sandbox-faults';
import { newMetricsSeed, sandboxMetrics } from './sandbox-metrics';
import { avatarSvg } from './sandbox-page';
import {
  countLivePosts,
  findAccountByExternalId,
  findLiveGrant,
  findLivePostWithText,
  findPublishedPosts,
  insertPost,
  markPostDeleted,
  newSnowflakeId,
  type SandboxAccount,
  type SandboxPost,
} from './sandbox-store';
import { registerXOAuthSimulator, type XSimulatorOptions } from './x-oauth-simulator';
import {
  forbidden,
  invalidRequest,
  problem,
  X_BASE_PATH,
  X_LABEL,
  X_LOGO,
  X_MAX_WEIGHTED_LENGTH,
  X_PROBLEMS,
  xApiFaults,
} from './x-shapes';

/*
 * The pretend X (API v2 shapes from platforms.md): OAuth, the signed-in user, posts (create,
 * delete, read with metrics) and a public page per post. Served under /sandbox/twitter; the real X
 * adapter is pointed at it by base URL.
 */

export type { XSimulatorOptions } from './x-oauth-simulator';

const PUBLIC = { access: 'public' } as const;
const HIDDEN = { hide: true } as const;
const API = `${X_BASE_PATH}/api/2`;
const MAX_IDS = 100;

type Query = Record<string, string | undefined>;
type Caller = { account: SandboxAccount; scopes: string[] };

const fieldsOf = (value: string | undefined) => new Set((value ?? '').split(',').filter(Boolean));
const unauthorized = (): SimulatedAnswer => xApiFaults.unauthorized();
const permissionDenied = () => forbidden('You are not permitted to perform this action.');

export function registerXSimulator(app: FastifyInstance, options: XSimulatorOptions) {
  const { db, appUrl } = options;
  registerXOAuthSimulator(app, options);

  const avatarUrl = (account: SandboxAccount) => `${appUrl}${X_BASE_PATH}/avatars/${account.externalId}.svg`;
  const postPath = (username: string, id: string) => `${X_BASE_PATH}/${username}/status/${id}`;

  /** The account behind the request's Bearer token, if the token is live. */
  async function callerOf(request: FastifyRequest): Promise<Caller | null> {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return null;
    const found = await findLiveGrant(db, 'twitter', 'access', match[1]);
    return found ? { account: found.account, scopes: found.grant.scopes } : null;
  }

  /** A v2 API route: Bearer auth, the scopes it needs, fault injection. */
  function apiRoute<R extends FastifyRequest>(
    scopes: string[],
    handle: (request: R, caller: Caller) => Promise<SimulatedAnswer>,
  ) {
    return simulatedApi<R>({ faults: options.faults, answers: xApiFaults }, async (request) => {
      const caller = await callerOf(request);
      if (!caller) return unauthorized();
      if (!scopes.every((scope) => caller.scopes.includes(scope))) return permissionDenied();
      return handle(request, caller);
    });
  }

  const metricsOf = (post: SandboxPost, account: SandboxAccount, now: number) =>
    sandboxMetrics({
      seed: post.metricsSeed,
      followers: account.followers,
      ageMs: now - (post.publishedAt ?? post.createdAt).getTime(),
    });

  app.get(
    `${API}/users/me`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(['users.read', 'tweet.read'], async (request, { account }) => {
      const fields = fieldsOf((request.query as Query)['user.fields']);
      const user: Record<string, unknown> = {
        id: account.externalId,
        name: account.displayName,
        username: account.username,
      };
      if (fields.has('profile_image_url')) user.profile_image_url = avatarUrl(account);
      if (fields.has('created_at')) user.created_at = account.createdAt.toISOString();
      if (fields.has('public_metrics')) {
        user.public_metrics = {
          followers_count: account.followers,
          following_count: Math.round(account.followers / 7) + 12,
          tweet_count: await countLivePosts(db, account.id),
          listed_count: Math.floor(account.followers / 400),
          like_count: Math.round(account.followers / 3),
        };
      }
      return { status: 200, body: { data: user } };
    }),
  );

  app.post(
    `${API}/tweets`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(['tweet.write'], async (request, { account }) => {
      const body = request.body as { text?: unknown; media?: { media_ids?: unknown } } | undefined;
      if (!body || typeof body !== 'object') return invalidRequest('The request body must be a JSON object.');
      const text = typeof body.text === 'string' ? body.text : '';
      if (body.media?.media_ids !== undefined) {
        // No media upload in the sandbox yet: every media id is unknown to it, as on X.
        return invalidRequest('Your media IDs are invalid.', {
          'media.media_ids': [String(body.media.media_ids)],
        });
      }
      if (text.trim() === '')
        return invalidRequest('Text is required when no media is attached.', { text: [text] });
      if (xWeightedLength(text) > X_MAX_WEIGHTED_LENGTH) {
        return invalidRequest('The text of your post is too long.', { text: [text] });
      }
      if (await findLivePostWithText(db, 'twitter', account.id, text)) {
        return forbidden('You are not allowed to create a Tweet with duplicate content.');
      }
      const post = await insertPost(db, {
        platform: 'twitter',
        externalId: newSnowflakeId(),
        accountId: account.id,
        text,
        state: 'published',
        metricsSeed: newMetricsSeed(),
        publishedAt: new Date(),
      });
      return {
        status: 201,
        body: { data: { id: post.externalId, text: post.text, edit_history_post_ids: [post.externalId] } },
      };
    }),
  );

  app.delete(
    `${API}/tweets/:id`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(['tweet.write'], async (request, { account }) => {
      const { id } = request.params as { id: string };
      const [found] = await findPublishedPosts(db, 'twitter', [id]);
      if (!found) {
        return problem(
          404,
          'Not Found Error',
          `Could not find tweet with id: [${id}].`,
          `${X_PROBLEMS}/resource-not-found`,
        );
      }
      if (found.account.id !== account.id) return forbidden('You are not allowed to delete this Tweet.');
      await markPostDeleted(db, found.post.id);
      return { status: 200, body: { data: { deleted: true } } };
    }),
  );

  app.get(
    `${API}/tweets`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(['tweet.read', 'users.read'], async (request, caller) => {
      const query = request.query as Query;
      const ids = (query.ids ?? '').split(',').filter(Boolean);
      if (ids.length === 0 || ids.length > MAX_IDS || ids.some((id) => !/^\d{1,19}$/.test(id))) {
        return invalidRequest(`The \`ids\` query parameter value [${query.ids ?? ''}] is not valid.`, {
          ids: [query.ids ?? ''],
        });
      }
      const fields = fieldsOf(query['tweet.fields']);
      const found = new Map(
        (await findPublishedPosts(db, 'twitter', ids)).map((row) => [row.post.externalId, row] as const),
      );
      const now = Date.now();
      const data: Array<Record<string, unknown>> = [];
      const errors: Array<Record<string, unknown>> = [];
      for (const id of ids) {
        const row = found.get(id);
        if (!row) {
          errors.push({
            value: id,
            detail: `Could not find tweet with ids: [${id}].`,
            title: 'Not Found Error',
            resource_type: 'tweet',
            parameter: 'ids',
            resource_id: id,
            type: `${X_PROBLEMS}/resource-not-found`,
          });
          continue;
        }
        data.push(tweetObject(row.post, row.account, fields, caller, metricsOf(row.post, row.account, now)));
      }
      return {
        status: 200,
        body: { ...(data.length > 0 ? { data } : {}), ...(errors.length > 0 ? { errors } : {}) },
      };
    }),
  );

  function tweetObject(
    post: SandboxPost,
    author: SandboxAccount,
    fields: Set<string>,
    caller: Caller,
    metrics: ReturnType<typeof sandboxMetrics>,
  ): Record<string, unknown> {
    const tweet: Record<string, unknown> = {
      id: post.externalId,
      text: post.text,
      edit_history_post_ids: [post.externalId],
    };
    if (fields.has('author_id')) tweet.author_id = author.externalId;
    if (fields.has('created_at')) tweet.created_at = (post.publishedAt ?? post.createdAt).toISOString();
    if (fields.has('public_metrics')) {
      tweet.public_metrics = {
        retweet_count: metrics.reposts,
        reply_count: metrics.replies,
        like_count: metrics.likes,
        quote_count: metrics.quotes,
        bookmark_count: metrics.bookmarks,
        impression_count: metrics.impressions,
      };
    }
    // Non-public metrics: only the author's own token sees them.
    if (fields.has('non_public_metrics') && caller.account.id === author.id) {
      tweet.non_public_metrics = {
        impression_count: metrics.impressions,
        url_link_clicks: metrics.clicks,
        user_profile_clicks: Math.floor(metrics.clicks / 2),
        engagements: metrics.likes + metrics.replies + metrics.reposts + metrics.quotes + metrics.clicks,
      };
    }
    return tweet;
  }

  // Public pages: a post's link, the id-only link X also accepts, and avatars.
  app.get(
    `${X_BASE_PATH}/:username/status/:id`,
    { config: PUBLIC, schema: HIDDEN },
    async (request, reply) => {
      const { username, id } = request.params as { username: string; id: string };
      const [found] = /^\d{1,19}$/.test(id) ? await findPublishedPosts(db, 'twitter', [id]) : [];
      if (!found) {
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(renderMissingPostPage({ platformLabel: X_LABEL, logo: X_LOGO }));
      }
      if (found.account.username.toLowerCase() !== username.toLowerCase()) {
        return reply.redirect(postPath(found.account.username, id), 301);
      }
      const metrics = metricsOf(found.post, found.account, Date.now());
      const page = renderPostPage({
        platformLabel: X_LABEL,
        logo: X_LOGO,
        author: {
          displayName: found.account.displayName,
          username: found.account.username,
          avatarUrl: `${X_BASE_PATH}/avatars/${found.account.externalId}.svg`,
        },
        text: found.post.text,
        publishedAt: found.post.publishedAt ?? found.post.createdAt,
        stats: [
          { label: 'Views', value: metrics.impressions },
          { label: 'Reposts', value: metrics.reposts },
          { label: 'Quotes', value: metrics.quotes },
          { label: 'Likes', value: metrics.likes },
          { label: 'Bookmarks', value: metrics.bookmarks },
          { label: 'Replies', value: metrics.replies },
        ],
      });
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    },
  );

  app.get(`${X_BASE_PATH}/i/web/status/:id`, { config: PUBLIC, schema: HIDDEN }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const [found] = /^\d{1,19}$/.test(id) ? await findPublishedPosts(db, 'twitter', [id]) : [];
    if (!found) {
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(renderMissingPostPage({ platformLabel: X_LABEL, logo: X_LOGO }));
    }
    return reply.redirect(postPath(found.account.username, id), 302);
  });

  app.get(`${X_BASE_PATH}/avatars/:file`, { config: PUBLIC, schema: HIDDEN }, async (request, reply) => {
    const { file } = request.params as { file: string };
    const externalId = /^(\d{1,19})\.svg$/.exec(file)?.[1];
    const account = externalId ? await findAccountByExternalId(db, 'twitter', externalId) : undefined;
    if (!account) return reply.status(404).send({ error: 'No such avatar' });
    return reply
      .header('cache-control', 'public, max-age=86400')
      .type('image/svg+xml')
      .send(avatarSvg(account.displayName, account.externalId));
  });
}
