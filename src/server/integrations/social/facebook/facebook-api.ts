import { createPlatformHttp } from '../http/platform-http';
import { type FacebookOperation, facebookErrors } from './transform';

/*
 * The raw Graph API client: its URLs and the access_token parameter, on the shared HTTP client
 * (timeouts, JSON, failures: http/platform-http.ts). Answers Facebook's JSON as it came; failures
 * leave as our error kinds (transform.ts decides which). Pointed at
 * graph.facebook.com/{version} or at the platform simulator by `apiBaseUrl`, with any `fetch`.
 *
 * Tokens travel as the `access_token` parameter, as Facebook documents it: in the form body of a
 * POST, in the query of a GET or DELETE (the Graph API's own convention; these URLs are not logged).
 */

export interface FacebookApiOptions {
  /** e.g. `https://graph.facebook.com/v23.0`: the version is part of the base. */
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch: typeof fetch;
  /** How long one call may take, body included, before it counts as unanswered. */
  timeoutMs: number;
}

export function createFacebookApi(options: FacebookApiOptions) {
  const base = options.apiBaseUrl.replace(/\/$/, '');

  const http = createPlatformHttp({
    errors: facebookErrors,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    // The Graph API answers errors with a 4xx/5xx status and `{"error":{…}}`; an error object
    // under a 200 is an error too.
    succeeded: (status, body) =>
      status >= 200 && status < 300 && !(body !== null && typeof body === 'object' && 'error' in body),
  });

  /** Facebook's JSON body, or null when it sent none. */
  async function call(
    operation: FacebookOperation,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    params: Record<string, string>,
  ): Promise<unknown> {
    const query = new URLSearchParams(params).toString();
    if (method === 'POST') {
      const headers = { 'content-type': 'application/x-www-form-urlencoded' };
      return (await http(operation, `${base}${path}`, { method, headers, body: query })).body;
    }
    return (await http(operation, query === '' ? `${base}${path}` : `${base}${path}?${query}`, { method }))
      .body;
  }

  const app = { client_id: options.clientId, client_secret: options.clientSecret };
  const id = (value: string) => encodeURIComponent(value);

  return {
    /** `GET /oauth/access_token` with the code: a short-lived user token (about an hour). */
    exchangeCode(code: string, redirectUri: string) {
      return call('exchange-code', 'GET', '/oauth/access_token', { ...app, redirect_uri: redirectUri, code });
    },
    /** `GET /oauth/access_token?grant_type=fb_exchange_token`: the long-lived user token (~60 days). */
    exchangeForLongLived(userToken: string) {
      return call('exchange-token', 'GET', '/oauth/access_token', {
        grant_type: 'fb_exchange_token',
        ...app,
        fb_exchange_token: userToken,
      });
    },
    /** `GET /me/permissions`: what the user granted and declined. */
    getPermissions(userToken: string) {
      return call('read', 'GET', '/me/permissions', { access_token: userToken });
    },
    /** One page of `GET /me/accounts`: the user's Pages with their Page tokens. */
    getPages(userToken: string, fields: string[], input: { limit: number; after?: string }) {
      return call('read', 'GET', '/me/accounts', {
        fields: fields.join(','),
        limit: String(input.limit),
        ...(input.after ? { after: input.after } : {}),
        access_token: userToken,
      });
    },
    /** One page of `GET /me/businesses`: the user's Business portfolios (needs business_management). */
    getBusinesses(userToken: string, input: { limit: number; after?: string }) {
      return call('read', 'GET', '/me/businesses', {
        fields: 'id,name',
        limit: String(input.limit),
        ...(input.after ? { after: input.after } : {}),
        access_token: userToken,
      });
    },
    /** One page of a business's `owned_pages` or `client_pages`: Pages with their Page tokens. */
    getBusinessPages(
      userToken: string,
      businessId: string,
      edge: 'owned_pages' | 'client_pages',
      fields: string[],
      input: { limit: number; after?: string },
    ) {
      return call('read', 'GET', `/${id(businessId)}/${edge}`, {
        fields: fields.join(','),
        limit: String(input.limit),
        ...(input.after ? { after: input.after } : {}),
        access_token: userToken,
      });
    },
    /** `GET /{id}?fields=…`: one object (a Page) by its id. */
    getObject(accessToken: string, objectId: string, fields: string[]) {
      return call('read', 'GET', `/${id(objectId)}`, { fields: fields.join(','), access_token: accessToken });
    },
    /** `GET /me`: the user, or the Page for a Page token. */
    getMe(accessToken: string, fields: string[]) {
      return call('read', 'GET', '/me', { fields: fields.join(','), access_token: accessToken });
    },
    /** `POST /{page-id}/feed` with a Page token; `attached_media` a JSON array of photo ids. */
    createPagePost(pageToken: string, pageId: string, payload: { message: string; attached_media?: string }) {
      return call('publish', 'POST', `/${id(pageId)}/feed`, { ...payload, access_token: pageToken });
    },
    /** `POST /{page-id}/photos {url, published:false}`: a photo Facebook downloads, shown by no post yet. */
    uploadUnpublishedPhoto(pageToken: string, pageId: string, url: string) {
      return call('upload', 'POST', `/${id(pageId)}/photos`, {
        url,
        published: 'false',
        access_token: pageToken,
      });
    },
    /** `GET /{page-id}/feed`: one page of the Page's posts, newest first. */
    getPageFeed(
      pageToken: string,
      pageId: string,
      input: { fields: string[]; since: Date; limit: number; after?: string },
    ) {
      return call('read', 'GET', `/${id(pageId)}/feed`, {
        fields: input.fields.join(','),
        since: String(Math.floor(input.since.getTime() / 1000)),
        limit: String(input.limit),
        ...(input.after ? { after: input.after } : {}),
        access_token: pageToken,
      });
    },
    deletePost(pageToken: string, postId: string) {
      return call('delete', 'DELETE', `/${id(postId)}`, { access_token: pageToken });
    },
    getPostInsights(pageToken: string, postId: string, metrics: readonly string[]) {
      return call('read', 'GET', `/${id(postId)}/insights`, {
        metric: metrics.join(','),
        access_token: pageToken,
      });
    },
  };
}
