import { createPlatformHttp } from '../http/platform-http';
import { type InstagramOperation, instagramErrors } from './transform';

/*
 * The raw client of the Instagram API with Instagram Login: its URLs and the access token, on the
 * shared HTTP client (timeouts, JSON, failures: http/platform-http.ts). Answers Instagram's JSON
 * as it came; failures leave as our error kinds (transform.ts decides
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

export function createInstagramApi(options: InstagramApiOptions) {
  const host = options.apiBaseUrl.replace(/\/$/, '');
  /** Graph objects live under the version; the token endpoints are unversioned in Meta's reference. */
  const base = `${host}/${options.graphVersion}`;

  const http = createPlatformHttp({
    errors: instagramErrors,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    bodyRequired: true,
  });

  /** Instagram's JSON body; a POST sends its parameters as a form. */
  async function call(
    operation: InstagramOperation,
    url: string,
    init: { method: 'GET' | 'POST'; body?: string },
  ): Promise<unknown> {
    const headers: Record<string, string> =
      init.body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' };
    return (await http(operation, url, { ...init, headers })).body;
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
    /**
     * `POST /{ig-user-id}/media` → a container, not yet visible to anyone: an image, a carousel
     * item, a carousel, a Reel or a story, by its parameters (container-plan.ts).
     */
    createContainer(accessToken: string, userId: string, params: Record<string, string>) {
      return call('create-container', `${base}/${id(userId)}/media`, {
        method: 'POST',
        body: new URLSearchParams({ ...params, access_token: accessToken }).toString(),
      });
    },
    /** `POST /{ig-media-id}/comments?message=…` → the comment's id (IG Media Comments reference). */
    createComment(accessToken: string, mediaId: string, message: string) {
      return call('comment', `${base}/${id(mediaId)}/comments`, {
        method: 'POST',
        body: new URLSearchParams({ message, access_token: accessToken }).toString(),
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
