import { createPlatformHttp } from '../http/platform-http';
import { SocialPlatformError } from '../social-provider';
import type { LinkedInMetricType } from './metrics-transform';
import { linkedInErrors } from './transform';

/*
 * The raw LinkedIn client: its URLs, auth and version headers, on the shared HTTP client
 * (timeouts, JSON, failures: http/platform-http.ts). Answers LinkedIn's JSON (and the headers,
 * where the answer is in them) as it came; failures leave as our error kinds
 * (transform.ts decides which). Pointed at LinkedIn or at the platform simulator by its URLs, with
 * any `fetch` (the simulator's is in-process).
 */

export interface LinkedInApiOptions {
  /** e.g. `https://api.linkedin.com` (paths start with /v2/ or /rest/). */
  apiBaseUrl: string;
  /** e.g. `https://www.linkedin.com/oauth/v2/accessToken`: on www, not under the API. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  fetch: typeof fetch;
  /** How long one call may take, body included, before it counts as unanswered. */
  timeoutMs: number;
  /**
   * `LinkedIn-Version` on every /rest call (YYYYMM, from LINKEDIN_API_VERSION): LinkedIn serves a
   * version for twelve months only (api-version.ts).
   */
  version: string;
}

/**
 * A PDF goes up in one PUT of up to 100 MB: at 10 Mbit/s that is 80 s, far past the time an API
 * call gets. Its PUT alone may take this long (the publisher gives a post with a document the
 * video lease, minutes).
 */
const DOCUMENT_UPLOAD_TIMEOUT_MS = 5 * 60_000;

export function createLinkedInApi(options: LinkedInApiOptions) {
  const base = options.apiBaseUrl.replace(/\/$/, '');

  const call = createPlatformHttp({
    errors: linkedInErrors,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
  const longCall = createPlatformHttp({
    errors: linkedInErrors,
    fetch: options.fetch,
    timeoutMs: Math.max(options.timeoutMs, DOCUMENT_UPLOAD_TIMEOUT_MS),
  });

  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
  /** What every versioned /rest call carries (platforms.md L4). */
  const rest = (accessToken: string) => ({
    ...bearer(accessToken),
    'linkedin-version': options.version,
    'x-restli-protocol-version': '2.0.0',
  });

  /**
   * `PUT` bytes to an upload URL LinkedIn answered. The token goes along only to LinkedIn itself
   * (the API's host or a linkedin.com host): the URL comes from an answer.
   */
  async function put(
    accessToken: string,
    uploadUrl: string,
    bytes: Buffer,
    contentType: string,
    http: typeof call = call,
  ) {
    const target = new URL(uploadUrl);
    const api = new URL(base);
    const trusted =
      target.host === api.host ||
      (target.protocol === 'https:' &&
        (target.hostname === 'linkedin.com' || target.hostname.endsWith('.linkedin.com')));
    if (target.protocol !== 'https:' && target.host !== api.host) {
      throw new SocialPlatformError(
        'linkedin',
        `LinkedIn gave an upload URL that is not https: ${target.origin}`,
      );
    }
    const answer = await http('upload', uploadUrl, {
      method: 'PUT',
      headers: {
        ...(trusted ? { authorization: `Bearer ${accessToken}` } : {}),
        'content-type': contentType,
      },
      body: new Uint8Array(bytes),
    });
    return answer.headers;
  }

  return {
    /**
     * `POST {tokenUrl}` with a code or a refresh token. The client authenticates in the form body:
     * LinkedIn documents it so, and Basic auth reportedly does not work there (platforms.md L2).
     */
    async requestToken(operation: 'exchange-code' | 'refresh', fields: Record<string, string>) {
      const answer = await call(operation, options.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          ...fields,
          client_id: options.clientId,
          client_secret: options.clientSecret,
        }).toString(),
      });
      return answer.body;
    },
    /** `GET /v2/userinfo` (OpenID Connect; unversioned). */
    async getUserinfo(accessToken: string) {
      return (await call('read', `${base}/v2/userinfo`, { method: 'GET', headers: bearer(accessToken) }))
        .body;
    },
    /** `POST /rest/posts`: 201 with no body needed; the URN is in the headers. */
    async createPost(accessToken: string, payload: Record<string, unknown>): Promise<Headers> {
      const answer = await call('publish', `${base}/rest/posts`, {
        method: 'POST',
        headers: { ...rest(accessToken), 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return answer.headers;
    },
    /** `POST /rest/images?action=initializeUpload`: an upload URL and the image URN for `owner`. */
    async initializeImageUpload(accessToken: string, owner: string) {
      const answer = await call('upload', `${base}/rest/images?action=initializeUpload`, {
        method: 'POST',
        headers: { ...rest(accessToken), 'content-type': 'application/json' },
        body: JSON.stringify({ initializeUploadRequest: { owner } }),
      });
      return answer.body;
    },
    /** `PUT {uploadUrl}` with the image's bytes (one PUT for an image). */
    async uploadImage(accessToken: string, uploadUrl: string, image: { bytes: Buffer; mimeType: string }) {
      await put(accessToken, uploadUrl, image.bytes, image.mimeType);
    },
    /**
     * `POST /rest/videos?action=initializeUpload` for a video of `fileSizeBytes`, without captions
     * or thumbnail: the video URN, an upload token and the parts to PUT (Videos API,
     * learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/videos-api).
     */
    async initializeVideoUpload(accessToken: string, owner: string, fileSizeBytes: number) {
      const answer = await call('upload', `${base}/rest/videos?action=initializeUpload`, {
        method: 'POST',
        headers: { ...rest(accessToken), 'content-type': 'application/json' },
        body: JSON.stringify({
          initializeUploadRequest: { owner, fileSizeBytes, uploadCaptions: false, uploadThumbnail: false },
        }),
      });
      return answer.body;
    },
    /**
     * `PUT {uploadUrl}` with one part's bytes; answers the part's `ETag`, which finalizeUpload
     * names (Videos API: "uploadedPartIds … the ETag values from the upload responses").
     */
    async uploadVideoPart(accessToken: string, uploadUrl: string, bytes: Buffer): Promise<string> {
      const headers = await put(accessToken, uploadUrl, bytes, 'application/octet-stream');
      const etag = headers.get('etag');
      if (!etag) {
        throw new SocialPlatformError('linkedin', 'LinkedIn answered a video part upload without its ETag');
      }
      return etag;
    },
    /** `POST /rest/videos?action=finalizeUpload` with the parts' ETags in order. */
    async finalizeVideoUpload(
      accessToken: string,
      request: { video: string; uploadToken: string; uploadedPartIds: string[] },
    ) {
      await call('upload', `${base}/rest/videos?action=finalizeUpload`, {
        method: 'POST',
        headers: { ...rest(accessToken), 'content-type': 'application/json' },
        body: JSON.stringify({ finalizeUploadRequest: request }),
      });
    },
    /**
     * `POST /rest/documents?action=initializeUpload {initializeUploadRequest: {owner}}`: an upload
     * URL and the document URN (Documents API, learn.microsoft.com/en-us/linkedin/marketing/
     * community-management/shares/documents-api; `w_member_social` for a member owner).
     */
    async initializeDocumentUpload(accessToken: string, owner: string) {
      const answer = await call('upload', `${base}/rest/documents?action=initializeUpload`, {
        method: 'POST',
        headers: { ...rest(accessToken), 'content-type': 'application/json' },
        body: JSON.stringify({ initializeUploadRequest: { owner } }),
      });
      return answer.body;
    },
    /**
     * `PUT {uploadUrl}` with the whole PDF in one request (`Content-Type: application/pdf`; research
     * sheet 2.3; Postiz: several PUTs to one upload URL overwrite each other).
     */
    async uploadDocument(accessToken: string, uploadUrl: string, bytes: Buffer) {
      await put(accessToken, uploadUrl, bytes, 'application/pdf', longCall);
    },
    /**
     * `GET /rest/documents/{encoded URN}`: its `status` (the Images API's states). Answers null when
     * the token may not read it (403): Postiz does not poll a member's documents but waits a grace
     * period (linkedin.provider.ts; platforms.md audit 2026-11), and so does the adapter then.
     */
    async getDocument(accessToken: string, urn: string) {
      const answer = await call('read', `${base}/rest/documents/${encodeURIComponent(urn)}`, {
        method: 'GET',
        headers: rest(accessToken),
        accept: (status) => (status >= 200 && status < 300) || status === 403,
      });
      return answer.status === 403 ? null : answer.body;
    },
    /**
     * `GET /rest/videos/{encoded URN}`: its `status` (and `processingFailureReason`). The owner
     * may read it ("for videos with member URN owners, the caller needs to match the video owner").
     */
    async getVideo(accessToken: string, urn: string) {
      return (
        await call('read', `${base}/rest/videos/${encodeURIComponent(urn)}`, {
          method: 'GET',
          headers: rest(accessToken),
        })
      ).body;
    },
    /**
     * `POST /rest/socialActions/{encoded post URN}/comments` `{actor, object, message: {text}}`
     * (Comments API, learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/
     * comments-api). Not repeatable: a second call would comment twice.
     */
    async createComment(
      accessToken: string,
      post: string,
      comment: { actor: string; object: string; message: { text: string } },
    ) {
      const answer = await call(
        'comment',
        `${base}/rest/socialActions/${encodeURIComponent(post)}/comments`,
        {
          method: 'POST',
          headers: { ...rest(accessToken), 'content-type': 'application/json' },
          body: JSON.stringify(comment),
        },
      );
      return { body: answer.body, headers: answer.headers };
    },
    /** `GET /rest/posts?q=author`: one page of the author's posts, most recently changed first. */
    async getPostsByAuthor(accessToken: string, author: string, page: { start: number; count: number }) {
      const query = new URLSearchParams({
        q: 'author',
        author,
        count: String(page.count),
        start: String(page.start),
        sortBy: 'LAST_MODIFIED',
      });
      const answer = await call('read', `${base}/rest/posts?${query}`, {
        method: 'GET',
        headers: { ...rest(accessToken), 'x-restli-method': 'FINDER' },
      });
      return answer.body;
    },
    /**
     * `DELETE /rest/posts/{encoded URN}` with `X-RestLi-Method: DELETE`, as the Posts API's
     * "Delete Posts" sample sends it (platforms.md L4, and the audit 2026-11).
     */
    async deletePost(accessToken: string, urn: string) {
      await call('delete', `${base}/rest/posts/${encodeURIComponent(urn)}`, {
        method: 'DELETE',
        headers: { ...rest(accessToken), 'x-restli-method': 'DELETE' },
      });
    },
    /**
     * `GET /rest/images/{encoded URN}`: the image's `status` (`WAITING_UPLOAD`, `PROCESSING`,
     * `AVAILABLE`, `PROCESSING_FAILED`; Images API, learn.microsoft.com/en-us/linkedin/marketing/
     * community-management/shares/images-api). Answers null when the member's token may not read
     * it (403): the caller then waits without knowing (platforms.md, audit 2026-11).
     */
    async getImage(accessToken: string, urn: string) {
      const answer = await call('read', `${base}/rest/images/${encodeURIComponent(urn)}`, {
        method: 'GET',
        headers: rest(accessToken),
        accept: (status) => (status >= 200 && status < 300) || status === 403,
      });
      return answer.status === 403 ? null : answer.body;
    },
    /**
     * One metric's total for one post: `GET /rest/memberCreatorPostAnalytics?q=entity`. Answers
     * null when LinkedIn no longer knows the post (404: deleted).
     */
    async getPostMetric(accessToken: string, entity: string, queryType: LinkedInMetricType) {
      // Built by hand: the Rest.li tuple's parentheses and colon must stay as they are.
      const query = `q=entity&entity=${entity}&queryType=${queryType}&aggregation=TOTAL`;
      const answer = await call('read', `${base}/rest/memberCreatorPostAnalytics?${query}`, {
        method: 'GET',
        headers: rest(accessToken),
        accept: (status) => (status >= 200 && status < 300) || status === 404,
      });
      return answer.status === 404 ? null : answer.body;
    },
    /**
     * A post's video plays: `GET /rest/memberCreatorVideoAnalytics?q=entity&queryType=VIDEO_PLAY`,
     * "Video plays count with play-pause cycles for at least 2 seconds" (Member Video Statistics,
     * learn.microsoft.com/en-us/linkedin/marketing/community-management/members/video-statistics;
     * r_member_postAnalytics; its query is read as memberCreatorPostAnalytics's, the page's sample
     * was not read in full). A post without a video has no element; null when LinkedIn no longer
     * knows the post (404).
     */
    async getVideoPlays(accessToken: string, entity: string) {
      const query = `q=entity&entity=${entity}&queryType=VIDEO_PLAY&aggregation=TOTAL`;
      const answer = await call('read', `${base}/rest/memberCreatorVideoAnalytics?${query}`, {
        method: 'GET',
        headers: rest(accessToken),
        accept: (status) => (status >= 200 && status < 300) || status === 404,
      });
      return answer.status === 404 ? null : answer.body;
    },
  };
}
