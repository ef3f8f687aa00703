import { createPlatformHttp, type PlatformRequest } from '../http/platform-http';
import { type MastodonOperation, mastodonErrors } from './transform';

/*
 * The raw Mastodon REST client of one server (docs.joinmastodon.org/methods), on the shared HTTP
 * client (timeouts, JSON, failures: http/platform-http.ts). Answers Mastodon's JSON as it came;
 * failures leave as our error kinds (transform.ts). `base` is the server's origin, or the
 * simulator's place for it.
 */

export interface MastodonApiOptions {
  fetch: typeof fetch;
  timeoutMs: number;
}

export function createMastodonApi(options: MastodonApiOptions) {
  const http = createPlatformHttp({
    errors: mastodonErrors,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
  const call = async (operation: MastodonOperation, url: string, request: PlatformRequest) =>
    (await http(operation, url, request)).body;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const form = (fields: Record<string, string>) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

  return {
    /** `GET /api/v2/instance` (public): the server's name, version and limits. */
    getInstance(base: string) {
      return call('read', `${base}/api/v2/instance`, { method: 'GET' });
    },
    /** `POST /api/v1/apps`: registers Kitepost on this server (docs.joinmastodon.org/methods/apps/#create). */
    registerApp(
      base: string,
      input: { clientName: string; redirectUri: string; scopes: string; website: string },
    ) {
      return call('register-app', `${base}/api/v1/apps`, {
        method: 'POST',
        ...form({
          client_name: input.clientName,
          redirect_uris: input.redirectUri,
          scopes: input.scopes,
          website: input.website,
        }),
      });
    },
    /** `POST /oauth/token`, authorization_code grant with the PKCE verifier (docs …/methods/oauth/#token). */
    requestToken(base: string, fields: Record<string, string>) {
      return call('exchange-code', `${base}/oauth/token`, { method: 'POST', ...form(fields) });
    },
    /** `POST /oauth/revoke` (docs …/methods/oauth/#revoke): 200 `{}`, also for a token it no longer knows. */
    async revokeToken(base: string, fields: { client_id: string; client_secret: string; token: string }) {
      await call('revoke', `${base}/oauth/revoke`, { method: 'POST', ...form(fields) });
    },
    verifyCredentials(base: string, token: string) {
      return call('read', `${base}/api/v1/accounts/verify_credentials`, {
        method: 'GET',
        headers: bearer(token),
      });
    },
    /** `POST /api/v2/media` (multipart `file`, `description`): 200 processed, 202 still processing. */
    uploadMedia(
      base: string,
      token: string,
      input: { bytes: Buffer; mimeType: string; fileName: string; description: string | null },
    ) {
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(input.bytes)], { type: input.mimeType }), input.fileName);
      if (input.description) body.append('description', input.description);
      return call('upload', `${base}/api/v2/media`, { method: 'POST', headers: bearer(token), body });
    },
    /** `GET /api/v1/media/:id`: 200 once processed, 206 while still processing. */
    getMedia(base: string, token: string, id: string) {
      return http('read', `${base}/api/v1/media/${encodeURIComponent(id)}`, {
        method: 'GET',
        headers: bearer(token),
      });
    },
    /**
     * `POST /api/v1/statuses` (docs …/methods/statuses/#create) as JSON, with `Idempotency-Key`:
     * the server answers the same status to the same key for an hour instead of posting again.
     */
    createStatus(base: string, token: string, payload: Record<string, unknown>, idempotencyKey: string) {
      return call('publish', `${base}/api/v1/statuses`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify(payload),
      });
    },
    /** `GET /api/v1/statuses/:id`; a 404 (deleted) is an answer. */
    getStatus(base: string, token: string, id: string) {
      return http('read', `${base}/api/v1/statuses/${encodeURIComponent(id)}`, {
        method: 'GET',
        headers: bearer(token),
        accept: (status) => (status >= 200 && status < 300) || status === 404,
      });
    },
    /** `GET /api/v1/accounts/:id/statuses` (newest first; `limit` ≤ 40, `max_id` pages back). */
    getAccountStatuses(
      base: string,
      token: string,
      accountId: string,
      input: { limit: number; maxId?: string },
    ) {
      const query = new URLSearchParams({
        limit: String(input.limit),
        ...(input.maxId ? { max_id: input.maxId } : {}),
      });
      return call('read', `${base}/api/v1/accounts/${encodeURIComponent(accountId)}/statuses?${query}`, {
        method: 'GET',
        headers: bearer(token),
      });
    },
  };
}
