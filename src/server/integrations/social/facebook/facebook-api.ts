import { SocialPlatformError } from '../social-provider';
import {
  type FacebookOperation,
  type FacebookTransportFailure,
  facebookErrorFrom,
  facebookTransportError,
} from './transform';

/*
 * The raw Graph API client: HTTP, the access_token parameter, timeouts. Answers Facebook's JSON as
 * it came; failures leave as our error kinds (transform.ts decides which). Pointed at
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

/** Errors that prove the request never left: nothing can have happened at Facebook. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export function createFacebookApi(options: FacebookApiOptions) {
  const base = options.apiBaseUrl.replace(/\/$/, '');

  async function call(
    operation: FacebookOperation,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    params: Record<string, string>,
  ): Promise<unknown> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    // Raced as well as passed on: a fetch that ignores the signal (the in-process one) still times out.
    const timedOut = new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    timedOut.catch(() => {});
    const query = new URLSearchParams(params).toString();
    const url = method === 'POST' || query === '' ? `${base}${path}` : `${base}${path}?${query}`;
    const init: RequestInit =
      method === 'POST'
        ? {
            method,
            headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
            body: query,
          }
        : { method, headers: { accept: 'application/json' } };
    let status: number;
    let headers: Headers;
    let text: string;
    try {
      const response = await Promise.race([
        options.fetch(url, { ...init, signal, redirect: 'manual' }),
        timedOut,
      ]);
      status = response.status;
      headers = response.headers;
      text = await Promise.race([response.text(), timedOut]);
    } catch (error) {
      throw facebookTransportError({
        operation,
        failure: transportFailure(error, signal),
        timeoutMs: options.timeoutMs,
        cause: error,
      });
    }
    const body = parseBody(text);
    // The Graph API answers errors with a 4xx/5xx status and `{"error":{…}}`; an error object
    // under a 200 is an error too.
    const failed =
      status < 200 || status >= 300 || (body !== null && typeof body === 'object' && 'error' in body);
    if (failed) throw facebookErrorFrom({ operation, status, headers, body, now: new Date() });
    if (body === undefined) return null;
    if (typeof body === 'string') {
      throw new SocialPlatformError('facebook', `Facebook answered ${status} with a body that is not JSON`);
    }
    return body;
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

function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function transportFailure(error: unknown, signal: AbortSignal): FacebookTransportFailure {
  if (signal.aborted) return 'timeout';
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  return code && NOT_SENT_CODES.has(code) ? 'not-sent' : 'dropped';
}
