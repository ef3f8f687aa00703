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
    /**
     * `POST /{page-id}/feed` with a Page token; `attached_media` a JSON array of photo ids, `link` a
     * URL whose card Facebook renders from the page's Open Graph tags.
     */
    createPagePost(
      pageToken: string,
      pageId: string,
      payload: { message: string; attached_media?: string; link?: string },
    ) {
      return call('publish', 'POST', `/${id(pageId)}/feed`, { ...payload, access_token: pageToken });
    },
    /**
     * `POST /{page-id}/photos {url, published:false}`: a photo Facebook downloads, shown by no post
     * yet. `alt_text_custom`: the photo's alt text (a parameter of the Page photos edge in Meta's
     * own SDK, facebook-python-business-sdk page.py create_photo).
     */
    uploadUnpublishedPhoto(pageToken: string, pageId: string, url: string, altText?: string | null) {
      return call('upload', 'POST', `/${id(pageId)}/photos`, {
        url,
        published: 'false',
        ...(altText ? { alt_text_custom: altText } : {}),
        access_token: pageToken,
      });
    },
    /**
     * `POST /{page-id}/videos {file_url, description, published:true}`: a feed video Facebook
     * downloads from the URL, then processes and publishes (Video API; Postiz facebook.provider.ts
     * posts videos this way).
     */
    createVideo(pageToken: string, pageId: string, payload: { file_url: string; description: string }) {
      return call('publish', 'POST', `/${id(pageId)}/videos`, {
        ...payload,
        published: 'true',
        access_token: pageToken,
      });
    },
    /**
     * `POST /{page-id}/video_reels` or `/video_stories` `upload_phase=start`: an upload session,
     * `{video_id, upload_url}` (Reels Publishing API; Page Stories API).
     */
    startVideoUpload(pageToken: string, pageId: string, edge: 'video_reels' | 'video_stories') {
      return call('upload', 'POST', `/${id(pageId)}/${edge}`, {
        upload_phase: 'start',
        access_token: pageToken,
      });
    },
    /**
     * The upload of a hosted file to the session's `upload_url` (rupload.facebook.com): the
     * `file_url` header names the public URL Facebook fetches, `Authorization: OAuth <token>`
     * (Reels Publishing API, "Upload a hosted file"; Postiz facebook.provider.ts does the same for
     * story videos).
     */
    uploadHostedVideo(pageToken: string, uploadUrl: string, fileUrl: string) {
      return http('upload', uploadUrl, {
        method: 'POST',
        headers: { authorization: `OAuth ${pageToken}`, file_url: fileUrl },
      }).then((answer) => answer.body);
    },
    /**
     * `upload_phase=finish`: a Reel published with its description (`video_state=PUBLISHED`), or a
     * video story published (`{success, post_id}`).
     */
    finishVideoUpload(
      pageToken: string,
      pageId: string,
      edge: 'video_reels' | 'video_stories',
      videoId: string,
      payload: Record<string, string>,
    ) {
      return call('publish', 'POST', `/${id(pageId)}/${edge}`, {
        upload_phase: 'finish',
        video_id: videoId,
        ...payload,
        access_token: pageToken,
      });
    },
    /** `POST /{page-id}/photo_stories {photo_id}`: an unpublished photo published as a story. */
    createPhotoStory(pageToken: string, pageId: string, photoId: string) {
      return call('publish', 'POST', `/${id(pageId)}/photo_stories`, {
        photo_id: photoId,
        access_token: pageToken,
      });
    },
    /** `POST /{object-id}/comments {message}` as the Page: a comment under a post or video. */
    createComment(pageToken: string, objectId: string, message: string) {
      return call('publish', 'POST', `/${id(objectId)}/comments`, {
        message,
        fields: 'id,permalink_url',
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
    /** `GET /{video-id}/video_insights`: a video's or Reel's lifetime insights (all of them). */
    getVideoInsights(pageToken: string, videoId: string) {
      return call('read', 'GET', `/${id(videoId)}/video_insights`, { access_token: pageToken });
    },
    getPostInsights(pageToken: string, postId: string, metrics: readonly string[]) {
      return call('read', 'GET', `/${id(postId)}/insights`, {
        metric: metrics.join(','),
        access_token: pageToken,
      });
    },
  };
}
