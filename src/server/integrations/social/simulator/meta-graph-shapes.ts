import { randomBytes } from 'node:crypto';
import type { FaultAnswers, SimulatedAnswer } from './sandbox-faults';

/*
 * How Meta's Graph-style APIs say things, as the pretend Instagram (graph.instagram.com) and the
 * pretend Threads (graph.threads.net) both do: the Graph error object, Meta's
 * `x-business-use-case-usage` header when throttling, the errors every Graph route may answer,
 * and the base-64 shortcodes of permalinks. What differs stays in instagram-shapes.ts and
 * threads-shapes.ts.
 */

export function graphError(
  status: number,
  error: {
    message: string;
    code: number;
    subcode?: number;
    type?: string;
    transient?: boolean;
    userTitle?: string;
    userMessage?: string;
  },
  headers?: Record<string, string>,
): SimulatedAnswer {
  return {
    status,
    ...(headers ? { headers } : {}),
    body: {
      error: {
        message: error.message,
        type: error.type ?? 'OAuthException',
        code: error.code,
        ...(error.subcode === undefined ? {} : { error_subcode: error.subcode }),
        is_transient: error.transient ?? false,
        ...(error.userTitle ? { error_user_title: error.userTitle } : {}),
        ...(error.userMessage ? { error_user_msg: error.userMessage } : {}),
        fbtrace_id: randomBytes(8).toString('base64url'),
      },
    },
  };
}

/** Graph's `(#100)`: a parameter is wrong. */
export const invalidParameter = (message: string, subcode?: number) =>
  graphError(400, { message: `(#100) ${message}`, code: 100, ...(subcode ? { subcode } : {}) });

/** Graph's answer for an object the caller cannot see (code 100, subcode 33), its `type` the network's. */
export const graphObjectNotFound = (id: string, verb: 'get' | 'post', type: string) =>
  graphError(400, {
    message: `Unsupported ${verb} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    type,
    code: 100,
    subcode: 33,
  });

/**
 * Publishing (or carousel-making) before a container is FINISHED: code 9007, subcode 2207027
 * [IG-ERR as quoted in the research sheet 4.6; UNCONFIRMED for Threads].
 */
export const mediaNotReady = () =>
  graphError(400, {
    message: 'Media ID is not available',
    code: 9007,
    subcode: 2207027,
    userTitle: 'Media not ready for publishing',
    userMessage: 'The media is not ready for publishing, please wait for a moment.',
  });

/** A media parameter's URL when it is an http(s) one, else null. */
export const httpUrl = (value: string | undefined): URL | null => {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
};

export const invalidToken = () =>
  graphError(400, { message: 'Invalid OAuth access token - Cannot parse access token', code: 190 });

/** Meta's throttling header: how long until the account's calls are allowed again, in minutes. */
export function throttleHeaders(resetAt: Date, accountKey = 'sandbox'): Record<string, string> {
  const minutes = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 60_000));
  return {
    'x-business-use-case-usage': JSON.stringify({
      [accountKey]: [
        {
          type: 'instagram',
          call_count: 100,
          total_cputime: 12,
          total_time: 25,
          estimated_time_to_regain_access: minutes,
        },
      ],
    }),
  };
}

/** Injected failures on a Graph host: the network's own throttling answer, then Meta's common ones. */
export const graphFaults = (rateLimited: FaultAnswers['rateLimited']): FaultAnswers => ({
  rateLimited,
  unauthorized: () =>
    graphError(400, {
      message: 'Error validating access token: Session has expired.',
      code: 190,
      subcode: 463,
    }),
  unavailable: () =>
    graphError(503, { message: 'Service temporarily unavailable', code: 2, transient: true }),
  internalError: () =>
    graphError(500, {
      message: 'An unexpected error has occurred. Please retry your request later.',
      code: 2,
      transient: true,
    }),
});

/** 1 to 30 letters, digits, periods or underscores; no period first, last or twice in a row (Instagram's). */
export const INSTAGRAM_USERNAME = /^(?!\.)(?!.*\.\.)(?!.*\.$)[a-z0-9._]{1,30}$/;
export const INSTAGRAM_USERNAME_RULE =
  '1 to 30 lowercase letters, digits, periods or underscores (no period at either end or twice in a row).';

const SHORTCODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A media id as its permalink's shortcode (the base-64 of the id), and back. */
export function shortcodeOf(mediaId: string): string {
  let value = BigInt(mediaId);
  let out = '';
  do {
    out = SHORTCODE_ALPHABET[Number(value % 64n)] + out;
    value /= 64n;
  } while (value > 0n);
  return out;
}

export function mediaIdOf(shortcode: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,12}$/.test(shortcode)) return null;
  let value = 0n;
  for (const char of shortcode) value = value * 64n + BigInt(SHORTCODE_ALPHABET.indexOf(char));
  return value.toString();
}
