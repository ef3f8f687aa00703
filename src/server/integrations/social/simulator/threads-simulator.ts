import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { invalidParameter, invalidToken, mediaIdOf, shortcodeOf } from './meta-graph-shapes';
import { renderPostPage, sendMissingPostPage, sendPostPage } from './post-page';
import { registerSandboxAvatarRoute } from './sandbox-avatars';
import { type FaultCheck, type SimulatedAnswer, simulatedApi } from './sandbox-faults';
import { sandboxFollowers } from './sandbox-followers';
import { postMetricsOf } from './sandbox-metrics';
import { MEMBER_PAGE, pageViewer } from './sandbox-page';
import { findPublishedPosts, findTimeline } from './sandbox-posts';
import { findLiveGrant, type SandboxAccount, type SandboxPost } from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';
import { registerThreadsContainerRoutes } from './threads-containers-simulator';
import { registerThreadsOAuthSimulator } from './threads-oauth-simulator';
import {
  missingPermission,
  noSuchObject,
  TH_BASE_PATH,
  TH_GRAPH_PATH,
  TH_LABEL,
  TH_LOGO,
  TH_PUBLISH_QUOTA,
  TH_QUOTA_WINDOW_SECONDS,
  TH_REPLY_QUOTA,
  type ThreadsCaller,
  type ThreadsRoute,
  threadsContainerState,
  threadsEntriesOf,
  threadsFaults,
  threadsHeadOf,
} from './threads-shapes';
import { countPublishedSince, findThreadsObject } from './threads-store';

/*
 * The pretend Threads (graph.threads.net, platforms.md "Threads"): OAuth with long-lived tokens
 * (threads-oauth-simulator.ts), the profile, containers and threads_publish
 * (threads-containers-simulator.ts), the publishing quota, the account's posts, insights that grow
 * with time (sandbox-metrics.ts), followers, and a public page per post. Served under
 * /sandbox/threads. Sources: [TH-MEDIA] developers.facebook.com/docs/threads/threads-media (fields
 * of a post and of `/{user-id}/threads`), [TH-INS] …/docs/threads/insights, [TH-USER]
 * …/docs/threads/threads-profiles, [TH-OVERVIEW] …/docs/threads/overview.
 */

const BASIC = 'threads_basic';
const INSIGHTS = 'threads_manage_insights';
/** Media metrics Threads knows [TH-INS]; asking another refuses the whole call. */
const MEDIA_METRICS = new Set(['views', 'likes', 'replies', 'reposts', 'quotes', 'shares']);
const DEFAULT_PAGE = 25;
const MAX_PAGE = 100;

const fieldsOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
const graphTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+0000');

export function registerThreadsSimulator(app: FastifyInstance, options: SimulatorContext) {
  const { db, appUrl } = options;
  registerThreadsOAuthSimulator(app, options);

  const avatarUrl = (account: SandboxAccount) => `${appUrl}${TH_BASE_PATH}/avatars/${account.externalId}.svg`;
  const permalinkOf = (post: SandboxPost, account: SandboxAccount) =>
    `${appUrl}${TH_BASE_PATH}/@${account.username}/post/${shortcodeOf(post.externalId)}`;

  async function callerOf(request: FastifyRequest): Promise<ThreadsCaller | null> {
    const body = request.body && typeof request.body === 'object' ? (request.body as Fields) : {};
    const fromHeader = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const token = (request.query as Fields).access_token ?? body.access_token ?? fromHeader;
    if (!token) return null;
    const found = await findLiveGrant(db, 'threads', 'access', token);
    return found ? { account: found.account, scopes: found.grant.scopes } : null;
  }

  const route: ThreadsRoute = (scopes, kind, handle, withoutData) =>
    simulatedApi(
      { faults: options.faults, answers: threadsFaults, armed: options.armed, kind, withoutData },
      async (request, check: FaultCheck) => {
        const caller = await callerOf(request);
        if (!caller) return invalidToken();
        const fault = await check.forAccount(caller.account);
        if (fault) return fault;
        const missing = scopes.find((scope) => !caller.scopes.includes(scope));
        if (missing) return missingPermission(missing);
        const body = request.body && typeof request.body === 'object' ? (request.body as Fields) : {};
        return handle(
          request as never,
          { ...caller, fault: check.chosen() },
          { ...(request.query as Fields), ...body },
        );
      },
    );

  /** A published post's fields [TH-MEDIA]; an unknown field is refused, as Graph does. */
  function postFields(post: SandboxPost, account: SandboxAccount, fields: string[]): SimulatedAnswer {
    const head = threadsHeadOf(post);
    const mediaType = { text: 'TEXT_POST', image: 'IMAGE', video: 'VIDEO', carousel: 'CAROUSEL_ALBUM' };
    const values: Record<string, unknown> = {
      media_product_type: 'THREADS',
      media_type: mediaType[head?.kind ?? 'text'],
      ...(head?.url ? { media_url: head.url } : {}),
      permalink: permalinkOf(post, account),
      owner: { id: account.externalId },
      username: account.username,
      text: post.text,
      timestamp: graphTime(post.publishedAt ?? post.createdAt),
      shortcode: shortcodeOf(post.externalId),
      is_quote_post: false,
      is_reply: Boolean(head?.replyTo),
      ...(head?.replyTo ? { replied_to: { id: head.replyTo } } : {}),
      ...(head?.altText ? { alt_text: head.altText } : {}),
      ...(head?.linkAttachment ? { link_attachment_url: head.linkAttachment } : {}),
    };
    const out: Record<string, unknown> = { id: post.externalId };
    for (const field of fields) {
      if (field === 'id') continue;
      if (
        !(field in values) &&
        !['media_url', 'replied_to', 'alt_text', 'link_attachment_url'].includes(field)
      ) {
        return invalidParameter(`Tried accessing nonexisting field (${field}) on node type (ThreadsMedia)`);
      }
      if (field in values) out[field] = values[field];
    }
    return { status: 200, body: out };
  }

  function profile(account: SandboxAccount, fields: string[]): SimulatedAnswer {
    const values: Record<string, unknown> = {
      username: account.username,
      name: account.displayName,
      threads_profile_picture_url: avatarUrl(account),
      threads_biography: '',
      is_verified: false,
    };
    const out: Record<string, unknown> = { id: account.externalId };
    for (const field of fields) {
      if (field === 'id') continue;
      if (!(field in values))
        return invalidParameter(`Tried accessing nonexisting field (${field}) on node type (ThreadsUser)`);
      out[field] = values[field];
    }
    return { status: 200, body: out };
  }

  const isSelf = (id: string, caller: ThreadsCaller) => id === 'me' || id === caller.account.externalId;
  const get = (path: string, handler: ReturnType<ThreadsRoute>) =>
    app.get(`${TH_GRAPH_PATH}${path}`, { config: PUBLIC, schema: HIDDEN }, handler);

  get(
    '/me',
    route([BASIC], 'read', async (_request, { account }, params) =>
      profile(account, fieldsOf(params.fields)),
    ),
  );

  // One node: the profile, a container (status, error_message) or a published post.
  get(
    '/:id',
    route([BASIC], 'read', async (request, caller, params) => {
      const { id } = request.params as { id: string };
      const fields = fieldsOf(params.fields);
      if (id === caller.account.externalId) return profile(caller.account, fields);
      const found = await findThreadsObject(db, id, caller.account.workspaceId);
      if (!found || found.account.id !== caller.account.id) return noSuchObject(id, 'get');
      if (found.kind === 'post') return postFields(found.post, found.account, fields);
      const state =
        found.kind === 'published-container'
          ? { status: 'PUBLISHED' }
          : threadsContainerState(found.post, Date.now());
      const out: Record<string, unknown> = { id };
      for (const field of fields) {
        if (field === 'status') out.status = state.status;
        else if (field === 'error_message') {
          if ('error' in state && state.error) out.error_message = state.error;
        } else if (field !== 'id') {
          return invalidParameter(
            `Tried accessing nonexisting field (${field}) on node type (ThreadsMediaContainer)`,
          );
        }
      }
      return { status: 200, body: out };
    }),
  );

  // The profile's posts (not its replies), newest first; `since`/`until` as Unix times or dates [TH-MEDIA].
  get(
    '/:userId/threads',
    route([BASIC], 'read', async (request, caller, params) => {
      const { userId } = request.params as { userId: string };
      if (!isSelf(userId, caller)) return noSuchObject(userId, 'get');
      const asked = Number(params.limit ?? DEFAULT_PAGE);
      const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, MAX_PAGE) : DEFAULT_PAGE;
      const offset = params.after ? Number(Buffer.from(params.after, 'base64url').toString('utf8')) : 0;
      if (!Number.isInteger(offset) || offset < 0) return invalidParameter('Invalid cursor.');
      const timeOf = (value: string | undefined) =>
        value === undefined ? undefined : new Date(/^\d+$/.test(value) ? Number(value) * 1000 : value);
      const since = timeOf(params.since);
      const until = timeOf(params.until);
      if ((since && Number.isNaN(since.getTime())) || (until && Number.isNaN(until.getTime()))) {
        return invalidParameter('Param since and until must be Unix timestamps or dates.');
      }
      const { posts, more } = await findTimeline(db, 'threads', caller.account.id, {
        since,
        until,
        offset,
        limit,
      });
      const data: unknown[] = [];
      for (const post of posts.filter((one) => !threadsHeadOf(one)?.replyTo)) {
        const answer = postFields(post, caller.account, fieldsOf(params.fields ?? 'id'));
        if (answer.status !== 200) return answer;
        data.push(answer.body);
      }
      const cursor = (index: number) => Buffer.from(String(index)).toString('base64url');
      const paging: Record<string, unknown> = {};
      if (posts.length > 0) paging.cursors = { before: cursor(offset), after: cursor(offset + posts.length) };
      if (more)
        paging.next = `${appUrl}${TH_GRAPH_PATH}/${userId}/threads?after=${cursor(offset + posts.length)}`;
      return { status: 200, body: { data, ...(Object.keys(paging).length > 0 ? { paging } : {}) } };
    }),
  );

  // A post's lifetime insights [TH-INS]: `values[0].value` per metric, growing with its age.
  get(
    '/:id/insights',
    route(
      [BASIC, INSIGHTS],
      'read',
      async (request, caller, params) => {
        const { id } = request.params as { id: string };
        const found = await findThreadsObject(db, id, caller.account.workspaceId);
        if (found?.kind !== 'post' || found.account.id !== caller.account.id) return noSuchObject(id, 'get');
        const metrics = fieldsOf(params.metric);
        if (metrics.length === 0) return invalidParameter('The parameter metric is required');
        const unknown = metrics.find((name) => !MEDIA_METRICS.has(name));
        if (unknown)
          return invalidParameter(
            `metric[0] must be one of the following values: ${[...MEDIA_METRICS].join(', ')}; got ${unknown}`,
          );
        const now = postMetricsOf(found.post, found.account, Date.now());
        const value: Record<string, number> = {
          views: now.impressions,
          likes: now.likes,
          replies: now.replies,
          reposts: now.reposts,
          quotes: now.quotes,
          shares: now.bookmarks,
        };
        const data = metrics.map((name) => ({
          name,
          period: 'lifetime',
          values: [{ value: value[name] ?? 0 }],
          title: name.charAt(0).toUpperCase() + name.slice(1),
          id: `${id}/insights/${name}/lifetime`,
        }));
        return { status: 200, body: { data } };
      },
      (answer) => ({ ...answer, body: { data: [] } }),
    ),
  );

  // The profile's insights: `followers_count` as a total value [TH-INS, user insights].
  get(
    '/:userId/threads_insights',
    route(
      [BASIC, INSIGHTS],
      'read',
      async (request, caller, params) => {
        const { userId } = request.params as { userId: string };
        if (!isSelf(userId, caller)) return noSuchObject(userId, 'get');
        const metrics = fieldsOf(params.metric);
        if (!metrics.includes('followers_count') || metrics.length !== 1) {
          return invalidParameter('The sandbox answers the metric followers_count only.');
        }
        const followers = sandboxFollowers(caller.account, new Date());
        return {
          status: 200,
          body: {
            data: [
              {
                name: 'followers_count',
                period: 'day',
                title: 'Followers',
                total_value: { value: followers },
              },
            ],
          },
        };
      },
      (answer) => ({ ...answer, body: { data: [] } }),
    ),
  );

  // `threads_publishing_limit`: posts and replies used in the moving 24 h [TH-OVERVIEW].
  get(
    '/:userId/threads_publishing_limit',
    route([BASIC, 'threads_content_publish'], 'read', async (request, caller) => {
      const { userId } = request.params as { userId: string };
      if (!isSelf(userId, caller)) return noSuchObject(userId, 'get');
      const windowMs = TH_QUOTA_WINDOW_SECONDS * 1000;
      const config = (total: number) => ({ quota_total: total, quota_duration: TH_QUOTA_WINDOW_SECONDS });
      const entry = {
        quota_usage: await countPublishedSince(db, caller.account.id, windowMs, false),
        config: config(TH_PUBLISH_QUOTA),
        reply_quota_usage: await countPublishedSince(db, caller.account.id, windowMs, true),
        reply_config: config(TH_REPLY_QUOTA),
      };
      return { status: 200, body: { data: [entry] } };
    }),
  );

  registerThreadsContainerRoutes(app, options, route);

  // The public page of a post: `threads.net/@{username}/post/{shortcode}`.
  const postPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const { shortcode } = request.params as { shortcode: string };
    const mediaId = mediaIdOf(shortcode);
    const viewer = pageViewer(request);
    const [found] = viewer && mediaId ? await findPublishedPosts(db, 'threads', [mediaId], viewer) : [];
    if (!found) return sendMissingPostPage(reply, { platformLabel: TH_LABEL, logo: TH_LOGO });
    const metrics = postMetricsOf(found.post, found.account, Date.now());
    const entries = threadsEntriesOf(found.post);
    const items = entries[0]?.kind === 'carousel' ? entries.slice(1) : entries;
    return sendPostPage(
      reply,
      renderPostPage({
        platformLabel: TH_LABEL,
        logo: TH_LOGO,
        author: {
          displayName: found.account.displayName,
          username: found.account.username,
          avatarUrl: `${TH_BASE_PATH}/avatars/${found.account.externalId}.svg`,
        },
        text: found.post.text,
        images: items.filter((item) => item.kind === 'image').map((item) => item.url),
        appUrl,
        publishedAt: found.post.publishedAt ?? found.post.createdAt,
        stats: [
          { label: 'Views', value: metrics.impressions },
          { label: 'Likes', value: metrics.likes },
          { label: 'Replies', value: metrics.replies },
          { label: 'Reposts', value: metrics.reposts },
          { label: 'Quotes', value: metrics.quotes },
        ],
      }),
    );
  };
  app.get(`${TH_BASE_PATH}/@:username/post/:shortcode`, { config: MEMBER_PAGE, schema: HIDDEN }, postPage);
  registerSandboxAvatarRoute(app, db, {
    platform: 'threads',
    basePath: TH_BASE_PATH,
    externalId: /\d{1,20}/,
  });
}
