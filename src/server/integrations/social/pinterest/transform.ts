import { z } from 'zod';
import type { PinterestBoard } from '../../../../contracts/pinterest';
import { answerReader, comparableText } from '../http/parse-answer';
import { type PlatformErrors, serverErrorOf } from '../http/transport-error';
import {
  type ExternalAccount,
  InvalidContentError,
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
  type TokenSet,
} from '../social-provider';

/*
 * Pinterest's JSON to our types, and its failures to our error kinds. Pure: no I/O, tested alone
 * (transform.test.ts). Shapes from Pinterest's own OpenAPI description, pinterest/api-description
 * `v5/openapi.json` v5.23.0 (platforms.md P1; developers.pinterest.com/docs/api/v5 is built from it).
 */

const parse = answerReader('pinterest', 'Pinterest');

/**
 * What a call to Pinterest was doing. `board` creates a board: a second one with the same name
 * would be a duplicate the user sees, so it is not repeated after a lost answer.
 */
export type PinterestOperation = 'exchange-code' | 'refresh' | 'read' | 'board' | 'publish';

const REPEATABLE: ReadonlySet<PinterestOperation> = new Set(['read']);

const seconds = z.coerce.number().positive();
/**
 * `POST /v5/oauth/token` → `OauthAccessTokenResponseCode` / `…Refresh`: `access_token`,
 * `expires_in`, `scope` (space separated), `refresh_token`, `refresh_token_expires_in` (P1).
 */
const tokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: seconds.optional(),
  scope: z.string().optional(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: seconds.optional(),
});

const at = (now: Date, inSeconds: number | undefined) =>
  inSeconds === undefined ? null : new Date(now.getTime() + inSeconds * 1000);

/**
 * A token answer as a TokenSet. A continuous refresh token (60 days, refreshable indefinitely:
 * P1, `/oauth/token` description) comes back with every refresh; an answer without one keeps the
 * previous one and its expiry.
 */
export function toTokenSet(body: unknown, now: Date, previous?: TokenSet): TokenSet {
  const parsed = parse(tokenResponse, body, 'token response');
  const fresh = parsed.refresh_token;
  const refreshToken = fresh ?? previous?.refreshToken ?? null;
  return {
    accessToken: parsed.access_token,
    refreshToken,
    expiresAt: at(now, parsed.expires_in),
    refreshExpiresAt: fresh
      ? at(now, parsed.refresh_token_expires_in)
      : refreshToken
        ? (previous?.refreshExpiresAt ?? null)
        : null,
    scopes: parsed.scope ? parsed.scope.split(/[\s,]+/).filter(Boolean) : (previous?.scopes ?? []),
  };
}

/** `GET /v5/user_account` (`Account`, P1): id, username, profile_image, business_name, follower_count. */
const account = z.object({
  id: z.string().min(1).optional(),
  username: z.string().min(1),
  business_name: z.string().nullish(),
  profile_image: z.string().nullish(),
  follower_count: z.number().int().min(0).nullish(),
});

/**
 * The signed-in Pinterest account. Its id is optional in the description (older answers had
 * none): the username is then the id, as Postiz uses it (platforms.md P2).
 */
export function toExternalAccount(body: unknown): ExternalAccount {
  const user = parse(account, body, 'user account');
  return {
    externalId: user.id ?? user.username,
    username: user.username,
    displayName: user.business_name?.trim() || user.username,
    avatarUrl: user.profile_image || null,
    followers: user.follower_count ?? null,
  };
}

/** The follower count of `GET /v5/user_account`; null when Pinterest leaves it out (nullable in P1). */
export function toFollowerCount(body: unknown): number | null {
  return parse(account, body, 'user account').follower_count ?? null;
}

const board = z.object({
  id: z.string().min(1),
  name: z.string(),
  description: z.string().nullish(),
  privacy: z.enum(['PUBLIC', 'PROTECTED', 'SECRET']).default('PUBLIC'),
});

export function toBoard(body: unknown): PinterestBoard {
  const parsed = parse(board, body, 'board');
  return { ...parsed, description: parsed.description ?? null };
}

/** `GET /v5/boards` and `GET /v5/boards/{id}/pins`: `{items, bookmark}` (a cursor; null at the end). */
const page = z.object({ items: z.array(z.unknown()), bookmark: z.string().nullish() });

export function toBoardsPage(body: unknown): { boards: PinterestBoard[]; bookmark: string | null } {
  const parsed = parse(page, body, 'list of boards');
  return { boards: parsed.items.map(toBoard), bookmark: parsed.bookmark ?? null };
}

const pin = z.object({
  id: z.string().min(1),
  title: z.string().nullish(),
  description: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type PinterestPin = z.infer<typeof pin>;

/** `POST /v5/pins` 201 → the Pin (`id` required, P1). */
export function toCreatedPinId(body: unknown): string {
  return parse(pin, body, 'created Pin').id;
}

export function toPinsPage(body: unknown): { pins: PinterestPin[]; bookmark: string | null } {
  const parsed = parse(page, body, 'list of Pins');
  return { pins: parsed.items.map((item) => parse(pin, item, 'Pin')), bookmark: parsed.bookmark ?? null };
}

/**
 * Whether a Pin read back is the one sent: the same description and title (white space folded;
 * the title not compared when it is not known: `undefined`), created at or after `since`.
 */
export function isSamePin(
  found: PinterestPin,
  sent: { description: string; title: string | null | undefined },
  since: Date,
): boolean {
  if (found.created_at) {
    const created = Date.parse(found.created_at);
    if (Number.isFinite(created) && created < since.getTime()) return false;
  }
  if (comparableText(found.description ?? '') !== comparableText(sent.description)) return false;
  return sent.title === undefined || comparableText(found.title ?? '') === comparableText(sent.title ?? '');
}

/**
 * Where people read Pinterest (and the simulator): the authorize URL without its `/oauth/`.
 * `https://www.pinterest.com/oauth/` → `https://www.pinterest.com`.
 */
export function pinterestWebBaseUrl(authorizeUrl: string): string {
  const match = /^(https?:\/\/[^?#]+?)\/oauth\/?(?:[?#].*)?$/.exec(authorizeUrl);
  return match?.[1] ?? 'https://www.pinterest.com';
}

/** A Pin's public page. */
export const pinterestPinUrl = (webBaseUrl: string, id: string) => `${webBaseUrl}/pin/${id}/`;

function readFailure(body: unknown): { code?: number; message?: string; oauthError?: string } {
  if (typeof body === 'string') return body.trim() ? { message: body.trim().slice(0, 200) } : {};
  if (!body || typeof body !== 'object') return {};
  const record = body as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  return {
    code: typeof record.code === 'number' ? record.code : undefined,
    message: text(record.message) ?? text(record.error_description),
    oauthError: text(record.error),
  };
}

/**
 * Pinterest's answer to a failed call, as our error kind. Errors are `{code, message}` (P1
 * `Error` / `Pinterest.Lib.Error`); 401, 403, 404 and 429 are documented statuses of the calls
 * we make. A 429 names no reset in the description: none is given (the publisher backs off).
 */
export function pinterestErrorFrom(input: {
  operation: PinterestOperation;
  status: number;
  body: unknown;
}): SocialPlatformError {
  const { operation, status } = input;
  const said = readFailure(input.body);
  const codes = said.code === undefined ? '' : ` (code ${said.code})`;
  const reason = said.message ?? said.oauthError ?? `HTTP ${status}`;
  if (status === 429) {
    return new RateLimitedError('pinterest', `Pinterest rate limit reached${codes}: ${reason}`, null);
  }
  if (operation === 'exchange-code' || operation === 'refresh') {
    if (status === 401 && operation === 'exchange-code') {
      return new SocialPlatformError('pinterest', `Pinterest refused Kitepost's app credentials: ${reason}`);
    }
    // A refresh token that expired (60 days unused) or was revoked: the user must reconnect.
    if (operation === 'refresh' && status >= 400 && status < 500) {
      return new TokenExpiredError('pinterest', `Pinterest refused the refresh token: ${reason}`);
    }
    if (status < 500) {
      return new SocialPlatformError('pinterest', `Pinterest refused the authorization: ${reason}`);
    }
  }
  if (status === 401) {
    return new TokenExpiredError('pinterest', `Pinterest refused the access token${codes}: ${reason}`);
  }
  const serverError = serverErrorOf(pinterestErrors, { operation, status, reason, codes });
  if (serverError) return serverError;
  if ((operation === 'publish' || operation === 'board') && status >= 400 && status < 500) {
    // 400 (a field refused, an image it could not download), 403 (a board not the user's),
    // 404 (a board that is gone), 409 (a board name taken): the same request fails again.
    const what = operation === 'publish' ? 'the Pin' : 'the board';
    return new InvalidContentError('pinterest', `Pinterest refused ${what}${codes}: ${reason}`);
  }
  return new SocialPlatformError('pinterest', `Pinterest answered ${status}${codes}: ${reason}`);
}

/** What the shared HTTP client (http/platform-http.ts) needs to know of Pinterest's errors. */
export const pinterestErrors: PlatformErrors<PinterestOperation> = {
  platform: 'pinterest',
  name: 'Pinterest',
  repeatable: REPEATABLE,
  fromAnswer: pinterestErrorFrom,
};
