import { createPlatformHttp } from '../http/platform-http';
import { PINTEREST_METRIC_TYPES } from './metrics-transform';
import { pinterestErrors } from './transform';

/*
 * The raw Pinterest API v5 client: its URLs and auth on the shared HTTP client (timeouts, JSON,
 * failures: http/platform-http.ts). Answers Pinterest's JSON as it came; failures leave as our
 * error kinds (transform.ts). Pointed at Pinterest or at the platform simulator by its base URL.
 * Paths and shapes: pinterest/api-description v5/openapi.json v5.23.0 (platforms.md P1).
 */

export interface PinterestApiOptions {
  /** e.g. `https://api.pinterest.com` (paths start with /v5/). */
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch: typeof fetch;
  timeoutMs: number;
}

export function createPinterestApi(options: PinterestApiOptions) {
  const base = `${options.apiBaseUrl.replace(/\/$/, '')}/v5`;
  const call = createPlatformHttp({
    errors: pinterestErrors,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
  const json = (accessToken: string) => ({ ...bearer(accessToken), 'content-type': 'application/json' });
  const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;

  return {
    /**
     * `POST /v5/oauth/token`, form-encoded, the app authenticating with HTTP Basic (P1
     * `/oauth/token`; `securitySchemes.basic`). `continuous_refresh=true` asks apps created before
     * 2025-09-25 for the continuous refresh token too (P1: later apps get it anyway).
     */
    async requestToken(operation: 'exchange-code' | 'refresh', fields: Record<string, string>) {
      const answer = await call(operation, `${base}/oauth/token`, {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
      return answer.body;
    },
    /** `GET /v5/user_account`. */
    async getUserAccount(accessToken: string) {
      return (await call('read', `${base}/user_account`, { method: 'GET', headers: bearer(accessToken) }))
        .body;
    },
    /** `GET /v5/boards?page_size=…&bookmark=…`: one page of the user's boards. */
    async listBoards(accessToken: string, page: { size: number; bookmark: string | null }) {
      const query = new URLSearchParams({ page_size: String(page.size) });
      if (page.bookmark) query.set('bookmark', page.bookmark);
      return (await call('read', `${base}/boards?${query}`, { method: 'GET', headers: bearer(accessToken) }))
        .body;
    },
    /** `POST /v5/boards {name, description?, privacy}`. */
    async createBoard(accessToken: string, board: { name: string; description?: string }) {
      const answer = await call('board', `${base}/boards`, {
        method: 'POST',
        headers: json(accessToken),
        body: JSON.stringify({ ...board, privacy: 'PUBLIC' }),
      });
      return answer.body;
    },
    /** `POST /v5/pins` (`PinCreate`). */
    async createPin(accessToken: string, payload: object) {
      const answer = await call('publish', `${base}/pins`, {
        method: 'POST',
        headers: json(accessToken),
        body: JSON.stringify(payload),
      });
      return answer.body;
    },
    /** `GET /v5/boards/{id}/pins?page_size=…`: the board's Pins, newest first. */
    async listBoardPins(accessToken: string, boardId: string, size: number) {
      const query = new URLSearchParams({ page_size: String(size) });
      return (
        await call('read', `${base}/boards/${encodeURIComponent(boardId)}/pins?${query}`, {
          method: 'GET',
          headers: bearer(accessToken),
        })
      ).body;
    },
    /** `GET /v5/pins?page_size=…`: the user's own Pins, newest first. */
    async listUserPins(accessToken: string, size: number) {
      const query = new URLSearchParams({ page_size: String(size) });
      return (await call('read', `${base}/pins?${query}`, { method: 'GET', headers: bearer(accessToken) }))
        .body;
    },
    /**
     * `GET /v5/pins/{id}/analytics?start_date&end_date&metric_types=…` (comma separated:
     * `explode: false`). Answers null when Pinterest no longer knows the Pin (404).
     */
    async getPinAnalytics(
      accessToken: string,
      pinId: string,
      window: { startDate: string; endDate: string },
    ) {
      const query = new URLSearchParams({
        start_date: window.startDate,
        end_date: window.endDate,
        metric_types: PINTEREST_METRIC_TYPES.join(','),
      });
      const answer = await call('read', `${base}/pins/${encodeURIComponent(pinId)}/analytics?${query}`, {
        method: 'GET',
        headers: bearer(accessToken),
        accept: (status) => (status >= 200 && status < 300) || status === 404,
      });
      return answer.status === 404 ? null : answer.body;
    },
  };
}
