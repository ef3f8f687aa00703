import { SocialPlatformError } from '../social-provider';
import { type XOperation, type XTransportFailure, xErrorFrom, xTransportError } from './transform';

/*
 * The raw X API v2 client: HTTP, auth headers, timeouts. Answers X's JSON as it came; failures
 * leave as our error kinds (transform.ts decides which). Pointed at api.x.com or at the platform
 * simulator by `apiBaseUrl`, with any `fetch` (the simulator's is in-process).
 */

export interface XApiOptions {
  /** e.g. `https://api.x.com` (paths start with /2/). */
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch: typeof fetch;
  /** How long one call may take, body included, before it counts as unanswered. */
  timeoutMs: number;
}

/** Errors that prove the request never left: nothing can have happened at X. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export function createXApi(options: XApiOptions) {
  const base = options.apiBaseUrl.replace(/\/$/, '');
  const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;

  async function call(
    operation: XOperation,
    path: string,
    init: { method: string; headers: Record<string, string>; body?: string | FormData },
    accept: (status: number) => boolean = (status) => status >= 200 && status < 300,
  ): Promise<unknown> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    // Raced as well as passed on: a fetch that ignores the signal (the in-process one) still times out.
    const timedOut = new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    timedOut.catch(() => {});
    let status: number;
    let headers: Headers;
    let text: string;
    try {
      const response = await Promise.race([
        options.fetch(`${base}${path}`, { ...init, signal, redirect: 'manual' }),
        timedOut,
      ]);
      status = response.status;
      headers = response.headers;
      text = await Promise.race([response.text(), timedOut]);
    } catch (error) {
      throw xTransportError({
        operation,
        failure: transportFailure(error, signal),
        timeoutMs: options.timeoutMs,
        cause: error,
      });
    }
    const body = parseBody(text);
    if (!accept(status)) throw xErrorFrom({ operation, status, headers, body, now: new Date() });
    if (body === undefined) return null;
    if (typeof body === 'string') {
      throw new SocialPlatformError('twitter', `X answered ${status} with a body that is not JSON`);
    }
    return body;
  }

  const form = (fields: Record<string, string>) => ({
    'content-type': 'application/x-www-form-urlencoded',
    authorization: basic,
    accept: 'application/json',
    body: new URLSearchParams(fields).toString(),
  });
  const bearer = (accessToken: string) => ({
    authorization: `Bearer ${accessToken}`,
    accept: 'application/json',
  });

  function postForm(
    operation: XOperation,
    path: string,
    fields: Record<string, string>,
    accept?: (status: number) => boolean,
  ) {
    const { body, ...headers } = form(fields);
    return call(operation, path, { method: 'POST', headers, body }, accept);
  }

  return {
    /** `POST /2/oauth2/token` with a code (and its PKCE verifier) or a refresh token. */
    requestToken(operation: 'exchange-code' | 'refresh', fields: Record<string, string>) {
      return postForm(operation, '/2/oauth2/token', { ...fields, client_id: options.clientId });
    },
    /** `POST /2/oauth2/revoke`. A token X no longer knows (400/401) is as good as revoked. */
    async revokeToken(token: string, hint: 'access_token' | 'refresh_token') {
      await postForm(
        'revoke',
        '/2/oauth2/revoke',
        { token, token_type_hint: hint, client_id: options.clientId },
        (status) => (status >= 200 && status < 300) || status === 400 || status === 401,
      );
    },
    getMe(accessToken: string, userFields: string[]) {
      const query = new URLSearchParams({ 'user.fields': userFields.join(',') });
      return call('read', `/2/users/me?${query}`, { method: 'GET', headers: bearer(accessToken) });
    },
    /**
     * `POST /2/media/upload`, one shot, multipart (`media`, `media_category`, `media_type`). fetch
     * writes the multipart content type with its boundary.
     */
    uploadMedia(accessToken: string, image: { bytes: Buffer; mimeType: string }) {
      const form = new FormData();
      form.append('media', new Blob([new Uint8Array(image.bytes)], { type: image.mimeType }), 'image');
      form.append('media_category', 'tweet_image');
      form.append('media_type', image.mimeType);
      return call('upload', '/2/media/upload', { method: 'POST', headers: bearer(accessToken), body: form });
    },
    /** `GET /2/media/upload?command=STATUS&media_id=…`: an upload's processing state. */
    getMediaStatus(accessToken: string, mediaId: string) {
      const query = new URLSearchParams({ command: 'STATUS', media_id: mediaId });
      return call('read', `/2/media/upload?${query}`, { method: 'GET', headers: bearer(accessToken) });
    },
    /** `GET /2/users/{id}/tweets`: one page of a user's posts, newest first. */
    getUserPosts(
      accessToken: string,
      userId: string,
      input: { startTime: string; maxResults: number; paginationToken?: string; tweetFields: string[] },
    ) {
      const query = new URLSearchParams({
        start_time: input.startTime,
        max_results: String(input.maxResults),
        'tweet.fields': input.tweetFields.join(','),
        ...(input.paginationToken ? { pagination_token: input.paginationToken } : {}),
      });
      return call('read', `/2/users/${encodeURIComponent(userId)}/tweets?${query}`, {
        method: 'GET',
        headers: bearer(accessToken),
      });
    },
    createPost(accessToken: string, payload: { text: string; media?: { media_ids: string[] } }) {
      return call('publish', '/2/tweets', {
        method: 'POST',
        headers: { ...bearer(accessToken), 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
    },
    deletePost(accessToken: string, id: string) {
      return call('delete', `/2/tweets/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        headers: bearer(accessToken),
      });
    },
    getPosts(accessToken: string, ids: string[], tweetFields: string[]) {
      const query = new URLSearchParams({ ids: ids.join(','), 'tweet.fields': tweetFields.join(',') });
      return call('read', `/2/tweets?${query}`, { method: 'GET', headers: bearer(accessToken) });
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

function transportFailure(error: unknown, signal: AbortSignal): XTransportFailure {
  if (signal.aborted) return 'timeout';
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  return code && NOT_SENT_CODES.has(code) ? 'not-sent' : 'dropped';
}
