import { createPlatformHttp } from '../http/platform-http';
import { type ThreadsOperation, threadsErrors } from './transform';

/*
 * The raw client of the Threads API (graph.threads.net): its URLs and the access token, on the
 * shared HTTP client (timeouts, JSON, failures: http/platform-http.ts). Answers Threads' JSON as it
 * came; failures leave as our error kinds (transform.ts decides which). The token endpoints are
 * unversioned (`/oauth/access_token`, `/access_token`, `/refresh_access_token`), every object is
 * under `/v1.0` (Threads API reference); pointed at the platform simulator by `apiBaseUrl`.
 */

/** The version every Threads reference example names. */
export const THREADS_API_VERSION = 'v1.0';

export interface ThreadsApiOptions {
  /** e.g. `https://graph.threads.net`: the host, without a version. */
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch: typeof fetch;
  timeoutMs: number;
}

export function createThreadsApi(options: ThreadsApiOptions) {
  const host = options.apiBaseUrl.replace(/\/$/, '');
  const base = `${host}/${THREADS_API_VERSION}`;
  const http = createPlatformHttp({
    errors: threadsErrors,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    bodyRequired: true,
  });

  /** Threads' JSON body; a POST sends its parameters as a form. */
  async function call(operation: ThreadsOperation, url: string, body?: Record<string, string>) {
    const init =
      body === undefined
        ? { method: 'GET' as const }
        : {
            method: 'POST' as const,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(body).toString(),
          };
    return (await http(operation, url, init)).body;
  }
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const graph = (path: string, params: Record<string, string>) => `${base}${path}?${query(params)}`;
  const id = (value: string) => encodeURIComponent(value);

  return {
    /** `POST /oauth/access_token` (form) → a short-lived (1 h) token and the user's id. */
    exchangeCode(code: string, redirectUri: string) {
      return call('exchange-code', `${host}/oauth/access_token`, {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
        code,
      });
    },
    /** `GET /access_token?grant_type=th_exchange_token` → a long-lived (60 days) token. */
    exchangeLongLived(shortLivedToken: string) {
      return call(
        'exchange-long-lived',
        `${host}/access_token?${query({
          grant_type: 'th_exchange_token',
          client_secret: options.clientSecret,
          access_token: shortLivedToken,
        })}`,
      );
    },
    /** `GET /refresh_access_token?grant_type=th_refresh_token` → the token for 60 more days. */
    refreshLongLived(longLivedToken: string) {
      return call(
        'refresh',
        `${host}/refresh_access_token?${query({ grant_type: 'th_refresh_token', access_token: longLivedToken })}`,
      );
    },
    getMe(accessToken: string, fields: string[]) {
      return call('read', graph('/me', { fields: fields.join(','), access_token: accessToken }));
    },
    /** `POST /{threads-user-id}/threads` → a container, not yet visible (container-plan.ts). */
    createContainer(accessToken: string, userId: string, params: Record<string, string>) {
      return call('create-container', `${base}/${id(userId)}/threads`, {
        ...params,
        access_token: accessToken,
      });
    },
    /** `GET /{container-id}?fields=status,error_message` (or the fields asked for). */
    getContainer(accessToken: string, containerId: string, fields = ['status', 'error_message']) {
      return call(
        'read-media',
        graph(`/${id(containerId)}`, { fields: fields.join(','), access_token: accessToken }),
      );
    },
    /** `POST /{threads-user-id}/threads_publish?creation_id=…`: the call that makes it public. */
    publishContainer(accessToken: string, userId: string, containerId: string) {
      return call('publish', `${base}/${id(userId)}/threads_publish`, {
        creation_id: containerId,
        access_token: accessToken,
      });
    },
    getMedia(accessToken: string, mediaId: string, fields: string[]) {
      return call(
        'read-media',
        graph(`/${id(mediaId)}`, { fields: fields.join(','), access_token: accessToken }),
      );
    },
    /** `GET /{threads-user-id}/threads`: one page of the account's posts, newest first. */
    listThreads(
      accessToken: string,
      userId: string,
      input: { fields: string[]; limit: number; since?: Date; after?: string },
    ) {
      return call(
        'read',
        graph(`/${id(userId)}/threads`, {
          fields: input.fields.join(','),
          limit: String(input.limit),
          // `since`: "a Unix timestamp or strtotime DateTime value" (Threads media retrieval).
          ...(input.since ? { since: String(Math.floor(input.since.getTime() / 1000)) } : {}),
          ...(input.after ? { after: input.after } : {}),
          access_token: accessToken,
        }),
      );
    },
    getInsights(accessToken: string, mediaId: string, metrics: readonly string[]) {
      return call(
        'read-media',
        graph(`/${id(mediaId)}/insights`, { metric: metrics.join(','), access_token: accessToken }),
      );
    },
    getUserInsights(accessToken: string, userId: string, metrics: readonly string[]) {
      return call(
        'read',
        graph(`/${id(userId)}/threads_insights`, { metric: metrics.join(','), access_token: accessToken }),
      );
    },
    getPublishingLimit(accessToken: string, userId: string) {
      return call(
        'read',
        graph(`/${id(userId)}/threads_publishing_limit`, {
          fields: 'quota_usage,config',
          access_token: accessToken,
        }),
      );
    },
  };
}
