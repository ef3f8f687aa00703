import { z } from 'zod';
import { answerReader, comparableText } from '../http/parse-answer';
import { type PlatformErrors, type RefusedAnswer, serverErrorOf } from '../http/transport-error';
import {
  type ExternalAccount,
  InvalidContentError,
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
} from '../social-provider';

/*
 * Google Business Profile's answers to our types, and its failures to our error kinds. Pure: no
 * I/O, tested alone (transform.test.ts). Sources (decision 090; platforms.md, Google Business
 * Profile): developers.google.com/my-business/reference/accountmanagement/rest/v1/accounts/list,
 * …/businessinformation/rest/v1/accounts.locations/list, …/rest/v4/accounts.locations.localPosts,
 * Google's error model (cloud.google.com/apis/design/errors: `{error: {code, message, status,
 * details}}`), …/my-business/content/limits (429 on a quota) and Postiz gmb.provider.ts.
 */

const parse = answerReader('google_business', 'Google');

/** What a call to Google was doing: reads repeat after a lost answer; a local post is never repeated blindly. */
export type GoogleBusinessOperation = 'read' | 'publish';

/** The Business Profile APIs' access request (developers.google.com/my-business/content/prereqs). */
export const GOOGLE_BUSINESS_ACCESS_FORM =
  'https://developers.google.com/my-business/content/prereqs#request-access';

const errorDetail = z
  .object({
    '@type': z.string().optional(),
    reason: z.string().optional(),
    metadata: z.record(z.string(), z.string()).optional(),
    fieldViolations: z
      .array(z.object({ field: z.string().optional(), description: z.string().optional() }))
      .optional(),
    // v4's google.mybusiness.v4.ValidationError.
    errorDetails: z
      .array(
        z.object({
          code: z.number().optional(),
          field: z.string().optional(),
          message: z.string().optional(),
        }),
      )
      .optional(),
  })
  .loose();

const googleError = z.object({
  error: z
    .object({
      code: z.number().optional(),
      message: z.string().optional(),
      status: z.string().optional(),
      details: z.array(errorDetail).optional(),
    })
    .loose(),
});

type GoogleErrorBody = z.infer<typeof googleError>['error'];

/** The words of a refusal: its message, then what each field violation or validation error says. */
function reasonOf(error: GoogleErrorBody | undefined, status: number): string {
  const parts = [error?.message?.trim() || `HTTP ${status}`];
  for (const detail of error?.details ?? []) {
    for (const violation of detail.fieldViolations ?? []) {
      if (violation.description) parts.push(`${violation.field ?? 'request'}: ${violation.description}`);
    }
    for (const item of detail.errorDetails ?? []) {
      if (item.message) parts.push(`${item.field ?? 'request'}: ${item.message}`);
    }
  }
  return parts.join('; ');
}

const detailReason = (error: GoogleErrorBody | undefined) =>
  error?.details?.find((detail) => detail.reason)?.reason;

/**
 * A refused answer as our error kind. 401 UNAUTHENTICATED: the token is expired or revoked. 429
 * RESOURCE_EXHAUSTED: a per-minute quota (300 QPM a project, 10 edits a minute a profile:
 * …/content/limits); a quota whose limit is 0 is a project Google has not approved, which no wait
 * fixes. 403 SERVICE_DISABLED: the API is not enabled in the project. 400 INVALID_ARGUMENT /
 * FAILED_PRECONDITION: the post itself.
 */
export function googleBusinessErrorFrom(answer: RefusedAnswer<GoogleBusinessOperation>): SocialPlatformError {
  const { status, operation, now } = answer;
  const parsed = googleError.safeParse(answer.body);
  const error = parsed.success ? parsed.data.error : undefined;
  const reason = reasonOf(error, status);
  const server = serverErrorOf(googleBusinessErrors, {
    operation,
    status,
    reason,
    mayExist: 'the local post may or may not exist',
  });
  if (server) return server;
  if (status === 401 || error?.status === 'UNAUTHENTICATED') {
    return new TokenExpiredError('google_business', `Google refused the token (401): ${reason}`);
  }
  if (status === 429 || error?.status === 'RESOURCE_EXHAUSTED') {
    const limit = error?.details?.find((detail) => detail.metadata?.quota_limit_value !== undefined)?.metadata
      ?.quota_limit_value;
    if (limit === '0') {
      return new SocialPlatformError(
        'google_business',
        `Google has not approved this Cloud project for the Business Profile APIs yet (its quota is 0); request access at ${GOOGLE_BUSINESS_ACCESS_FORM}. ${reason}`,
      );
    }
    return new RateLimitedError(
      'google_business',
      `Google's Business Profile quota is used up for this minute: ${reason}`,
      new Date(now.getTime() + 60_000),
    );
  }
  if (status === 403) {
    if (detailReason(error) === 'SERVICE_DISABLED') {
      return new SocialPlatformError(
        'google_business',
        `A Business Profile API is not enabled in this Cloud project: ${reason}`,
      );
    }
    return new SocialPlatformError(
      'google_business',
      `Google refused this (403): the signed-in user may no longer manage this location. ${reason}`,
    );
  }
  if (status === 400 || error?.status === 'INVALID_ARGUMENT' || error?.status === 'FAILED_PRECONDITION') {
    return new InvalidContentError('google_business', `Google refused the post: ${reason}`);
  }
  return new SocialPlatformError('google_business', `Google answered ${status}: ${reason}`);
}

export const googleBusinessErrors: PlatformErrors<GoogleBusinessOperation> = {
  platform: 'google_business',
  name: 'Google',
  repeatable: new Set<GoogleBusinessOperation>(['read']),
  fromAnswer: googleBusinessErrorFrom,
};

/** `GET /v1/accounts` (Account Management API): `{accounts: [{name: "accounts/{id}", accountName, type}], nextPageToken}`. */
const accountsPage = z.object({
  accounts: z
    .array(
      z.object({ name: z.string().regex(/^accounts\/[^/]+$/), accountName: z.string().optional() }).loose(),
    )
    .optional(),
  nextPageToken: z.string().optional(),
});

export function toBusinessAccountsPage(body: unknown): { accounts: string[]; next: string | null } {
  const page = parse(accountsPage, body, 'accounts page');
  return { accounts: (page.accounts ?? []).map((account) => account.name), next: page.nextPageToken || null };
}

/** `GET /v1/{account}/locations?readMask=name,title,storefrontAddress,metadata` (Business Information API). */
const location = z
  .object({
    name: z.string().regex(/^locations\/[^/]+$/),
    title: z.string().optional(),
    storefrontAddress: z
      .object({ locality: z.string().optional(), addressLines: z.array(z.string()).optional() })
      .loose()
      .optional(),
    metadata: z.object({ mapsUri: z.string().optional(), placeId: z.string().optional() }).loose().optional(),
  })
  .loose();

const locationsPage = z.object({
  locations: z.array(location).optional(),
  nextPageToken: z.string().optional(),
});

/** A readable handle: the title and town as a slug ("maple-bakery-springfield"). */
function handleOf(title: string, locality: string | undefined, id: string): string {
  const slug = `${title} ${locality ?? ''}`
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || id;
}

/**
 * One page of an account's locations as our accounts: the externalId is the v4 resource path
 * `accounts/{a}/locations/{l}` (what localPosts are made under), the display name the location's
 * title. Google reports no follower count for a location (null), and its photo needs another call.
 */
export function toLocationAccountsPage(
  account: string,
  body: unknown,
): { accounts: ExternalAccount[]; next: string | null } {
  const page = parse(locationsPage, body, 'locations page');
  const accounts = (page.locations ?? []).map((found) => {
    const id = found.name.slice('locations/'.length);
    const title = found.title?.trim() || 'Unnamed location';
    return {
      externalId: `${account}/${found.name}`,
      username: handleOf(title, found.storefrontAddress?.locality, id),
      displayName: title,
      avatarUrl: null,
      followers: null,
    };
  });
  return { accounts, next: page.nextPageToken || null };
}

/** A location's path as v4 names it, checked: `accounts/{a}/locations/{l}`. */
export function locationPathOf(externalId: string): string {
  if (!/^accounts\/[A-Za-z0-9_-]+\/locations\/[A-Za-z0-9_-]+$/.test(externalId)) {
    throw new SocialPlatformError('google_business', `Not a Google Business Profile location: ${externalId}`);
  }
  return externalId;
}

const localPostStates = ['LOCAL_POST_STATE_UNSPECIFIED', 'REJECTED', 'LIVE', 'PROCESSING'] as const;

/** A `LocalPost` as Kitepost reads it back. */
const localPost = z
  .object({
    name: z.string().regex(/^accounts\/[^/]+\/locations\/[^/]+\/localPosts\/[^/]+$/),
    summary: z.string().optional(),
    state: z.enum(localPostStates).optional(),
    searchUrl: z.string().optional(),
    createTime: z.string().optional(),
  })
  .loose();
export type LocalPostAnswer = z.infer<typeof localPost>;

export function toLocalPost(body: unknown): LocalPostAnswer {
  return parse(localPost, body, 'local post');
}

/** `GET /v4/{location}/localPosts` → `{localPosts, nextPageToken}` (pageSize ≤ 100). */
export function toLocalPostsPage(body: unknown): { posts: LocalPostAnswer[]; next: string | null } {
  const page = parse(
    z.object({ localPosts: z.array(localPost).optional(), nextPageToken: z.string().optional() }),
    body,
    'local posts page',
  );
  return { posts: page.localPosts ?? [], next: page.nextPageToken || null };
}

/**
 * Whether a listed local post is the one an attempt sent: the same summary (white space folded),
 * created at or after the attempt began (a minute's slack for clocks).
 */
export function isSameLocalPost(post: LocalPostAnswer, text: string, since: Date): boolean {
  if (comparableText(post.summary ?? '') !== comparableText(text)) return false;
  if (!post.createTime) return true;
  const created = Date.parse(post.createTime);
  return Number.isNaN(created) || created >= since.getTime() - 60_000;
}
