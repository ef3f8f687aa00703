import { createPlatformHttp } from '../http/platform-http';
import { type BlueskyOperation, blueskyErrors } from './transform';

/*
 * The raw XRPC client (atproto.com specs/xrpc): `GET|POST {service}/xrpc/{nsid}`, JSON in and out,
 * `Authorization: Bearer <accessJwt>` (the refresh calls carry the refreshJwt). On the shared HTTP
 * client (timeouts, transport failures: http/platform-http.ts); refusals leave as our error kinds
 * (transform.ts). Every call names its service: each account lives on its own PDS, and in the
 * sandbox the simulator is every PDS.
 */

export interface BlueskyApiOptions {
  fetch: typeof fetch;
  timeoutMs: number;
}

type Query = Record<string, string | number | string[] | undefined>;

function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, String(one));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createBlueskyApi(options: BlueskyApiOptions) {
  const http = createPlatformHttp({
    errors: blueskyErrors,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
  const url = (service: string, nsid: string, query: Query = {}) =>
    `${service.replace(/\/$/, '')}/xrpc/${nsid}${queryString(query)}`;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  const query = async (
    operation: BlueskyOperation,
    service: string,
    nsid: string,
    params: Query,
    token?: string,
  ) =>
    (
      await http(operation, url(service, nsid, params), {
        method: 'GET',
        headers: token ? bearer(token) : {},
      })
    ).body;
  const procedure = async (
    operation: BlueskyOperation,
    service: string,
    nsid: string,
    input: unknown,
    token?: string,
  ) =>
    (
      await http(operation, url(service, nsid), {
        method: 'POST',
        headers: {
          ...(token ? bearer(token) : {}),
          ...(input === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(input === undefined ? {} : { body: JSON.stringify(input) }),
      })
    ).body;

  return {
    createSession: (service: string, identifier: string, password: string) =>
      procedure('sign-in', service, 'com.atproto.server.createSession', { identifier, password }),
    refreshSession: (service: string, refreshJwt: string) =>
      procedure('refresh', service, 'com.atproto.server.refreshSession', undefined, refreshJwt),
    deleteSession: (service: string, refreshJwt: string) =>
      procedure('revoke', service, 'com.atproto.server.deleteSession', undefined, refreshJwt),
    resolveHandle: async (service: string, handle: string, token: string): Promise<string | null> => {
      const answer = await http(
        'resolve',
        url(service, 'com.atproto.identity.resolveHandle', { handle }),
        // A handle nobody has is a 400 InvalidRequest "Unable to resolve handle": not a failure here.
        { method: 'GET', headers: bearer(token), accept: (status) => status === 200 || status === 400 },
      );
      const did = (answer.body as { did?: unknown } | null)?.did;
      return answer.status === 200 && typeof did === 'string' ? did : null;
    },
    getProfile: (service: string, token: string, actor: string) =>
      query('read', service, 'app.bsky.actor.getProfile', { actor }, token),
    getPosts: (service: string, token: string, uris: string[]) =>
      query('read', service, 'app.bsky.feed.getPosts', { uris }, token),
    getRecord: (service: string, token: string, input: { repo: string; collection: string; rkey: string }) =>
      query('read', service, 'com.atproto.repo.getRecord', input, token),
    listRecords: (
      service: string,
      token: string,
      input: { repo: string; collection: string; limit: number; cursor?: string },
    ) => query('read', service, 'com.atproto.repo.listRecords', input, token),
    /** The image's bytes as the body, its MIME type as the content type (com.atproto.repo.uploadBlob). */
    uploadBlob: async (service: string, token: string, bytes: Buffer, mimeType: string) =>
      (
        await http('upload', url(service, 'com.atproto.repo.uploadBlob'), {
          method: 'POST',
          headers: { ...bearer(token), 'content-type': mimeType },
          body: new Uint8Array(bytes),
        })
      ).body,
    createRecord: (
      service: string,
      token: string,
      input: { repo: string; collection: string; record: unknown },
    ) => procedure('publish', service, 'com.atproto.repo.createRecord', input, token),
    deleteRecord: (
      service: string,
      token: string,
      input: { repo: string; collection: string; rkey: string },
    ) => procedure('delete', service, 'com.atproto.repo.deleteRecord', input, token),
  };
}

export type BlueskyApi = ReturnType<typeof createBlueskyApi>;
