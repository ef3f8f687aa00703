import { SocialPlatformError } from '../social-provider';
import { type PlatformErrors, type TransportFailure, transportError } from './transport-error';

/*
 * The one HTTP client every platform adapter uses (`*-api.ts`): a call with a deadline that
 * covers the body too, the body read as JSON, and the two ways a call fails: an answer the
 * platform refused (the platform's own mapper, `PlatformErrors.fromAnswer`, turns it into our
 * error kinds) or no answer at all (transport-error.ts decides whether it may be repeated).
 * Each adapter keeps only what is its platform's: URLs, auth headers, how a body is sent.
 */

export interface PlatformHttpOptions<Operation extends string> {
  errors: PlatformErrors<Operation>;
  /** Any fetch: the global one, or the platform simulator's in-process one. */
  fetch: typeof fetch;
  /** How long one call may take, body included, before it counts as unanswered. */
  timeoutMs: number;
  /**
   * Whether an answer is a success when the call names no `accept` of its own: any 2xx by
   * default. The Graph API can also put an `{"error":…}` under a 200 (Facebook).
   */
  succeeded?: (status: number, body: unknown) => boolean;
  /** A success must carry a JSON body (Instagram's Graph answers always do). */
  bodyRequired?: boolean;
}

export interface PlatformRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | FormData | Uint8Array<ArrayBuffer>;
  /** The statuses this call takes as an answer (e.g. a 404 that means "deleted"). */
  accept?: (status: number) => boolean;
}

export interface PlatformAnswer {
  status: number;
  headers: Headers;
  /** The JSON body; null when there was none. */
  body: unknown;
}

export type PlatformHttp<Operation extends string> = (
  operation: Operation,
  url: string,
  request: PlatformRequest,
) => Promise<PlatformAnswer>;

/**
 * Errors that prove the request never left (refused, unknown or unreachable host): nothing can
 * have happened at the platform. Node's fetch (undici) puts the system error in `cause.code`.
 */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

const is2xx = (status: number) => status >= 200 && status < 300;

export function createPlatformHttp<Operation extends string>(
  options: PlatformHttpOptions<Operation>,
): PlatformHttp<Operation> {
  const { errors, timeoutMs } = options;
  const succeeded = options.succeeded ?? is2xx;

  return async function call(operation, url, request) {
    const signal = AbortSignal.timeout(timeoutMs);
    // Raced as well as passed on: a fetch that ignores the signal (the in-process one) still times out.
    const timedOut = new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    timedOut.catch(() => {});
    const headers = { accept: 'application/json', ...request.headers };
    let status: number;
    let responseHeaders: Headers;
    let text: string;
    try {
      const response = await Promise.race([
        options.fetch(url, {
          method: request.method,
          headers,
          body: request.body,
          signal,
          redirect: 'manual',
        }),
        timedOut,
      ]);
      status = response.status;
      responseHeaders = response.headers;
      text = await Promise.race([response.text(), timedOut]);
    } catch (error) {
      throw transportError(errors, {
        operation,
        failure: transportFailure(error, signal),
        timeoutMs,
        cause: error,
      });
    }
    const body = parseBody(text);
    const accepted = request.accept ? request.accept(status) : succeeded(status, body);
    if (!accepted) {
      throw errors.fromAnswer({ operation, status, headers: responseHeaders, body, now: new Date() });
    }
    if (typeof body === 'string' || (body === undefined && options.bodyRequired)) {
      throw new SocialPlatformError(
        errors.platform,
        `${errors.name} answered ${status} with a body that is not JSON`,
      );
    }
    return { status, headers: responseHeaders, body: body ?? null };
  };
}

/** The body as JSON; undefined when empty; the text itself when it is not JSON. */
function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function transportFailure(error: unknown, signal: AbortSignal): TransportFailure {
  if (signal.aborted) return 'timeout';
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  return code && NOT_SENT_CODES.has(code) ? 'not-sent' : 'dropped';
}
