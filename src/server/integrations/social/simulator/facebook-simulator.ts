import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerFacebookFeedSimulator } from './facebook-feed-simulator';
import {
  registerFacebookInsightsSimulator,
  registerFacebookVideoInsightsSimulator,
} from './facebook-insights-simulator';
import {
  type Caller,
  callerOf,
  type FacebookGraphRoute,
  type FacebookSimulatorOptions,
  isLongLived,
  registerFacebookOAuthSimulator,
} from './facebook-oauth-simulator';
import { registerFacebookPublicPages } from './facebook-post-page';
import {
  FACEBOOK_BASE_PATH,
  FACEBOOK_GRAPH_PATH,
  facebookFaults,
  graphError,
  invalidParameter,
  missingObject,
  permissionError,
} from './facebook-shapes';
import {
  findBusinessesOf,
  findPagePost,
  findPagesOf,
  isPage,
  OBJECT_ID,
  PAGE_POST_ID,
  pageTokenFor,
} from './facebook-store';
import { videoStatusOf } from './facebook-video-rules';
import { registerFacebookVideoSimulator } from './facebook-video-simulator';
import { findVideo } from './facebook-video-store';
import { type FaultCheck, type SimulatedAnswer, simulatedApi } from './sandbox-faults';
import { sandboxFollowers } from './sandbox-followers';
import { deleteSandboxPost } from './sandbox-media';
import { postMetricsOf } from './sandbox-metrics';
import { findAccountByExternalId, type SandboxAccount, type SandboxPost } from './sandbox-store';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend Facebook Pages (Graph API shapes from platforms.md): Facebook Login, the user's
 * Pages with their Page tokens, Page posts (create with photos, list, delete, read: see
 * facebook-feed-simulator.ts), post insights growing with time (facebook-insights-simulator.ts),
 * and a public page per post (facebook-post-page.ts).
 * Served under /sandbox/facebook; the real adapter is pointed at it by its dialog and Graph base
 * URLs.
 */

export type { FacebookSimulatorOptions } from './facebook-oauth-simulator';

const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;

/** `fields=id,name,picture{url}` → {id, name, picture}: the names asked for, sub-selections aside. */
export function fieldsOf(value: string | undefined, fallback: string[]): Set<string> {
  if (!value) return new Set(fallback);
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of value) {
    if (char === '{') depth++;
    if (char === '}') depth = Math.max(0, depth - 1);
    if (char === ',' && depth === 0) {
      names.push(current);
      current = '';
    } else if (depth === 0 && char !== '}') {
      current += char;
    }
  }
  names.push(current);
  return new Set(names.map((name) => name.trim().replace(/\..*$/, '')).filter(Boolean));
}

/** Graph's time format: `2026-11-22T13:19:44+0000`. */
export const graphTime = (date: Date) => `${date.toISOString().slice(0, 19)}+0000`;

export function registerFacebookSimulator(app: FastifyInstance, options: FacebookSimulatorOptions) {
  const { db, appUrl } = options;
  registerFacebookOAuthSimulator(app, options);

  const avatarUrl = (account: SandboxAccount) =>
    `${appUrl}${FACEBOOK_BASE_PATH}/avatars/${account.externalId}.svg`;
  /**
   * A post's `permalink_url`: Facebook's own form, `/{page}/posts/{post}` (pfbid… on facebook.com),
   * not the `{page-id}_{post-id}` id: a client must read it, not build it.
   */
  const postUrl = (externalId: string) => {
    const [pageId, postId] = externalId.split('_');
    return `${appUrl}${FACEBOOK_BASE_PATH}/${pageId}/posts/pfbid${postId}`;
  };

  /** A Graph route: the caller's token, fault injection (header or armed). */
  const graphRoute: FacebookGraphRoute = (kind, handle, withoutData) =>
    simulatedApi(
      { faults: options.faults, answers: facebookFaults, armed: options.armed, kind, withoutData },
      async (request, check: FaultCheck) => {
        const caller = await callerOf(db, request);
        if (!('grant' in caller)) return caller;
        const fault = await check.forAccount(caller.account);
        if (fault) return fault;
        return handle(request as never, { ...caller, fault: check.chosen() });
      },
    );

  function accountObject(account: SandboxAccount, fields: Set<string>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    if (fields.has('id')) out.id = account.externalId;
    if (fields.has('name')) out.name = account.displayName;
    if (fields.has('username') && isPage(account)) out.username = account.username;
    if (fields.has('picture')) {
      out.picture = { data: { height: 96, width: 96, is_silhouette: false, url: avatarUrl(account) } };
    }
    if (isPage(account)) {
      const followers = sandboxFollowers(account, new Date());
      if (fields.has('followers_count')) out.followers_count = followers;
      if (fields.has('fan_count')) out.fan_count = Math.round(followers * 0.92);
      if (fields.has('category')) out.category = 'Local business';
      if (fields.has('link')) out.link = `${appUrl}${FACEBOOK_BASE_PATH}/${account.externalId}`;
    }
    return out;
  }

  function postObject(post: SandboxPost, page: SandboxAccount, fields: Set<string>): Record<string, unknown> {
    const out: Record<string, unknown> = { id: post.externalId };
    if (fields.has('message')) out.message = post.text;
    if (fields.has('created_time')) out.created_time = graphTime(post.publishedAt ?? post.createdAt);
    if (fields.has('permalink_url')) out.permalink_url = postUrl(post.externalId);
    if (fields.has('from')) out.from = { name: page.displayName, id: page.externalId };
    if (fields.has('full_picture') && post.media[0]?.url) out.full_picture = post.media[0].url;
    if (fields.has('comments') || fields.has('shares')) {
      const metrics = postMetricsOf(post, page, Date.now());
      // `comments.summary(true)`: the count in `summary.total_count` (Page Post reference).
      if (fields.has('comments')) {
        out.comments = {
          data: [],
          summary: { order: 'ranked', total_count: metrics.replies, can_comment: true },
        };
      }
      // Graph leaves `shares` out of a post nobody has shared.
      if (fields.has('shares') && metrics.reposts > 0) out.shares = { count: metrics.reposts };
    }
    return out;
  }

  /**
   * A Video node: its `status` (VideoStatus), `description`, and `permalink_url` as Facebook gives
   * a video's, a path on facebook.com (`/{page}/videos/{id}/`; a Reel's `/reel/{id}`).
   */
  function videoObject(
    video: NonNullable<Awaited<ReturnType<typeof findVideo>>>,
    fields: Set<string>,
    pageId: string,
  ): Record<string, unknown> {
    const { post, item } = video;
    const out: Record<string, unknown> = { id: item.id };
    if (fields.has('status')) out.status = videoStatusOf(item);
    if (fields.has('description')) out.description = post.text;
    if (fields.has('created_time')) out.created_time = graphTime(post.createdAt);
    if (fields.has('length') && item.facts) out.length = item.facts.durationMs / 1000;
    if (fields.has('permalink_url')) {
      out.permalink_url = item.kind === 'reel' ? `/reel/${item.id}/` : `/${pageId}/videos/${item.id}/`;
    }
    return out;
  }

  /** One page of a list of Pages with their tokens (`/me/accounts`, a business's Page edges). */
  async function pageList(
    request: FastifyRequest,
    grant: Caller['grant'],
    pages: SandboxAccount[],
    path: string,
    withTasks: boolean,
  ): Promise<SimulatedAnswer> {
    const query = request.query as Fields;
    const asked = Number(query.limit ?? DEFAULT_PAGE_SIZE);
    const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
    const offset = query.after ? Number(Buffer.from(query.after, 'base64url').toString('utf8')) : 0;
    if (!Number.isInteger(offset) || offset < 0) return invalidParameter('Invalid cursor.');
    const slice = pages.slice(offset, offset + limit);
    const fields = fieldsOf(query.fields, ['access_token', 'category', 'name', 'id', 'tasks']);
    const longLived = isLongLived(grant);
    const data: Array<Record<string, unknown>> = [];
    for (const page of slice) {
      const entry = accountObject(page, fields);
      if (fields.has('access_token'))
        entry.access_token = (await pageTokenFor(db, page, grant, longLived)).value;
      if (withTasks && fields.has('tasks'))
        entry.tasks = ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'];
      data.push(entry);
    }
    const cursor = (index: number) => Buffer.from(String(index)).toString('base64url');
    const paging: Record<string, unknown> =
      slice.length > 0 ? { cursors: { before: cursor(offset), after: cursor(offset + slice.length) } } : {};
    if (offset + slice.length < pages.length) {
      const next = new URLSearchParams({
        ...(query as Record<string, string>),
        after: cursor(offset + slice.length),
      });
      paging.next = `${appUrl}${FACEBOOK_GRAPH_PATH}${path}?${next}`;
    }
    return { status: 200, body: { data, ...(Object.keys(paging).length > 0 ? { paging } : {}) } };
  }

  const nonexistingEdge = (edge: string, node: string) =>
    graphError(400, 100, `(#100) Tried accessing nonexisting field (${edge}) on node type (${node})`);

  app.get(
    `${FACEBOOK_GRAPH_PATH}/me/accounts`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute('read', async (request, { account, grant }) => {
      if (isPage(account)) return nonexistingEdge('accounts', 'Page');
      if (!grant.scopes.includes('pages_show_list')) return { status: 200, body: { data: [] } };
      // Only the user's own Pages: those of its Business portfolios are under /me/businesses.
      return pageList(request, grant, await findPagesOf(db, account), '/me/accounts', true);
    }),
  );

  /** The user's Business portfolios (Business Management API; needs business_management). */
  app.get(
    `${FACEBOOK_GRAPH_PATH}/me/businesses`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute('read', async (_request, { account, grant }) => {
      if (isPage(account)) return nonexistingEdge('businesses', 'Page');
      if (!grant.scopes.includes('business_management')) {
        return permissionError('Requires business_management permission to manage the object');
      }
      const businesses = await findBusinessesOf(db, account);
      return {
        status: 200,
        body: {
          data: businesses.map((business) => ({ id: business.externalId, name: business.displayName })),
        },
      };
    }),
  );

  /**
   * A business's Pages with their Page tokens: `owned_pages` (the Pages it owns) and
   * `client_pages` (Pages of others it was given access to; the sandbox has none).
   */
  for (const edge of ['owned_pages', 'client_pages'] as const) {
    app.get(
      `${FACEBOOK_GRAPH_PATH}/:id/${edge}`,
      { config: PUBLIC, schema: HIDDEN },
      graphRoute('read', async (request, { account, grant }) => {
        const { id } = request.params as { id: string };
        if (isPage(account)) return nonexistingEdge(edge, 'Page');
        const business = (await findBusinessesOf(db, account)).find((row) => row.externalId === id);
        if (!business) return missingObject(id);
        if (!grant.scopes.includes('business_management')) {
          return permissionError('Requires business_management permission to manage the object');
        }
        const pages = edge === 'owned_pages' ? await findPagesOf(db, business) : [];
        return pageList(request, grant, pages, `/${id}/${edge}`, false);
      }),
    );
  }

  /** A user, a Page or a post by id (`me` is the token's own user or Page). */
  app.get(
    `${FACEBOOK_GRAPH_PATH}/:id`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute(
      'read',
      async (request, { account }) => {
        const { id } = request.params as { id: string };
        const query = request.query as Fields;
        if (id === 'me')
          return { status: 200, body: accountObject(account, fieldsOf(query.fields, ['id', 'name'])) };
        if (PAGE_POST_ID.test(id)) {
          const found = await findPagePost(db, id, account.workspaceId);
          if (!found) return missingObject(id);
          return {
            status: 200,
            body: postObject(
              found.post,
              found.account,
              fieldsOf(query.fields, ['created_time', 'message', 'id']),
            ),
          };
        }
        // A video or Reel of the caller's Page: its status while it processes, and its link.
        const video = OBJECT_ID.test(id) ? await findVideo(db, id) : undefined;
        if (video) {
          if (video.post.accountId !== account.id) return missingObject(id);
          return {
            status: 200,
            body: videoObject(video, fieldsOf(query.fields, ['id']), account.externalId),
          };
        }
        const target = OBJECT_ID.test(id)
          ? await findAccountByExternalId(db, 'facebook', id, account.workspaceId)
          : undefined;
        if (!target) return missingObject(id);
        return { status: 200, body: accountObject(target, fieldsOf(query.fields, ['id', 'name'])) };
      },
      withoutFollowerCounts,
    ),
  );

  /** The Page's token for a Page call, and the permissions it needs; else the Graph error to answer. */
  function pageCaller(caller: Caller, pageId: string, scopes: string[]): SimulatedAnswer | null {
    if (!isPage(caller.account) || caller.account.externalId !== pageId) {
      return permissionError(
        'If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission',
      );
    }
    if (!scopes.every((scope) => caller.grant.scopes.includes(scope))) {
      return permissionError(`The permission(s) ${scopes.join(',')} are not available.`);
    }
    return null;
  }

  registerFacebookFeedSimulator(app, options, { graphRoute, pageCaller, postObject });
  registerFacebookVideoSimulator(app, options, { graphRoute, pageCaller });

  app.delete(
    `${FACEBOOK_GRAPH_PATH}/:id`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute('other', async (request, caller) => {
      const { id } = request.params as { id: string };
      const found = await findPagePost(db, id, caller.account.workspaceId);
      if (!found) return missingObject(id);
      const refused = pageCaller(caller, found.account.externalId, ['pages_manage_posts']);
      if (refused) return refused;
      await deleteSandboxPost(options, found.post, request.log);
      return { status: 200, body: { success: true } };
    }),
  );

  registerFacebookInsightsSimulator(app, db, { graphRoute });
  registerFacebookVideoInsightsSimulator(app, db, { graphRoute });
  registerFacebookPublicPages(app, options);
}

/** A Page or a post whose counts Facebook does not report (yet): the object without them. */
function withoutFollowerCounts(answer: SimulatedAnswer): SimulatedAnswer {
  const {
    followers_count: _,
    fan_count: __,
    comments: ___,
    shares: ____,
    ...rest
  } = (answer.body ?? {}) as Record<string, unknown>;
  return { ...answer, body: rest };
}
