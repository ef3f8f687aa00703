import { createPlatformHttp, type PlatformRequest } from '../http/platform-http';
import { type TikTokOperation, tiktokErrors, tiktokSucceeded } from './transform';

/*
 * The raw TikTok API v2 client (open.tiktokapis.com): its URLs and auth, on the shared HTTP client
 * (timeouts, JSON, failures: http/platform-http.ts). Answers TikTok's JSON as it came; failures
 * leave as our error kinds (transform.ts). Sources: [TT-TOKEN] developers.tiktok.com/doc/oauth-user-access-token-management,
 * [TT-DIRECT] …/doc/content-posting-api-reference-direct-post, [TT-INBOX]
 * …/doc/content-posting-api-reference-upload-video, [TT-PHOTO] …/doc/content-posting-api-reference-photo-post,
 * [TT-TRANSFER] …/doc/content-posting-api-media-transfer-guide, [TT-STATUS]
 * …/doc/content-posting-api-reference-get-video-status, [TT-LIST] …/doc/tiktok-api-v2-video-list,
 * [TT-QUERY] …/doc/tiktok-api-v2-video-query, [TT-USER] …/doc/tiktok-api-v2-get-user-info.
 */

export interface TikTokApiOptions {
  /** `https://open.tiktokapis.com` (paths start with /v2/). */
  apiBaseUrl: string;
  clientKey: string;
  clientSecret: string;
  fetch: typeof fetch;
  timeoutMs: number;
}

export function createTikTokApi(options: TikTokApiOptions) {
  const base = options.apiBaseUrl.replace(/\/$/, '');
  const http = createPlatformHttp({
    errors: tiktokErrors,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    succeeded: tiktokSucceeded,
  });
  const call = async (operation: TikTokOperation, url: string, request: PlatformRequest) =>
    (await http(operation, url, request)).body;
  /** The OAuth endpoints take a form, the app named by its client_key and secret [TT-TOKEN]. */
  const form = (operation: TikTokOperation, path: string, fields: Record<string, string>) =>
    call(operation, `${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_key: options.clientKey,
        client_secret: options.clientSecret,
        ...fields,
      }).toString(),
    });
  /** Every other call: the user's token as Bearer, a JSON body [TT-DIRECT]. */
  const json = (operation: TikTokOperation, path: string, token: string, body: unknown = {}) =>
    call(operation, `${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=UTF-8' },
      body: JSON.stringify(body),
    });

  return {
    /** `POST /v2/oauth/token/` with a code or a refresh token. */
    requestToken(operation: 'exchange-code' | 'refresh', fields: Record<string, string>) {
      return form(operation, '/v2/oauth/token/', fields);
    },
    /** `POST /v2/oauth/revoke/` with the access token. */
    revoke(accessToken: string) {
      return form('revoke', '/v2/oauth/revoke/', { token: accessToken });
    },
    /** `GET /v2/user/info/?fields=…` [TT-USER]. */
    getUser(accessToken: string, fields: readonly string[]) {
      return call('read', `${base}/v2/user/info/?${new URLSearchParams({ fields: fields.join(',') })}`, {
        method: 'GET',
        headers: { authorization: `Bearer ${accessToken}` },
      });
    },
    /** `POST /v2/post/publish/creator_info/query/` (video.publish). */
    queryCreatorInfo(accessToken: string) {
      return json('read', '/v2/post/publish/creator_info/query/', accessToken);
    },
    /** `POST /v2/post/publish/video/init/` (direct) or `/v2/post/publish/inbox/video/init/` (inbox). */
    initVideo(accessToken: string, inbox: boolean, body: unknown) {
      const path = inbox ? '/v2/post/publish/inbox/video/init/' : '/v2/post/publish/video/init/';
      return json('upload', path, accessToken, body);
    },
    /** `POST /v2/post/publish/content/init/` (photos, PULL_FROM_URL): TikTok starts posting at once. */
    initPhotos(accessToken: string, body: unknown) {
      return json('publish', '/v2/post/publish/content/init/', accessToken, body);
    },
    /**
     * `PUT {upload_url}` one chunk with `Content-Range: bytes first-last/total` [TT-TRANSFER]. The
     * last chunk completes the upload, after which TikTok posts: that call is a publish.
     */
    putChunk(
      uploadUrl: string,
      chunk: { bytes: Buffer; first: number; total: number; mimeType: string; last: boolean },
    ) {
      return call(chunk.last ? 'publish' : 'upload', uploadUrl, {
        method: 'PUT',
        headers: {
          'content-type': chunk.mimeType,
          'content-range': `bytes ${chunk.first}-${chunk.first + chunk.bytes.length - 1}/${chunk.total}`,
        },
        body: new Uint8Array(chunk.bytes),
      });
    },
    /** `POST /v2/post/publish/status/fetch/` {publish_id}. */
    fetchStatus(accessToken: string, publishId: string) {
      return json('read', '/v2/post/publish/status/fetch/', accessToken, { publish_id: publishId });
    },
    /** `POST /v2/video/list/?fields=…` {max_count, cursor} (video.list): newest first. */
    listVideos(accessToken: string, fields: readonly string[], input: { maxCount: number; cursor?: number }) {
      return json(
        'read',
        `/v2/video/list/?${new URLSearchParams({ fields: fields.join(',') })}`,
        accessToken,
        { max_count: input.maxCount, ...(input.cursor === undefined ? {} : { cursor: input.cursor }) },
      );
    },
    /** `POST /v2/video/query/?fields=…` {filters:{video_ids}} (video.list), up to 20 ids. */
    queryVideos(accessToken: string, fields: readonly string[], ids: string[]) {
      return json(
        'read',
        `/v2/video/query/?${new URLSearchParams({ fields: fields.join(',') })}`,
        accessToken,
        { filters: { video_ids: ids } },
      );
    },
  };
}
