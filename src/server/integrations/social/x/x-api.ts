import { createPlatformHttp, type PlatformRequest } from '../http/platform-http';
import { type XOperation, xErrors } from './transform';

/*
 * The raw X API v2 client: its URLs and auth headers, on the shared HTTP client (timeouts, JSON,
 * failures: http/platform-http.ts). Answers X's JSON as it came; failures leave as our error
 * kinds (transform.ts decides which). Pointed at api.x.com or at the platform simulator by
 * `apiBaseUrl`, with any `fetch` (the simulator's is in-process).
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

export function createXApi(options: XApiOptions) {
  const base = options.apiBaseUrl.replace(/\/$/, '');
  const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;

  const http = createPlatformHttp({ errors: xErrors, fetch: options.fetch, timeoutMs: options.timeoutMs });
  /** X's JSON body, or null when it sent none. */
  const call = async (operation: XOperation, path: string, request: PlatformRequest) =>
    (await http(operation, `${base}${path}`, request)).body;

  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

  /** The OAuth 2.0 endpoints: a form body, the app authenticated with Basic. */
  function postForm(
    operation: XOperation,
    path: string,
    fields: Record<string, string>,
    accept?: (status: number) => boolean,
  ) {
    return call(operation, path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
      body: new URLSearchParams(fields).toString(),
      accept,
    });
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
    /**
     * Chunked upload, step 1: `POST /2/media/upload/initialize` (JSON; the dedicated v2 path of the
     * OpenAPI, not the older `command=INIT` form).
     */
    initializeUpload(
      accessToken: string,
      input: { mediaType: string; totalBytes: number; category: string },
    ) {
      return call('upload', '/2/media/upload/initialize', {
        method: 'POST',
        headers: { ...bearer(accessToken), 'content-type': 'application/json' },
        body: JSON.stringify({
          media_type: input.mediaType,
          total_bytes: input.totalBytes,
          media_category: input.category,
        }),
      });
    },
    /** Step 2: `POST /2/media/upload/{id}/append`, multipart `media` + `segment_index` (0…999). */
    appendUpload(accessToken: string, mediaId: string, segmentIndex: number, chunk: Buffer) {
      const form = new FormData();
      form.append('media', new Blob([new Uint8Array(chunk)], { type: 'application/octet-stream' }), 'chunk');
      form.append('segment_index', String(segmentIndex));
      return call('upload', `/2/media/upload/${encodeURIComponent(mediaId)}/append`, {
        method: 'POST',
        headers: bearer(accessToken),
        body: form,
      });
    },
    /** Step 3: `POST /2/media/upload/{id}/finalize` (no body); may answer `processing_info`. */
    finalizeUpload(accessToken: string, mediaId: string) {
      return call('upload', `/2/media/upload/${encodeURIComponent(mediaId)}/finalize`, {
        method: 'POST',
        headers: bearer(accessToken),
      });
    },
    /** `POST /2/media/metadata`: an image's alt text, before the post is made. */
    setAltText(accessToken: string, mediaId: string, text: string) {
      return call('upload', '/2/media/metadata', {
        method: 'POST',
        headers: { ...bearer(accessToken), 'content-type': 'application/json' },
        body: JSON.stringify({ id: mediaId, metadata: { alt_text: { text } } }),
      });
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
    createPost(
      accessToken: string,
      payload: { text: string; media?: { media_ids: string[] }; reply?: { in_reply_to_tweet_id: string } },
    ) {
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
    /** `GET /2/tweets?ids=…`, with the posts' media expanded when `mediaFields` are given. */
    getPosts(accessToken: string, ids: string[], tweetFields: string[], mediaFields: string[] = []) {
      const query = new URLSearchParams({
        ids: ids.join(','),
        'tweet.fields': tweetFields.join(','),
        ...(mediaFields.length > 0
          ? { expansions: 'attachments.media_keys', 'media.fields': mediaFields.join(',') }
          : {}),
      });
      return call('read', `/2/tweets?${query}`, { method: 'GET', headers: bearer(accessToken) });
    },
  };
}
