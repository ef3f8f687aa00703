import { createPlatformHttp } from '../http/platform-http';
import type { LocalPostPayload } from './publish-transform';
import { googleBusinessErrors } from './transform';

/*
 * The raw Business Profile API client on the shared HTTP client (timeouts, JSON, failures:
 * http/platform-http.ts). Three Google hosts serve what Kitepost needs (decision 090):
 *   Account Management API v1   https://mybusinessaccountmanagement.googleapis.com  /v1/accounts
 *   Business Information API v1 https://mybusinessbusinessinformation.googleapis.com  /v1/{account}/locations
 *   Google My Business API v4   https://mybusiness.googleapis.com  /v4/{location}/localPosts
 * The adapter is configured with ONE base (`apiBaseUrl`): Google's v4 host, or the simulator's
 * `/sandbox/google-business/api`. `googleBusinessBases` derives the three from it, one rule for
 * both: on googleapis.com the first label of the host names the API; anywhere else the same label
 * is the first segment of the path (`…/api/mybusinessaccountmanagement/v1/accounts`).
 */

export interface GoogleBusinessBases {
  accounts: string;
  information: string;
  posts: string;
}

const API_LABELS = {
  accounts: 'mybusinessaccountmanagement',
  information: 'mybusinessbusinessinformation',
  posts: 'mybusiness',
} as const;

export function googleBusinessBases(apiBaseUrl: string): GoogleBusinessBases {
  const base = apiBaseUrl.replace(/\/$/, '');
  const url = new URL(base);
  const onGoogle = url.hostname.endsWith('.googleapis.com') && (url.pathname === '/' || url.pathname === '');
  const baseOf = (label: string) =>
    onGoogle ? `${url.protocol}//${label}.googleapis.com` : `${base}/${label}`;
  return {
    accounts: baseOf(API_LABELS.accounts),
    information: baseOf(API_LABELS.information),
    posts: baseOf(API_LABELS.posts),
  };
}

export interface GoogleBusinessApiOptions {
  apiBaseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
}

/** Locations a page (Business Information `pageSize`: at most 100). */
const LOCATIONS_PAGE_SIZE = 100;
/** Accounts a page (Account Management `pageSize`: at most 20). */
const ACCOUNTS_PAGE_SIZE = 20;

export function createGoogleBusinessApi(options: GoogleBusinessApiOptions) {
  const bases = googleBusinessBases(options.apiBaseUrl);
  const call = createPlatformHttp({
    errors: googleBusinessErrors,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
  const get = async (url: string, accessToken: string) =>
    (await call('read', url, { method: 'GET', headers: bearer(accessToken) })).body;
  const withPage = (query: URLSearchParams, pageToken: string | null) => {
    if (pageToken) query.set('pageToken', pageToken);
    return query;
  };

  return {
    /** `GET /v1/accounts`: the business accounts the user may manage. */
    async listAccounts(accessToken: string, pageToken: string | null) {
      const query = withPage(new URLSearchParams({ pageSize: String(ACCOUNTS_PAGE_SIZE) }), pageToken);
      return get(`${bases.accounts}/v1/accounts?${query}`, accessToken);
    },
    /** `GET /v1/{account}/locations?readMask=name,title,storefrontAddress,metadata` (readMask is required). */
    async listLocations(accessToken: string, account: string, pageToken: string | null) {
      const query = withPage(
        new URLSearchParams({
          readMask: 'name,title,storefrontAddress,metadata',
          pageSize: String(LOCATIONS_PAGE_SIZE),
        }),
        pageToken,
      );
      return get(`${bases.information}/v1/${account}/locations?${query}`, accessToken);
    },
    /** `POST /v4/{location}/localPosts` with a LocalPost: answers the LocalPost made. */
    async createLocalPost(accessToken: string, location: string, payload: LocalPostPayload) {
      const answer = await call('publish', `${bases.posts}/v4/${location}/localPosts`, {
        method: 'POST',
        headers: { ...bearer(accessToken), 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return answer.body;
    },
    /** `GET /v4/{name}`: one local post (its state while Google processes it). */
    async getLocalPost(accessToken: string, name: string) {
      return get(`${bases.posts}/v4/${name}`, accessToken);
    },
    /** `GET /v4/{location}/localPosts?pageSize=…`: the location's posts, newest first. */
    async listLocalPosts(accessToken: string, location: string, pageSize: number) {
      return get(`${bases.posts}/v4/${location}/localPosts?pageSize=${pageSize}`, accessToken);
    },
  };
}
