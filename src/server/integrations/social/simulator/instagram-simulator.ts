import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerInstagramContainerRoutes } from './instagram-containers-simulator';
import {
  type InstagramCaller,
  type InstagramGraphRoute,
  registerInstagramInsightsSimulator,
} from './instagram-insights-simulator';
import { type InstagramSimulatorOptions, registerInstagramOAuthSimulator } from './instagram-oauth-simulator';
import { mediaTypesOf, permalinkPath, registerInstagramPublicPages } from './instagram-post-page';
import {
  appScopedId,
  containerState,
  IG_BASE_PATH,
  IG_GRAPH_PATH,
  IG_PUBLISH_QUOTA,
  IG_PUBLISH_WINDOW_SECONDS,
  igGraphFaults,
  missingPermission,
  noSuchObject,
} from './instagram-shapes';
import { countRecentlyPublished, findInstagramObject, headOf } from './instagram-store';
import { invalidParameter, invalidToken, shortcodeOf } from './meta-graph-shapes';
import { type FaultCheck, type SimulatedAnswer, simulatedApi } from './sandbox-faults';
import { sandboxFollowers } from './sandbox-followers';
import { postMetricsOf } from './sandbox-metrics';
import { countLivePosts, findTimeline } from './sandbox-posts';
import { findLiveGrant, type SandboxAccount, type SandboxPost } from './sandbox-store';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend Instagram (Instagram API with Instagram Login, platforms.md): OAuth, the profile,
 * two-step image publishing (container → media_publish) with the caption rules and the 24 h
 * quota, permalinks, media insights growing with time (instagram-insights-simulator.ts), followers
 * growing with time (sandbox-followers.ts), and a public page per post. Served under
 * /sandbox/instagram; the real Instagram adapter is pointed at it by base URLs. Images are never
 * downloaded: their URLs are recorded in `sandbox_posts.media`.
 */

export type { InstagramSimulatorOptions } from './instagram-oauth-simulator';

const BASIC = 'instagram_business_basic';
const PUBLISH = 'instagram_business_content_publish';
const DEFAULT_MEDIA_PAGE = 25;
const MAX_MEDIA_PAGE = 100;

type Caller = InstagramCaller;

const fieldsOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);

/** A profile whose count Instagram does not report (yet): the profile without it. */
function withoutFollowerCount(answer: SimulatedAnswer): SimulatedAnswer {
  const { followers_count: _, ...rest } = (answer.body ?? {}) as Record<string, unknown>;
  return { ...answer, body: rest };
}

export function registerInstagramSimulator(app: FastifyInstance, options: InstagramSimulatorOptions) {
  const { db, appUrl } = options;
  registerInstagramOAuthSimulator(app, options);

  const avatarUrl = (account: SandboxAccount) => `${appUrl}${IG_BASE_PATH}/avatars/${account.externalId}.svg`;
  const permalinkOf = (post: SandboxPost, account: SandboxAccount) =>
    `${appUrl}${IG_BASE_PATH}${permalinkPath(post, account)}`;

  /** The account behind the request's token: `access_token` in the query or form, or a Bearer header. */
  async function callerOf(request: FastifyRequest): Promise<Caller | null> {
    const fromQuery = (request.query as Fields).access_token;
    const body = request.body as Fields | undefined;
    const fromBody = body && typeof body === 'object' ? body.access_token : undefined;
    const fromHeader = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const token = fromQuery ?? fromBody ?? fromHeader;
    if (!token) return null;
    const found = await findLiveGrant(db, 'instagram', 'access', token);
    return found ? { account: found.account, scopes: found.grant.scopes } : null;
  }

  /** A Graph route: the token, the permissions it needs, the kind of call, fault injection. */
  const graphRoute: InstagramGraphRoute = (scopes, kind, handle, withoutData) =>
    simulatedApi(
      { faults: options.faults, answers: igGraphFaults, armed: options.armed, kind, withoutData },
      async (request, check: FaultCheck) => {
        const caller = await callerOf(request);
        if (!caller) return invalidToken();
        const fault = await check.forAccount(caller.account);
        if (fault) return fault;
        if (!scopes.every((scope) => caller.scopes.includes(scope))) return missingPermission();
        // Graph reads parameters from the query string and the form body alike.
        const body = request.body && typeof request.body === 'object' ? (request.body as Fields) : {};
        return handle(
          request as never,
          { ...caller, fault: check.chosen() },
          { ...(request.query as Fields), ...body },
        );
      },
    );
  registerInstagramInsightsSimulator(app, options, graphRoute);

  /** A published media's fields, as the media node and the account's media edge answer them. */
  function mediaFields(
    post: SandboxPost,
    account: SandboxAccount,
    fields: string[],
  ): { body: Record<string, unknown> } | { refused: SimulatedAnswer } {
    const metrics = postMetricsOf(post, account, Date.now());
    const head = headOf(post);
    const values: Record<string, unknown> = {
      caption: post.text,
      ...mediaTypesOf(head),
      media_url: head?.url ?? null,
      ...(head?.coverUrl ? { thumbnail_url: head.coverUrl } : {}),
      permalink: permalinkOf(post, account),
      shortcode: shortcodeOf(post.externalId),
      timestamp: (post.publishedAt ?? post.createdAt).toISOString().replace(/\.\d{3}Z$/, '+0000'),
      username: account.username,
      like_count: metrics.likes,
      comments_count: metrics.replies,
      is_comment_enabled: true,
    };
    const out: Record<string, unknown> = {};
    for (const field of fields) {
      if (field === 'id') continue;
      if (!(field in values)) {
        return {
          refused: invalidParameter(
            `Tried accessing nonexisting field (${field}) on node type (ShadowIGMedia)`,
          ),
        };
      }
      out[field] = values[field];
    }
    return { body: { ...out, id: post.externalId } };
  }

  const isSelf = (id: string, caller: Caller) => id === 'me' || id === caller.account.externalId;

  async function profile(account: SandboxAccount, fields: string[]): Promise<SimulatedAnswer> {
    const user: Record<string, unknown> = {};
    for (const field of fields) {
      switch (field) {
        case 'id':
          break;
        case 'user_id':
          user.user_id = account.externalId;
          break;
        case 'username':
          user.username = account.username;
          break;
        case 'name':
          user.name = account.displayName;
          break;
        case 'account_type':
          user.account_type = 'BUSINESS';
          break;
        case 'profile_picture_url':
          user.profile_picture_url = avatarUrl(account);
          break;
        case 'followers_count':
          user.followers_count = sandboxFollowers(account, new Date());
          break;
        case 'follows_count':
          user.follows_count = Math.round(account.followers / 7) + 12;
          break;
        case 'media_count':
          user.media_count = await countLivePosts(db, account.id);
          break;
        default:
          return invalidParameter(`Tried accessing nonexisting field (${field}) on node type (User)`);
      }
    }
    return { status: 200, body: { ...user, id: appScopedId(account) } };
  }

  app.get(
    `${IG_GRAPH_PATH}/me`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute(
      [BASIC],
      'read',
      async (_request, { account }, params) => profile(account, fieldsOf(params.fields)),
      withoutFollowerCount,
    ),
  );

  // One node: the account itself, a container (status_code) or a published media (permalink…).
  app.get(
    `${IG_GRAPH_PATH}/:id`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute(
      [BASIC],
      'read',
      async (request, caller, params) => {
        const { id } = request.params as { id: string };
        const fields = fieldsOf(params.fields);
        if (id === caller.account.externalId) return profile(caller.account, fields);
        const found = /^\d{1,20}$/.test(id)
          ? await findInstagramObject(db, id, caller.account.workspaceId)
          : undefined;
        if (!found || found.account.id !== caller.account.id) return noSuchObject(id, 'get');
        if (found.kind !== 'media') {
          const state =
            found.kind === 'published-container'
              ? { code: 'PUBLISHED', status: 'Published: the media was published.' }
              : containerState(found.post, Date.now());
          const out: Record<string, unknown> = { id };
          for (const field of fields) {
            if (field === 'status_code') out.status_code = state.code;
            else if (field === 'status') out.status = state.status;
            else if (field !== 'id') {
              return invalidParameter(
                `Tried accessing nonexisting field (${field}) on node type (ShadowIGMediaBuilder)`,
              );
            }
          }
          return { status: 200, body: out };
        }
        const answer = mediaFields(found.post, found.account, fields);
        return 'refused' in answer ? answer.refused : { status: 200, body: answer.body };
      },
      withoutFollowerCount,
    ),
  );

  // The account's published media, newest first (reconciliation looks a caption up in it).
  app.get(
    `${IG_GRAPH_PATH}/:userId/media`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute([BASIC], 'read', async (request, caller, params) => {
      const { userId } = request.params as { userId: string };
      if (!isSelf(userId, caller)) return noSuchObject(userId, 'get');
      const asked = Number(params.limit ?? DEFAULT_MEDIA_PAGE);
      const limit =
        Number.isInteger(asked) && asked > 0 ? Math.min(asked, MAX_MEDIA_PAGE) : DEFAULT_MEDIA_PAGE;
      const offset = params.after ? Number(Buffer.from(params.after, 'base64url').toString('utf8')) : 0;
      if (!Number.isInteger(offset) || offset < 0) return invalidParameter('Invalid cursor.');
      const { posts, more } = await findTimeline(db, 'instagram', caller.account.id, { offset, limit });
      const fields = fieldsOf(params.fields ?? 'id');
      const data: Array<Record<string, unknown>> = [];
      // "Story IG Media not supported, use the GET /{ig-user-id}/stories endpoint" (IG User Media).
      for (const post of posts.filter((one) => headOf(one)?.igType !== 'STORIES')) {
        const answer = mediaFields(post, caller.account, fields);
        if ('refused' in answer) return answer.refused;
        data.push(answer.body);
      }
      const cursor = (index: number) => Buffer.from(String(index)).toString('base64url');
      const paging: Record<string, unknown> = {};
      if (posts.length > 0) paging.cursors = { before: cursor(offset), after: cursor(offset + posts.length) };
      if (more) {
        const next = new URLSearchParams({
          fields: fields.join(','),
          limit: String(limit),
          after: cursor(offset + posts.length),
        });
        paging.next = `${appUrl}${IG_GRAPH_PATH}/${userId}/media?${next}`;
      }
      return { status: 200, body: { data, ...(Object.keys(paging).length > 0 ? { paging } : {}) } };
    }),
  );

  registerInstagramContainerRoutes(app, options, graphRoute);

  app.get(
    `${IG_GRAPH_PATH}/:userId/content_publishing_limit`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute([BASIC, PUBLISH], 'read', async (request, caller) => {
      const { userId } = request.params as { userId: string };
      if (!isSelf(userId, caller)) return noSuchObject(userId, 'get');
      const used = await countRecentlyPublished(db, caller.account.id, IG_PUBLISH_WINDOW_SECONDS * 1000);
      return {
        status: 200,
        body: {
          data: [
            {
              quota_usage: used,
              config: { quota_total: IG_PUBLISH_QUOTA, quota_duration: IG_PUBLISH_WINDOW_SECONDS },
            },
          ],
        },
      };
    }),
  );

  registerInstagramPublicPages(app, options);
}
