import { z } from 'zod';
import type { TokenSet } from '../social-provider';

/*
 * Answers that Instagram (graph.instagram.com) and Threads (graph.threads.net) share, both being
 * Meta's Graph-style APIs: ids, the long-lived token, the publishing quota and a container's
 * state. Each network reads them with its own `answerReader` (so a failure names that network);
 * this file holds only the shapes and what they become. Pure: no I/O.
 */

/** A Graph id: a string, or (some endpoints) a number; ours is always a string. */
export const graphId = z.union([z.string().min(1), z.number()]).transform(String);

/** A long-lived token's answer: exchange (`ig_exchange_token`, `th_exchange_token`) or refresh. */
export const longLivedTokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive().optional(),
});

/**
 * A long-lived token as a TokenSet. Neither network has a refresh token: the long-lived access
 * token refreshes itself, so `refreshToken` stays null.
 */
export function longLivedTokenSet(
  parsed: z.infer<typeof longLivedTokenResponse>,
  now: Date,
  scopes: string[],
): TokenSet {
  return {
    accessToken: parsed.access_token,
    refreshToken: null,
    expiresAt: parsed.expires_in === undefined ? null : new Date(now.getTime() + parsed.expires_in * 1000),
    refreshExpiresAt: null,
    scopes,
  };
}

/** `GET /{user-id}/{content|threads}_publishing_limit?fields=quota_usage,config`. */
export const publishingLimitResponse = z.object({
  data: z
    .array(
      z.object({
        quota_usage: z.number().int().nonnegative().optional(),
        config: z
          .object({ quota_total: z.number().int().positive(), quota_duration: z.number().int().positive() })
          .partial()
          .optional(),
      }),
    )
    .min(1),
});

export interface PublishingLimit {
  used: number;
  total: number | null;
  windowSeconds: number;
}

/** The quota's first entry; a window Meta does not name is `defaultWindowSeconds`. */
export function publishingLimitOf(
  parsed: z.infer<typeof publishingLimitResponse>,
  defaultWindowSeconds: number,
): PublishingLimit {
  const [entry] = parsed.data;
  return {
    used: entry?.quota_usage ?? 0,
    total: entry?.config?.quota_total ?? null,
    windowSeconds: entry?.config?.quota_duration ?? defaultWindowSeconds,
  };
}

/** A media container's state (Instagram's `status_code`, Threads' `status`). */
export const containerStatusCode = z.enum(['IN_PROGRESS', 'FINISHED', 'ERROR', 'EXPIRED', 'PUBLISHED']);
export type ContainerStatus = z.infer<typeof containerStatusCode>;

/** `GET /{media-id}?fields=permalink`: the post's public link, when the network gives one. */
export const permalinkResponse = z.object({ permalink: z.string().url().optional() });
