import { createPlatformHttp } from '../http/platform-http';
import { youtubeErrors } from './transform';

/*
 * The raw YouTube Data API v3 client on the shared HTTP client (timeouts, JSON, failures:
 * http/platform-http.ts): URLs, the Bearer token, how bodies are sent. Answers YouTube's JSON as
 * it came; failures leave as our error kinds (transform.ts). Pointed at www.googleapis.com or at
 * the simulator by its base URL. References: developers.google.com/youtube/v3/docs and
 * developers.google.com/youtube/v3/guides/using_resumable_upload_protocol.
 */

export interface YouTubeApiOptions {
  /** `https://www.googleapis.com` (paths /youtube/v3/… and /upload/youtube/v3/…). */
  apiBaseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
}

/** Where a resumable upload stands: done (the video), or how many bytes YouTube has. */
export type UploadProgress = { done: true; video: unknown } | { done: false; received: number };

/** `Range: bytes=0-524287` (a 308's) → 524288 bytes received; none → 0. */
export function receivedOf(range: string | null): number {
  const match = /^bytes=0-(\d+)$/.exec(range?.trim() ?? '');
  return match ? Number(match[1]) + 1 : 0;
}

export function createYouTubeApi(options: YouTubeApiOptions) {
  const root = options.apiBaseUrl.replace(/\/$/, '');
  const base = `${root}/youtube/v3`;
  const call = createPlatformHttp({
    errors: youtubeErrors,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
  const get = async (accessToken: string, path: string, query: Record<string, string>) =>
    (
      await call('read', `${base}/${path}?${new URLSearchParams(query)}`, {
        method: 'GET',
        headers: bearer(accessToken),
      })
    ).body;
  const progressOf = (answer: { status: number; headers: Headers; body: unknown }): UploadProgress =>
    answer.status === 308
      ? { done: false, received: receivedOf(answer.headers.get('range')) }
      : { done: true, video: answer.body };

  return {
    /** `channels.list part=snippet,statistics,contentDetails mine=true` (1 unit). */
    myChannel: (accessToken: string) =>
      get(accessToken, 'channels', { part: 'snippet,statistics,contentDetails', mine: 'true' }),
    /** `videos.list part=… id=…` (1 unit, up to 50 ids). */
    listVideos: (accessToken: string, ids: string[], parts: string) =>
      get(accessToken, 'videos', { part: parts, id: ids.join(','), maxResults: '50' }),
    /** `playlistItems.list part=snippet playlistId=… maxResults=50` (1 unit): newest first for uploads. */
    listPlaylistItems: (accessToken: string, playlistId: string) =>
      get(accessToken, 'playlistItems', { part: 'snippet', playlistId, maxResults: '50' }),

    /**
     * Step 1 of the resumable protocol: `POST /upload/youtube/v3/videos?uploadType=resumable&part=
     * snippet,status` with the metadata as JSON and `X-Upload-Content-Length`/`-Type`; the session
     * URL comes back in `Location`.
     */
    async startUpload(accessToken: string, metadata: object, file: { sizeBytes: number; mimeType: string }) {
      const query = new URLSearchParams({ uploadType: 'resumable', part: 'snippet,status' });
      const answer = await call('upload-start', `${root}/upload/youtube/v3/videos?${query}`, {
        method: 'POST',
        headers: {
          ...bearer(accessToken),
          'content-type': 'application/json; charset=UTF-8',
          'x-upload-content-length': String(file.sizeBytes),
          'x-upload-content-type': file.mimeType,
        },
        body: JSON.stringify(metadata),
      });
      const location = answer.headers.get('location');
      if (!location) throw new Error('YouTube opened no upload session (no Location header).');
      return new URL(location, root).toString();
    },

    /**
     * Step 2: one chunk, `Content-Range: bytes first-last/total` → 308 (with `Range`: what YouTube
     * has) or 200/201 with the video once the last byte is in.
     */
    async putChunk(
      accessToken: string,
      uploadUrl: string,
      chunk: { bytes: Buffer; first: number; total: number; mimeType: string },
    ): Promise<UploadProgress> {
      const last = chunk.first + chunk.bytes.length - 1;
      const answer = await call('publish', uploadUrl, {
        method: 'PUT',
        headers: {
          ...bearer(accessToken),
          'content-type': chunk.mimeType,
          'content-range': `bytes ${chunk.first}-${last}/${chunk.total}`,
        },
        body: new Uint8Array(chunk.bytes),
        accept: (status) => status === 200 || status === 201 || status === 308,
      });
      return progressOf(answer);
    },

    /** Step 3 "Resume an interrupted upload": `PUT` with `Content-Range: bytes *\/total` and no body. */
    async uploadStatus(accessToken: string, uploadUrl: string, total: number): Promise<UploadProgress> {
      const answer = await call('upload-status', uploadUrl, {
        method: 'PUT',
        headers: { ...bearer(accessToken), 'content-range': `bytes */${total}` },
        accept: (status) => status === 200 || status === 201 || status === 308,
      });
      return progressOf(answer);
    },

    /** `thumbnails.set videoId=…` (50 units): the image's bytes as the body (JPEG or PNG, ≤ 2 MB). */
    async setThumbnail(accessToken: string, videoId: string, image: { bytes: Buffer; mimeType: string }) {
      const query = new URLSearchParams({ videoId });
      return (
        await call('thumbnail', `${root}/upload/youtube/v3/thumbnails/set?${query}`, {
          method: 'POST',
          headers: { ...bearer(accessToken), 'content-type': image.mimeType },
          body: new Uint8Array(image.bytes),
        })
      ).body;
    },
  };
}
