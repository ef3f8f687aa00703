import { SocialPlatformError } from '../social-provider';
import {
  type InstagramOperation,
  type InstagramTransportFailure,
  instagramErrorFrom,
  instagramTransportError,
} from './transform';

/*
 * The raw client of the Instagram API with Instagram Login: HTTP, the access token, timeouts.
 * Answers Instagram's JSON as it came; failures leave as our error kinds (transform.ts decides
 * which). Two hosts: the OAuth code exchange at api.instagram.com (`tokenUrl`), everything else on
 * graph.instagram.com (`apiBaseUrl`); pointed at the platform simulator by those URLs.
 */

export interface InstagramApiOptions {
  /** e.g. `https://graph.instagram.com`: the host, without a version. */
  apiBaseUrl: string;
  /** e.g. `v25.0`: every Graph call names it (an unversioned call gets the app's oldest version). */
  graphVersion: string;
  /** e.g. `https://api.instagram.com/oauth/access_token`. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  fetch: typeof fetch;
  /** How long one call may take, body included, before it counts as unanswered. */
  timeoutMs: number;
}

/** Errors that prove the request never left: nothing can have happened at Instagram. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export function createInstagramApi(options: InstagramApiOptions) {
  const host = options.apiBaseUrl.replace(/\/$/, '');
  /** Graph objects live under the version; the token endpoints are unversioned in Meta's reference. */
  const base = `${host}/${options.graphVersion}`;

  async function call(
    operation: InstagramOperation,
    url: string,
    init: { method: string; body?: string },
  ): Promise<unknown> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    // Raced as well as passed on: a fetch that ignores the signal (the in-process one) still times out.
    const timedOut = new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    timedOut.catch(() => {});
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    let status: number;
    let responseHeaders: Headers;
    let text: string;
    try {
      const response = await Promise.race([
        options.fetch(url, { ...init, headers, signal, redirect: 'manual' }),
        timedOut,
      ]);
      status = response.status;
      responseHeaders = response.headers;
      text = await Promise.race([response.text(), timedOut]);
    } catch (error) {
      throw instagramTransportError({
        operation,
        failure: transportFailure(error, signal),
        timeoutMs: options.timeoutMs,
        cause: error,
      });
    }
    const body = parseBody(text);
    if (status < 200 || status >= 300) {
      throw instagramErrorFrom({ operation, status, headers: responseHeaders, body, now: new Date() });
    }
    if (body === undefined || typeof body === 'string') {
      throw new SocialPlatformError('instagram', `Instagram answered ${status} with a body that is not JSON`);
    }
    return body;
  }

  /** A Graph URL; the token travels as `access_token`, as every Instagram reference example sends it. */
  const graph = (path: string, params: Record<string, string>) =>
    `${base}${path}?${new URLSearchParams(params).toString()}`;
  /** `graph.instagram.com/access_token` and `/refresh_access_token`, as the reference shows them. */
  const tokenEndpoint = (path: string, params: Record<string, string>) =>
    `${host}${path}?${new URLSearchParams(params).toString()}`;
  const id = (value: string) => encodeURIComponent(value);

  return {
    /** `POST api.instagram.com/oauth/access_token` (form) → a short-lived (1 h) token. */
    exchangeCode(code: string, redirectUri: string) {
      return call('exchange-code', options.tokenUrl, {
        method: 'POST',
        body: new URLSearchParams({
          client_id: options.clientId,
          client_secret: options.clientSecret,
          grant_type: 'authorization_code',
          redirect_uri: redirectUri,
          code,
        }).toString(),
      });
    },
    /** `GET /access_token?grant_type=ig_exchange_token` → a long-lived (60 days) token. */
    exchangeLongLived(shortLivedToken: string) {
      return call(
        'exchange-long-lived',
        tokenEndpoint('/access_token', {
          grant_type: 'ig_exchange_token',
          client_secret: options.clientSecret,
          access_token: shortLivedToken,
        }),
        { method: 'GET' },
      );
    },
    /** `GET /refresh_access_token?grant_type=ig_refresh_token` → the same token for 60 more days. */
    refreshLongLived(longLivedToken: string) {
      return call(
        'refresh',
        tokenEndpoint('/refresh_access_token', {
          grant_type: 'ig_refresh_token',
          access_token: longLivedToken,
        }),
        { method: 'GET' },
      );
    },
    getMe(accessToken: string, fields: string[]) {
      return call('read', graph('/me', { fields: fields.join(','), access_token: accessToken }), {
        method: 'GET',
      });
    },
    /** `POST /{ig-user-id}/media` → a container, not yet visible to anyone. */
    createImageContainer(accessToken: string, userId: string, input: { imageUrl: string; caption: string }) {
      return call('create-container', `${base}/${id(userId)}/media`, {
        method: 'POST',
        body: new URLSearchParams({
          image_url: input.imageUrl,
          caption: input.caption,
          access_token: accessToken,
        }).toString(),
      });
    },
    /** `GET /{container-id}?fields=status_code,status` (or the fields asked for). */
    getContainer(accessToken: string, containerId: string, fields: string[] = ['status_code', 'status']) {
      return call(
        'read-media',
        graph(`/${id(containerId)}`, { fields: fields.join(','), access_token: accessToken }),
        { method: 'GET' },
      );
    },
    /** `GET /{ig-user-id}/media`: one page of the account's published media, newest first. */
    listMedia(
      accessToken: string,
      userId: string,
      input: { fields: string[]; limit: number; after?: string },
    ) {
      return call(
        'read',
        graph(`/${id(userId)}/media`, {
          fields: input.fields.join(','),
          limit: String(input.limit),
          ...(input.after ? { after: input.after } : {}),
          access_token: accessToken,
        }),
        { method: 'GET' },
      );
    },
    /** `POST /{ig-user-id}/media_publish?creation_id=…`: the one call that makes the post public. */
    publishContainer(accessToken: string, userId: string, containerId: string) {
      return call('publish', `${base}/${id(userId)}/media_publish`, {
        method: 'POST',
        body: new URLSearchParams({ creation_id: containerId, access_token: accessToken }).toString(),
      });
    },
    getMedia(accessToken: string, mediaId: string, fields: string[]) {
      return call(
        'read-media',
        graph(`/${id(mediaId)}`, { fields: fields.join(','), access_token: accessToken }),
        { method: 'GET' },
      );
    },
    getInsights(accessToken: string, mediaId: string, metrics: readonly string[]) {
      return call(
        'read-media',
        graph(`/${id(mediaId)}/insights`, { metric: metrics.join(','), access_token: accessToken }),
        { method: 'GET' },
      );
    },
    getPublishingLimit(accessToken: string, userId: string) {
      return call(
        'read',
        graph(`/${id(userId)}/content_publishing_limit`, {
          fields: 'config,quota_usage',
          access_token: accessToken,
        }),
        { method: 'GET' },
      );
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

function transportFailure(error: unknown, signal: AbortSignal): InstagramTransportFailure {
  if (signal.aborted) return 'timeout';
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  return code && NOT_SENT_CODES.has(code) ? 'not-sent' : 'dropped';
}
